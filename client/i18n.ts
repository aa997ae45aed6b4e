/**
 * The interface in Italian or English (calls and announcements stay French:
 * see french.ts). A dictionary, the current language kept in localStorage, and
 * a Lit controller that re-renders a component when the language changes.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { EN, type Key } from './lang-en.ts';
import { IT } from './lang-it.ts';

export type Lang = 'it' | 'en';
export type { Key };
export const LANGS: readonly Lang[] = ['it', 'en'];

const DICTS: Record<Lang, Record<Key, string>> = { it: IT, en: EN };
const STORAGE_KEY = 'tq.lang';

/**
 * The language a screen opens in: the one the crew chose on this browser, else
 * the browser's own first language the interface speaks, else Italian (an
 * outsider's English browser opened in Italian, pass 8).
 */
export function firstLang(saved: string | null | undefined, preferred: readonly string[]): Lang {
  if (saved === 'it' || saved === 'en') return saved;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'it' || base === 'en') return base;
  }
  return 'it';
}

function initialLang(): Lang {
  let saved: string | null | undefined;
  try {
    saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  } catch {
    /* storage may be disabled */
  }
  return firstLang(saved, globalThis.navigator?.languages ?? []);
}

let current: Lang = initialLang();

const PLURALS = new Map<Lang, Intl.PluralRules>();
/** The plural category of `n` in `l` (`one`, `other`). */
export function plural(l: Lang, n: number): Intl.LDMLPluralRule {
  let rules = PLURALS.get(l);
  if (!rules) PLURALS.set(l, (rules = new Intl.PluralRules(l)));
  return rules.select(n);
}
const listeners = new Set<() => void>();

export function lang(): Lang {
  return current;
}

export function setLang(next: Lang): void {
  if (next === current) return;
  current = next;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, next);
  } catch {
    /* ignore */
  }
  document.documentElement.lang = next;
  for (const l of listeners) l();
}

/**
 * Translate a key; `{name}` placeholders are filled from `params`. A count
 * `n` takes the form its language's plural rule names (Intl.PluralRules):
 * `key#one` when the dictionary has it ("1 scelta", not "1 scelte").
 */
export function t(key: Key, params: Record<string, string | number> = {}): string {
  const form = typeof params.n === 'number' ? (`${key}#${plural(current, params.n)}` as Key) : key;
  const chosen = Object.hasOwn(EN, form) ? form : key;
  const text = DICTS[current][chosen] ?? EN[chosen] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/** Re-renders its host when the language changes. */
/**
 * A line a screen keeps saying after the moment it was written ("Insured: …", "Placed: …"): kept as how to say it, and
 * said in the language of each render. Kept as text, "Insured: s3 · Couleur · 50.00" stayed English, with English
 * figures, on a screen switched to Italian (outside crew pass 44).
 */
export type Said = string | (() => string);

export function say(x: Said): string {
  return typeof x === 'function' ? x() : x;
}

export class LangController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #update = () => this.#host.requestUpdate();
  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }
  hostConnected(): void {
    listeners.add(this.#update);
  }
  hostDisconnected(): void {
    listeners.delete(this.#update);
  }
}

const KEY_NAMES = { Enter: 'key.enter', Space: 'key.space', Shift: 'key.shift', Home: 'key.home', End: 'key.end' } as const satisfies Record<string, Key>;

/** A key's name as the crew's keyboard prints it: Invio, Spazio, Maiusc on an Italian one (outside crew pass 42); letters and arrows as they are. */
export function keyName(key: string): string {
  return Object.hasOwn(KEY_NAMES, key) ? t(KEY_NAMES[key as keyof typeof KEY_NAMES]) : key;
}
