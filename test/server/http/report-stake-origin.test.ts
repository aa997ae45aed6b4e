/**
 * The printable report says where a stake came from (server/http/report-stake-origin.ts): a stake an après left on
 * the layout is carried, not a new bet (docs/rules.md#apres); a prison stake is in prison since the coup that sent it
 * (docs/rules.md#prison-levels) or since the previous shoe; a stake moved onto another chance says from which, and at
 * which coup (docs/rules.md#prison-choice). The report printed them all as the coup's new bets (outside crew pass 43).
 */
import { expect } from 'chai';
import { reportHtml } from '../../../server/http/report-html.ts';
import { reportLocale } from '../../../server/http/report-words.ts';
import type { StoredEvent } from '../../../server/store/stored-event.ts';
import { reportOf } from '../../../shoe/replay-report.ts';
import { Harness, ROWS } from '../../shoe/table-harness.ts';

const text = (page: string) =>
  page
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

function page(t: Harness, lang: 'it' | 'en'): string {
  const events = t.log.map((e, i) => ({ ...e, i, at: '2026-11-27T20:00:00Z', by: 'tailleur', prev: '', hash: '' }) as unknown as StoredEvent);
  return reportHtml({ state: t.state, events, report: reportOf(t.state), nonce: 'n', locale: reportLocale(lang, 'UTC') });
}

/** The settlement rows of coup `n` (the end of the shoe's for 0 past the last), as text. */
function rowsOfCoup(html: string, n: number): string[] {
  const section = html.split('<section class="coup">')[n] ?? '';
  const body = /<table class="settlement">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(section)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => text(m[1]!).trim());
}
const rowOf = (rows: string[], seat: string) => rows.find((r) => r.startsWith(`${seat} `)) ?? '';

/**
 * Coup 1, a 31 après: s4's Rouge and s5's Noir go to prison, s5's moved to Couleur. Coup 2, an après: s1's Rouge and
 * s2's Noir stay on the layout. Coup 3: both carried, s2 adds 20.00 to his, s3 bets anew.
 */
function carriedAndImprisoned(upTo: 2 | 3 = 3): Harness {
  const t = new Harness().burn().open().bet('s4', 'rouge', 10_000).bet('s5', 'noir', 20_000);
  t.play(ROWS.r31, ROWS.b31);
  t.do({ type: 'choice', player: 's5', chance: 'noir', action: 'move', to: 'couleur' });
  t.open().bet('s1', 'rouge', 10_000).bet('s2', 'noir', 5_000);
  t.play(ROWS.b32, ROWS.r32);
  if (upTo === 2) return t;
  t.open().bet('s2', 'noir', 2_000).bet('s3', 'couleur', 3_000);
  t.play(ROWS.b37, ROWS.r38);
  return t;
}

describe('the printable report: where each stake came from', () => {
  const t = carriedAndImprisoned();

  it('marks the stakes an après left on the layout as carried, and a new bet as nothing, in English and in Italian', () => {
    expect(t.state.coups.map((c) => c.result)).to.deep.equal(['apres31', 'apres', 'noir']);
    const en = rowsOfCoup(page(t, 'en'), 3);
    expect(rowOf(en, 's1')).to.match(/^s1 Rouge 100\.00 lose carried from coup 2 \(après\)/);
    expect(rowOf(en, 's2')).to.match(/^s2 Noir 70\.00 win 50\.00 carried from coup 2 \(après\), the rest added/);
    expect(rowOf(en, 's3'))
      .to.match(/^s3 Couleur 30\.00 /)
      .and.not.to.contain('carried');
    const it = rowsOfCoup(page(t, 'it'), 3);
    expect(rowOf(it, 's1')).to.contain('riportata dal colpo 2 (après)');
    expect(rowOf(it, 's2')).to.contain('50,00 riportati dal colpo 2 (après), il resto aggiunto');
    expect(rowOf(it, 's3')).not.to.contain('riportat');
  });

  it('marks a stake in prison with the coup that sent it there, not the coup that imprisons it anew', () => {
    expect(rowOf(rowsOfCoup(page(t, 'en'), 1), 's4'))
      .to.contain('to prison (stake 13-s4-rouge) 0.00')
      .and.not.to.contain('since');
    expect(rowOf(rowsOfCoup(page(t, 'en'), 2), 's4')).to.contain('in prison since coup 1');
    expect(rowOf(rowsOfCoup(page(t, 'en'), 3), 's4')).to.contain('lost in prison (stake 13-s4-rouge) in prison since coup 1');
    expect(rowOf(rowsOfCoup(page(t, 'it'), 3), 's4')).to.contain('in prigione dal colpo 1');
  });

  it('says where a moved prison stake came from, on its new chance and in the prison still standing, in both languages', () => {
    expect(rowOf(rowsOfCoup(page(t, 'en'), 1), 's5')).to.contain('to prison → Couleur');
    expect(rowOf(rowsOfCoup(page(t, 'en'), 2), 's5')).to.match(/^s5 Couleur 200\.00 stays .*in prison since coup 1; moved from Noir at coup 1 0\.00/);
    expect(rowOf(rowsOfCoup(page(t, 'it'), 2), 's5')).to.contain('in prigione dal colpo 1; spostata da Noir al colpo 1');
    const two = carriedAndImprisoned(2);
    expect(text(page(two, 'en'))).to.contain('s5 Couleur 200.00 (level 1, stake 13-s5-noir, in prison since coup 1, moved from Noir at coup 1)');
    expect(text(page(two, 'it'))).to.contain('s5 Couleur 200,00 (livello 1, posta 13-s5-noir, in prigione dal colpo 1, spostata da Noir al colpo 1)');
  });

  it('says the chance a stake moved twice last came from, not the chance its name keeps', () => {
    const twice = new Harness().burn().open().bet('s7', 'rouge', 10_000);
    twice.play(ROWS.r31, ROWS.b31);
    twice.do({ type: 'choice', player: 's7', chance: 'rouge', action: 'move', to: 'noir' });
    twice.open().play(ROWS.r31, ROWS.b31);
    twice.do({ type: 'choice', player: 's7', chance: 'noir', action: 'move', to: 'couleur' });
    twice.open().play(ROWS.b32, ROWS.r32);
    const third = rowOf(rowsOfCoup(page(twice, 'en'), 3), 's7');
    expect(third).to.match(/^s7 Couleur 100\.00 stays \(stake 13-s7-rouge\) in prison since coup 1; moved from Noir at coup 2 /);
  });

  it('says a stake carried in on the shoe’s first line is in prison since the previous shoe', () => {
    const carried = new Harness({}, [{ player: 's6', chance: 'inverse', amount: 25_000, level: 1 }]).burn().open();
    carried.play(ROWS.b37, ROWS.r38);
    expect(rowOf(rowsOfCoup(page(carried, 'en'), 1), 's6')).to.contain('in prison since the previous shoe');
    expect(rowOf(rowsOfCoup(page(carried, 'it'), 1), 's6')).to.contain('in prigione dal sabot precedente');
  });
});
