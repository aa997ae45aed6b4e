/**
 * The shoe log (SPEC §6): JSON Lines, one event per line, oldest first.
 *
 * Each line is checked against a zod schema for its event kind. The schemas
 * check the format only — types, card notation, required fields; whether an
 * event is allowed at that point of the shoe is a rule of the game, judged on
 * replay (check.ts), so a log that breaks a rule still reads and its faults
 * become alerts. Unknown fields are kept (`looseObject`) and ignored: the SPEC
 * lets writers add `at`, `by`, hashes.
 */
import { z } from 'zod';
import { parseCard } from './card.ts';
import { CHANCES, type EventOf, type ShoeEvent, type ShoeEventType } from './events.ts';

/** A line of the log that is not an event of SPEC §6, with its 1-based number. */
export class ShoeLogError extends Error {
  readonly code = 'SHOE_LOG';
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
    this.name = 'ShoeLogError';
  }
}

const text = (what: string) => z.string({ error: `must be ${what}` });
const whole = (what: string) => z.number({ error: `must be ${what}` }).int({ error: `must be ${what}` });
const cents = whole('a whole number of cents');
const chance = z.enum(CHANCES, { error: `must be one of ${CHANCES.join(', ')}` });
const flag = z.boolean({ error: 'must be true or false' });

/** Card notation of SPEC §1, `10H` and lower case accepted, normalised to `TH`. */
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

const line = <K extends ShoeEventType, T extends z.core.$ZodLooseShape>(type: K, shape: T) =>
  z.looseObject({ type: z.literal(type), ...meta, ...shape });

const rules = z.looseObject({
  burn: whole('a whole number of cards'),
  min: cents,
  max: cents,
  insurance: z.number({ error: 'must be a fraction such as 0.01' }),
  maxPrisonLevel: whole('a whole number of levels'),
  exposedCoupLimit: whole('a whole number of coups'),
  endOfShoeRelease: flag,
});

const prisonCarry = z.looseObject({
  player: text('a player id'),
  chance,
  amount: cents,
  level: whole('a whole prison level'),
});

const stake = { player: text('a player id'), chance };
const coup = whole('a whole coup number');

/** Every kind, keyed by `type`; each must produce exactly that event of events.ts. */
const EVENT_SCHEMAS: { [K in ShoeEventType]: z.ZodType<EventOf<K>, unknown> } = {
  shoe: line('shoe', {
    table: text('a table id'),
    shoe: text('a shoe id'),
    cards: whole('a whole number of cards'),
    rules,
    prison: z.array(prisonCarry, { error: 'must be a list of prison stakes' }).optional(),
  }),
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
  }).refine((e) => e.action !== 'move' || e.to !== undefined, { path: ['to'], message: 'is required: a move names the chance it goes to' }),
  confirm: line('confirm', { coup, call: text('the call confirmed').optional() }),
  dispute: line('dispute', { coup, announced: text('what was announced') }),
  resolve: line('resolve', {
    coup,
    ruling: z.enum(['cards', 'annul'], { error: 'must be "cards" or "annul"' }),
    reason: text('the reason of the ruling'),
  }),
  fault: line('fault', { code: text('a fault code such as JAM'), text: text('the fault text') }),
  end: line('end', { reason: z.enum(['empty', 'suspended'], { error: 'must be "empty" or "suspended"' }), note: z.string().optional() }),
};

function isEventType(type: unknown): type is ShoeEventType {
  return typeof type === 'string' && Object.hasOwn(EVENT_SCHEMAS, type);
}

/** Reads a shoe log; throws {@link ShoeLogError} at the first malformed line. Blank lines are skipped. */
export function parseShoeLog(text: string): ShoeEvent[] {
  const events: ShoeEvent[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() !== '') events.push(parseLine(raw, i + 1));
  });
  return events;
}

function parseLine(raw: string, n: number): ShoeEvent {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    throw new ShoeLogError(n, `not valid JSON (${(e as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ShoeLogError(n, 'an event is a JSON object');
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
