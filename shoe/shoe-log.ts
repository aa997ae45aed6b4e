/**
 * The shoe log (docs/shoe-log.md): JSON Lines, one event per line, oldest first.
 *
 * Each line is checked against a zod schema for its event kind. The schemas
 * check the format only — types, card notation, required fields; whether an
 * event is allowed at that point of the shoe is a rule of the game, judged on
 * replay (check.ts), so a log that breaks a rule still reads and its faults
 * become alerts. Unknown fields are kept (`looseObject`) and ignored: the format
 * lets writers add `at`, `by`, hashes.
 */
import { CodedError } from './coded-error.ts';
import { z } from 'zod';
import { parseCard } from './card.ts';
import { CHANCES, WITNESS_STATES, type EventOf, type ShoeEvent, type ShoeEventType } from './events.ts';
import { MAX_PRISON_LEVEL, rulesSchema } from './rules.ts';
import { HIDDEN_CHARACTER, SEAT_ID } from './seats.ts';
import { MAX_LINE_DEPTH, nesting } from './line-nesting.ts';

/** A line of the log that is not an event of docs/shoe-log.md#events, with its 1-based number. */
export class ShoeLogError extends CodedError {
  override readonly code = 'SHOE_LOG';
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
    this.name = 'ShoeLogError';
  }
}

/** Free text: never a control, zero-width or bidi character (shoe/seats.ts), which could make two texts look alike. */
const text = (what: string) =>
  z
    .string({ error: `must be ${what}` })
    .refine((t) => !HIDDEN_CHARACTER.test(t), { error: 'must not contain control, zero-width or right-to-left characters' });
/** A seat id of shoe/seats.ts: plain ASCII, so `s3` and `s3` + U+200B are never two players. */
const seat = z
  .string({ error: 'must be a seat id such as "s3"' })
  .regex(SEAT_ID, { error: 'must be a seat id such as "s3" (a letter, then letters, digits, - or _)' });
const whole = (what: string) => z.number({ error: `must be ${what}` }).int({ error: `must be ${what}` });
const cents = whole('a whole number of cents');
const chance = z.enum(CHANCES, { error: `must be one of ${CHANCES.join(', ')}` });
const flag = z.boolean({ error: 'must be true or false' });

/** Card notation of docs/rules.md#cards-and-shoe, `10H` and lower case accepted, normalised to `TH`. */
const card = text('a card like TH, 10H or QS').transform((input, ctx) => {
  try {
    return parseCard(input);
  } catch {
    ctx.addIssue({ code: 'custom', message: `must be a card like TH, 10H or QS, not "${input}"` });
    return z.NEVER;
  }
});

/** Who and when, on any line. */
const meta = { at: text('an ISO time').optional(), by: text('a user name').optional() };

const line = <K extends ShoeEventType, T extends z.core.$ZodLooseShape>(type: K, shape: T) => z.looseObject({ type: z.literal(type), ...meta, ...shape });

const prisonCarry = z.looseObject({
  player: seat,
  chance,
  amount: cents,
  level: whole('a whole prison level'),
});

/**
 * The prison a shoe line carries is bounded (docs/rules.md#prison-levels): a
 * level from 1 to MAX_PRISON_LEVEL, and one stake per seat, chance and level
 * (two meeting at one level merge). Issue 18 defect 3: 5,000 carried stakes
 * made every later read of the log slow. The bound is the rules' absolute one,
 * not this shoe's `maxPrisonLevel`: a house may lower it between a suspended
 * shoe and the next, whose first line still carries the deeper stakes.
 */
function carriedPrisonBounded(e: { prison?: { player: string; chance: string; level: number }[] | undefined }, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const [k, p] of (e.prison ?? []).entries()) {
    const key = `${p.player} ${p.chance} ${p.level}`;
    if (p.level < 1 || p.level > MAX_PRISON_LEVEL)
      return void ctx.addIssue({ code: 'custom', path: ['prison', k, 'level'], message: `must be from 1 to ${MAX_PRISON_LEVEL}` });
    if (seen.has(key))
      return void ctx.addIssue({ code: 'custom', path: ['prison', k], message: 'repeats a stake of the same seat, chance and level: they merge' });
    seen.add(key);
  }
}

const stake = { player: seat, chance };
const coup = whole('a whole coup number');

