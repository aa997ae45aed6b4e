/**
 * Throughput of the rules engine (`npm run bench`; never a timed test):
 *
 * (a) the engine's dealer, shoe/shoe-dealer.ts, over pre-shuffled shoes;
 * (b) a bare typed-array loop written here with no function call per card
 *     (each coup dealt by bench-support's dealBareCoup, which the JIT inlines) —
 *     the floor of what dealing can cost — over the same shoes, so (a) ÷ (b)
 *     says what the engine's rules cost on top (goal: at least 0.5);
 * (c) the full event-sourced table — decide + evolve, two bets a coup, every
 *     call confirmed — which is what the server runs for each card.
 */
import { cardFromCode, orderedShoe } from '../../shoe/card.ts';
import type { Command } from '../../shoe/commands.ts';
import { decide } from '../../shoe/decide.ts';
import { evolve } from '../../shoe/evolve.ts';
import { VENICE_RULES } from '../../shoe/rules.ts';
import { COULEUR_INDEX, createDealStats, dealShoe, RESULT_INDEX } from '../../shoe/shoe-dealer.ts';
import { INITIAL_STATE, type ShoeState } from '../../shoe/state.ts';
import { mulberry32, shuffleInPlace } from '../../server/simulator/seeded-random.ts';
import { dealBareCoup } from './bench-support.ts';

const SHOES = 20_000;
const TABLE_SHOES = 200;
const CARDS = 312;

interface Timed<T> {
  seconds: number;
  value: T;
}

/**
 * One run of `f`, timed in CPU seconds of this process: on a shared machine
 * other work slows that much less than wall time (single-threaded on an idle
 * machine, the two agree).
 */
function time<T>(f: () => T): Timed<T> {
  const started = process.cpuUsage();
  const value = f();
  const used = process.cpuUsage(started);
  return { seconds: (used.user + used.system) / 1e6, value };
}

/** Best of `runs` runs of each function, taken in turn so a busy machine slows each alike. */
function bestOf<T>(runs: number, ...fs: (() => T)[]): Timed<T>[] {
  const bests = fs.map(() => ({ seconds: Infinity }) as Timed<T>);
  for (let run = 0; run < runs; run++) {
    fs.forEach((f, i) => {
      const t = time(f);
      if (t.seconds < bests[i]!.seconds) bests[i] = t;
    });
  }
  return bests;
}

function shuffledShoes(count: number, seed: number): Uint8Array {
  const all = new Uint8Array(count * CARDS);
  const random = mulberry32(seed);
  for (let i = 0; i < count; i++) {
    const shoe = shuffleInPlace(orderedShoe(), random);
    all.set(shoe, i * CARDS);
  }
  return all;
}

/** What both dealers count, compared so the bare loop cannot skip work. */
interface Tally {
  coups: number;
  results: number[];
  couleur: number;
  rows: number[];
}

/** (a) The engine's dealer over every shoe. */
function engine(shoes: readonly Uint8Array[]): Tally {
  const stats = createDealStats();
  for (const shoe of shoes) dealShoe(shoe, VENICE_RULES, stats);
  return { coups: stats.coups, results: Array.from(stats.results), couleur: stats.couleur[COULEUR_INDEX.couleur]!, rows: Array.from(stats.rowTotals) };
}

/** (b) The same dealing in one loop: the bare dealing of each coup (bench-support), then counters. */
function bare(all: Uint8Array, count: number, burn: number): Tally {
  const dealt = new Int32Array(3);
  const results = new Float64Array(4);
  const rows = new Float64Array(41);
  let coups = 0;
  let couleur = 0;
  for (let s = 0; s < count; s++) {
    const end = (s + 1) * CARDS;
    for (let i = dealBareCoup(all, s * CARDS + burn, end, dealt); i >= 0; i = dealBareCoup(all, i, end, dealt)) {
      const noir = dealt[0]!;
      const rouge = dealt[1]!;
      const firstRed = dealt[2]!;
      const index = noir === rouge ? (noir === 31 ? 3 : 2) : noir < rouge ? 0 : 1;
      results[index]!++;
      if (index < 2 && (index === 0) !== (firstRed === 1)) couleur++;
      rows[noir]!++;
      rows[rouge]!++;
      coups++;
    }
  }
  return { coups, results: Array.from(results), couleur, rows: Array.from(rows) };
}

/** (c) The table as the server runs it, card by card through decide and evolve. */
function table(all: Uint8Array, count: number): number {
  let coups = 0;
  for (let s = 0; s < count; s++) {
    let state: ShoeState = INITIAL_STATE;
    const apply = (command: Command) => {
      for (const e of decide(state, command)) state = evolve(state, e);
    };
    apply({ type: 'start', table: 'T1', shoe: `bench-${s}`, cards: CARDS, rules: { ...VENICE_RULES } });
    for (let i = 0; i < CARDS; i++) {
      if (state.phase === 'waiting') {
        apply({ type: 'open' });
        apply({ type: 'bet', player: 's1', chance: 'rouge', amount: 1000 });
        apply({ type: 'bet', player: 's2', chance: 'couleur', amount: 2500, insured: true });
      }
      apply({ type: 'card', seq: i + 1, card: cardFromCode(all[s * CARDS + i]!) });
      const last = state.coups.at(-1);
      if (last?.status === 'awaiting-confirm') {
        apply({ type: 'confirm', coup: last.coup });
        coups++;
      }
    }
    apply({ type: 'end', reason: 'empty' });
  }
  return coups;
}

export async function benchEngine(): Promise<Record<string, number>> {
  const all = shuffledShoes(SHOES, 20_261_122);
  const shoes = Array.from({ length: SHOES }, (_, i) => all.subarray(i * CARDS, (i + 1) * CARDS));

  // Warm both paths up with a full run each so both are timed fully compiled,
  // then the best of three runs each.
  engine(shoes);
  bare(all, SHOES, VENICE_RULES.burn);
  const [a, b] = bestOf(
    3,
    () => engine(shoes),
    () => bare(all, SHOES, VENICE_RULES.burn),
  ) as [Timed<Tally>, Timed<Tally>];
  if (JSON.stringify(a.value) !== JSON.stringify(b.value)) {
    throw new Error(`the engine and the bare loop disagree: ${JSON.stringify(a.value)} vs ${JSON.stringify(b.value)}`);
  }
  table(all, 5);
  const [c] = bestOf(3, () => table(all, TABLE_SHOES)) as [Timed<number>];

  const engineRate = a.value.coups / a.seconds;
  const bareRate = b.value.coups / b.seconds;
  return {
    shoes: SHOES,
    coups: a.value.coups,
    'engine dealShoe coups/CPU-s': Math.round(engineRate),
    'bare loop coups/CPU-s': Math.round(bareRate),
    'engine ÷ bare': Math.round((engineRate / bareRate) * 1000) / 1000,
    'full table (decide+evolve, 2 bets/coup, confirmed) coups/CPU-s': Math.round(c.value / c.seconds),
    'full table shoes': TABLE_SHOES,
  };
}

// Keeps RESULT_INDEX's order honest with the bare loop's (noir 0, rouge 1, après 2, 31 après 3).
if (RESULT_INDEX.noir !== 0 || RESULT_INDEX.rouge !== 1 || RESULT_INDEX.apres !== 2 || RESULT_INDEX.apres31 !== 3) {
  throw new Error('RESULT_INDEX changed: update the bare loop of the engine bench');
}
