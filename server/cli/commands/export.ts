/**
 * `tq export --data <dir> --shoe <id|latest> [--out file]`: prints a recorded
 * shoe as its shoe log (docs/shoe-log.md, JSON Lines, oldest first), with the fields
 * the store adds (`at`, `by`, `i`, `prev`, `hash`) so the export can itself be
 * verified. It only reads: safe while the server runs (a line still being
 * written is left out, and said so on stderr).
 */
import { readdir, writeFile } from 'node:fs/promises';
import type { ShoeEvent } from '../../../shoe/events.ts';
import { formatShoeLog } from '../../../shoe/shoe-log.ts';
import { shoeFilePath, shoeIdOfFile, shoesDir } from '../../store/data-dir.ts';
import { readShoeLogText } from '../../store/shoe-log-file.ts';
import { ambiguousShoe, shoeByName } from './shoe-by-name.ts';
import { readIndexData } from '../../store/table-index.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs, usageMessage, usageText } from '../usage.ts';

export const help: CommandHelp = {
  usage: ['export [--data <dir>] --shoe <id|latest> [--out <file>]', 'export --central <url> --table <id> --shoe <id|latest> [--out <file>]'],
  about:
    'Prints a recorded shoe as its shoe log (docs/shoe-log.md), with the fields the store adds, so the export can itself be verified.\nIt only reads: safe while the server runs.',
  options: [
    ['--data <dir>', "the table's data directory (TQ_DATA, default ./data)"],
    ['--shoe <id|latest>', 'the shoe to export (its id, or the end of it the screens show), or the one started last'],
    ['--out <file>', 'write to this file instead of standard output'],
    ['--central <url>', "the central witness's copy instead (postgres://…), with --table"],
    ['--table <id>', 'the table, with --central'],
  ],
};
const EXPORT_USAGE = usageText(help);

export async function run(argv: string[], io: CliIo): Promise<number> {
  let dataDir: string;
  let wanted: string;
  let out: string | undefined;
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      options: { data: { type: 'string' }, shoe: { type: 'string' }, out: { type: 'string' }, central: { type: 'string' }, table: { type: 'string' } },
    });
    if (values.central !== undefined) {
      // The central witness's copy (docs/central-store.md), line for line what --data prints.
      if (values.table === undefined || values.shoe === undefined) throw new Error('--central needs --table and --shoe');
      const { exportCentral } = await import('./export-central.ts');
      return await exportCentral({ url: values.central, table: values.table, shoe: values.shoe, ...(values.out !== undefined && { out: values.out }) }, io);
    }
    dataDir = values.data ?? process.env.TQ_DATA ?? './data';
    if (values.shoe === undefined) throw new Error('--shoe is required: a shoe id, or "latest"');
    wanted = values.shoe;
    out = values.out;
  } catch (e) {
    io.stderr.write(`tq export: ${usageMessage(e)}\n${EXPORT_USAGE}\n`);
    return 2;
  }
  const shoe = wanted === 'latest' ? await latestShoe(dataDir) : shoeByName(await shoeIds(dataDir), wanted);
  if (shoe === null) {
    io.stderr.write(`tq export: no shoe recorded in ${dataDir}\n`);
    return 1;
  }
  if (Array.isArray(shoe)) {
    io.stderr.write(`tq export: ${ambiguousShoe(wanted, shoe)}\n`);
    return 1;
  }
  let log: Awaited<ReturnType<typeof readShoeLogText>>;
  try {
    log = await readShoeLogText(shoeFilePath(dataDir, shoe));
  } catch (e) {
    io.stderr.write(`tq export: shoe ${shoe}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such shoe' : (e as Error).message}\n`);
    return 1;
  }
  const bad = log.lines.filter((l) => l.kind === 'unreadable');
  for (const l of bad) io.stderr.write(`tq export: shoe ${shoe} line ${l.line} is unreadable and left out: ${l.kind === 'unreadable' ? l.message : ''}\n`);
  if (log.unterminated) io.stderr.write(`tq export: shoe ${shoe} line ${log.unterminated.line} is still being written (or torn): left out\n`);
  const events = log.lines.flatMap((l) => (l.kind === 'event' ? [l.event as unknown as ShoeEvent] : []));
  const text = formatShoeLog(events);
  if (out === undefined) io.stdout.write(text);
  else await writeFile(out, text);
  return bad.length > 0 ? 1 : 0;
}

/** The table's shoes in the order they were started: the index's, else the files' (uuid v7 ids sort by time). */
async function shoeIds(dataDir: string): Promise<string[]> {
  const index = await readIndexData(dataDir);
  if ('data' in index) return index.data.shoes.map((e) => e.id);
  return (await readdir(shoesDir(dataDir)).catch(() => []))
    .map(shoeIdOfFile)
    .filter((id) => id !== null)
    .sort();
}

/** The shoe started last. */
async function latestShoe(dataDir: string): Promise<string | null> {
  return (await shoeIds(dataDir)).at(-1) ?? null;
}
