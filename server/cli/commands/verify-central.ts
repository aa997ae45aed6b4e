/**
 * The `--central` side of `tq verify` (docs/central-store.md), printed one
 * problem a line with table, shoe, event index and why:
 *
 *   tq verify --central <url> [--table id] [--json]   the central archive alone
 *   tq verify --data <dir> --central <url> [--json]   the table's record against its witness
 *
 * Exit 0 when all is sound, 1 on any problem or when the store cannot be read.
 */
import { withCentral } from '../../central/central-connect.ts';
import { CentralError } from '../../central/central-error.ts';
import { lateMessage } from '../../central/late-witness.ts';
import { verifyAgainstWitness, verifyArchive, type ArchiveVerdict } from '../../central/verify-archive.ts';
import type { CliIo } from '../tq.ts';
import { counted } from '../counted.ts';

export async function verifyCentral(
  opts: {
    url: string;
    dataDir?: string;
    keyFile?: string;
    table?: string;
    json: boolean;
    lateAfterS?: number;
    anchor?: string;
    sinceAnchor?: boolean;
    anchorKey?: string;
    chainsOnly?: boolean;
  },
  io: CliIo,
): Promise<number> {
  const late = { ...(opts.lateAfterS !== undefined && { lateAfterS: opts.lateAfterS }), ...(opts.chainsOnly && { replay: false as const }) };
  try {
    if (opts.anchor !== undefined) {
      const { verifyWithAnchor } = await import('./verify-anchor.ts');
      const { anchor, sinceAnchor, ...rest } = opts;
      return await verifyWithAnchor({ ...rest, anchor, sinceAnchor: sinceAnchor === true, chainsOnly: opts.chainsOnly === true }, io, printArchive);
    }
    if (opts.dataDir === undefined) {
      const verdict = await withCentral(opts.url, (db) => verifyArchive(db, { ...late, ...(opts.table !== undefined && { table: opts.table }) }));
      if (opts.json) io.stdout.write(`${JSON.stringify(verdict, null, 2)}\n`);
      else printArchive(verdict, io);
      return verdict.ok ? 0 : 1;
    }
    const dataDir = opts.dataDir;
    const verdict = await withCentral(opts.url, (db) =>
      verifyAgainstWitness(db, dataDir, { ...late, ...(opts.keyFile !== undefined && { keyFile: opts.keyFile }) }),
    );
    if (opts.json) {
      io.stdout.write(`${JSON.stringify(verdict, null, 2)}\n`);
      return verdict.ok ? 0 : 1;
    }
    for (const r of verdict.local.results) {
      for (const p of r.problems)
        io.stdout.write(
          `table ${verdict.table} shoe ${r.shoe ?? '?'}: ${p.index === null ? 'whole shoe' : `event ${p.index}`}: ${p.kind} (table's record): ${p.message}\n`,
        );
    }
    for (const p of verdict.record.problems)
      io.stdout.write(
        `table ${verdict.table} shoe ${p.shoe}: ${p.index === null ? 'whole shoe' : `event ${p.index}`}: ${p.kind} (table's record): ${p.message}\n`,
      );
    printArchive(verdict.central, io, true);
    for (const d of verdict.differences) {
      io.stdout.write(
        `table ${d.table} shoe ${d.shoe}: ${d.index === null ? 'whole shoe' : `event ${d.index}`}: ${d.kind}${d.failure ? '' : ' (note)'}: ${d.message}\n`,
      );
    }
    const failures = verdict.differences.filter((d) => d.failure).length;
    io.stdout.write(
      `table ${verdict.table}: ${verdict.local.shoes} shoe(s) on the table, ${verdict.central.shoes.length} in the central store, ${failures} difference(s): ${verdict.ok ? 'OK' : 'PROBLEMS'}\n`,
    );
    return verdict.ok ? 0 : 1;
  } catch (e) {
    if (!(e instanceof CentralError)) throw e;
    io.stderr.write(`tq verify: ${e.message}\n`);
    return 1;
  }
}

function printArchive(verdict: ArchiveVerdict, io: CliIo, quietWhenOk = false): void {
  for (const k of verdict.keyProblems) io.stdout.write(`table ${k.table}: registered key unusable: ${k.message}\n`);
  for (const s of verdict.shoes) {
    if (s.ok && !quietWhenOk) io.stdout.write(`table ${s.table} shoe ${s.shoe}: OK (${counted(s.events, 'event')}, ${counted(s.seals, 'seal')})\n`);
    for (const p of s.problems)
      io.stdout.write(`table ${s.table} shoe ${s.shoe}: ${p.index === null ? 'whole shoe' : `event ${p.index}`}: ${p.kind} (central store): ${p.message}\n`);
  }
  for (const p of verdict.links)
    io.stdout.write(`table ${p.table} shoe ${p.shoe}: ${p.index === null ? 'whole shoe' : `event ${p.index}`}: ${p.kind} (central store): ${p.message}\n`);
  for (const l of verdict.late) io.stdout.write(`table ${l.table} shoe ${l.shoe}: event ${l.index}: ${lateMessage(l)}\n`);
  if (!quietWhenOk)
    io.stdout.write(
      `${verdict.tables} table(s), ${verdict.shoes.length} shoe(s), ${verdict.shoes.filter((s) => !s.ok).length} with problems, ${verdict.links.length} break(s) between shoes, ${verdict.late.length} witnessed late: ${verdict.ok ? 'OK' : 'PROBLEMS'}\n`,
    );
}
