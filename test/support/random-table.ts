/**
 * A whole shoe played at random, legally, through `decide` as the table
 * service plays it: a shuffled six-deck shoe, players betting at random on the
 * four chances (some insured, some over the maximum), withdrawals, prison
 * choices after each 31 après, the odd exposed or voided card, each call
 * confirmed. Randomness comes from a `Draw`, so fast-check can drive it.
 */
import type { Command } from '../../shoe/commands.ts';
import { decide } from '../../shoe/decide.ts';
import { suspensionDue } from '../../shoe/end-of-shoe.ts';
import { CHANCES, type PrisonCarry, type ShoeEvent } from '../../shoe/events.ts';
import { evolve } from '../../shoe/evolve.ts';
import { INITIAL_STATE, type ShoeState } from '../../shoe/state.ts';
import { points } from './deck.ts';
import { STOP } from './rows.ts';
import { VENICE } from './shoe-builder.ts';

export interface Draw {
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
}

export interface RandomTableOptions {
  /** The shoe as the shuffler dispenses it (312 cards for a legal shoe). */
  cards: readonly string[];
  /** Chance that a card is seen face up in the shuffler. */
  exposedRate?: number;
  /** Chance that a card just drawn falls to the floor and is voided. */
  voidRate?: number;
  /** Stakes carried in prison from a suspended shoe. */
  prison?: PrisonCarry[];
}

/** Few players, so one often holds stakes on several chances (and moves one onto another). */
const PLAYERS = ['s1', 's2', 's3', 's4'];
const PER_MILLION = 1_000_000;

export function playRandomShoe(draw: Draw, options: RandomTableOptions): { events: ShoeEvent[]; state: ShoeState } {
  const rules = VENICE;
  const maybe = (p: number) => draw.int(0, PER_MILLION - 1) < p * PER_MILLION;
  const pick = <T>(xs: readonly T[]): T => xs[draw.int(0, xs.length - 1)]!;
  const events: ShoeEvent[] = [];
  let state = INITIAL_STATE;
  // The last coup allowed with an exposed card stops the dealing; its confirmation writes the end.
  const ended = () => state.phase === 'ended' || suspensionDue(state);
  const run = (command: Command) => {
    for (const e of decide(state, command, { at: '2026-11-22T12:00:00.000Z', by: 't1' })) {
      state = evolve(state, e);
      events.push(e);
    }
  };

  run({ type: 'start', table: 'T1', shoe: 'random', cards: options.cards.length, rules, ...(options.prison?.length && { prison: options.prison }) });
  let next = 0;
  let seq = 0;
  const drawCard = () => run({ type: 'card', seq: ++seq, card: options.cards[next++]!, ...(maybe(options.exposedRate ?? 0) && { exposed: true }) });
  for (let i = 0; i < rules.burn; i++) drawCard();

  /** A few choices on stakes a 31 après has just imprisoned: none, one, or a change of mind. */
  const choose = () => {
    for (let k = draw.int(0, 4); k > 0; k--) {
      const open = state.prison.filter((p) => p.choosable);
      if (open.length === 0) return;
      const chosen = pick(open);
      const { player, chance } = chosen;
      // A choice names its stake; one without the name is still taken when the seat has one stake there (old logs).
      const alone = state.prison.filter((p) => p.player === player && p.chance === chance).length === 1;
      const stake = alone && maybe(0.5) ? {} : { stake: chosen.id };
      const action = pick(['leave', 'move', 'partager'] as const);
      if (action !== 'move') {
        run({ type: 'choice', player, chance, action, ...stake });
        continue;
      }
      // Half the moves go onto another of the player's prison stakes at that level whose choice is made, where the two merge;
      // never onto one whose choice is still open (MOVE_ONTO_OPEN_CHOICE: the moved money would get a second choice).
      const mine = state.prison.filter((p) => p.player === player && p.chance !== chance && p.level === chosen.level);
      const blocked = new Set(mine.filter((p) => p.choosable).map((p) => p.chance));
      const own = mine.filter((p) => !p.choosable).map((p) => p.chance);
      const free = CHANCES.filter((c) => c !== chance && !blocked.has(c));
      if (free.length === 0) continue;
      run({ type: 'choice', player, chance, action, ...stake, to: own.length > 0 && maybe(0.5) ? pick(own) : pick(free) });
    }
  };

  while (!ended()) {
    if (next >= options.cards.length) {
      // Out of cards: between coups, bets may already be down for a coup never dealt.
      if (state.phase === 'waiting' && maybe(0.3)) {
        run({ type: 'open' });
        placeBets();
      }
      run({ type: 'end', reason: 'empty' });
      break;
    }
    choose();
    run({ type: 'open' });
    placeBets();
    if (maybe(0.1)) choose();
    if (maybe(0.5)) run({ type: 'close' });

    // Deal the coup: Noir until it passes 30, then Rouge.
    const rows: string[][] = [[], []];
    const totalOf = (row: readonly string[]) => row.reduce((t, c) => t + points(c), 0);
    while (totalOf(rows[1]!) <= STOP && next < options.cards.length && !ended()) {
      const card = options.cards[next]!;
      drawCard();
      if (!ended() && maybe(options.voidRate ?? 0)) {
        run({ type: 'void', seq, reason: 'floor' });
        continue;
      }
      (totalOf(rows[0]!) <= STOP ? rows[0]! : rows[1]!).push(card);
    }
    const coup = state.coups.at(-1);
    if (coup && coup.status === 'awaiting-confirm') run({ type: 'confirm', coup: coup.coup });
  }
  // The suspension the rules impose waits for the prison choices its last 31 après opened (docs/rules.md#held-end).
  while (state.end === null && state.prison.some((p) => p.choosable)) choose();
  return { events, state };

  function placeBets() {
    for (let k = draw.int(0, 8); k > 0; k--) {
      const amount = draw.int(rules.min, 2 * rules.max);
      run({ type: 'bet', player: pick(PLAYERS), chance: pick(CHANCES), amount, ...(maybe(0.2) && { insured: true }) });
    }
    if (state.stakes.length > 0 && maybe(0.15)) {
      const s = pick(state.stakes);
      run({ type: 'withdraw', player: s.player, chance: s.chance });
    }
    if (state.stakes.length > 0 && maybe(0.15)) {
      const s = pick(state.stakes);
      run({ type: 'insure', player: s.player, chance: s.chance });
    }
  }
}
