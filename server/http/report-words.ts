/**
 * The printable report in the reader's language (Italian or English, as the
 * dashboards) and clock: times in the time zone the browser names
 * (`?tz=Europe/Rome`), UTC when it names none or one Intl does not know.
 * Calls stay French, as at the table.
 */
import type { Chance } from '../../shoe/events.ts';

export type ReportLang = 'it' | 'en';

const EN = {
  shoe: 'Shoe',
  cards: 'cards',
  started: 'Started',
  by: 'by',
  lastEvent: 'last event',
  ended: 'Ended',
  notEnded: 'Still in play',
  byRules: 'by the rules',
  endBy: 'by {by} at {at}',
  endReason: 'reason: {note}',
  endHeld: 'asked by {by} at {at} while a call or a prison choice waited; written once none waited',
  endHeldEmpty: 'the shuffler ran out at {at} while a call or a prison choice waited; written once none waited',
  events: 'events',
  coups: 'coups',
  rules: 'Rules',
  burn: 'burn',
  minimum: 'minimum',
  maximum: 'maximum',
  insurance: 'insurance',
  prisonLevels: 'prison levels',
  exposedLimit: 'exposed-coup limit',
  release: 'end-of-shoe release',
  yes: 'yes',
  no: 'no',
  coupsTitle: 'Coups',
  noCoup: 'No coup was dealt.',
  endTitle: 'End of shoe',
  stillInPrison: 'Still in prison',
  handedBack: 'Handed back during this shoe',
  handedBackOf: 'the stakes shoe {shoe} left to hand back, {amount} ({stakes}), by {by} at {at}',
  level: 'level',
  alerts: 'Alerts',
  noAlerts: 'No alerts.',
  coup: 'coup',
  card: 'card',
  totals: 'Totals',
  paid: 'Paid',
  collected: 'Collected',
  returned: 'Returned',
  premiums: 'Premiums',
  bankResult: 'Bank result',
  players: 'Players',
  noPlayer: 'No player.',
  player: 'Seat',
  net: 'Net',
  chance: 'Chance',
  stake: 'Stake',
  outcome: 'Outcome',
  premium: 'Premium',
  /** The settlement's column: the stake's prison level after the coup (shoe/settlement-row.ts), 0 once free. */
  prisonLevel: 'Prison level',
  /** Before a prison stake's name in a settlement row (docs/rules.md#prison-stake-id). */
  stakeId: 'stake',
  noStakes: 'No stakes.',
  totalsBank: 'Totals (bank',
  forced: 'forced',
  exposedCard: 'exposed card',
  call: 'Call',
  annulled: 'annulled',
  confirmedBy: 'Call confirmed by',
  disputedBy: 'Disputed by',
  announced: 'announced',
  ruling: "Chef's ruling",
  notConfirmed: 'Not confirmed',
  at: 'at',
  unknown: 'unknown',
  times: 'Times in',
  table: 'table',
  actorShuffler: 'shuffler',
  actorSystem: 'system',
};
const IT: Record<keyof typeof EN, string> = {
  shoe: 'Sabot',
  cards: 'carte',
  started: 'Iniziato il',
  by: 'da',
  lastEvent: 'ultimo evento',
  ended: 'Finito',
  notEnded: 'Ancora in corso',
  byRules: 'per regola',
  endBy: 'da {by} il {at}',
  endReason: 'motivo: {note}',
  endHeld: 'su richiesta di {by} il {at} mentre un esito o una scelta di prigione attendeva; registrato quando più nulla attendeva',
  endHeldEmpty: 'la mescolatrice ha esaurito le carte il {at} mentre un esito o una scelta di prigione attendeva; registrato quando più nulla attendeva',
  events: 'eventi',
  coups: 'colpi',
  rules: 'Regole',
  burn: 'carte bruciate',
  minimum: 'minimo',
  maximum: 'massimo',
  insurance: 'assicurazione',
  prisonLevels: 'livelli di prigione',
  exposedLimit: 'limite colpi con carta scoperta',
  release: 'rilascio a fine sabot',
  yes: 'sì',
  no: 'no',
  coupsTitle: 'Colpi',
  noCoup: 'Nessun colpo distribuito.',
  endTitle: 'Fine del sabot',
  stillInPrison: 'Ancora in prigione',
  handedBack: 'Restituite durante questo sabot',
  handedBackOf: 'le poste da restituire del sabot {shoe}, {amount} ({stakes}), da {by} il {at}',
  level: 'livello',
  alerts: 'Avvisi',
  noAlerts: 'Nessun avviso.',
  coup: 'colpo',
  card: 'carta',
  totals: 'Totali',
  paid: 'Pagato',
  collected: 'Incassato',
  returned: 'Restituito',
  premiums: 'Premi',
  bankResult: 'Risultato del banco',
  players: 'Giocatori',
  noPlayer: 'Nessun giocatore.',
  player: 'Posto',
  net: 'Netto',
  chance: 'Chance',
  stake: 'Posta',
  outcome: 'Esito',
  premium: 'Premio',
  prisonLevel: 'Livello di prigione',
  stakeId: 'posta',
  noStakes: 'Nessuna posta.',
  totalsBank: 'Totali (banco',
  forced: 'forzato',
  exposedCard: 'carta scoperta',
  call: 'Annuncio',
  annulled: 'annullato',
  confirmedBy: 'Annuncio confermato da',
  disputedBy: 'Contestato da',
  announced: 'annunciato',
  ruling: 'Decisione del capo tavolo',
  notConfirmed: 'Non confermato',
  at: 'il',
  unknown: 'sconosciuto',
  times: 'Orari in',
  table: 'tavolo',
  actorShuffler: 'mescolatrice',
  actorSystem: 'sistema',
};

