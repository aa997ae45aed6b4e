/**
 * Shoe logs of a simulated table, for the shuffle audit's tests and bench and
 * for `tq simulate --logs`: each shoe shuffled by the chosen shuffler from the
 * previous shoe's dealt order (the first from new decks, in factory order),
 * then dealt through the table's own rules (decide/evolve) with every call
 * confirmed, so each file is the shoe log the table would have written.
 */
import { cardFromCode, orderedShoe } from '../../shoe/card.ts';
import type { Command } from '../../shoe/commands.ts';
import { decide } from '../../shoe/decide.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { evolve } from '../../shoe/evolve.ts';
import type { Random } from '../../shoe/math/seeded-random.ts';
import type { Rules } from '../../shoe/rules.ts';
import { INITIAL_STATE, type ShoeState } from '../../shoe/state.ts';
import type { Shuffler } from './weak-shufflers.ts';

/** The events of one shoe dealt in the order given, every call confirmed. */
export function dealtShoeLog(table: string, shoe: string, cards: Uint8Array, rules: Rules): ShoeEvent[] {
  const log: ShoeEvent[] = [];
  let state: ShoeState = INITIAL_STATE;
  const apply = (command: Command) => {
    for (const e of decide(state, command)) {
      state = evolve(state, e);
      log.push(e);
    }
  };
  apply({ type: 'start', table, shoe, cards: cards.length, rules: { ...rules } });
  cards.forEach((code, i) => {
    apply({ type: 'card', seq: i + 1, card: cardFromCode(code) });
    const last = state.coups.at(-1);
    if (last?.status === 'awaiting-confirm') apply({ type: 'confirm', coup: last.coup });
  });
  apply({ type: 'end', reason: 'empty' });
  return log;
}

/** Yields `count` shoes' dealt orders, each shuffled from the one before. */
export function* shuffledSequence(shuffle: Shuffler, random: Random, count: number): Generator<Uint8Array> {
  let previous = orderedShoe();
  for (let i = 0; i < count; i++) {
    previous = shuffle(previous, random);
    yield previous;
  }
}
