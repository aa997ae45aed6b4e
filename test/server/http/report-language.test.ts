/**
 * The printable report in Italian says everything in Italian: the coups' statuses, the rows' outcomes, how the shoe ended, the chef's
 * rulings, every alert kind with its values, and counts with their right
 * plural. Every fixture shoe is rendered in Italian and its text searched for
 * any English word of the report's own vocabulary.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { alertInWords, counted, REPORT_TERMS } from '../../../server/http/report-terms.ts';
import { reportHtml } from '../../../server/http/report-html.ts';
import { ORIGIN_WORDS } from '../../../server/http/report-stake-origin.ts';
import { reportLocale } from '../../../server/http/report-words.ts';
import type { StoredEvent } from '../../../server/store/stored-event.ts';
import { reportOf } from '../../../shoe/replay-report.ts';
import { replayShoe } from '../../../shoe/replay.ts';
import { parseShoeLog } from '../../../shoe/shoe-log.ts';
import type { Alert, AlertKind } from '../../../shoe/state.ts';

const FIXTURES = new URL('../../../fixtures/', import.meta.url);
/** Its words, lower case; codes (BETS_CLOSED, RELOAD) are identifiers, not words. */
const words = (s: string) =>
  s
    .replace(/\b[A-Z][A-Z0-9]*(_[A-Z0-9]+)*\b/g, ' ')
    .toLowerCase()
    .match(/\p{L}+/gu) ?? [];

/** Every English word the report can print, less the words Italian shares (no, chance, sabot…) and the game's French. */
function englishVocabulary(): Set<string> {
  const en = REPORT_TERMS.en;
  const it = REPORT_TERMS.it;
  const collect = (t: typeof en, w: object) =>
    new Set(
      [
        ...Object.values(t.status),
        ...Object.values(t.outcome),
        ...Object.values(t.end),
        ...Object.values(t.ruling),
        ...Object.values(t.count).flat(),
        ...Object.values(t.alert),
        ...Object.values(t.kind),
        ...Object.values(t.voidReason),
        ...Object.values(w),
      ].flatMap((s) => words(String(s).replace(/\{\w+\}/g, ''))),
    );
  // with the notes on where a stake came from (carried, in prison since, moved from: outside crew pass 43)
  const english = collect(en, { ...reportLocale('en', 'UTC').words, ...ORIGIN_WORDS.en });
  for (const w of collect(it, { ...reportLocale('it', 'UTC').words, ...ORIGIN_WORDS.it })) english.delete(w);
  for (const w of [
    'partager',
    'sibilla',
    'chef',
    'de',
    'table',
    'rouge',
    'noir',
    'couleur',
    'inverse',
    'trente',
    'et',
    'quarante',
    'utc',
    'gap',
    'silent',
    'reload',
  ])
    english.delete(w);
  return english;
}

/** The page's text, without tags, French calls and the fixture's own data (player names, the chef's typed reasons). */
function visibleText(page: string): string {
  return page
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ');
}

