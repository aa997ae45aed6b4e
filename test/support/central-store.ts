/**
 * A central store for the floor's tests, filled as the tables' replication
 * fills it: a fixture shoe is recorded by a real TableStore (so its lines are
 * exactly what a table writes, hash chain included), then its lines are
 * inserted row by row into `events`, in batches, as the replicator sends them.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type pg from 'pg';
import { createSurveillanceRole, registerTable as registerCentralTable } from '../../server/central/central-admin.ts';
import { insertSeals } from '../../server/central/central-writer.ts';
import { migrate } from '../../server/central/migrate.ts';
import { makeSeal } from '../../server/central/seal.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { shoeFilePath } from '../../server/store/data-dir.ts';
import { TableStore } from '../../server/store/table-store.ts';
import { readFixture } from './fixture.ts';

/** Applies the central schema on an empty database: `tq central init`. */
export async function applyCentralSchema(db: pg.Pool): Promise<void> {
  await migrate(db);
}

/** Each test table's key pair, made when it is registered. */
const keys = new Map<string, KeyObject>();

/** Registers a table's fresh Ed25519 key as surveillance does (`tq central register`). */
export async function registerTable(db: pg.Pool, table: string): Promise<void> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  keys.set(table, privateKey);
  await registerCentralTable(db, table, publicKey.export({ type: 'spki', format: 'der' }).toString('base64'));
}

/** The table's seal of its chain head at `line` (final at the shoe's end), inserted as its replication does. */
export async function sealAt(db: pg.Pool, table: string, shoe: string, line: string, final: boolean): Promise<void> {
  const e = JSON.parse(line) as { i: number; hash: string };
  await insertSeals(db, table, [{ shoe, seal: makeSeal(keys.get(table)!, table, shoe, e, new Date().toISOString(), final) }]);
}

/** A login role that may only read: what the surveillance room runs with (`tq central init`'s surveillance group). */
export async function createReadOnlyRole(db: pg.Pool, role: string, password: string): Promise<void> {
  await createSurveillanceRole(db, role, password);
}

export interface RecordedShoe {
  table: string;
  shoe: string;
  /** The shoe file's lines, without their newlines: what `tq export --data` prints. */
  lines: string[];
  dataDir: string;
}

/**
 * Records the first `count` events of fixtures/<name>.jsonl (all by default)
 * as table `table`'s shoe in a fresh data directory, and returns its lines.
 */
export async function recordFixture(name: string, table: string, count?: number): Promise<RecordedShoe> {
  const events = readFixture(name).slice(0, count);
  const first = events[0] as ShoeEvent & { type: 'shoe' };
  const dataDir = await mkdtemp(join(tmpdir(), 'tq-floor-table-'));
  const store = await TableStore.open(dataDir, { table });
  const meta = { at: first.at ?? '2026-11-20T20:00:00.000Z', by: 'tailleur' };
  await store.createShoe({ ...first, table }, meta);
  if (events.length > 1) await store.append(first.shoe, events.slice(1), meta);
  await store.close();
  const text = await readFile(shoeFilePath(dataDir, first.shoe), 'utf8');
  return { table, shoe: first.shoe, lines: text.split('\n').filter((l) => l !== ''), dataDir };
}

export async function removeRecorded(shoes: readonly RecordedShoe[]): Promise<void> {
  await Promise.all(shoes.map((s) => rm(s.dataDir, { recursive: true, force: true })));
}

/** Inserts lines of a shoe in one statement, as one replication batch (one notification). */
export async function insertLines(db: pg.Pool, table: string, shoe: string, lines: readonly string[]): Promise<void> {
  if (lines.length === 0) return;
  const values: unknown[] = [];
  const tuples = lines.map((line, k) => {
    const e = JSON.parse(line) as { type: string; i: number; prev: string; hash: string };
    values.push(table, shoe, e.i, e.type, line, e.prev, e.hash);
    const b = k * 7;
    return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7})`;
  });
  await db.query(`INSERT INTO events (table_id, shoe_id, i, type, line, prev, hash) VALUES ${tuples.join(', ')}`, values);
}

/** What the table upserts about once a second (docs/central-store.md), with its row's time `agoMs` in the past. */
export async function reportStatus(db: pg.Pool, table: string, status: object, agoMs = 0): Promise<void> {
  await db.query(
    `INSERT INTO table_status (table_id, status, updated_at) VALUES ($1, $2, now() - make_interval(secs => $3::float8 / 1000))
     ON CONFLICT (table_id) DO UPDATE SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at`,
    [table, JSON.stringify(status), agoMs],
  );
}
