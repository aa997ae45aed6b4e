/**
 * Reading the buffer `COPY … (FORMAT binary)` gave (copy-rows.ts) in a worker
 * thread of `tq verify --central`: the rows by shoe, each text as its length
 * and bytes. Apart from copy-rows.ts so the workers' bundle holds no database
 * driver (each worker compiles its whole bundle as it starts).
 */
import type { CentralRow } from './central-reader.ts';

/** `COPY`'s binary header: the signature, the flags, the length of an extension (PostgreSQL's docs: "COPY", "Binary Format"). */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

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
