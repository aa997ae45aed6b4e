/**
 * Game math and shuffle audit figures (`npm run bench`; never a timed test):
 *
 * (a) the house-edge simulator (shoe/edge/) over pre-shuffled shoes — dealing
 *     by the engine's dealer, settling three policies on four chances, the
 *     moments of the control variate — against (b) a bare typed-array loop
 *     written here doing the same money in one function, over the same shoes
 *     (the nets must agree to the cent), so (a) ÷ (b) says what the
 *     simulator's structure costs (goal: at least 0.5);
 * (c) `tq audit shuffle` over 10,000 shoe logs as `tq simulate --logs` writes
 *     them: reading every line, then the four tests (goal: under 10 s).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { orderedShoe } from '../../shoe/card.ts';
import { auditShuffle } from '../../shoe/audit/shuffle-audit.ts';
import { createEdgeTally, playShoe } from '../../shoe/edge/house-edge.ts';
import { mulberry32, shuffleInPlace } from '../../shoe/math/seeded-random.ts';
import { insurancePremium, VENICE_RULES } from '../../shoe/rules.ts';
import { readShoes } from '../../server/cli/commands/audit.ts';
import { writeSimulatedLogs } from '../../server/cli/simulate/logs.ts';
import { parseShuffler } from '../../server/simulator/weak-shufflers.ts';
import { dealBareCoup } from './bench-support.ts';

const SHOES = 20_000;
const AUDIT_SHOES = 10_000;
const CARDS = 312;
const UNIT = 1000;

function cpu<T>(f: () => T): { seconds: number; value: T } {
  const started = process.cpuUsage();
  const value = f();
  const used = process.cpuUsage(started);
  return { seconds: (used.user + used.system) / 1e6, value };
}

function bestOf<T>(runs: number, ...fs: (() => T)[]): { seconds: number; value: T }[] {
  const bests = fs.map(() => ({ seconds: Infinity, value: undefined as T }));
  for (let r = 0; r < runs; r++) {
    fs.forEach((f, i) => {
      const t = cpu(f);
      if (t.seconds < bests[i]!.seconds) bests[i] = t;
    });
  }
  return bests;
}

/** (a) The simulator: nets by policy × chance (leave, partager, insured × rouge, noir, couleur, inverse). */
function simulator(shoes: readonly Uint8Array[]): { coups: number; nets: number[] } {
  const tally = createEdgeTally(VENICE_RULES, UNIT);
  for (const shoe of shoes) playShoe(shoe, tally);
  return { coups: tally.coups, nets: Array.from(tally.net) };
}

/**
 * (b) The same money in one loop: deal (five burnt, then each coup by
 * bench-support's dealBareCoup, a coup cut short dropped), then per chance
 * the fresh stake and the `leave` prison as a bit mask of levels, three
 * levels, returned at the end; the control-variate moments as the simulator
 * keeps them.
 */
