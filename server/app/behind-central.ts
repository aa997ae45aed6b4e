/**
 * A witnessed table restored from an older backup (docs/deploy.md#restore-witnessed):
 * its record is then behind its central copy — the central store holds play
 * the table no longer has. Started as is, the table dealt on from the older
 * record, every re-dealt event was refused as DIVERGED and the status read
 * "in sync". So `tq serve --central` first compares, shoe by shoe, the events
 * it holds with the central copy's, and refuses to open while it is behind,
 * until surveillance decides (docs/deploy.md#restore-witnessed): bring the
 * missing play back from the central copy (`tq export --central`), or accept
 * the gap with `--accept-behind-central`, which the log records.
 *
 * This reason is kept apart from other reasons a table refuses to open.
 * Where the central store cannot be reached the check is skipped: the table
 * deals on while the store is down (docs/central-store.md).
 */
import { readdir, readFile } from 'node:fs/promises';
import { CodedError } from '../../shoe/coded-error.ts';
import { centralPool } from '../central/central-connect.ts';
import { shoeIdOfFile, shoesDir, shoeFilePath } from '../store/data-dir.ts';

export interface ShoeBehind {
  shoe: string;
  /** Events in the local shoe file (whole lines). */
  local: number;
  /** Events of that shoe in the central copy. */
  central: number;
}

export class BehindCentralError extends CodedError {
  override readonly code = 'BEHIND_CENTRAL';
  constructor(readonly behind: readonly ShoeBehind[]) {
    const total = behind.reduce((n, b) => n + b.central - b.local, 0);
    super(
      `the record is ${total} events behind its central copy (${behind.map((b) => `${b.shoe}: ${b.local} here, ${b.central} centrally`).join('; ')}): ` +
        'a restore from an older backup? The table does not deal until surveillance decides: bring the play back from the central copy ' +
        '(tq export --central <url> --table <id> --shoe <id>), or start with --accept-behind-central (docs/deploy.md#restore-witnessed)',
    );
    this.name = 'BehindCentralError';
  }
}

async function localEvents(dataDir: string, shoe: string): Promise<number> {
  const text = await readFile(shoeFilePath(dataDir, shoe), 'utf8').catch(() => '');
  return text.split('\n').length - 1; // whole lines only: a line being written is not yet an event
}

/** The shoes whose central copy holds more events than the data directory; null when the store does not answer. */
export async function shoesBehindCentral(url: string, table: string, dataDir: string): Promise<ShoeBehind[] | null> {
  const pool = centralPool(url, { max: 1 });
  try {
    const { rows } = await pool.query<{ shoe_id: string; n: string }>('SELECT shoe_id, max(i) + 1 AS n FROM events WHERE table_id = $1 GROUP BY shoe_id', [
      table,
    ]);
    const local = new Set((await readdir(shoesDir(dataDir)).catch(() => [] as string[])).map(shoeIdOfFile).filter((id) => id !== null));
    const behind: ShoeBehind[] = [];
    for (const row of rows) {
      const here = local.has(row.shoe_id) ? await localEvents(dataDir, row.shoe_id) : 0;
      if (Number(row.n) > here) behind.push({ shoe: row.shoe_id, local: here, central: Number(row.n) });
    }
    return behind.sort((a, b) => a.shoe.localeCompare(b.shoe));
  } catch {
    return null;
  } finally {
    await pool.end().catch(() => undefined);
  }
}
