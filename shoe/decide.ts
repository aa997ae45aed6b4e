/**
 * decide(state, command) → events: the table's rules applied to one command.
 * It throws a RuleError naming the broken rule, or returns the events to
 * store, already checked in order against the state they will meet.
 */
import { parseCard } from './card.ts';
import { check } from './check.ts';
import type { Command, CommandMeta } from './commands.ts';
import { RuleError } from './errors.ts';
import type { ShoeEvent } from './events.ts';
import { evolve } from './evolve.ts';
import type { ShoeState } from './state.ts';

export function decide(state: ShoeState, command: Command, meta: CommandMeta = {}): ShoeEvent[] {
  const stamp = <E extends ShoeEvent>(e: E): E => ({ ...e, ...(meta.at !== undefined && { at: meta.at }), ...(meta.by !== undefined && { by: meta.by }) });
  const events = draft(state, command).map(stamp);
  // Check each event against the state the previous ones leave, and add the
  // suspension the rules impose when a card completes the last exposed coup.
  let s = state;
  for (const e of events) {
    check(s, e);
    s = evolve(s, e);
  }
  if (command.type === 'card' && s.end?.auto && !state.end) events.push(stamp({ type: 'end', reason: 'suspended' }));
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
    case 'end':
      return [{ ...command }];
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