export type Words = typeof EN;

/** The chances by their French names, as the screens write them in both languages (the report wrote "rouge", outsider pass 10). */
export const CHANCE_WORDS: Record<Chance, string> = { rouge: 'Rouge', noir: 'Noir', couleur: 'Couleur', inverse: 'Inverse' };

/** Who did something, as the report names them: the table's own actors in the reader's language, a crew member by name. */
export function actorWords(words: Words, by: string | undefined): string {
  if (by === undefined) return words.unknown;
  if (by === 'shuffler') return words.actorShuffler;
  if (by === 'system') return words.actorSystem;
  return by;
}

export interface ReportLocale {
  lang: ReportLang;
  words: Words;
  /** The time zone times are shown in. */
  zone: string;
  /** An ISO instant as the reader's local date and time. */
  time(iso: string | undefined): string;
  /** Integer cents as the reader writes money: "5.000,00" (it), "5,000.00" (en). */
  money(cents: number): string;
  /** A count or a rate as the reader writes numbers: "1.234", "0,5" (it). */
  number(n: number): string;
}

export function reportLocale(lang: unknown, tz: unknown): ReportLocale {
  const l: ReportLang = lang === 'it' ? 'it' : 'en';
  let zone = 'UTC';
  if (typeof tz === 'string' && tz.length <= 64) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      zone = tz;
    } catch {
      /* an unknown zone: UTC, and the page says so */
    }
  }
  // The year in full in both languages: Italian's short date style gave 27/11/26 where English gave 27/11/2026 (outsider pass 18).
  const format = new Intl.DateTimeFormat(l === 'it' ? 'it-IT' : 'en-GB', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const words = l === 'it' ? IT : EN;
  // An uploaded log's `at` may be any text (Intl threw on it, a 500): what is not a time shows as unknown.
  const time = (iso: string | undefined) => {
    const at = iso === undefined ? Number.NaN : Date.parse(iso);
    return Number.isNaN(at) ? words.unknown : format.format(at);
  };
  return { lang: l, words, zone, time, ...numberFormats(l) };
}

/**
 * Numbers grouped by thousands in both languages, even 4-digit ones: Intl's
 * Italian leaves "5000" ungrouped by default (CLDR's minimum grouping of 2),
 * and the same report would print 5000,00 beside 12.000,00. Money is built
 * from whole units and cents, never a float divided by 100.
 */
export function numberFormats(lang: ReportLang): Pick<ReportLocale, 'money' | 'number'> {
  // made once per language: an upload's report words thousands of alerts, and an Intl formatter is slow to build
  let formats = FORMATS.get(lang);
  if (!formats) FORMATS.set(lang, (formats = buildFormats(lang)));
  return formats;
}
const FORMATS = new Map<ReportLang, Pick<ReportLocale, 'money' | 'number'>>();

function buildFormats(lang: ReportLang): Pick<ReportLocale, 'money' | 'number'> {
  const tag = lang === 'it' ? 'it-IT' : 'en-GB';
  const units = new Intl.NumberFormat(tag, { maximumFractionDigits: 0, useGrouping: 'always' });
  const decimal = lang === 'it' ? ',' : '.';
  const numbers = new Intl.NumberFormat(tag, { maximumFractionDigits: 6, useGrouping: 'always' });
  return {
    money: (cents) => {
      const abs = Math.abs(cents);
      return `${cents < 0 ? '−' : ''}${units.format(Math.trunc(abs / 100))}${decimal}${String(abs % 100).padStart(2, '0')}`;
    },
    number: (n) => numbers.format(n),
  };
}
