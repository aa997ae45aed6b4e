/**
 * What the server says, shown in the interface's language by its code (the
 * error code of a refusal, the kind of an alert, the kind of a verify problem,
 * the central link's code). The server's English sentence is only the fallback
 * for a code this client does not know. Details the server's sentence carries
 * (a card, a coup, a reason typed by the chef) are put back into the
 * translated text; a French call stays French.
 */
import { lang, t, type Lang } from './i18n.ts';
import { SERVER_EN, type ServerKey } from './server-text-en.ts';
import { SERVER_IT } from './server-text-it.ts';

const DICTS: Record<Lang, Record<ServerKey, string>> = { en: SERVER_EN, it: SERVER_IT };

/** The text of `key` in the current language with `{name}`s filled, or undefined when the key is unknown or a parameter is missing. */
export function serverText(key: string, params: Record<string, string | number | undefined> = {}): string | undefined {
  if (!Object.hasOwn(SERVER_EN, key)) return undefined;
  const text = DICTS[lang()][key as ServerKey];
  let missing = false;
  const filled = text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') missing = true;
    return String(value ?? '');
  });
  return missing ? undefined : filled;
}

/** A refusal by its code; a 400 names its field. */
export function errorCodeText(code: string, fallback: string, field?: string | null): string {
  const text = serverText(`error.${code}`);
  if (text === undefined) return fallback;
  return field ? `${text} (${field})` : text;
}

/** The central link's alert by its code. */
export function centralAlertText(alert: { code: string; message: string }): string {
  return serverText(`central.${alert.code}`) ?? alert.message;
}

/** A verify problem by its kind. */
export function verifyProblemText(problem: { kind: string; message: string }): string {
  return serverText(`verify.${problem.kind}`) ?? `${problem.kind}: ${problem.message}`;
}

export interface AlertLike {
  kind: string;
  message: string;
  seq?: number;
  coup?: number;
  /** Set by the client for its own notices (a new shoe). */
  params?: Record<string, string>;
}

const after = (message: string, marker: string): string | undefined => {
  const at = message.indexOf(marker);
  return at === -1 ? undefined : message.slice(at + marker.length);
};
const card = (message: string) => /\(([^)]+)\)/.exec(message)?.[1];
const reasonOfVoid = (reason: string | undefined) => (reason === 'floor' ? t('void.floor') : reason === 'sibilla' ? t('void.sibilla') : reason);

/** The key and parameters of an alert, read from its kind and its fields (and the details in the server's sentence). */
function alertKey(a: AlertLike): [string, Record<string, string | number | undefined>] {
  const m = a.message;
  const base = { seq: a.seq, coup: a.coup };
  switch (a.kind) {
    case 'foreign-card':
    case 'exposed-card':
      return [`alert.${a.kind}`, { ...base, card: card(m) }];
    case 'void':
      return ['alert.void', { ...base, card: card(m), reason: reasonOfVoid(after(m, 'voided: ')) }];
    case 'rule-violation': {
      const code = /refused: ([A-Z_]+)/.exec(m)?.[1];
      return ['alert.rule-violation', { n: /^event (\d+)/.exec(m)?.[1], rule: code === undefined ? undefined : (serverText(`error.${code}`) ?? code) }];
    }
    case 'out-of-turn':
      return [m.includes('disputed') ? 'alert.out-of-turn.disputed' : 'alert.out-of-turn', base];
    case 'fault':
      return ['alert.fault', { text: m }];
    case 'annulled':
      return m.includes('cut short') ? ['alert.annulled.cut', base] : ['alert.annulled', { ...base, reason: after(m, 'chef de table: ') }];
    case 'dispute':
      return ['alert.dispute', { ...base, announced: /"(.*)"$/.exec(m)?.[1] }];
    case 'shuffler-error':
      return ['alert.shuffler-error', { text: after(m, 'shuffler error ') ?? m }];
    case 'silent':
      return ['alert.silent', { s: /for (\d+) s/.exec(m)?.[1] }];
    case 'gap':
      return ['alert.gap', { from: /from (\d+)/.exec(m)?.[1] }];
    case 'new-shoe': {
      const p = a.params ?? {};
      const how = p.how === undefined ? undefined : serverText(`alert.new-shoe.${p.how}`);
      // Why the shoe before was suspended: its own alert, in this language too; or the chef's note as typed.
      const cause = p.causeKind !== undefined ? alertText({ kind: p.causeKind, message: p.causeMessage ?? '' }) : p.note;
      return ['alert.new-shoe', { shoe: p.shoe, previous: p.previous, how: how === undefined ? undefined : cause ? `${how}: ${cause}` : how }];
    }
    default:
      return [`alert.${a.kind}`, base];
  }
}

/** An alert of the table or of the shuffler line in the interface's language; the server's sentence when it cannot be read. */
export function alertText(a: AlertLike): string {
  const [key, params] = alertKey(a);
  return serverText(key, params) ?? a.message;
}