describe('the printable report in Italian', () => {
  const english = englishVocabulary();

  it('has no English word of its vocabulary left in any fixture shoe', () => {
    expect(english.size).to.be.above(40);
    for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith('.jsonl'))) {
      const events = parseShoeLog(readFileSync(new URL(file, FIXTURES), 'utf8'));
      const { state } = replayShoe(events);
      const stored = events.map((e, i) => ({ ...e, i, at: '2026-01-01T20:00:00Z', by: 'tailleur', prev: '', hash: '' }) as unknown as StoredEvent);
      const page = reportHtml({ state, events: stored, report: reportOf(state), nonce: 'n', locale: reportLocale('it', 'Europe/Rome') });
      // what the log itself holds (players, reasons typed by the chef, fault texts from the shuffler) is data, not the report's words
      const data = new Set(events.flatMap((e) => Object.values(e).flatMap((v) => (typeof v === 'string' ? words(v) : []))));
      // and the prison stakes' names, "carried1-s4-inverse" (docs/rules.md#prison-stake-id), now that "carried" is a word of the report
      for (const r of [...state.coups.flatMap((c) => c.settlement), ...state.release]) for (const w of words(r.stake ?? '')) data.add(w);
      const left = words(visibleText(page)).filter((w) => english.has(w) && !data.has(w));
      expect([...new Set(left)], file).to.deep.equal([]);
    }
  });

  it('writes the year in full in both languages', () => {
    const file = readdirSync(FIXTURES).filter((f) => f.endsWith('.jsonl'))[0]!;
    const events = parseShoeLog(readFileSync(new URL(file, FIXTURES), 'utf8'));
    const { state } = replayShoe(events);
    const stored = events.map((e, i) => ({ ...e, i, at: '2026-01-01T20:00:00Z', by: 'tailleur', prev: '', hash: '' }) as unknown as StoredEvent);
    for (const lang of ['it', 'en'] as const) {
      const page = reportHtml({ state, events: stored, report: reportOf(state), nonce: 'n', locale: reportLocale(lang, 'Europe/Rome') });
      // Italian's short style printed 01/01/26 where English printed 01/01/2026 (outsider pass 18)
      expect(page, lang)
        .to.contain('01/01/2026, 21:00:00')
        .and.not.to.match(/01\/01\/26\b/);
    }
  });

  it('writes every amount and number of every fixture shoe as its language does, thousands grouped', () => {
    // "5.000,00" in Italian, "5,000.00" in English (Intl.NumberFormat with grouping), never the other's
    const written = { it: /^−?\d{1,3}(\.\d{3})*(,\d\d)?$/, en: /^−?\d{1,3}(,\d{3})*(\.\d\d)?$/ };
    for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith('.jsonl'))) {
      const events = parseShoeLog(readFileSync(new URL(file, FIXTURES), 'utf8'));
      const { state } = replayShoe(events);
      const stored = events.map((e, i) => ({ ...e, i, at: '2026-01-01T20:00:00Z', by: 'tailleur', prev: '', hash: '' }) as unknown as StoredEvent);
      for (const lang of ['it', 'en'] as const) {
        const page = reportHtml({ state, events: stored, report: reportOf(state), nonce: 'n', locale: reportLocale(lang, 'Europe/Rome') });
        const cells = [...page.matchAll(/<td class="n">([^<]*)<\/td>/g)].map((m) => m[1]!);
        const rules = /<p>(?:Regole|Rules):([^<]*)<\/p>/.exec(page)?.[1] ?? '';
        const ruleNumbers = rules.match(/−?\d[\d.,]*\d|\d/g) ?? [];
        expect(cells.length + ruleNumbers.length, `${file} ${lang}`).to.be.above(5);
        for (const n of [...cells, ...ruleNumbers]) expect(n, `${file} ${lang}: ${n}`).to.match(written[lang]);
      }
    }
  });

  it("prints the rules' limits, the stakes and the totals grouped by thousands in both languages", () => {
    const file = readdirSync(FIXTURES).filter((f) => f.endsWith('.jsonl'))[0]!;
    const events = parseShoeLog(readFileSync(new URL(file, FIXTURES), 'utf8'));
    const { state } = replayShoe(events);
    const stored = events.map((e, i) => ({ ...e, i, at: '2026-01-01T20:00:00Z', by: 'tailleur', prev: '', hash: '' }) as unknown as StoredEvent);
    const rich = { ...state, rules: { ...state.rules, min: 500, max: 500_000, insurance: 0.005 } };
    const page = (lang: 'it' | 'en') =>
      visibleText(reportHtml({ state: rich, events: stored, report: reportOf(rich), nonce: 'n', locale: reportLocale(lang, 'Europe/Rome') }));
    expect(page('it')).to.contain('minimo 5,00, massimo 5.000,00').and.contain('assicurazione 0,5 %');
    expect(page('en')).to.contain('minimum 5.00, maximum 5,000.00').and.contain('insurance 0.5 %');
    expect(reportLocale('it', 'UTC').money(-123_456_789)).to.equal('−1.234.567,89');
    expect(reportLocale('en', 'UTC').money(100_000)).to.equal('1,000.00');
    expect(reportLocale('it', 'UTC').money(5)).to.equal('0,05');
    expect(counted('it', 1234, 'events')).to.equal('1.234 eventi');
  });

  it('writes the chances by their French names, capitalised as on the screens, in every fixture shoe', () => {
    // an outsider read "rouge", "couleur" in the report where the screens say "Rouge", "Couleur" (pass 10)
    for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith('.jsonl'))) {
      const events = parseShoeLog(readFileSync(new URL(file, FIXTURES), 'utf8'));
      const { state } = replayShoe(events);
      const stored = events.map((e, i) => ({ ...e, i, at: '2026-01-01T20:00:00Z', by: 'tailleur', prev: '', hash: '' }) as unknown as StoredEvent);
      const page = reportHtml({ state, events: stored, report: reportOf(state), nonce: 'n', locale: reportLocale('it', 'UTC') });
      expect(page, file).to.not.match(/<td>(rouge|noir|couleur|inverse)<\/td>|→ (rouge|noir|couleur|inverse)\b/);
      if (state.coups.some((c) => c.settlement.length > 0)) expect(page, file).to.match(/<td>(Rouge|Noir|Couleur|Inverse)<\/td>/);
    }
  });

  it('names the shuffler and the system in Italian when they started a shoe or acted on a coup', () => {
    const file = readdirSync(FIXTURES).filter((f) => f.endsWith('.jsonl'))[0]!;
    const events = parseShoeLog(readFileSync(new URL(file, FIXTURES), 'utf8'));
    const { state } = replayShoe(events);
    const stored = events.map(
      (e, i) => ({ ...e, i, at: '2026-01-01T20:00:00Z', by: i === 0 ? 'shuffler' : 'system', prev: '', hash: '' }) as unknown as StoredEvent,
    );
    const text = visibleText(reportHtml({ state, events: stored, report: reportOf(state), nonce: 'n', locale: reportLocale('it', 'Europe/Rome') }));
    expect(text).to.contain('mescolatrice');
    expect(text).to.not.match(/\bda shuffler\b/);
    expect(words(text)).to.not.include('shuffler');
  });

  it('says how the shoe ended, each status and each outcome in Italian', () => {
    const it = REPORT_TERMS.it;
    expect(it.end.empty).to.equal('carte esaurite');
    for (const [k, v] of Object.entries(it.status)) expect(v, k).not.to.equal(REPORT_TERMS.en.status[k as keyof typeof it.status]);
    for (const k of ['win', 'lose', 'push'] as const) expect(it.outcome[k], k).not.to.equal(REPORT_TERMS.en.outcome[k]);
  });

  it('counts with the plural the language asks (Intl.PluralRules)', () => {
    for (const lang of ['it', 'en'] as const) {
      const rules = new Intl.PluralRules(lang);
      for (const n of [0, 1, 2, 21, 312]) {
        for (const noun of ['events', 'coups', 'cards'] as const) {
          const [one, other] = REPORT_TERMS[lang].count[noun];
          expect(counted(lang, n, noun)).to.equal(`${n} ${rules.select(n) === 'one' ? one : other}`);
        }
      }
    }
    expect(counted('it', 1, 'events')).to.equal('1 evento');
    expect(counted('it', 2, 'coups')).to.equal('2 colpi');
  });

  it('says every alert kind, with its values, in Italian', () => {
    const every: Alert[] = [
      { kind: 'foreign-card', seq: 7, message: 'x', params: { seq: 7, card: 'QH' } },
      { kind: 'exposed-card', seq: 6, coup: 1, message: 'x', params: { seq: 6, card: 'TS', coup: 1 } },
      { kind: 'suspended', coup: 4, message: 'x', params: { coup: 4, n: 3 } },
      { kind: 'void', seq: 9, message: 'x', params: { seq: 9, card: '2C', reason: 'floor' } },
      { kind: 'rule-violation', code: 'BETS_CLOSED', message: 'x', params: { n: 12, type: 'bet', code: 'BETS_CLOSED' } },
      { kind: 'out-of-turn', code: 'BETS_NOT_OPEN', seq: 11, coup: 2, message: 'x', params: { seq: 11, coup: 2 } },
      { kind: 'out-of-turn', code: 'DISPUTED', seq: 11, coup: 3, message: 'x', params: { seq: 11, coup: 3, disputed: 2 } },
      { kind: 'fault', code: 'RELOAD', message: 'x', params: { code: 'RELOAD', text: 'x', serial: 'S-2', seq: 40 } },
      { kind: 'fault', code: 'SILENT', message: 'x', params: { code: 'SILENT', text: 'x', s: 15 } },
      { kind: 'fault', code: 'GAP', message: 'x', params: { code: 'GAP', text: 'x', from: 8 } },
      { kind: 'annulled', code: 'RULING', coup: 5, message: 'x', params: { coup: 5, reason: 'carta caduta' } },
      { kind: 'annulled', code: 'CUT_SHORT', coup: 6, message: 'x', params: { coup: 6 } },
      { kind: 'unheld', coup: 6, message: 'x', params: { by: 'chef', asked: 'chef', reason: 'ispettore' } },
      { kind: 'dispute', coup: 4, message: 'x', params: { coup: 4, announced: 'Rouge gagne et couleur' } },
    ];
    const kinds = Object.keys({
      'foreign-card': 1,
      'exposed-card': 1,
      suspended: 1,
      void: 1,
      'rule-violation': 1,
      'out-of-turn': 1,
      fault: 1,
      annulled: 1,
      dispute: 1,
      unheld: 1,
    } satisfies Record<AlertKind, 1>);
    expect([...new Set(every.map((a) => a.kind))].sort()).to.deep.equal(kinds.sort());
    for (const a of every) {
      const text = alertInWords('it', a);
      expect(text, a.kind).not.to.equal(a.message);
      for (const v of Object.values(a.params ?? {})) if (typeof v === 'number') expect(text, a.kind).to.include(String(v));
      expect(
        words(text).filter((w) => english.has(w)),
        text,
      ).to.deep.equal([]);
    }
    // the card as the rows print it, not its code: "carta 161 (3H)" (outside crew pass 42)
    expect(alertInWords('it', every[3]!)).to.equal('carta 9 (2♣) invalidata: caduta a terra');
  });

  // the report kept only who asked and who withdrew a suspension; the screens and the log also say why (outsider pass 37)
  it('says a withdrawn suspension with its reason and the chef’s note, in both languages', () => {
    const withdrawn: Alert = {
      kind: 'unheld',
      coup: 3,
      message: 'x',
      params: { by: 'chef', asked: 'chef', reason: 'Controllo del sabot', note: 'Controllo fatto, si continua', askedAt: '2026-11-28T21:10:00.000Z' },
    };
    expect(alertInWords('it', withdrawn)).to.equal(
      'la sospensione chiesta da chef è stata ritirata da chef (motivo: «Controllo del sabot»; nota: «Controllo fatto, si continua»)',
    );
    expect(alertInWords('en', withdrawn)).to.equal(
      'the suspension asked by chef was withdrawn by chef (reason: “Controllo del sabot”; note: “Controllo fatto, si continua”)',
    );
    const { note: _, ...noNote } = withdrawn.params!;
    expect(alertInWords('en', { ...withdrawn, params: noNote })).to.equal('the suspension asked by chef was withdrawn by chef (reason: “Controllo del sabot”)');
  });
});
