/**
 * What the server says, shown in the interface's language by its code (the
 * error code of a refusal, the kind of an alert, the kind of a verify problem,
 * the central link's code). The server's English sentence is only the fallback
 * for a code this client does not know. Details the server's sentence carries
 * (a card, a coup, a reason typed by the chef) are put back into the
 * translated text; a French call stays French.
 */
import { cardFace } from './format.ts';
import { lang, t, type Lang } from './i18n.ts';
import { SERVER_EN, type ServerKey } from './server-text-en.ts';
import { SERVER_IT } from './server-text-it.ts';

const CARD_CODE = /^(?:[2-9TJQKA])[SHDC]$/;

const DICTS: Record<Lang, Record<ServerKey, string>> = { en: SERVER_EN, it: SERVER_IT };

/** The text of `key` in the current language with `{name}`s filled, or undefined when the key is unknown or a parameter is missing. */
export function serverText(key: string, params: Record<string, string | number | undefined> = {}): string | undefined {
  if (!Object.hasOwn(SERVER_EN, key)) return undefined;
  const text = DICTS[lang()][key as ServerKey];
  let missing = false;
  const filled = text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') missing = true;
    // A card is written as on the cards themselves ("2 ♠"), not in the log's code ("2S"): an outsider read "Carta 6 (2S)".
    if ((name === 'card' || name === 'stored') && typeof value === 'string' && CARD_CODE.test(value)) return cardFace(value).label;
    return String(value ?? '');
  });
  return missing ? undefined : filled;
}

/** A refusal by its code; a 400 names its field. */
export function errorCodeText(code: string, fallback: string, field?: string | null): string {
  // a field the crew fills in has a sentence of its own: "Richiesta non valida (player)" named the API's field, not the seat
  const own = field ? serverText(`error.${code}.${field}`) : undefined;
  if (own !== undefined) return own;
  const text = serverText(`error.${code}`);
  if (text === undefined) return fallback;
  return field ? `${text} (${field})` : text;
}

/** The central link's alert by its code. */
export function centralAlertText(alert: { code: string; message: string }): string {
  return serverText(`central.${alert.code}`) ?? alert.message;
}

/** The state a shuffler reports in its STAT frames (DEALING, EMPTY…) in the interface's language; an unknown state as sent. */
export function shufflerStateText(state: string): string {
  return serverText(`shuffler.${state}`) ?? state;
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
  /** A finer reason within the kind (a fault's code, an out-of-turn card's cause). */
  code?: string;
  /** The values the alert names, from the server (shoe/state.ts AlertParams) or the client's own notices (a new shoe). */
  params?: Readonly<Record<string, string | number>>;
  /** A new shoe's notice: the alert of why the shoe before was suspended. */
  cause?: AlertLike;
}

const after = (message: string, marker: string): string | undefined => {
  const at = message.indexOf(marker);
  return at === -1 ? undefined : message.slice(at + marker.length);
};
const card = (message: string) => /\(([^)]+)\)/.exec(message)?.[1];
const reasonOfVoid = (reason: string | undefined) => (reason === 'floor' ? t('void.floor') : reason === 'sibilla' ? t('void.sibilla') : reason);

/**
 * A fault by its code (RELOAD, SILENT in English inside an
 * Italian banner): the faults the system writes itself and the shuffler's
 * usual ERR codes have a text of their own; any other keeps the shuffler's text.
 */
function faultKey(a: AlertLike): [string, Record<string, string | number | undefined>] {
  // a fault event itself (who did what), or an older server's alert: its values read from its text as shoe/fault-params.ts reads them
  const code = a.code ?? (typeof a.params?.code === 'string' ? a.params.code : /^([A-Z][A-Z_]+):/.exec(a.message)?.[1]);
  const p = a.params ?? faultTextValues(code, a.message);
  const own = code === undefined ? undefined : `alert.fault.${code}`;
  // a finer text for the reason the server names (a spent shuffler shoe), else the code's own text
  for (const key of [typeof p.reason === 'string' ? `${own}.${p.reason}` : undefined, own])
    if (key !== undefined && Object.hasOwn(SERVER_EN, key) && serverText(key, p) !== undefined) return [key, p];
  return ['alert.fault', { text: a.message }];
}

/** A stored fault (code, text) in the interface's language when its code has a text here; undefined for another code. */
export function faultText(code: string, text: string): string | undefined {
  const [key, params] = faultKey({ kind: 'fault', code, message: text });
  return key === 'alert.fault' ? undefined : serverText(key, params);
}

