/**
 * The printable report sets the players' total against the bank result and says what stands between them
 * (server/http/report-reconcile.ts): the shoe's own stakes still in prison at its end, and stakes of the shoe
 * before's prison settled in this one (outside crew pass 53, F5: a 90,00 gap explained nowhere near the totals).
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { reportHtml } from '../../../server/http/report-html.ts';
import { reconcile } from '../../../server/http/report-reconcile.ts';
import { reportLocale } from '../../../server/http/report-words.ts';
import type { StoredEvent } from '../../../server/store/stored-event.ts';
import { reportOf } from '../../../shoe/replay-report.ts';
import { replayShoe } from '../../../shoe/replay.ts';
import { parseShoeLog } from '../../../shoe/shoe-log.ts';

function page(fixture: string, lang: 'en' | 'it'): string {
  const events = parseShoeLog(readFileSync(new URL(`../../../fixtures/${fixture}.jsonl`, import.meta.url), 'utf8'));
  const { state } = replayShoe(events);
  const stored = events.map((e, i) => ({ ...e, i, at: '2026-01-01T20:00:00Z', by: 'tailleur', prev: '', hash: '' }) as unknown as StoredEvent);
  const html = reportHtml({ state, events: stored, report: reportOf(state), nonce: 'n', locale: reportLocale(lang, 'UTC') });
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the printable report’s players’ total against the bank result', () => {
  it('says the gap is the stakes still in prison at the end of a suspended shoe', () => {
    const text = page('exposed-suspension', 'en');
    expect(text).to.contain('All players −100.00');
    expect(text).to.contain(
      'The players’ net and the bank result differ by 250.00: stakes of this shoe still in prison at its end, 250.00: counted as lost by their players when they went to prison, not yet the bank’s.',
    );
  });

  it('says the gap is the stakes of the shoe before’s prison settled in the next shoe, in Italian', () => {
    const text = page('exposed-suspension-next-shoe', 'it');
    expect(text).to.contain('Tutti i giocatori 350,00');
    expect(text).to.contain(
      'Il netto dei giocatori e il risultato del banco differiscono di 250,00: poste della prigione del sabot precedente regolate in questo sabot, 250,00',
    );
  });

  it('says nothing more when the players’ total is the bank’s loss', () => {
    const text = page('ordinary', 'en');
    expect(text).to.contain('All players 5,673.00');
    expect(text).to.not.contain('differ by');
  });

  it('says only the gap when the prison does not make it up', () => {
    const state = { coups: [], release: [], prison: [] };
    expect(reconcile(state, 100, 0)).to.deep.equal({ gap: 100, stillInPrison: 0, carriedSettled: 0 });
  });
});
