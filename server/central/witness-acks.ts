/**
 * What the table knows the central store holds (docs/central-store.md#acks):
 * after every batch the store accepted, the replicator appends, per shoe, the
 * last event index and hash it acknowledged to `<data>/witnessed.jsonl`
 * (`{"shoe","i","hash","at"}` a line). `tq verify --data --central` then
 * fails on an event the table saw witnessed and the central copy lacks: the
 * owner who removes a shoe or its tail centrally can no longer pass it off as
 * "not replicated yet". Not synced: an acknowledgement
 * lost in a crash only weakens the check for those events.
 */
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const WITNESSED_FILE = 'witnessed.jsonl';

export interface WitnessAck {
  shoe: string;
  i: number;
  hash: string;
}

export function witnessedPath(dataDir: string): string {
  return join(dataDir, WITNESSED_FILE);
}

/** Records the heads of a batch the central store accepted (the last row of each shoe in it). */
export async function recordAcks(dataDir: string, rows: readonly WitnessAck[], at: string): Promise<void> {
  const heads = new Map<string, WitnessAck>();
  for (const r of rows) if ((heads.get(r.shoe)?.i ?? -1) < r.i) heads.set(r.shoe, r);
  if (heads.size === 0) return;
  const text = [...heads.values()].map((h) => `${JSON.stringify({ shoe: h.shoe, i: h.i, hash: h.hash, at })}\n`).join('');
  await appendFile(witnessedPath(dataDir), text, { mode: 0o644 });
}

/** The highest acknowledged event per shoe; none when the file is missing. A damaged line is skipped. */
export async function readAcks(dataDir: string): Promise<Map<string, WitnessAck>> {
  const acks = new Map<string, WitnessAck>();
  let text: string;
  try {
    text = await readFile(witnessedPath(dataDir), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return acks;
    throw e;
  }
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      const a = JSON.parse(line) as WitnessAck;
      if (typeof a.shoe === 'string' && Number.isInteger(a.i) && typeof a.hash === 'string' && (acks.get(a.shoe)?.i ?? -1) < a.i)
        acks.set(a.shoe, { shoe: a.shoe, i: a.i, hash: a.hash });
    } catch {
      // a torn last line
    }
  }
  return acks;
}
