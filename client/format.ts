/**
 * Formatting and parsing only — never a rule of the game: money in integer
 * cents shown in the table currency, card notation shown as rank and suit
 * symbol, times shown for people.
 */
import type { Lang } from './i18n.ts';

const LOCALES: Record<Lang, string> = { it: 'it-IT', en: 'en-GB' };

/**
 * 500000 → "5.000,00" (it) / "5,000.00" (en). Thousands grouped in both:
 * Intl's Italian leaves 4-digit numbers ungrouped by default (CLDR's minimum
 * grouping of 2), so "Max 5000,00" sat beside "12.000,00"; the printed
 * report writes money the same way (server/http/report-words.ts).
 */
export function formatCents(cents: number, lang: Lang): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = formatNumber(Math.trunc(abs / 100), lang);
  const decimal = lang === 'it' ? ',' : '.';
  return `${sign}${units}${decimal}${String(abs % 100).padStart(2, '0')}`;
}

/** A count or a rate as the language writes it, thousands grouped as amounts are: "1.234", "0,5" (it). */
export function formatNumber(n: number, lang: Lang): string {
  let f = NUMBERS.get(lang);
  if (!f) NUMBERS.set(lang, (f = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 6, useGrouping: 'always' })));
  return f.format(n);
}
const NUMBERS = new Map<Lang, Intl.NumberFormat>();

/**
 * A measure with a fixed number of decimals in the language's marks ("49,84" in Italian): the audit's statistics and
 * p-values, the house edge and the frequencies. The audit wrote "49.84" on Italian screens (outside crew pass 46).
 */
export function formatFixed(n: number, digits: number, lang: Lang): string {
  return n.toLocaleString(LOCALES[lang], { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A rate as a percentage with `digits` decimals: "1,35 %" (it). */
export function formatPercent(rate: number, digits: number, lang: Lang): string {
  return `${formatFixed(rate * 100, digits, lang)} %`;
}

/** A small value in scientific notation, its mantissa in the language's marks: "2,3e-5" (it). */
export function formatExponential(n: number, digits: number, lang: Lang): string {
  const [mantissa, exponent] = n.toExponential(digits).split('e') as [string, string];
  return `${formatFixed(Number(mantissa), digits, lang)}e${exponent}`;
}

/** What a payeur may type inside an amount and is not read: spaces, apostrophes, underscores. */
const IGNORED_IN_AMOUNT = /[\s'’_]/g;

/**
 * What the payeur types, in units of the currency, to integer cents, read as
 * the screen's language writes money: in English "100.5" → 10050 and "7,125"
 * → 712500; in Italian "100,5" → 10050 and "7.125" → 712500. The decimal mark
 * takes one or two digits, a thousands mark groups of three: "7.125" on an
 * English screen (an outsider's stake placed as 7,125.00, a thousand times
 * what was meant) and "7,125" on an Italian one are not amounts. Spaces and
 * apostrophes are ignored. Returns null if it is not an amount (the server
 * checks the rules: minimum, maximum…).
 */
export function parseAmount(text: string, lang: Lang): number | null {
  const t = text.replace(IGNORED_IN_AMOUNT, '');
  const [group, decimal] = lang === 'en' ? [',', '.'] : ['.', ','];
  const m = /^(\d{1,3}(?:([.,])\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  const [, whole = '', , decimalSep] = m;
  if ([...whole.matchAll(/[.,]/g)].some(([mark]) => mark !== group) || (decimalSep !== undefined && decimalSep !== decimal)) return null;
  const decimals = m[4] ?? '';
  const units = Number(whole.replace(/[.,]/g, ''));
  if (!Number.isSafeInteger(units)) return null;
  const cents = units * 100 + Number(decimals.padEnd(2, '0') || '0');
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * The amount meant by a decimal written with the other language's mark: "12.5" on an Italian screen is not an
 * amount (a point groups thousands there), and an outsider's payeur read the refusal as the system not taking
 * cents (outside crew pass 42). Only one mark followed by one or two digits, which no language groups: the refusal
 * then offers "12,5". Null for anything else.
 */
export function otherDecimalMark(text: string, lang: Lang): string | null {
  const decimal = lang === 'en' ? '.' : ',';
  const m = /^(\d+)([.,])(\d{1,2})$/.exec(text.replace(IGNORED_IN_AMOUNT, ''));
  return m && m[2] !== decimal ? `${m[1]}${decimal}${m[3]}` : null;
}

export type Suit = 'H' | 'D' | 'C' | 'S';
const SUIT_SYMBOLS: Record<Suit, string> = { H: '♥', D: '♦', C: '♣', S: '♠' };

export interface CardFace {
  rank: string;
  suit: string;
  red: boolean;
  /** Words for screen readers, e.g. "10 ♥". */
  label: string;
}

/** "TH" → { rank: "10", suit: "♥", red: true }. Hearts and diamonds are printed red. */
export function cardFace(card: string): CardFace {
  const rank = card.slice(0, -1);
  const suit = card.slice(-1) as Suit;
  const shown = rank === 'T' ? '10' : rank;
  const symbol = SUIT_SYMBOLS[suit] ?? suit;
  return { rank: shown, suit: symbol, red: suit === 'H' || suit === 'D', label: `${shown} ${symbol}` };
}

export function formatTime(iso: string | undefined, lang: Lang): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleTimeString(LOCALES[lang], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export function formatDate(iso: string | undefined, lang: Lang): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString(LOCALES[lang], { year: 'numeric', month: '2-digit', day: '2-digit' });
}

export function formatDateTime(iso: string | undefined, lang: Lang): string {
  return iso ? `${formatDate(iso, lang)} ${formatTime(iso, lang)}` : '';
}
