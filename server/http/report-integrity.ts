/**
 * The printable report's integrity statement (server/http/API.md, report.html):
 * what verify found of the shoe's hash chain, its rules and its seals
 * (docs/central-store.md#seals) at the moment the page was printed. A report
 * carried out of the room without it said nothing of whether the record it
 * prints was whole (outside crew pass 50). The page of an ended shoe is kept
 * (record-answers.ts), so the statement is made at every read and put in the
 * page's place for it ({@link INTEGRITY_MARK}), never kept with the page.
 */
import type { VerifyResult } from './shoe-archive.ts';
import { type Html, html } from './html-escape.ts';
import { filled } from './report-terms.ts';
import type { ReportLang, ReportLocale } from './report-words.ts';

/** Where report-html.ts leaves room for the statement; an HTML comment, so a page without one still reads. */
export const INTEGRITY_MARK = '<!--tq-integrity-->';

type Group = 'chain' | 'seal' | 'rules' | 'record' | 'witness' | 'other';

const WORDS = {
  en: {
    title: 'Integrity',
    checkedAt: 'Checked when this report was printed, {at}:',
    ok: 'hash chain whole, rules replayed in agreement, seals checked against the table’s key: the record is as dealt.',
    sealedTo: 'hash chain whole and rules in agreement; sealed up to event {n} of {last}, the rest at the next seal.',
    sealedNone: 'hash chain whole and rules in agreement; not sealed yet, the first seal comes at the next checkpoint.',
    noKey: 'hash chain whole and rules in agreement; seals not checked: this table has no key configured.',
    elsewhere: 'hash chain whole and rules in agreement; the seals are checked by the central store (tq verify --central), not by this table.',
    file: 'a log opened from a file: it carries no hash chain and no seals, so only the rules were checked, and they agree.',
    bad: '{n} integrity problems: this record must not be relied on before the chef and surveillance have looked into it.',
    badOne: '1 integrity problem: this record must not be relied on before the chef and surveillance have looked into it.',
    event: 'event {n}',
    wholeShoe: 'the shoe as a whole',
    unsealed:
      'Events {from} to {to} were found unsealed when the table server started again, {s} s after the first was dealt: the seals after them vouch for them as found then.',
    unsealedOne: 'Event {n} was found unsealed when the table server started again, {s} s after it was dealt: the seals after it vouch for it as found then.',
    unknown: 'Not checked: verify could not be run when this report was printed.',
    group: {
      chain: 'the hash chain is broken (a line changed, removed or moved)',
      seal: 'no seal of the table’s key vouches for it',
      rules: 'the rules disagree with the record',
      record: 'the file is not the table’s record of this shoe',
      witness: 'dealt without the central witness for longer than the seal interval',
      other: 'the record is not whole',
    } satisfies Record<Group, string>,
  },
  it: {
    title: 'Integrità',
    checkedAt: 'Verificata quando questo rapporto è stato stampato, {at}:',
    ok: 'catena degli hash integra, regole ripetute in accordo, sigilli verificati con la chiave del tavolo: la registrazione è quella del gioco.',
    sealedTo: 'catena degli hash integra e regole in accordo; sigillata fino all’evento {n} di {last}, il resto al prossimo sigillo.',
    sealedNone: 'catena degli hash integra e regole in accordo; non ancora sigillata, il primo sigillo arriva al prossimo punto di controllo.',
    noKey: 'catena degli hash integra e regole in accordo; sigilli non verificati: questo tavolo non ha una chiave configurata.',
    elsewhere: 'catena degli hash integra e regole in accordo; i sigilli sono verificati dall’archivio centrale (tq verify --central), non da questo tavolo.',
    file: 'un registro aperto da file: non ha catena degli hash né sigilli, quindi sono state verificate solo le regole, e sono in accordo.',
    bad: '{n} problemi di integrità: non si faccia affidamento su questa registrazione prima che lo chef e la sorveglianza l’abbiano esaminata.',
    badOne: '1 problema di integrità: non si faccia affidamento su questa registrazione prima che lo chef e la sorveglianza l’abbiano esaminata.',
    event: 'evento {n}',
    wholeShoe: 'il sabot nel suo insieme',
    unsealed:
      'Gli eventi da {from} a {to} sono stati trovati non sigillati alla ripartenza del server del tavolo, {s} s dopo il primo: i sigilli successivi li garantiscono come trovati allora.',
    unsealedOne:
      'L’evento {n} è stato trovato non sigillato alla ripartenza del server del tavolo, {s} s dopo: i sigilli successivi lo garantiscono come trovato allora.',
    unknown: 'Non verificata: la verifica non ha potuto essere eseguita alla stampa di questo rapporto.',
    group: {
      chain: 'la catena degli hash è interrotta (una riga modificata, tolta o spostata)',
      seal: 'nessun sigillo della chiave del tavolo lo garantisce',
      rules: 'le regole non concordano con la registrazione',
      record: 'il file non è la registrazione del tavolo di questo sabot',
      witness: 'giocato senza il testimone centrale oltre l’intervallo dei sigilli',
      other: 'la registrazione non è integra',
    } satisfies Record<Group, string>,
  },
} as const satisfies Record<ReportLang, unknown>;

