/**
 * A plausible shoe for tests and the bench: six shuffled decks dealt through
 * the rules engine's own `decide`, with bets, closes and confirmations, so the
 * events are ones the real replay accepts. Deterministic for a given seed.
 */
import {
  cardFromCode,
  decide,
  evolve,
  INITIAL_STATE,
  orderedShoe,
  RuleError,
  VENICE_RULES,
  type Command,
  type ShoeEvent,
  type ShoeState,
} from '../../../shoe/index.ts';
import { CHANCES } from '../../../shoe/events.ts';
import { mulberry32 } from '../../../server/simulator/seeded-random.ts';

export interface SampleShoeOptions {
  shoe: string;
  table?: string;
  seed?: number;
  /** Players betting each coup (6 gives about 550 events a shoe). */
  bettors?: number;
  /** Stop after this many cards (312 deals the whole shoe). */
  cards?: number;
  /** First event's time; each event is one second later. */
  start?: Date;
}

export function dealSampleShoe(opts: SampleShoeOptions): ShoeEvent[] {
  const random = mulberry32(opts.seed ?? 1);
  const deck = shuffle(orderedShoe(), random);
  const lastCard = Math.min(opts.cards ?? deck.length, deck.length);
  const start = (opts.start ?? new Date('2025-06-01T20:00:00Z')).getTime();
  const events: ShoeEvent[] = [];
  let state: ShoeState = INITIAL_STATE;
  let seq = 0;

  const apply = (command: Command, by = 'tailleur-1'): boolean => {
    let produced: ShoeEvent[];
    try {
      produced = decide(state, command, { at: new Date(start + events.length * 1000).toISOString(), by });
    } catch (e) {
      if (e instanceof RuleError) return false;
      throw e;
    }
    for (const e of produced) {
      state = evolve(state, e);
      events.push(e);
    }
    return true;
  };
  const draw = () => apply({ type: 'card', seq: seq + 1, card: cardFromCode(deck[seq++]!) }, 'shuffler');

  apply({ type: 'start', table: opts.table ?? 'T1', shoe: opts.shoe, cards: deck.length, rules: { ...VENICE_RULES } });
  while (seq < Math.min(VENICE_RULES.burn, lastCard)) draw();
  while (seq < lastCard && state.phase !== 'ended') {
    apply({ type: 'open' });
    for (let b = 1; b <= (opts.bettors ?? 6); b++) {
      apply({ type: 'bet', player: `s${b}`, chance: CHANCES[Math.floor(random() * 4)]!, amount: (5 + Math.floor(random() * 96)) * 100 });
    }
    apply({ type: 'close' });
    const coups = state.coups.length;
    while (seq < lastCard && (state.coups.length === coups || state.coups.at(-1)!.status === 'dealing')) draw();
    const last = state.coups.at(-1);
    if (last?.status === 'awaiting-confirm') apply({ type: 'confirm', coup: last.coup });
  }
  if (seq === deck.length && state.phase !== 'ended') apply({ type: 'end', reason: 'empty' });
  return events;
}

function shuffle(cards: Uint8Array, random: () => number): Uint8Array {
  const out = Uint8Array.from(cards);
  for (let k = out.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [out[k], out[j]] = [out[j]!, out[k]!];
  }
  return out;
}
