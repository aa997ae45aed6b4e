/**
 * The rows of a range of shoes read out of the central store with `COPY …
 * TO STDOUT (FORMAT binary)` (pg-copy-streams), as one buffer: `tq verify
 * --central` hands that buffer, untouched, to a worker thread, which decodes
 * it (`decodeRows`). Reading row by row through the driver cost ~2.6 s of
 * this thread's time per 806,000 rows (building an object per row); COPY
 * costs it only the socket reads, and the binary format carries each text as
 * its length and bytes, with no escaping to undo.
 */
import { to as copyTo } from 'pg-copy-streams';
import pg from 'pg';
import type { CentralRow } from './central-reader.ts';

/** `COPY`'s binary header: the signature, the flags, the length of an extension (docs: "COPY", "Binary Format"). */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * The rows of the table's shoes from `first` to `last` (ids in order), each
 * shoe's in index order: the primary key's range, no sort. COPY takes no
 * parameters: the three texts are quoted as literals.
 */
export async function copyShoeRows(db: pg.Pool, table: string, first: string, last: string): Promise<Uint8Array> {
  const q = pg.escapeLiteral;
  const sql = `COPY (SELECT shoe_id, i, type, prev, hash, line FROM events WHERE table_id = ${q(table)} AND shoe_id >= ${q(first)} AND shoe_id <= ${q(last)} ORDER BY shoe_id, i) TO STDOUT (FORMAT binary)`;
  const client = await db.connect();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of client.query(copyTo(sql)) as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
    }
  } catch (e) {
    client.release(e as Error); // a connection left mid-COPY is not given back to the pool
    throw e;
  }
  client.release();
  // A buffer of its own (not a slice of Node's shared pool), so it can be moved to a worker.
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return bytes;
}

/** The rows of a `copyShoeRows` buffer grouped by shoe, in the order they came. */
export function decodeRows(bytes: Uint8Array): Map<string, CentralRow[]> {
  return new Map([...scanRows(bytes, true)].map(([shoe, { rows }]) => [shoe, rows]));
}

/** A shoe's rows as scanned, and where each row's line lies in the buffer (`spans[2k]` to `spans[2k + 1]`). */
export interface ScannedShoe {
  rows: CentralRow[];
  spans: number[];
}

/** The rows by shoe; without `lines`, each line is left as bytes (its row's `line` is ''): a check on the bytes need not decode it. */
export function scanRows(bytes: Uint8Array, lines: boolean): Map<string, ScannedShoe> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shoes = new Map<string, ScannedShoe>();
  if (buf.length === 0) return shoes;
  if (buf.length < 19 || !buf.subarray(0, 11).equals(SIGNATURE)) throw new Error('not a COPY binary stream');
  let at = 15 + 4 + buf.readInt32BE(15);
  const text = () => {
    const n = buf.readInt32BE(at);
    at += 4;
    if (n < 0) return ''; // NULL: the columns are NOT NULL
    const s = buf.toString('utf8', at, at + n);
    at += n;
    return s;
  };
  let shoe: ScannedShoe | undefined;
  let shoeId = '';
  for (;;) {
    const fields = buf.readInt16BE(at);
    at += 2;
    if (fields === -1) break;
    if (fields !== 6) throw new Error(`a COPY row of ${fields} columns, not 6`);
    const id = text();
    at += 4; // i's length: an integer is 4 bytes
    const i = buf.readInt32BE(at);
    at += 4;
    const type = text();
    const prev = text();
    const hash = text();
    const n = Math.max(0, buf.readInt32BE(at));
    const start = at + 4;
    let line = '';
    if (lines) line = text();
    else at = start + n;
    if (shoe === undefined || id !== shoeId) {
      shoeId = id;
      shoe = shoes.get(id);
      if (shoe === undefined) shoes.set(id, (shoe = { rows: [], spans: [] }));
    }
    shoe.rows.push({ i, type, prev, hash, line });
    shoe.spans.push(start, start + n);
  }
  return shoes;
}
