/**
 * `tq audit shuffle <shoe-log files…>` or `tq audit shuffle --data <dir>
 * [--from T] [--to T]`, `[--json] [--alpha A] [--seed S]`: the statistical
 * tests of the shuffler (shoe/audit/) over consecutive shoes in the order they
 * were dealt — files in the order given, a data directory's shoes in the order
 * its index lists them (by start). Exit 0 whether flagged or not; 2 for bad
 * usage or a shoe log that cannot be read (the file and line are named).
 */
import { readFileSync } from 'node:fs';
import { dealtCards } from '../../../shoe/audit/dealt-cards.ts';
import { auditShuffle, type ShuffleAudit } from '../../../shoe/audit/shuffle-audit.ts';
import type { AuditShoe } from '../../../shoe/audit/audit-shoe.ts';
import { shoeFilePath } from '../../store/data-dir.ts';
import { readIndexData } from '../../store/table-index.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs, usageMessage, usageText } from '../usage.ts';

export const help: CommandHelp = {
  usage: ['audit shuffle <shoe.jsonl>… [--json] [--alpha A] [--seed S]', 'audit shuffle --data <dir> [--from T] [--to T] [--json] [--alpha A] [--seed S]'],
  about: 'The statistical tests of the shuffler over consecutive shoes, in the order they were dealt. Exit 0 whether flagged or not.',
  options: [
    ['<shoe.jsonl>…', 'shoe logs, in the order they were dealt'],
    ['--data <dir>', "a table's data directory: its shoes in the order they started"],
    ['--from <T>, --to <T>', 'with --data: only shoes started in [T, T] (ISO times or dates)'],
    ['--alpha <A>', "the level of the tests, with Holm's correction (default 0.01)"],
    ['--seed <S>', 'seed of the permutation tests (default 1)'],
    ['--json', 'the audit as JSON'],
  ],
};
const AUDIT_USAGE = usageText(help);

export class UnreadableLogError extends Error {
  readonly code = 'UNREADABLE_LOG';
  constructor(
    readonly file: string,
    readonly line: number | null,
    reason: string,
  ) {
    super(`${file}${line === null ? '' : `:${line}`}: ${reason}`);
    this.name = 'UnreadableLogError';
  }
}

/** Reads each file's dealt cards; the first that cannot be read stops the audit. */
export function readShoes(files: readonly string[]): AuditShoe[] {
  return files.map((file) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new UnreadableLogError(file, null, (e as Error).message);
    }
    try {
      return dealtCards(text, file);
    } catch (e) {
      const line = (e as { line?: number }).line ?? null;
      throw new UnreadableLogError(file, line, (e as { reason?: string }).reason ?? (e as Error).message);
    }
  });
}

/** A data directory's shoe files in the order they started, within [from, to] (ISO times or dates, inclusive). */
export async function dataDirFiles(dataDir: string, from?: string, to?: string): Promise<string[]> {
  const index = await readIndexData(dataDir);
  if ('problem' in index) throw new Error(`--data ${dataDir}: ${index.problem}`);
  return index.data.shoes
    .filter((s) => (from === undefined || s.startedAt >= from) && (to === undefined || s.startedAt.slice(0, to.length) <= to))
    .sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : 0))
    .map((s) => shoeFilePath(dataDir, s.id));
}

export async function run(argv: string[], io: CliIo): Promise<number> {
  let files: string[];
  let json: boolean;
  let alpha: number;
  let seed: number;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        data: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        json: { type: 'boolean' },
        alpha: { type: 'string' },
        seed: { type: 'string' },
      },
    });
    const [what, ...paths] = positionals;
    if (what !== 'shuffle') throw new Error(what === undefined ? 'say what to audit: shuffle' : `cannot audit "${what}"`);
    if ((values.data === undefined) === (paths.length === 0)) throw new Error('give shoe-log files or --data <dir>, not both');
    if (values.data === undefined && (values.from !== undefined || values.to !== undefined)) throw new Error('--from and --to go with --data');
    alpha = values.alpha === undefined ? 0.01 : Number(values.alpha);
    if (!(alpha > 0 && alpha < 1)) throw new Error('--alpha is a level between 0 and 1, such as 0.01');
    seed = values.seed === undefined ? 1 : Number(values.seed);
    if (!Number.isSafeInteger(seed)) throw new Error('--seed is a whole number');
    json = values.json === true;
    files = values.data === undefined ? paths : await dataDirFiles(values.data, values.from, values.to);
  } catch (e) {
    io.stderr.write(`tq audit: ${usageMessage(e)}\n${AUDIT_USAGE}\n`);
    return 2;
  }
  let shoes: AuditShoe[];
  try {
    shoes = readShoes(files);
  } catch (e) {
    io.stderr.write(`tq audit: ${(e as Error).message}\n`);
    return 2;
  }
  const audit = auditShuffle(shoes, { alpha, seed });
  io.stdout.write(json ? `${JSON.stringify(auditJson(audit))}\n` : auditText(audit));
  return 0;
}

/** The JSON of the docs — shoes, tests (name, statistic, p, flagged), flagged — with the detail beside it. */
export function auditJson(a: ShuffleAudit): unknown {
  return {
    shoes: a.shoes,
    tests: a.tests.map((t) => ({ name: t.name, statistic: t.statistic, p: t.p, flagged: t.flagged, pAdjusted: t.pAdjusted, about: t.about })),
    flagged: a.flagged,
    alpha: a.alpha,
    complete: a.complete,
    pairs: a.pairs,
  };
}

function auditText(a: ShuffleAudit): string {
  const lines = [
    `${a.shoes} shoes (${a.complete} complete, ${a.pairs} consecutive pairs), α = ${a.alpha} with Holm's correction`,
    '',
    ...a.tests.map(
      (t) =>
        `  ${t.flagged ? 'FLAGGED' : 'ok     '}  ${t.name.padEnd(10)} ${t.statistic.toFixed(3).padStart(10)}  p = ${t.p.toExponential(2)}  (Holm ${t.pAdjusted.toExponential(2)})  ${t.about}`,
    ),
    '',
    a.flagged ? 'The shuffler is flagged: look at the tests marked FLAGGED.' : 'Nothing flagged.',
  ];
  return `${lines.join('\n')}\n`;
}
