/**
 * The rows of a range of shoes read out of the central store with `COPY …
 * TO STDOUT (FORMAT binary)` (pg-copy-streams), as one buffer: `tq verify
 * --central` hands that buffer, untouched, to a worker thread, which decodes
 * it (`decodeRows`). Reading row by row through the driver cost ~2.6 s of
 * this thread's time per 806,000 rows (building an object per row); COPY
 * costs it only the socket reads, and the binary format carries each text as
 * its length and bytes, with no escaping to undo (copy-decode.ts reads it).
 */
import { to as copyTo } from 'pg-copy-streams';
import pg from 'pg';

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