/** Verify's problem kinds (server/http/shoe-archive.ts) by what they mean to a reader of the report; the code stays beside it. */
const GROUP_OF: Record<string, Group> = {
  'hash-mismatch': 'chain',
  'prev-mismatch': 'chain',
  'index-mismatch': 'chain',
  'missing-hash': 'chain',
  unreadable: 'chain',
  'torn-tail': 'chain',
  'tail-mismatch': 'chain',
  'missing-file': 'record',
  'wrong-shoe': 'record',
  'other-shoe': 'record',
  'differs-from-record': 'record',
  'beyond-record': 'record',
  'bad-seal': 'seal',
  'seal-mismatch': 'seal',
  'unsealed-end': 'seal',
  'sealed-event-missing': 'seal',
  'row-mismatch': 'seal',
  'bad-key': 'seal',
  'dealt-unwitnessed': 'witness',
  'chain-break': 'chain',
  'chain-fork': 'chain',
  'shoe-cut': 'chain',
  'shoe-missing': 'chain',
  'unended-shoe': 'chain',
  rule: 'rules',
  'replay-failed': 'rules',
};

/** The statement for `verify` (undefined: it could not be run), dated `at` in the reader's zone. */
export function integritySection(verify: VerifyResult | undefined, locale: ReportLocale, at: string): Html {
  const w = WORDS[locale.lang];
  const n = (value: number) => locale.number(value);
  const head = html`<h2>${w.title}</h2>`;
  if (verify === undefined) return html`${head}<p data-integrity="unknown"><strong>${w.unknown}</strong></p>`;
  const when = filled(w.checkedAt, { at: locale.time(at) });
  const problems = verify.problems.filter((p) => p.kind !== 'no-chain');
  if (!verify.ok && problems.length > 0) {
    const line = (p: VerifyResult['problems'][number]) =>
      html`<li>${p.index === null ? w.wholeShoe : filled(w.event, { n: n(p.index) })}: ${w.group[GROUP_OF[p.kind] ?? 'other']} <code>${p.kind}</code></li>`;
    const count = problems.length === 1 ? w.badOne : filled(w.bad, { n: n(problems.length) });
    return html`${head}<p data-integrity="bad">${when} <strong>✘ ${count}</strong></p><ul>${problems.slice(0, 20).map(line)}</ul>`;
  }
  const fromFile = verify.problems.some((p) => p.kind === 'no-chain');
  const said = fromFile
    ? w.file
    : verify.seals === 'checked' && verify.sealedTo
      ? verify.sealedTo.i === null
        ? w.sealedNone
        : filled(w.sealedTo, { n: n(verify.sealedTo.i), last: n(verify.sealedTo.last) })
      : verify.seals === 'checked'
        ? w.ok
        : verify.seals === 'elsewhere'
          ? w.elsewhere
          : w.noKey;
  const restarts = (verify.unsealedAtRestart ?? []).map(
    (r) =>
      html`<li>${r.from === r.to ? filled(w.unsealedOne, { n: n(r.from), s: n(r.seconds) }) : filled(w.unsealed, { from: n(r.from), to: n(r.to), s: n(r.seconds) })}</li>`,
  );
  return html`${head}<p data-integrity="${fromFile ? 'no-chain' : 'ok'}">${when} <strong>✔ ${said}</strong></p>${restarts.length > 0 ? html`<ul>${restarts}</ul>` : ''}`;
}

/** The page with the statement in its place (a page rendered before the mark existed is left as it is). */
export function withIntegrity(page: string, section: Html): string {
  return page.replace(INTEGRITY_MARK, () => section.text);
}
