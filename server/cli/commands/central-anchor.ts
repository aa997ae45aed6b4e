/**
 * `tq central anchor --central <url> --out <dir> [--key <file>]`
 * (docs/central-store.md#anchor): writes `<out>/anchor-<time>.json`, a
 * checkpoint of every table's head signed with surveillance's key, for the
 * regulator to keep on write-once storage; `tq verify --central <url>
 * --anchor <file>` later proves the archive still holds what it committed to.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeAnchor } from '../../central/anchor.ts';
import { withCentral } from '../../central/central-connect.ts';
import { loadOrCreateSurveillanceKey } from '../../central/surveillance-key.ts';
import type { CliIo } from '../tq.ts';

export async function writeAnchor(url: string, out: string, keyFile: string | undefined, io: CliIo): Promise<number> {
  const key = await loadOrCreateSurveillanceKey(keyFile ?? join(out, 'surveillance.key'));
  const anchor = await withCentral(url, (db) => makeAnchor(db, key));
  const path = join(out, `anchor-${anchor.at.replace(/[:.]/g, '-')}.json`);
  await writeFile(path, `${JSON.stringify(anchor, null, 2)}\n`, { flag: 'wx' });
  if (key.created) io.stdout.write(`made surveillance's signing key ${keyFile ?? join(out, 'surveillance.key')}\n`);
  io.stdout.write(`${path}: ${anchor.heads.length} table(s), root ${anchor.root}, signed by ${anchor.key}\n`);
  return 0;
}