/** Every kind, keyed by `type`; each must produce exactly that event of events.ts. */
const EVENT_SCHEMAS: { [K in ShoeEventType]: z.ZodType<EventOf<K>, unknown> } = {
  shoe: line('shoe', {
    table: text('a table id'),
    shoe: text('a shoe id'),
    cards: whole('a whole number of cards').positive({ error: 'must be at least 1' }),
    rules: rulesSchema,
    prison: z.array(prisonCarry, { error: 'must be a list of prison stakes' }).optional(),
    ordinal: whole('a whole shoe ordinal').positive({ error: 'must be at least 1' }).optional(),
    previous: z
      .looseObject({ shoe: text('a shoe id'), i: whole('a whole event index'), hash: text('a hash') }, { error: 'must name the previous shoe' })
      .optional(),
  }).superRefine(carriedPrisonBounded),
  card: line('card', { seq: whole('a whole card number'), card, exposed: flag.optional() }),
  void: line('void', { seq: whole('a whole card number'), reason: text('the reason, e.g. "floor"') }),
  open: line('open', {}),
  bet: line('bet', { ...stake, amount: cents, insured: flag.optional(), carried: flag.optional() }),
  withdraw: line('withdraw', stake),
  insure: line('insure', stake),
  close: line('close', { cause: z.literal('card', { error: 'must be "card" when given' }).optional() }),
  choice: line('choice', {
    ...stake,
    action: z.enum(['leave', 'move', 'partager'], { error: 'must be one of leave, move, partager' }),
    to: chance.optional(),
    stake: text('a prison stake id').optional(),
  }).refine((e) => e.action !== 'move' || e.to !== undefined, { path: ['to'], message: 'is required: a move names the chance it goes to' }),
  confirm: line('confirm', { coup, call: text('the call confirmed').optional() }),
  dispute: line('dispute', { coup, announced: text('what was announced') }),
  resolve: line('resolve', {
    coup,
    ruling: z.enum(['cards', 'annul'], { error: 'must be "cards" or "annul"' }),
    reason: text('the reason of the ruling'),
  }),
  fault: line('fault', { code: text('a fault code such as JAM'), text: text('the fault text') }),
  hold: line('hold', { reason: z.enum(['empty', 'suspended'], { error: 'must be "empty" or "suspended"' }), note: text('the note').optional() }),
  witness: line('witness', {
    state: z.enum(WITNESS_STATES, { error: `must be one of ${WITNESS_STATES.join(', ')}` }),
    since: text('an ISO time').optional(),
    from: whole('a whole event index').optional(),
    to: whole('a whole event index').optional(),
  }),
  'handed-back': line('handed-back', {
    shoe: text('a shoe id'),
    rows: z.array(z.looseObject({ ...stake, amount: cents, insured: flag.optional() })).optional(),
  }),
  end: line('end', { reason: z.enum(['empty', 'suspended'], { error: 'must be "empty" or "suspended"' }), note: text('the note').optional() }),
};

function isEventType(type: unknown): type is ShoeEventType {
  return typeof type === 'string' && Object.hasOwn(EVENT_SCHEMAS, type);
}

/**
 * The lines of a shoe log, each a JSON object or a problem named by its line
 * number, before any check of the format: the store reads its own files (and
 * recovers a torn tail) at this level; everything else reads events.
 */
export type ShoeLogLine =
  | {
      kind: 'event';
      /** 1-based line number in the file. */
      line: number;
      text: string;
      event: Record<string, unknown>;
      /** SHA-256 of the line's bytes before its trailing hash member, when a reader computed it (verify). */
      digest?: string;
    }
  | { kind: 'unreadable'; line: number; text: string; message: string /** The same, without the line number. */; reason: string };

export interface ShoeLogText {
  lines: ShoeLogLine[];
  /**
   * Text after the last newline, if any: a line still being written, or torn
   * by a crash. Not part of `lines`.
   */
  unterminated: { line: number; text: string } | null;
  /** Number of newline-terminated lines, blank ones included. */
  terminatedLines: number;
}

/** Splits a shoe log into lines; blank lines are skipped but counted. */
export function parseShoeLogText(text: string): ShoeLogText {
  const parts = text.split('\n');
  const tail = parts.pop() ?? '';
  const unterminated = tail === '' ? null : { line: parts.length + 1, text: tail };
  const lines: ShoeLogLine[] = [];
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    if (part.trim() === '') continue;
    lines.push(parseLine(part, k + 1));
  }
  return { lines, unterminated, terminatedLines: parts.length };
}

export { MAX_LINE_DEPTH };

export function parseLine(text: string, line: number): ShoeLogLine {
  if (nesting(text, MAX_LINE_DEPTH) > MAX_LINE_DEPTH) {
    const reason = `nested more than ${MAX_LINE_DEPTH} levels deep`;
    return { kind: 'unreadable', line, text: text.slice(0, 200), message: `line ${line} is ${reason}`, reason };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { kind: 'unreadable', line, text, message: `line ${line} is not JSON: ${(e as Error).message}`, reason: `not valid JSON (${(e as Error).message})` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'unreadable', line, text, message: `line ${line} is not a JSON object`, reason: 'an event is a JSON object' };
  }
  return { kind: 'event', line, text, event: value as Record<string, unknown> };
}

/** Reads a shoe log; throws {@link ShoeLogError} at the first malformed line. Blank lines are skipped; a last line without its newline is read. */
export function parseShoeLog(text: string): ShoeEvent[] {
  const { lines, unterminated } = parseShoeLogText(text);
  if (unterminated !== null && unterminated.text.trim() !== '') lines.push(parseLine(unterminated.text, unterminated.line));
  return lines.map((l) => {
    if (l.kind === 'unreadable') throw new ShoeLogError(l.line, l.reason);
    return parseEvent(l.event, l.line);
  });
}

/** Checks one line's object against the format of its event kind. */
export function parseEvent(value: Record<string, unknown>, n: number): ShoeEvent {
  const type = (value as { type?: unknown }).type;
  if (type === undefined) throw new ShoeLogError(n, '"type" is missing');
  if (!isEventType(type)) throw new ShoeLogError(n, `unknown event type ${JSON.stringify(type)}`);
  const parsed = EVENT_SCHEMAS[type].safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ShoeLogError(n, parsed.error.issues.map((issue) => describe(issue, value)).join('; '));
}

/** `"amount" must be a whole number of cents`, or `"rules.burn" is missing`. */
function describe(issue: z.core.$ZodIssue, value: unknown): string {
  const field = issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
  const missing = issue.code === 'invalid_type' && valueAt(value, issue.path) === undefined;
  return `"${field}" ${missing ? 'is missing' : issue.message}`;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const key of path) v = typeof v === 'object' && v !== null ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  return v;
}

/** Writes events as a shoe log: one JSON object per line, each line ending in a newline. */
export function formatShoeLog(events: readonly ShoeEvent[]): string {
  return events.map((e) => `${JSON.stringify(e)}\n`).join('');
}
