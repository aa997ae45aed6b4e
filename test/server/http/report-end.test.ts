/**
 * The printable report says who ended the shoe, when and why: for an end
 * asked while a call waited, who asked and when (docs/rules.md#held-end). An
 * outsider's three suspended shoes each read only "Ended: suspended", though
 * the record names the chef, his reason and the wait.
 */
import { expect } from 'chai';
import { reportHtml } from '../../../server/http/report-html.ts';
import { reportLocale } from '../../../server/http/report-words.ts';
import type { StoredEvent } from '../../../server/store/stored-event.ts';
import type { ShoeEvent } from '../../../shoe/events.ts';
import { reportOf } from '../../../shoe/replay-report.ts';
import { replayShoe } from '../../../shoe/replay.ts';
import { Harness, ROWS } from '../../shoe/table-harness.ts';

/** The harness's log as stored, a minute apart from 20:00 UTC, by the tailleur unless said otherwise. */
function stored(events: readonly ShoeEvent[], by: Record<number, string> = {}): StoredEvent[] {
  return events.map(
    (e, i) => ({ ...e, i, at: new Date(Date.UTC(2026, 10, 27, 20, i)).toISOString(), by: by[i] ?? 'tailleur', prev: '', hash: '' }) as unknown as StoredEvent,
  );
}

const text = (page: string) =>
  page
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the printable report: how the shoe ended', () => {
  it('names who asked for a held suspension and when, and the reason, in both languages', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1_000);
    t.coup(ROWS.r37, ROWS.r32); // its call waits
    const log: ShoeEvent[] = [...t.log, { type: 'hold', reason: 'suspended', note: 'terza richiesta' } as ShoeEvent, { type: 'confirm', coup: 1 } as ShoeEvent];
    log.push({ type: 'end', reason: 'suspended', note: 'terza richiesta' } as ShoeEvent);
    const hold = log.length - 3;
    const events = stored(log, { [hold]: 'chef', [log.length - 1]: 'chef' });
    const { state } = replayShoe(log);
    expect(state.end).to.include({ reason: 'suspended', note: 'terza richiesta' });
    const page = (lang: 'it' | 'en') => text(reportHtml({ state, events, report: reportOf(state), nonce: 'n', locale: reportLocale(lang, 'UTC') }));
    const at = `20:${String(hold).padStart(2, '0')}`;
    expect(page('en')).to.match(
      new RegExp(
        `Ended: suspended \\(asked by chef at [^)]*${at}[^)]* while a call or a prison choice waited; written once none waited; reason: terza richiesta\\)`,
      ),
    );
    // "sospeso (chiesta da chef …)": the participle did not agree with the shoe (outside crew pass 47, F8)
    expect(page('it')).to.match(new RegExp(`Finito: sospeso \\(su richiesta di chef il [^)]*${at}[^)]*; motivo: terza richiesta\\)`));

    // "da chef alle 28/11/2026, 05:39:08": Italian says "il" before a date, "alle" only before an hour (outsider pass 26, N1)
    expect(page('it')).not.to.match(/alle \d{2}\/\d{2}\/\d{4}/);
    const ruled = stored([...log.slice(0, hold), { type: 'dispute', coup: 1, announced: 'Rouge gagne' } as ShoeEvent], { [hold]: 'chef' });
    const withDispute = replayShoe(ruled as unknown as ShoeEvent[]).state;
    const disputed = text(reportHtml({ state: withDispute, events: ruled, report: reportOf(withDispute), nonce: 'n', locale: reportLocale('it', 'UTC') }));
    expect(disputed).to.match(/Contestato da chef il 27\/11\/2026, 20:\d{2}:00/);
    expect(page('it')).to.match(/Iniziato il 27\/11\/2026, 20:00:00/);
  });

  it('says the shuffler ran out while a call waited, not that the shuffler asked for the end', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1_000);
    t.coup(ROWS.r37, ROWS.r32); // its call waits
    const log: ShoeEvent[] = [...t.log, { type: 'hold', reason: 'empty' } as ShoeEvent, { type: 'confirm', coup: 1 } as ShoeEvent];
    log.push({ type: 'end', reason: 'empty' } as ShoeEvent);
    const hold = log.length - 3;
    const events = stored(log, { [hold]: 'shuffler', [log.length - 1]: 'system' });
    const { state } = replayShoe(log);
    const page = (lang: 'it' | 'en') => text(reportHtml({ state, events, report: reportOf(state), nonce: 'n', locale: reportLocale(lang, 'UTC') }));
    // "chiesta da mescolatrice" (asked by the shuffler) read oddly (outsider pass 18)
    expect(page('en')).to.match(/Ended: no cards left \(the shuffler ran out at [^)]+ while a call or a prison choice waited; written once none waited\)/);
    expect(page('it')).to.match(
      /\(la mescolatrice ha esaurito le carte il [^)]+ mentre un esito o una scelta di prigione attendeva; registrato quando più nulla attendeva\)/,
    );
    expect(page('it')).not.to.contain('chiesta da');
  });

  it('names who ended it, not the chef of a suspension he withdrew', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1_000);
    t.coup(ROWS.r37, ROWS.r32); // its call waits
    const log: ShoeEvent[] = [...t.log, { type: 'hold', reason: 'suspended', note: 'per errore' } as ShoeEvent, { type: 'unhold' } as ShoeEvent];
    log.push({ type: 'confirm', coup: 1 } as ShoeEvent, { type: 'end', reason: 'empty' } as ShoeEvent);
    const events = stored(log, { [log.length - 4]: 'chef', [log.length - 3]: 'chef', [log.length - 1]: 'shuffler' });
    const { state } = replayShoe(log);
    const page = text(reportHtml({ state, events, report: reportOf(state), nonce: 'n', locale: reportLocale('en', 'UTC') }));
    expect(page).to.match(/Ended: no cards left \(by shuffler at [^)]+\)/);
  });

  it('names who ended it and when when nothing waited', () => {
    const t = new Harness().burn();
    const log: ShoeEvent[] = [...t.log, { type: 'end', reason: 'empty' } as ShoeEvent];
    const events = stored(log, { [log.length - 1]: 'shuffler' });
    const { state } = replayShoe(log);
    const page = text(reportHtml({ state, events, report: reportOf(state), nonce: 'n', locale: reportLocale('en', 'UTC') }));
    expect(page).to.match(/Ended: no cards left \(by shuffler at [^)]+\)/);
  });

  it('lists a restart of the table server as a restart, in the reader’s language, not as a shuffler’s fault in English', () => {
    const t = new Harness().burn();
    t.do({ type: 'fault', code: 'RESTART', text: 'the table server started again with this shoe in play: it resumes after card 5' }, 'system');
    const events = stored(t.log);
    const { state } = replayShoe(t.log);
    const page = text(reportHtml({ state, events, report: reportOf(state), nonce: 'n', locale: reportLocale('it', 'UTC') }));
    expect(page).to.contain('riavvio : il server del tavolo è ripartito a sabot in corso; ha ripreso dopo la carta 5');
    expect(page).not.to.contain('started again');
  });
});

