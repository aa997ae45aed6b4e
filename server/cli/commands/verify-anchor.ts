/**
 * `tq verify --central <url> --anchor <file> [--since-anchor] [--anchor-key <line>]`
 * (docs/central-store.md#anchor): the archive — whole, or only the shoes from
 * the checkpoint's heads on — and the proof that it still holds every head the
 * checkpoint committed to. Exit 1 on any problem.
 */
import { readFile } from 'node:fs/promises';
import { checkAnchor, type Anchor } from '../../central/anchor.ts';
import { withCentral } from '../../central/central-connect.ts';
import { verifyArchive, type ArchiveVerdict } from '../../central/verify-archive.ts';
import type { CliIo } from '../tq.ts';

export interface AnchorOptions {
  url: string;
  anchor: string;
  sinceAnchor: boolean;
  anchorKey?: string;
  table?: string;
  lateAfterS?: number;
  chainsOnly?: boolean;
  json: boolean;
}

export async function verifyWithAnchor(
  opts: AnchorOptions,
  io: CliIo,
  printArchive: (verdict: ArchiveVerdict, io: CliIo, quietWhenOk: boolean) => void,
): Promise<number> {
  const anchor = JSON.parse(await readFile(opts.anchor, 'utf8')) as Anchor;
  const since = opts.sinceAnchor ? new Map(anchor.heads.flatMap((h) => (h.shoe === null ? [] : [[h.table, h.shoe] as const]))) : undefined;
  const { verdict, problems } = await withCentral(opts.url, async (db) => ({
    verdict: await verifyArchive(db, {
      ...(opts.lateAfterS !== undefined && { lateAfterS: opts.lateAfterS }),
      ...(opts.chainsOnly && { replay: false as const }),
      ...(since && { since }),
      ...(opts.table !== undefined && { table: opts.table }),
    }),
    problems: await checkAnchor(db, anchor, opts.anchorKey),
  }));
  const ok = verdict.ok && problems.length === 0;
  if (opts.json) {
    io.stdout.write(`${JSON.stringify({ ...verdict, ok, anchor: problems }, null, 2)}\n`);
    return ok ? 0 : 1;
  }
  printArchive(verdict, io, true);
  for (const p of problems)
    io.stdout.write(`${p.table === null ? 'checkpoint' : `table ${p.table} shoe ${p.shoe}: event ${p.index}`}: anchor-mismatch: ${p.message}\n`);
  io.stdout.write(
    `checkpoint of ${anchor.at} (root ${anchor.root.slice(0, 12)}…): ${verdict.shoes.length} shoe(s) verified${since ? ' since it' : ''}, ${problems.length} problem(s) with it: ${ok ? 'OK' : 'PROBLEMS'}\n`,
  );
  return ok ? 0 : 1;
}
