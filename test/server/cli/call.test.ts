import { expect } from 'chai';
import * as call from '../../../server/cli/commands/call.ts';
import { runCommand } from './cli-io.ts';

/** The worked examples of docs/rules.md#the-call (Noir / Rouge totals, first card), dealt from concrete cards. */
const EXAMPLES = [
  {
    name: '37/32, ten of hearts first',
    noir: ['TH', '9S', '8C', 'QD'],
    rouge: ['5C', '7S', 'KD', 'QH'],
    totals: [37, 32],
    said: ['Sept', 'Deux'],
    call: 'Rouge gagne et couleur',
  },
  {
    name: '35/31, black first',
    noir: ['KS', 'QD', '5C', 'TH'],
    rouge: ['JH', 'TD', 'QC', 'AS'],
    totals: [35, 31],
    said: ['Cinq', 'Un'],
    call: 'Rouge gagne, la couleur perd',
  },
  {
    name: '31/37, black first',
    noir: ['JS', 'TD', 'QC', 'AH'],
    rouge: ['KC', 'JC', '7H', 'TD'],
    totals: [31, 37],
    said: ['Un', 'Sept'],
    call: 'Rouge perd, la couleur gagne',
  },
  {
    name: '32/38, red first',
    noir: ['KD', 'JD', '2C', 'KH'],
    rouge: ['QH', 'JH', '8S', 'KD'],
    totals: [32, 38],
    said: ['Deux', 'Huit'],
    call: 'Rouge perd et couleur',
  },
  { name: '32/32', noir: ['QS', 'QC', '2D', 'TS'], rouge: ['KD', 'JD', '2C', 'KH'], totals: [32, 32], said: ['Deux', 'Deux après'], call: 'Deux après' },
  { name: '31/31', noir: ['TH', 'KS', 'QD', 'AC'], rouge: ['JS', 'TD', 'QC', 'AH'], totals: [31, 31], said: ['Un', 'Un après'], call: 'Un après' },
] as const;

describe('tq call', () => {
  // docs/rules.md#the-call
  describe('the worked examples of the rules', () => {
    for (const ex of EXAMPLES) {
      it(`${ex.name} → "${ex.call}"`, async () => {
        const { status, out, err } = await runCommand(call, [...ex.noir, ...ex.rouge]);
        expect(err).to.equal('');
        expect(status).to.equal(0);
        const lines = out.split('\n');
        expect(lines[0]).to.equal(`Noir   ${ex.noir.join(' ')} = ${ex.totals[0]} "${ex.said[0]}"`);
        expect(lines[1]).to.equal(`Rouge  ${ex.rouge.join(' ')} = ${ex.totals[1]} "${ex.said[1]}"`);
        expect(lines[2]).to.match(new RegExp(`^Call   "${ex.call}"`));
      });
    }
  });

  it('announces a row of 40 as "Quarante"', async () => {
    const { out } = await runCommand(call, ['9S', '9C', '9H', '3D', 'TD', 'KS', 'KC', 'KH', '2D']);
    expect(out.split('\n')[0]).to.equal('Noir   9S 9C 9H 3D TD = 40 "Quarante"');
    expect(out).to.include('Rouge gagne, la couleur perd');
  });

  it('accepts 10H, lower case and cards written in one argument, and prints them normalised', async () => {
    const { status, out } = await runCommand(call, ['10h 9s,8c', 'qd', '5C', '7S', 'KD', 'QH']);
    expect(status).to.equal(0);
    expect(out.split('\n')[0]).to.equal('Noir   TH 9S 8C QD = 37 "Sept"');
  });

  describe('--json', () => {
    it('gives both rows, the result, Couleur/Inverse and the call', async () => {
      const { status, out } = await runCommand(call, ['TH', '9S', '8C', 'QD', '5C', '7S', 'KD', 'QH', '--json']);
      expect(status).to.equal(0);
      expect(JSON.parse(out)).to.deep.equal({
        noir: { cards: ['TH', '9S', '8C', 'QD'], total: 37 },
        rouge: { cards: ['5C', '7S', 'KD', 'QH'], total: 32 },
        result: 'rouge',
        couleur: 'couleur',
        call: 'Rouge gagne et couleur',
      });
    });

    it('gives couleur null on an après, and tells the 31 après apart', async () => {
      const apres = JSON.parse((await runCommand(call, ['--json', ...EXAMPLES[4].noir, ...EXAMPLES[4].rouge])).out);
      expect(apres).to.include({ result: 'apres', couleur: null, call: 'Deux après' });
      const un = JSON.parse((await runCommand(call, ['--json', ...EXAMPLES[5].noir, ...EXAMPLES[5].rouge])).out);
      expect(un).to.include({ result: 'apres31', couleur: null, call: 'Un après' });
    });
  });

  describe('cards that do not make one coup: exit status 2 and one line on stderr', () => {
    const refused = async (argv: string[]) => {
      const r = await runCommand(call, argv);
      expect(r.status).to.equal(2);
      expect(r.out).to.equal('');
      expect(r.err).to.match(/^tq call: [^\n]+\n$/);
      return r.err;
    };

    it('too few: the Rouge row has not passed 30', async () => {
      expect(await refused(['TH', '9S', '8C', 'QD', '5C', '7S', 'KD'])).to.include('not complete: Noir 37, Rouge 22');
    });

    it('too many: cards left after the coup is complete', async () => {
      expect(await refused(['TH', '9S', '8C', 'QD', '5C', '7S', 'KD', 'QH', '2C', '3C'])).to.include('2 left over: 2C 3C');
    });

    it('a card that is not one', async () => {
      expect(await refused(['TH', '9S', '1C'])).to.include('"1C" is not a card');
    });

    it('no card at all', async () => {
      await refused([]);
    });

    it('an unknown option: named, then the usage (tq call --help has the rest)', async () => {
      const r = await runCommand(call, ['--colour', 'TH']);
      expect(r.status).to.equal(2);
      expect(r.out).to.equal('');
      expect(r.err).to.equal('tq call: unknown option --colour\nusage: tq call <card>… [--json]\n');
    });
  });
});
