/**
 * decide(state, command) → events: the table's rules applied to one command.
 * It throws a RuleError naming the broken rule, or returns the events to
 * store, already checked in order against the state they will meet. It adds
 * the `end` the rules make due (end-of-shoe.ts): the suspension after the last
 * exposed coup, or an end that waited for the last call, once no call waits.
 */
import { parseCard } from './card.ts';
import { check } from './check.ts';
import type { Command, CommandMeta } from './commands.ts';
import { RuleError } from './errors.ts';
import { endDue, endMustWait, type WaitingEnd } from './end-of-shoe.ts';
import type { EventOf, ShoeEvent } from './events.ts';
import { evolve } from './evolve.ts';
import type { ShoeState } from './state.ts';

/** `waiting`: an `end` asked for earlier while a call waited (see decideAtTable), written as soon as no call waits. */
export function decide(state: ShoeState, command: Command, meta: CommandMeta = {}, waiting: WaitingEnd | null = null): ShoeEvent[] {
  const stamp = <E extends ShoeEvent>(e: E): E => ({ ...e, ...(meta.at !== undefined && { at: meta.at }), ...(meta.by !== undefined && { by: meta.by }) });
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
    case 'bet':
      return [command.insured ? { ...command, insured: true } : { type: 'bet', player: command.player, chance: command.chance, amount: command.amount }];
    case 'void':
    case 'withdraw':
    case 'insure':
    case 'close':
    case 'choice':
    case 'dispute':
    case 'resolve':
    case 'fault':
    case 'witness':
    case 'end':
      return [{ ...command }];
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
  return last.settlement
    .filter((r) => r.outcome === 'push' && r.level === 0 && state.rules.min <= r.amount)
    .map((r) => ({ type: 'bet', player: r.player, chance: r.chance, amount: r.amount, carried: true }));
}

/**
 * decide for a table that writes a log: an `end` asked for while a call waits
 * is not written yet (the log closes at `end`); it comes back as `waiting`,
 * to be given to the next decision, and is written by the one that settles
 * the last call (docs/rules.md, "the end waits for the last call").
 */
export function decideAtTable(
  state: ShoeState,
  command: Command,
  meta: CommandMeta,
  waiting: WaitingEnd | null,
): { events: ShoeEvent[]; waiting: WaitingEnd | null } {
  if (command.type === 'end' && endMustWait(state)) {
    const [end] = decide(state, command, meta) as [EventOf<'end'>];
    const { at: _, ...held } = end;
    return { events: [], waiting: held };
  }
  const events = decide(state, command, meta, waiting);
  return { events, waiting: events.some((e) => e.type === 'end') ? null : waiting };
}
