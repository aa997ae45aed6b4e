/**
 * The printable report names each prison stake (docs/rules.md#prison-stake-id), as the CSV does in its `stake`
 * column: a seat's two stakes on one chance sent to prison by two 31 après in a row made two "s2 Noir … to prison"
 * rows the report could not tell apart.
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

/** s2's 1000 on Noir imprisoned at the first 31 après and deepened at the second, where its 300 bet again enters at level 1. */
function twoStakesInPrison(): Harness {
  const t = new Harness().burn().open().bet('s2', 'noir', 100_000);
  t.play(ROWS.r31, ROWS.b31);
  t.open().bet('s2', 'noir', 30_000);
  t.play(ROWS.r31, ROWS.b31);
  return t;
}

/** The settlement rows of coup `n`, as text. */
function rowsOfCoup(page: string, n: number): string[] {
  const section = page.split('<section class="coup">')[n] ?? '';
  const body = /<table class="settlement">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(section)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => text(m[1]!).trim());
}

describe('the printable report: prison stakes by name', () => {
  const t = twoStakesInPrison();
  const ids = t.state.prison.map((p) => p.id);
  const events = t.log.map((e, i) => ({ ...e, i, at: '2026-11-27T20:00:00Z', by: 'tailleur', prev: '', hash: '' }) as unknown as StoredEvent);
  const page = (lang: 'it' | 'en') => reportHtml({ state: t.state, events, report: reportOf(t.state), nonce: 'n', locale: reportLocale(lang, 'UTC') });

  it('gives each "to prison" row of the same seat and chance the name of its stake, in English and in Italian', () => {
    expect(ids).to.have.length(2);
    const [newer, older] = ids as [string, string];
    const en = rowsOfCoup(page('en'), 2);
    expect(en).to.have.length(2);
    expect(en.find((r) => r.includes('300.00')))
      .to.match(/^s2 Noir .*to prison \(stake (\S+)\)/)
      .and.to.contain(`(stake ${newer})`);
    expect(en.find((r) => r.includes('1,000.00'))).to.contain(`to prison (stake ${older})`);
    const it = rowsOfCoup(page('it'), 2);
    expect(it.find((r) => r.includes('300,00'))).to.contain(`in prigione (posta ${newer})`);
    expect(it.find((r) => /1\.000,00/.test(r))).to.contain(`in prigione (posta ${older})`);
  });

  it('names the stake sent to prison at the first 31 après, and the stakes still in prison at the end', () => {
    const [, older] = ids as [string, string];
    const first = rowsOfCoup(page('en'), 1);
    expect(first).to.have.length(1);
    expect(first[0]).to.contain(`to prison (stake ${older})`);
    for (const id of ids) expect(text(page('en'))).to.match(new RegExp(`Still in prison: [^<]*stake ${id}`));
  });
});
