/**
 * decide(state, command) → events: the table's rules applied to one command.
 * It throws a RuleError naming the broken rule, or returns the events to
 * store, already checked in order against the state they will meet. It adds
 * the `end` the rules make due (end-of-shoe.ts): the suspension after the last
 * exposed coup, or an end that waited for the last call, once no call waits.
 */
import { parseCard } from './card.ts';
import { check, heldText } from './check.ts';
import type { Command, CommandMeta } from './commands.ts';
import { RuleError } from './errors.ts';
import { endDue, endMustWait, RULES_ACTOR, type WaitingEnd } from './end-of-shoe.ts';
import type { EventOf, ShoeEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { lyingStakes } from './lying-stakes.ts';
import type { ShoeState } from './state.ts';

/** The user the shuffler link acts as (server/table/table.ts SHUFFLER). */
const SHUFFLER_USER = 'shuffler';

/** `waiting`: an `end` asked for earlier while a call waited (see decideAtTable), written as soon as no call waits. */
export function decide(state: ShoeState, command: Command, meta: CommandMeta = {}, waiting: WaitingEnd | null = null): ShoeEvent[] {
  // A stake an après left on the layout is the table's doing, not the tailleur's who opened the bets (docs/rules.md#apres).
  const byOf = (e: ShoeEvent) => (e.type === 'bet' && e.carried ? RULES_ACTOR : meta.by);
  const stamp = <E extends ShoeEvent>(e: E): E => {
    const by = byOf(e);
    return { ...e, ...(meta.at !== undefined && { at: meta.at }), ...(by !== undefined && { by }) };
  };
  const events = draft(state, command).map(stamp);
  // Check each event against the state the previous ones leave, then add the end now due.
  let s = state;
  for (const e of events) {
    check(s, e);
    s = evolve(s, e);
  }
  const end = endDue(s, waiting, meta);
  if (end !== null) events.push(end);
  return events;
}

function draft(state: ShoeState, command: Command): ShoeEvent[] {
  switch (command.type) {
    case 'start': {
      const { type: _, ...shoe } = command;
      return [{ type: 'shoe', ...shoe }];
    }
    case 'card': {
      let card: string;
      try {
        card = parseCard(command.card);
      } catch (e) {
        throw new RuleError('INVALID_EVENT', (e as Error).message);
      }
      const event: ShoeEvent = command.exposed ? { type: 'card', seq: command.seq, card, exposed: true } : { type: 'card', seq: command.seq, card };
      return state.phase === 'open' && state.burnLeft === 0 ? [{ type: 'close', cause: 'card' }, event] : [event];
    }
    case 'open':
      return [{ type: 'open' }, ...carriedStakes(state)];
    case 'confirm': {
      const call = state.coups[command.coup - 1]?.call;
      return [call === undefined ? { type: 'confirm', coup: command.coup } : { type: 'confirm', coup: command.coup, call }];
    }
    case 'bet': {
      const { held, ...bet } = command;
      const standing = state.stakes.find((x) => x.player === bet.player && x.chance === bet.chance)?.amount ?? 0;
      if (held !== undefined && held !== standing)
        throw new RuleError('STAKE_CHANGED', `${bet.player}'s stake on ${bet.chance} is ${standing} cents, not the ${held} seen: look at it again`);
      return [bet.insured ? { ...bet, insured: true } : { type: 'bet', player: bet.player, chance: bet.chance, amount: bet.amount }];
    }
    case 'void':
    case 'withdraw':
    case 'insure':
    case 'close':
    case 'choice':
    case 'dispute':
    case 'resolve':
    case 'fault':
    case 'witness':
    case 'handed-back':
    case 'unhold':
      return [{ ...command }];
    case 'end': {
      const { again: _, ...end } = command;
      return [end];
    }
    case 'reload':
      // The shuffler announced a new shoe while cards of this one were drawn: it was reloaded or restarted, so this shoe is over at once.
      return [
        { type: 'fault', code: 'RELOAD', text: `the shuffler announced a new shoe (${command.serial}) at card ${state.lastSeq} of this one: suspended` },
        { type: 'end', reason: 'suspended' },
      ];
    default: {
      const never: never = command;
      throw new RuleError('INVALID_EVENT', `unknown command ${JSON.stringify(never)}`);
    }
  }
}

/**
 * After an après (or an insured 31 après) the stakes stay on the layout: the
 * coup was void, so they play the next coup unless the player changes them.
 * They are written as fresh bets, insurance not renewed (it is bought per coup).
 */
function carriedStakes(state: ShoeState): ShoeEvent[] {
  const last = state.coups.at(-1);
  if (!last || (last.status !== 'confirmed' && last.status !== 'resolved')) return [];
  return lyingStakes(state, last).map((s) => ({ type: 'bet', player: s.player, chance: s.chance, amount: s.amount, carried: true }));
}

/**
 * decide for a table that writes a log: an `end` asked for while a call waits
 * is not written yet (the log closes at `end`): a `hold` event records who
 * asked and why (docs/rules.md#held-end), every screen shows it, and the
 * decision that settles the last call writes the `end`. A second request
 * while one is held is answered, never swallowed: refused (`SUSPENSION_PENDING`)
 * naming the first, unless the chef asks it `again` on purpose, when it stands
 * in the first's place (a `hold` marked `again`; the first stays in the record) — except the shuffler's EMPTY, which it repeats until
 * acknowledged: the same again, or EMPTY behind the chef's suspension, changes
 * nothing (the first request stands), but is kept: a withdrawn suspension
 * (`unhold`) leaves the EMPTY held in its place. `waiting` is kept for callers that hold
 * the end themselves (a log before `hold` existed).
 */
export function decideAtTable(
  state: ShoeState,
  command: Command,
  meta: CommandMeta,
  waiting: WaitingEnd | null,
): { events: ShoeEvent[]; waiting: WaitingEnd | null } {
  if (command.type === 'end' && endMustWait(state, command.reason)) {
    if (state.held) {
      // kept in memory behind the chef's suspension: it is held in its place if the chef withdraws the suspension
      if (meta.by === SHUFFLER_USER && command.reason === 'empty') return { events: [], waiting: waiting ?? { type: 'end', reason: 'empty', by: meta.by } };
      if (!command.again) throw new RuleError('SUSPENSION_PENDING', heldText(state.held));
    }
    const [end] = decide(state, command, meta) as [EventOf<'end'>];
    const hold: ShoeEvent = { ...end, type: 'hold', ...(state.held !== null && { again: true as const }) };
    check(state, hold);
    return { events: [hold], waiting: null };
  }
  if (command.type === 'unhold' && waiting !== null) return unholdBehind(state, command, meta, waiting);
  const events = decide(state, command, meta, waiting);
  return { events, waiting: events.some((e) => e.type === 'end') ? null : waiting };
}

/**
 * The chef withdraws a suspension while the shuffler's EMPTY waited behind it: the shoe is still empty, so that
 * end is held in its place, by the shuffler, and every screen says so (docs/rules.md#held-end).
 */
function unholdBehind(state: ShoeState, command: Command, meta: CommandMeta, waiting: WaitingEnd): { events: ShoeEvent[]; waiting: null } {
  const [unhold] = decide(state, command, meta) as [ShoeEvent];
  const hold: ShoeEvent = { ...waiting, type: 'hold', ...(meta.at !== undefined && { at: meta.at }) };
  check(evolve(state, unhold), hold);
  return { events: [unhold, hold], waiting: null };
}
