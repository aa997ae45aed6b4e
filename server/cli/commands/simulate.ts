/**
 * `tq simulate --shoes N [--seed S] [--json]`: deals N freshly shuffled
 * six-deck shoes through the engine's dealer (shoe/shoe-dealer.ts: burn five,
 * deal rows until the cards run out, a coup cut short annulled) and prints how
 * often each row total, result and Couleur/Inverse came up. The shuffle lives
 * here, outside the engine, with the seeded PRNG: the same seed gives the same
 * figures (all but the speed).
 */
import { parseArgs } from 'node:util';
import { orderedShoe } from '../../../shoe/card.ts';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { COULEUR_INDEX, createDealStats, dealShoe, RESULT_INDEX, type DealStats } from '../../../shoe/shoe-dealer.ts';
import { mulberry32, shuffleInPlace } from '../../simulator/seeded-random.ts';
import type { CliIo } from '../tq.ts';

export interface Simulation {
  shoes: number;
  seed: number | string;
  coups: number;
  /** Frequencies over completed coups; `apres` counts every tie, 31 included. */
  p: { rouge: number; noir: number; couleur: number; inverse: number; apres: number; apres31: number };
  /** Frequency of each row total over all rows dealt. */
  rowTotals: Record<string, number>;
  coupsPerShoe: number;
  /** Shuffling and dealing together. */
  coupsPerSecond: number;
}

/** Shuffles and deals `shoes` shoes from `seed`. */
export function simulate(shoes: number, seed: number | string): Simulation {
  const random = mulberry32(seed);
  const shoe = orderedShoe();
  const stats = createDealStats();
  const started = performance.now();
  for (let i = 0; i < shoes; i++) dealShoe(shuffleInPlace(shoe, random), VENICE_RULES, stats);
  const seconds = (performance.now() - started) / 1000;
  return summarise(stats, seed, seconds);
}

function summarise(stats: DealStats, seed: number | string, seconds: number): Simulation {
  const { coups, results, couleur } = stats;
  const f = (n: number) => (coups === 0 ? 0 : n / coups);
  const rows = 2 * coups;
  const rowTotals: Record<string, number> = {};
  for (let total = 31; total <= 40; total++) rowTotals[total] = rows === 0 ? 0 : stats.rowTotals[total]! / rows;
  return {
    shoes: stats.shoes,
    seed,
    coups,
    p: {
      rouge: f(results[RESULT_INDEX.rouge]!),
      noir: f(results[RESULT_INDEX.noir]!),
      couleur: f(couleur[COULEUR_INDEX.couleur]!),
      inverse: f(couleur[COULEUR_INDEX.inverse]!),
      apres: f(results[RESULT_INDEX.apres]! + results[RESULT_INDEX.apres31]!),
      apres31: f(results[RESULT_INDEX.apres31]!),
    },
    rowTotals,
    coupsPerShoe: stats.shoes === 0 ? 0 : coups / stats.shoes,
    coupsPerSecond: seconds > 0 ? Math.round(coups / seconds) : 0,
  };
}

export async function run(argv: string[], io: CliIo): Promise<number> {
  let shoes: number;
  let seed: number | string;
  let json: boolean;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { shoes: { type: 'string' }, seed: { type: 'string' }, json: { type: 'boolean' } },
      allowPositionals: false,
    });
    if (positionals.length > 0) throw new Error(`unexpected ${positionals.join(' ')}`);
    shoes = Number(values.shoes);
    if (values.shoes === undefined || !Number.isSafeInteger(shoes) || shoes < 1) throw new Error('--shoes N: a whole number of shoes, at least 1');
    seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 32) : /^\d+$/.test(values.seed) ? Number(values.seed) : values.seed;
    json = values.json === true;
  } catch (e) {
    io.stderr.write(`tq simulate: ${(e as Error).message}\n`);
    return 2;
  }
  const sim = simulate(shoes, seed);
  io.stdout.write(json ? `${JSON.stringify(sim)}\n` : textReport(sim));
  return 0;
}

const pct = (p: number) => `${(100 * p).toFixed(3).padStart(7)} %`;

function textReport(s: Simulation): string {
  const lines = [
    `${s.shoes} shoes (seed ${s.seed}), ${s.coups} coups, ${s.coupsPerShoe.toFixed(2)} coups per shoe`,
    '',
    'Row totals (over all rows dealt)',
    ...Object.entries(s.rowTotals).map(([total, p]) => `  ${total}  ${pct(p)}`),
    '',
    'Coups',
    `  Rouge     ${pct(s.p.rouge)}`,
    `  Noir      ${pct(s.p.noir)}`,
    `  Couleur   ${pct(s.p.couleur)}`,
    `  Inverse   ${pct(s.p.inverse)}`,
    `  Après     ${pct(s.p.apres)}   (every tie, 31 included)`,
    `  31 après  ${pct(s.p.apres31)}`,
    '',
    `${s.coupsPerSecond.toLocaleString('en')} coups/s (shuffling and dealing)`,
  ];
  return `${lines.join('\n')}\n`;
}