function faultTextValues(code: string | undefined, text: string): Record<string, string | number> {
  const reload = /\(([^)]+)\) at card (\d+)/.exec(text);
  // SILENT's "for 15 s"; SILENCE_OVER's "after 56 s silent" (server/table/silence-over.ts): read as "Fault SILENCE_OVER: the
  // shuffler spoke again…" in English inside Italian "who did what" (outsider pass 33)
  const silent = code === 'SILENCE_OVER' ? /after (\d+) s silent/.exec(text) : /for (\d+) s\b/.exec(text);
  const gap = /from (\d+)/.exec(text);
  const mismatch = code === 'EMPTY_MISMATCH' ? /after card (\d+), but (\d+) cards/.exec(text) : null;
  const restart = code === 'RESTART' ? /resumes after card (\d+)/.exec(text) : null;
  const refused = code === 'SHOE_REFUSED' ? /\bshoe (\S+) refused: /.exec(text) : null;
  const spentBy = refused && /dealt into table shoe (\S+?):/.exec(text)?.[1];
  return {
    ...(reload && { serial: reload[1]!, seq: Number(reload[2]) }),
    ...(silent && { s: Number(silent[1]) }),
    ...(gap && { from: Number(gap[1]) }),
    ...(mismatch && { seq: Number(mismatch[1]), stored: Number(mismatch[2]) }),
    ...(restart && { seq: Number(restart[1]) }),
    ...(refused && { serial: refused[1]! }),
    ...(spentBy && { reason: 'spent', spentBy }),
  };
}

/** The key and parameters of an alert: its kind, code and params; an older server's alert by the details in its sentence. */
function alertKey(a: AlertLike): [string, Record<string, string | number | undefined>] {
  if (a.kind === 'fault') return faultKey(a);
  if (a.params !== undefined && a.kind !== 'new-shoe') return paramsKey(a, a.params);
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
      return m.includes('disputed') ? ['alert.out-of-turn.disputed', { ...base, disputed: /call of coup (\d+)/.exec(m)?.[1] }] : ['alert.out-of-turn', base];
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
      const cause = a.cause !== undefined ? alertText(a.cause) : p.note;
      return ['alert.new-shoe', { shoe: p.shoe, previous: p.previous, how: how === undefined ? undefined : cause ? `${how}: ${cause}` : how }];
    }
    default:
      return [`alert.${a.kind}`, base];
  }
}

/** An alert that carries its values (shoe/state.ts Alert, server/serial/card-sink.ts LinkAlert). */
function paramsKey(a: AlertLike, p: Readonly<Record<string, string | number>>): [string, Record<string, string | number | undefined>] {
  const params: Record<string, string | number | undefined> = { seq: a.seq, coup: a.coup, ...p };
  switch (a.kind) {
    case 'void':
      return ['alert.void', { ...params, reason: reasonOfVoid(String(p.reason ?? '')) }];
    case 'rule-violation': {
      const code = String(p.code ?? a.code ?? '');
      return ['alert.rule-violation', { ...params, rule: serverText(`error.${code}`) ?? code }];
    }
    case 'out-of-turn':
      return [a.code === 'DISPUTED' ? 'alert.out-of-turn.disputed' : 'alert.out-of-turn', params];
    case 'annulled':
      if (a.code !== 'CUT_SHORT') return ['alert.annulled', params];
      return [p.how === 'empty' ? 'alert.annulled.cutEmpty' : p.how === 'suspended' ? 'alert.annulled.cutSuspended' : 'alert.annulled.cut', params];
    case 'shuffler-error': {
      const own = `alert.shuffler-error.${a.code ?? ''}`;
      if (Object.hasOwn(SERVER_EN, own) && serverText(own, params) !== undefined) return [own, params];
      return [
        'alert.shuffler-error',
        { text: a.code !== undefined && p.text !== undefined ? `${a.code}: ${p.text}` : (after(a.message, 'shuffler error ') ?? a.message) },
      ];
    }
    case 'unheld':
      return [p.note === undefined ? 'alert.unheld' : 'alert.unheld.note', params];
    case 'card-refused': {
      const own = `alert.card-refused.${a.code ?? ''}`;
      if (Object.hasOwn(SERVER_EN, own) && serverText(own, params) !== undefined) return [own, params];
      return ['alert.card-refused', params];
    }
    default:
      return [`alert.${a.kind}`, params];
  }
}

/** An alert of the table or of the shuffler line in the interface's language; the server's sentence when it cannot be read. */
export function alertText(a: AlertLike): string {
  const [key, params] = alertKey(a);
  return serverText(key, params) ?? a.message;
}

/**
 * An alert's words beside its kind on a floor card's one line, where the kind says what it is: "Shuffler silent 35 s
 * without a word" in place of "Shuffler silent Fault recorded: no word from the shuffl…" (outside floor pass 45). The
 * whole sentence for an alert with no short form.
 */
export function alertShortText(a: AlertLike): string {
  const [key, params] = alertKey(a);
  return serverText(`${key}.short`, params) ?? serverText(key, params) ?? a.message;
}