function bare(all: Uint8Array, count: number): { coups: number; nets: number[] } {
  const dealt = new Int32Array(3);
  const half = UNIT >> 1;
  const premium = insurancePremium(UNIT, VENICE_RULES);
  const nets = new Float64Array(12);
  const moments = new Float64Array(12 * 4 + 14);
  const won = new Int32Array(4);
  const lost = new Int32Array(4);
  const jailed = new Int32Array(4);
  const money = new Float64Array(4);
  const prison = new Int32Array(4);
  let coups = 0;
  for (let s = 0; s < count; s++) {
    won.fill(0);
    lost.fill(0);
    jailed.fill(0);
    money.fill(0);
    let x = 0;
    const end = (s + 1) * CARDS;
    for (let i = dealBareCoup(all, s * CARDS + VENICE_RULES.burn, end, dealt); i >= 0; i = dealBareCoup(all, i, end, dealt)) {
      const noir = dealt[0]!;
      const rouge = dealt[1]!;
      const firstRed = dealt[2]!;
      x++;
      // Symbol per chance: 0 win, 1 lose, 2 après, 3 31 après; chances rouge, noir, couleur, inverse.
      for (let c = 0; c < 4; c++) {
        let symbol: number;
        if (noir === rouge) symbol = noir === 31 ? 3 : 2;
        else {
          const rougeWins = rouge < noir;
          const couleurWins = rougeWins === (firstRed === 1);
          const wins = c === 0 ? rougeWins : c === 1 ? !rougeWins : c === 2 ? couleurWins : !couleurWins;
          symbol = wins ? 0 : 1;
        }
        const held = prison[c]!;
        if (symbol === 0) {
          won[c]!++;
          if ((held & 1) !== 0) money[c]! += UNIT;
          prison[c] = held >> 1;
        } else if (symbol === 1) {
          lost[c]!++;
          prison[c] = 0;
        } else if (symbol === 3) {
          jailed[c]!++;
          if ((held & 4) !== 0) money[c]! += half;
          prison[c] = ((held << 1) & 7) | 1;
        }
      }
    }
    for (let c = 0; c < 4; c++) {
      const held = prison[c]!;
      money[c]! += UNIT * ((held & 1) + ((held >> 1) & 1) + ((held >> 2) & 1));
      prison[c] = 0;
      const symmetric = (won[c]! - lost[c]!) * UNIT;
      const z0 = -jailed[c]! * UNIT + money[c]!;
      const z1 = -jailed[c]! * (UNIT - half);
      const z2 = -premium * x;
      nets[c]! += symmetric + z0;
      nets[4 + c]! += symmetric + z1;
      nets[8 + c]! += symmetric + z2;
      for (const [p, z] of [
        [0, z0],
        [1, z1],
        [2, z2],
      ] as const) {
        const m = (p * 4 + c) * 4;
        moments[m]! += z;
        moments[m + 1]! += z * z;
        moments[m + 2]! += z * symmetric;
        moments[m + 3]! += z * x;
      }
      moments[48 + c * 3]! += symmetric;
      moments[48 + c * 3 + 1]! += symmetric * symmetric;
      moments[48 + c * 3 + 2]! += symmetric * x;
    }
    moments[60]! += x;
    moments[61]! += x * x;
    coups += x;
  }
  return { coups, nets: Array.from(nets) };
}

export async function benchHouseEdge(): Promise<Record<string, number>> {
  const random = mulberry32(20_261_123);
  const all = new Uint8Array(SHOES * CARDS);
  for (let i = 0; i < SHOES; i++) all.set(shuffleInPlace(orderedShoe(), random), i * CARDS);
  const shoes = Array.from({ length: SHOES }, (_, i) => all.subarray(i * CARDS, (i + 1) * CARDS));
  simulator(shoes);
  bare(all, SHOES);
  const [a, b] = bestOf(
    3,
    () => simulator(shoes),
    () => bare(all, SHOES),
  );
  if (JSON.stringify(a!.value) !== JSON.stringify(b!.value)) {
    throw new Error(`the simulator and the bare loop disagree: ${JSON.stringify(a!.value)} vs ${JSON.stringify(b!.value)}`);
  }
  const simRate = a!.value.coups / a!.seconds;
  const bareRate = b!.value.coups / b!.seconds;
  return {
    shoes: SHOES,
    coups: a!.value.coups,
    'edge simulator coups/CPU-s (3 policies × 4 chances)': Math.round(simRate),
    'bare loop, same money, coups/CPU-s': Math.round(bareRate),
    'simulator ÷ bare': Math.round((simRate / bareRate) * 1000) / 1000,
  };
}

export async function benchShuffleAudit(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'tq-audit-bench-'));
  try {
    const made = cpu(() => writeSimulatedLogs(dir, AUDIT_SHOES, parseShuffler('fair'), 7, VENICE_RULES));
    // Wall time is the goal's measure; CPU time says how much of it was this process on a shared machine.
    const started = performance.now();
    const read = cpu(() => readShoes(made.value));
    const between = performance.now();
    const tested = cpu(() => auditShuffle(read.value, { seed: 1 }));
    const done = performance.now();
    return {
      shoes: tested.value.shoes,
      'writing the logs (setup), CPU-s': Math.round(made.seconds * 10) / 10,
      'tq audit shuffle: read every line, wall s': Math.round(between - started) / 1000,
      'tq audit shuffle: read every line, CPU-s': Math.round(read.seconds * 1000) / 1000,
      'tq audit shuffle: the four tests, wall s': Math.round(done - between) / 1000,
      'tq audit shuffle: the four tests, CPU-s': Math.round(tested.seconds * 1000) / 1000,
      'tq audit shuffle: total wall s (goal < 10)': Math.round(done - started) / 1000,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
