/**
 * `tq verify [--data <dir>] [--shoe id] [--json]`: checks the recorded shoes
 * (docs/shoe-log.md#hash-chain) — the hash chain of every line, the index's
 * record of each ended shoe, and a replay of each shoe through the rules.
 * Prints OK per shoe, or each problem with the shoe, the event index and why.
 * Exit 0 when every shoe is sound, 1 when any problem is found, 2 on bad usage.
 * It only reads: safe while the server runs. With `--central <url>` it checks
 * the central witness instead, or with `--data` the record against it
 * (./verify-central.ts).
 */
import { keyFileOf } from '../../central/table-keys.ts';
import { type LocalRecordVerdict, verifyLocalRecord } from '../../central/verify-local-record.ts';
import { type DataDirVerdict, verifyDataDir } from '../../store/verify.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs, usageMessage, usageText } from '../usage.ts';
import { counted } from '../counted.ts';

export const help: CommandHelp = {
  usage: [
    'verify [--data <dir>] [--key-file <path>] [--shoe <id>] [--json]',
    'verify --central <url> [--table <id>] [--data <dir> [--key-file <path>]] [--late-after <s>] [--anchor <file> [--since-anchor] [--anchor-key <line>]] [--json]',
  ],
  about:
    'Checks the recorded shoes: the hash chain of every line, the index, and a replay of each shoe through the rules.\nExit 0 when every shoe is sound, 1 on any problem. It only reads: safe while the server runs.',
  options: [
    ['--data <dir>', "the table's data directory (TQ_DATA, default ./data)"],
    ['--key-file <path>', 'the table key whose seals are checked (TQ_KEY_FILE, default <dir>/keys/table.key)'],
    ['--shoe <id>', 'only this shoe'],
    ['--json', 'the verdict as JSON'],
    ['--central <url>', 'check the central witness (postgres://…); with --data, the record against it'],
    ['--table <id>', 'only this table of the central witness'],
    ['--anchor <file>', 'with --central: also prove the archive still holds what this checkpoint (tq central anchor) committed to'],
    [
      '--chains-only',
      'with --central: chains, seals, links and late witnessing checked in PostgreSQL (2 connections), no rules replay; without it, every shoe is also replayed through the rules (complete, slower)',
    ],
    ['--since-anchor', "with --anchor: verify only the shoes from the checkpoint's heads on"],
    ['--anchor-key <line>', "with --anchor: surveillance's public key the checkpoint must be signed by"],
    [
      '--late-after <s>',
      'play unwitnessed (or, with --central, events the witness received later than this after they were dealt fail (default 60, the seal interval)',
    ],
  ],
};
const VERIFY_USAGE = usageText(help);

export async function run(argv: string[], io: CliIo): Promise<number> {
  let opts: { dataDir: string; shoe?: string; json: boolean; lateAfterS?: number; keyFile?: string };
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        data: { type: 'string' },
        'key-file': { type: 'string' },
        shoe: { type: 'string' },
        json: { type: 'boolean' },
        central: { type: 'string' },
        table: { type: 'string' },
        'late-after': { type: 'string' },
        anchor: { type: 'string' },
        'since-anchor': { type: 'boolean' },
        'anchor-key': { type: 'string' },
        'chains-only': { type: 'boolean' },
      },
    });
    const keyFile = keyFileOf(values['key-file']);
    if (values.central !== undefined) {
      // Against the central witness (docs/central-store.md): the archive alone, or with --data the table's record against it.
      const { verifyCentral } = await import('./verify-central.ts');
      return await verifyCentral(
        {
          url: values.central,
          json: values.json === true,
          ...(values.data !== undefined && { dataDir: values.data }),
          ...(keyFile !== undefined && { keyFile }),
          ...(values.table !== undefined && { table: values.table }),
          ...(values['late-after'] !== undefined && { lateAfterS: seconds(values['late-after']) }),
          ...(values.anchor !== undefined && { anchor: values.anchor, sinceAnchor: values['since-anchor'] === true }),
          ...(values['anchor-key'] !== undefined && { anchorKey: values['anchor-key'] }),
          ...(values['chains-only'] === true && { chainsOnly: true }),
        },
        io,
      );
    }
    opts = {
      dataDir: values.data ?? process.env.TQ_DATA ?? './data',
      json: values.json === true,
      ...(values.shoe !== undefined && { shoe: values.shoe }),
      ...(keyFile !== undefined && { keyFile }),
      ...(values['late-after'] !== undefined && { lateAfterS: seconds(values['late-after']) }),
    };
  } catch (e) {
    io.stderr.write(`tq verify: ${usageMessage(e)}\n${VERIFY_USAGE}\n`);
    return 2;
  }
  const verdict = await verifyDataDir(opts.dataDir, opts.shoe === undefined ? {} : { shoe: opts.shoe });
  // The whole record: the chain across shoes and the seal files (docs/central-store.md#verification).
  const record =
    opts.shoe === undefined
      ? await verifyLocalRecord(opts.dataDir, {
          ...(opts.lateAfterS !== undefined && { lateAfterS: opts.lateAfterS }),
          ...(opts.keyFile !== undefined && { keyFile: opts.keyFile }),
        })
      : null;
  const ok = verdict.ok && (record?.ok ?? true);
  if (opts.json) {
    io.stdout.write(`${JSON.stringify(record === null ? verdict : { ...verdict, ok, record }, null, 2)}\n`);
    return ok ? 0 : 1;
  }
  for (const line of verdictLines(verdict)) io.stdout.write(`${line}\n`);
  for (const line of recordLines(record)) io.stdout.write(`${line}\n`);
  if (verdict.shoes === 0) io.stdout.write(`no shoe recorded in ${opts.dataDir}\n`);
  return ok ? 0 : 1;
}

/** The record's problems across shoes and in its seals, one a line. */
export function recordLines(record: LocalRecordVerdict | null): string[] {
  if (record === null) return [];
  const lines = record.problems.map((p) => `${p.shoe}: ${p.index === null ? 'whole shoe' : `event ${p.index}`}: ${p.kind}: ${p.message}`);
  if (record.sealsUnchecked !== undefined) lines.push(`seals not checked: ${record.sealsUnchecked}`);
  return lines;
}

function seconds(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--late-after must be a number of seconds, not "${text}"`);
  return n;
}

/** A verdict as lines: the index's problem, OK or each problem per shoe, then the count. */
export function verdictLines(verdict: DataDirVerdict): string[] {
  const lines: string[] = [];
  if (verdict.indexProblem !== undefined) lines.push(`index: ${verdict.indexProblem}`);
  for (const r of verdict.results) {
    const name = r.shoe ?? '(unknown shoe)';
    if (r.ok) {
      lines.push(`${name}: OK (${counted(r.events, 'event')})`);
      continue;
    }
    for (const p of r.problems) {
      const where = p.index === null ? 'whole shoe' : `event ${p.index}${p.line !== undefined ? ` (line ${p.line})` : ''}`;
      lines.push(`${name}: ${where}: ${p.kind}: ${p.message}`);
    }
  }
  if (verdict.shoes > 0) lines.push(`${verdict.shoes} shoe(s), ${verdict.results.filter((r) => !r.ok).length} with problems`);
  return lines;
}
