/**
 * `tq simulate --shoes N [--seed S] [--json]`: deals N freshly shuffled
 * six-deck shoes through the engine's dealer (shoe/shoe-dealer.ts: burn five,
 * deal rows until the cards run out, a coup cut short annulled) and prints how
 * often each row total, result and Couleur/Inverse came up. The shuffle lives
 * here, outside the engine, with the seeded PRNG: the same seed gives the same
 * figures (all but the speed).
 *
 * `--edge [--rules venice|file]`: the house edge of each policy and chance
 * instead (server/cli/simulate/edge.ts). `--logs <dir> --shuffle <spec>`: shoe
 * logs of shoes each shuffled from the previous one (server/cli/simulate/logs.ts).
 */
import { orderedShoe } from '../../../shoe/card.ts';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { COULEUR_INDEX, createDealStats, dealShoe, RESULT_INDEX, type DealStats } from '../../../shoe/shoe-dealer.ts';
import { mulberry32, shuffleInPlace } from '../../simulator/seeded-random.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs, usageMessage, usageText } from '../usage.ts';
import { loadRules } from '../rules-file.ts';
import { edgeText, simulateEdge } from '../simulate/edge.ts';
import { writeSimulatedLogs } from '../simulate/logs.ts';
import { parseShuffler, type Shuffler } from '../../simulator/weak-shufflers.ts';

export const help: CommandHelp = {
  usage: [
    'simulate --shoes N [--seed S] [--json]',
    'simulate --shoes N --edge [--rules R] [--seed S] [--json]',
    'simulate --shoes N --logs <dir> --shuffle <spec> [--seed S]',
  ],
  about:
    'Deals N freshly shuffled six-deck shoes through the engine and prints how often each total, result and\nCouleur/Inverse came up; or the house edge (--edge); or writes shoe logs (--logs). Same seed, same figures.',
  options: [
    ['--shoes <N>', 'how many shoes, at least 1'],
    ['--seed <S>', 'the seed of the shuffle (default: random, printed)'],
    ['--edge', 'the house edge of each policy and chance instead'],
    ['--rules <R>', 'with --edge: a rules profile or file (default venice)'],
    ['--logs <dir>', 'write shoe logs, each shuffled from the previous shoe'],
    ['--shuffle <spec>', 'with --logs: fair, riffle:K, cut or pull:R[:P]'],
    ['--json', 'the figures as JSON'],
  ],
};

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
  let edge: boolean;
  let rules = { name: 'venice', rules: VENICE_RULES };
  let logs: { dir: string; shuffle: Shuffler } | null = null;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: {
        shoes: { type: 'string' },
        seed: { type: 'string' },
        json: { type: 'boolean' },
        edge: { type: 'boolean' },
        rules: { type: 'string' },
        logs: { type: 'string' },
        shuffle: { type: 'string' },
      },
      allowPositionals: false,
    });
    if (positionals.length > 0) throw new Error(`unexpected ${positionals.join(' ')}`);
    shoes = Number(values.shoes);
    if (values.shoes === undefined || !Number.isSafeInteger(shoes) || shoes < 1) throw new Error('--shoes N: a whole number of shoes, at least 1');
    seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 32) : /^\d+$/.test(values.seed) ? Number(values.seed) : values.seed;
    json = values.json === true;
    edge = values.edge === true;
    if (values.rules !== undefined) rules = await loadRules(values.rules);
    if ((values.logs === undefined) !== (values.shuffle === undefined)) throw new Error('--logs <dir> and --shuffle <spec> go together');
    if (values.logs !== undefined && edge) throw new Error('--logs and --edge are separate runs');
    if (values.logs !== undefined) logs = { dir: values.logs, shuffle: parseShuffler(values.shuffle!) };
  } catch (e) {
    io.stderr.write(`tq simulate: ${usageMessage(e)}\n${usageText(help)}\n`);
    return 2;
  }
  if (logs !== null) {
    const files = writeSimulatedLogs(logs.dir, shoes, logs.shuffle, seed, rules.rules);
    io.stdout.write(
      json ? `${JSON.stringify({ shoes, seed, dir: logs.dir, files: files.length })}\n` : `${files.length} shoe logs written to ${logs.dir} (seed ${seed})\n`,
    );
    return 0;
  }
  if (edge) {
    const run = simulateEdge(shoes, seed, rules.rules, rules.name);
    io.stdout.write(json ? `${JSON.stringify(run)}\n` : edgeText(run));
    return 0;
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
