/**
 * The printable report's settlement columns are headed as headers, in the
 * reader's language. The prison level's column was headed by the word the
 * report also uses inside a sentence ("livello 2"), lower case: an outsider
 * read "Premio livello" as one header.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { reportHtml } from '../../../server/http/report-html.ts';
import { reportLocale } from '../../../server/http/report-words.ts';
import type { StoredEvent } from '../../../server/store/stored-event.ts';
import { reportOf } from '../../../shoe/replay-report.ts';
import { replayShoe } from '../../../shoe/replay.ts';
import { parseShoeLog } from '../../../shoe/shoe-log.ts';

const FIXTURE = new URL('../../../fixtures/apres31-insurance-prison-partager.jsonl', import.meta.url);

function settlementHeaders(lang: 'it' | 'en'): string[] {
  const events = parseShoeLog(readFileSync(FIXTURE, 'utf8'));
  const { state } = replayShoe(events);
  const stored = events.map((e, i) => ({ ...e, i, at: '2026-01-01T20:00:00Z', by: 'tailleur', prev: '', hash: '' }) as unknown as StoredEvent);
  const page = reportHtml({ state, events: stored, report: reportOf(state), nonce: 'n', locale: reportLocale(lang, 'Europe/Rome') });
  const head = /<table class="settlement">\s*<thead>([\s\S]*?)<\/thead>/.exec(page)?.[1] ?? '';
  return [...head.matchAll(/<th>([^<]*)<\/th>/g)].map((m) => m[1]!);
}

describe('the printable report’s settlement headers', () => {
  it('heads the premium and the prison level as two capitalised columns, in Italian and in English', () => {
    const it = settlementHeaders('it');
    const en = settlementHeaders('en');
    expect(it.slice(-3)).to.deep.equal(['Premio', 'Livello di prigione', 'Netto']);
    expect(en.slice(-3)).to.deep.equal(['Premium', 'Prison level', 'Net']);
    for (const h of [...it, ...en]) expect(h, h).to.match(/^\p{Lu}/u);
  });
});
