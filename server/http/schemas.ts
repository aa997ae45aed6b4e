/**
 * Request bodies, parameters and queries of API.md, checked with zod before
 * anything reaches the table. Objects are strict: an unknown field is a 400
 * naming it. Messages read after the field name: "amount must be positive".
 * Whether a valid request is allowed now is the rules engine's call (409).
 */
import { z } from 'zod';
import { CHANCES } from '../../shoe/events.ts';
import { HIDDEN_CHARACTER, SEAT_ID } from '../../shoe/seats.ts';
import { isValidShoeId } from '../store/data-dir.ts';

/** A field's error: "is required" when absent, `what` otherwise. */
const says = (what: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : what) });

/** Free text (a reason, an announced call): no control, zero-width or bidi characters (shoe/seats.ts). */
const text = (what: string, max = 200) =>
  z
    .string(says(what))
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((t) => !HIDDEN_CHARACTER.test(t), { error: 'must not contain control, zero-width or right-to-left characters' });
const whole = (what: string) => z.number(says(what)).int({ error: what });
const chance = z.enum(CHANCES, says(`must be one of ${CHANCES.join(', ')}`));
/** A seat id of shoe/seats.ts; whether the table has that seat is checked by the route (it knows the table's seats). */
const player = z.string(says('must be a seat id such as "s3"')).regex(SEAT_ID, { error: 'must be a seat id such as "s3"' });
const stake = { player, chance };

export const loginBody = z.strictObject({
  user: text('must be a user name', 64),
  pin: z.string(says('must be a string of digits')).min(1, { error: 'must not be empty' }).max(64, { error: 'is too long' }),
});

export const startBody = z.strictObject({
  cards: whole('must be a whole number of cards').positive({ error: 'must be positive' }).max(10_000, { error: 'is too many cards' }).optional(),
});

export const betBody = z.strictObject({
  ...stake,
  amount: whole('must be a whole number of cents').positive({ error: 'must be positive' }),
  insured: z.boolean(says('must be true or false')).optional(),
  /** What the payeur's screen showed on that seat and chance (shoe/commands.ts): refused STAKE_CHANGED if it changed since. */
  held: whole('must be a whole number of cents').min(0, { error: 'must not be negative' }).optional(),
});

export const stakeBody = z.strictObject(stake);

export const choiceBody = z
  .strictObject({
    ...stake,
    action: z.enum(['leave', 'move', 'partager'], says('must be one of leave, move, partager')),
    to: chance.optional(),
    /** The prison stake's id (docs/rules.md#prison-stake-id); required by the rules when the seat has two stakes there. */
    stake: z
      .string(says('must be a prison stake id such as "13-s1-rouge"'))
      .regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'must be a prison stake id such as "13-s1-rouge"' })
      .optional(),
  })
  .refine((b) => b.action !== 'move' || b.to !== undefined, { path: ['to'], error: 'is required: a move names the chance it goes to' })
  .refine((b) => b.action === 'move' || b.to === undefined, { path: ['to'], error: 'is only given with action "move"' });

export const disputeBody = z.strictObject({ announced: text('must be the call as announced') });

export const voidBody = z.strictObject({ reason: z.enum(['floor', 'sibilla'], says('must be "floor" or "sibilla"')) });

export const resolveBody = z.strictObject({
  ruling: z.enum(['cards', 'annul'], says('must be "cards" or "annul"')),
  reason: text('must say why', 500),
});

export const handedBackBody = z.strictObject({ shoe: text('must name the ended shoe', 200) });
export const suspendBody = z.strictObject({ reason: text('must say why', 500), again: z.literal(true, { error: 'must be true' }).optional() });
/** Withdrawing a held suspension may say why (the inspector came); an empty body says nothing. */
export const unholdBody = z.strictObject({ note: text('must say why', 500).optional() });

/** Path numbers arrive as text: "7" → 7; "7x", "0", "-1" are refused naming the parameter. */
const pathNumber = (what: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, { error: `must be a ${what} (1, 2, …)` })
    .transform(Number);

export const coupParams = z.object({ coup: pathNumber('coup number') });
export const seqParams = z.object({ seq: pathNumber('card number') });

/** Shoe ids name files in the store (server/store/data-dir.ts): never a path. */
export const shoeParams = z.object({
  id: z.string().refine(isValidShoeId, { error: 'must be a shoe id (letters, digits, ".", "-", "_")' }),
});

export const stateQuery = z.object({
  at: z
    .string()
    .regex(/^[0-9]{1,9}$/, { error: 'must be an event index (0, 1, …)' })
    .transform(Number)
    .optional(),
});

/** The demo's pull: `outOfTurn` draws even before the bets are open (the card is then out of turn, and alerted). */
export const simDealBody = z.strictObject({ outOfTurn: z.boolean(says('must be true or false')).optional() });