describe('the printable report: a shoe still in play, and a fault said once', () => {
  it('says the shoe is still in play, not "Ended: not ended", and a silence under its kind without repeating it or its code', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1_000);
    const log: ShoeEvent[] = [...t.log, { type: 'fault', code: 'SILENT', text: 'no frame from the shuffler for 15 s' } as ShoeEvent];
    const events = stored(log);
    const { state } = replayShoe(log);
    const page = (lang: 'it' | 'en') => text(reportHtml({ state, events, report: reportOf(state), nonce: 'n', locale: reportLocale(lang, 'UTC') }));
    // "Finito: non finito", "guasto: guasto SILENT: nessun segnale…" (outsider pass 33)
    expect(page('en')).to.contain('Still in play.').and.not.to.contain('Ended');
    expect(page('it')).to.contain('Ancora in corso.').and.not.to.contain('Finito');
    expect(page('en')).to.contain('fault : no word from the shuffler for 15 s').and.not.to.contain('SILENT');
    expect(page('it'))
      .to.contain('guasto : nessun segnale dalla mescolatrice da 15 s')
      .and.not.to.match(/guasto\W+guasto/);
  });

  // 815.00 handed back was in no report: not the ended shoe's, nor the one the payeur marked it in (outsider pass 37)
  it('lists the hand-backs marked during the shoe, with the shoe, the amount, who and when, in both languages', () => {
    const t = new Harness().burn();
    const rows = [
      { player: 's1', chance: 'rouge', amount: 50_000 },
      { player: 's4', chance: 'noir', amount: 31_500 },
    ];
    const log: ShoeEvent[] = [...t.log, { type: 'handed-back', shoe: 'T1-2026-11-28-4005f8e3', rows } as ShoeEvent];
    const events = stored(log, { [log.length - 1]: 'payeur' });
    const { state } = replayShoe(log);
    const page = (lang: 'it' | 'en') => text(reportHtml({ state, events, report: reportOf(state), nonce: 'n', locale: reportLocale(lang, 'UTC') }));
    const at = `20:${String(log.length - 1).padStart(2, '0')}:00`;
    expect(page('en')).to.contain('Handed back during this shoe');
    expect(page('en')).to.match(
      new RegExp(`the stakes shoe T1-2026-11-28-4005f8e3 left to hand back, 815\\.00 \\(2 stakes\\), by payeur at 27/11/2026, ${at}`),
    );
    expect(page('it')).to.contain('Restituite durante questo sabot');
    expect(page('it')).to.match(new RegExp(`le poste da restituire del sabot T1-2026-11-28-4005f8e3, 815,00 \\(2 poste\\), da payeur il 27/11/2026, ${at}`));
    const none = replayShoe(t.log).state;
    expect(text(reportHtml({ state: none, events: stored(t.log), report: reportOf(none), nonce: 'n', locale: reportLocale('en', 'UTC') }))).not.to.contain(
      'Handed back',
    );
  });
});
