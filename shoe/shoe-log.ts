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
import { parseLine, parseShoeLogText } from './shoe-log-lines.ts';

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
 * (two meeting at one level merge). Found when probed as an attacker: 5,000 carried stakes
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

/** Bounded like the carried prison (a log probed with thousands of entries made every read slow): shoes, and rows per shoe. */
const MAX_CARRIED_HAND_BACKS = 100;
const MAX_HAND_BACK_ROWS = 1000;

/** An earlier shoe's stakes still to hand back, carried on a first line (docs/shoe-log.md#handed-back). */
const handBackCarry = z.looseObject({
  shoe: text('a shoe id'),
  how: z.enum(['suspended', 'empty', 'left'], { error: 'must be suspended, empty or left' }),
  note: text('the note').optional(),
  coup: coup.optional(),
  annulled: z.enum(['ruling'], { error: 'must be ruling' }).optional(),
  rows: z
    .array(
      z.looseObject({
        ...stake,
        amount: cents,
        insured: flag.optional(),
        premium: cents.optional(),
        from: z.enum(['coup', 'prison', 'layout'], { error: 'must be coup, prison or layout' }),
      }),
    )
    .max(MAX_HAND_BACK_ROWS, { error: `must list at most ${MAX_HAND_BACK_ROWS} rows` }),
});

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
    handBack: z
      .array(handBackCarry, { error: 'must be a list of hand-backs' })
      .max(MAX_CARRIED_HAND_BACKS, { error: `must list at most ${MAX_CARRIED_HAND_BACKS} shoes` })
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
  hold: line('hold', {
    reason: z.enum(['empty', 'suspended'], { error: 'must be "empty" or "suspended"' }),
    note: text('the note').optional(),
    again: z.literal(true, { error: 'must be true' }).optional(),
  }),
  unhold: line('unhold', { note: text('the note').optional() }),
  witness: line('witness', {
    state: z.enum(WITNESS_STATES, { error: `must be one of ${WITNESS_STATES.join(', ')}` }),
    since: text('an ISO time').optional(),
    from: whole('a whole event index').optional(),
    to: whole('a whole event index').optional(),
  }),
  'handed-back': line('handed-back', {
    shoe: text('a shoe id'),
    rows: z.array(z.looseObject({ ...stake, amount: cents, insured: flag.optional(), premium: cents.optional() })).optional(),
  }),
  end: line('end', { reason: z.enum(['empty', 'suspended'], { error: 'must be "empty" or "suspended"' }), note: text('the note').optional() }),
};

function isEventType(type: unknown): type is ShoeEventType {
  return typeof type === 'string' && Object.hasOwn(EVENT_SCHEMAS, type);
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
