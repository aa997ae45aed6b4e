import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as replay from '../../../server/cli/commands/replay.ts';
import type { ReplayReport } from '../../../shoe/replay-report.ts';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { runCommand } from './cli-io.ts';

const cards = (first: number, list: string) => list.split(' ').map((card, i) => `{"type":"card","seq":${first + i},"card":"${card}"}`);

/**
 * A short shoe: coup 1 "Rouge gagne et couleur" with an insured losing stake,
 * coup 2 a 31 après (s3 imprisoned, s1 splits), a bet under the minimum (a
 * rule violation), and the shuffler emptied in the middle of coup 3.
 */
const LOG = [
  `{"type":"shoe","table":"T1","shoe":"S1","cards":312,"rules":${JSON.stringify(VENICE_RULES)}}`,
  ...cards(1, '2H 3H 4H 5H 6H'),
  '{"type":"open"}',
  '{"type":"bet","player":"s1","chance":"rouge","amount":10000}',
  '{"type":"bet","player":"s2","chance":"inverse","amount":5000,"insured":true}',
  '{"type":"close"}',
  ...cards(6, '10H 9S 8C QD 5C 7S KD QH'),
  '{"type":"confirm","coup":1}',
  '{"type":"open"}',
  '{"type":"bet","player":"s3","chance":"rouge","amount":5000}',
  '{"type":"bet","player":"s1","chance":"noir","amount":2000}',
  ...cards(14, 'KS KC KH AC QS QC QH AD'),
  '{"type":"confirm","coup":2,"call":"Un après"}',
  '{"type":"choice","player":"s1","chance":"noir","action":"partager"}',
  '{"type":"open"}',
  '{"type":"bet","player":"s2","chance":"noir","amount":100}',
  ...cards(22, 'KS'),
  '{"type":"end","reason":"empty"}',
].join('\n');

describe('tq replay', () => {
  let dir: string;
  const write = async (name: string, text: string) => {
    const file = join(dir, name);
    await writeFile(file, text);
    return file;
  };

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-replay-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  describe('--json: the audit report', () => {
    let report: ReplayReport;
    before(async () => {
      const { status, out, err } = await runCommand(replay, [await write('shoe.jsonl', LOG), '--json']);
      expect(err).to.equal('');
      expect(status).to.equal(0);
      report = JSON.parse(out);
    });

    it('gives each coup its totals, result, Couleur and call', () => {
      expect(report.coups.map((c) => [c.coup, c.noir, c.rouge, c.result, c.couleur, c.call])).to.deep.equal([
        [1, 37, 32, 'rouge', 'couleur', 'Rouge gagne et couleur'],
        [2, 31, 31, 'apres31', null, 'Un après'],
        [3, 10, 0, 'annulled', null, null],
      ]);
    });

    // docs/rules.md#settlement-outcomes
    it('settles each stake with its money columns', () => {
      expect(report.coups[0]!.settlement).to.deep.equal([
        { player: 's1', chance: 'rouge', amount: 10000, outcome: 'win', paid: 10000, collected: 0, returned: 0, premium: 0, level: 0, net: 10000 },
        {
          player: 's2',
          chance: 'inverse',
          amount: 5000,
          outcome: 'lose',
          paid: 0,
          collected: 5000,
          returned: 0,
          premium: 50,
          level: 0,
          net: -5050,
          insured: true,
        },
      ]);
      expect(report.coups[1]!.settlement.map((r) => [r.player, r.outcome, r.returned, r.collected, r.level])).to.deep.equal([
        ['s3', 'prison', 0, 0, 1],
        ['s1', 'partager', 1000, 1000, 0],
      ]);
    });

    it('nets each player over the shoe, the end-of-shoe release included', () => {
      // s1: +100.00 on Rouge, then half of 20.00 lost to the split; s2: 50.00 and its 0.50 premium;
      // s3: 50.00 into prison at the 31 après, returned in full when the shuffler is empty (Venice).
      expect(report.players).to.deep.equal({ s1: { net: 9000 }, s2: { net: -5050 }, s3: { net: 0 } });
      expect(report.release).to.deep.equal([
        // named as it was in prison: sent there by card 21's 31 après (docs/rules.md#prison-stake-id)
        {
          player: 's3',
          chance: 'rouge',
          amount: 5000,
          outcome: 'returned',
          paid: 0,
          collected: 0,
          returned: 5000,
          premium: 0,
          level: 0,
          net: 5000,
          stake: '21-s3-rouge',
        },
      ]);
      expect(report.prison).to.deep.equal([]);
      expect(report.end).to.equal('empty');
    });

    it('reports the rule violation and the annulled coup as alerts, not failures', () => {
      expect(report.alerts.map((a) => a.kind)).to.deep.equal(['rule-violation', 'annulled']);
      expect(report.alerts[0]!.message).to.include('BELOW_MINIMUM');
      expect(report.alerts[1]).to.include({ coup: 3 });
    });
  });

  it('prints the shoe coup by coup: rows, call and settlement per chance', async () => {
    const { status, out } = await runCommand(replay, [await write('text.jsonl', LOG)]);
    expect(status).to.equal(0);
    expect(out).to.include(
      [
        'Coup 1',
        '  Noir   TH 9S 8C QD = 37 "Sept"',
        '  Rouge  5C 7S KD QH = 32 "Deux"',
        '  Call   "Rouge gagne et couleur" (confirmed)',
        '  rouge:',
        '    s1 100.00 win, paid 100.00',
        '  inverse:',
        '    s2 50.00 lose, collected 50.00, premium 0.50',
      ].join('\n'),
    );
    expect(out).to.include('  Rouge  QS QC QH AD = 31 "Un après"');
    expect(out).to.include('Players: s1 +90.00, s2 -50.50, s3 +0.00');
    expect(out).to.include('End: empty');
  });

  it('stops at a malformed line with exit status 2 and its line number', async () => {
    const lines = LOG.split('\n');
    lines[8] = '{"type":"bet","player":"s2","chance":"inverse","amount":"fifty"}';
    const file = await write('bad.jsonl', lines.join('\n'));
    const { status, out, err } = await runCommand(replay, [file]);
    expect(status).to.equal(2);
    expect(out).to.equal('');
    expect(err).to.equal(`tq replay: ${file} line 9: "amount" must be a whole number of cents\n`);
  });

  it('counts one card as one, not "1 cards"', async () => {
    const file = await write('one-card.jsonl', LOG.split('\n').slice(0, 2).join('\n'));
    const { status, out } = await runCommand(replay, [file]);
    expect(status).to.equal(0);
    expect(out.split('\n')[0]).to.equal('Shoe S1 at table T1: 1 card drawn, 0 coups');
  });

  it('refuses a missing file or a missing argument with exit status 2', async () => {
    expect((await runCommand(replay, [join(dir, 'nowhere.jsonl')])).status).to.equal(2);
    expect((await runCommand(replay, [])).status).to.equal(2);
  });

  describe('the fixtures', () => {
    const folder = new URL('../../../fixtures/', import.meta.url);
    const files = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.jsonl')) : [];
    for (const name of files) {
      it(`replays ${name} without error`, async () => {
        const file = new URL(name, folder).pathname;
        const { status, out, err } = await runCommand(replay, [file, '--json']);
        expect(err).to.equal('');
        expect(status).to.equal(0);
        expect(JSON.parse(out)).to.have.property('coups');
      });
    }
  });
});
