/**
 * `tq verify --central --chains-only` on the bytes COPY hands over
 * (copy-rows.ts), in the worker threads, without decoding or parsing a line:
 * each row's index follows the one before, its `prev` is the previous row's
 * hash (64 zeros first), its line ends with `,"hash":"<its hash column>"}`,
 * the SHA-256 of the line with that ending cut to `}` is that hash (the
 * table's lines are canonical, docs/shoe-log.md#hash-chain), and the line
 * holds its columns' `i`, `prev` and `type` in that order — the checks the
 * database made before in SQL, without its ~2 s of `sha256()` per 806,000
 * rows. A row that fails any of them, or a `witness`
 * event (its spans are judged on the parsed lines), sends the shoe to the
 * full check (verify-central.ts) for the exact messages.
 */
import { hash as digest } from 'node:crypto';
import type { ScannedShoe } from './copy-decode.ts';

const GENESIS = '0'.repeat(64);
const HASH_MEMBER = Buffer.from(',"hash":"', 'latin1');
/** `,"hash":"<64 hex>"}` */
const SUFFIX = HASH_MEMBER.length + 64 + 2;
const CLOSE = 0x7d; // }

/** Whether every row of the shoe passes the byte checks. The buffer is changed for a moment (one byte per row) and restored. */
export function chainsHold(buf: Buffer, shoe: ScannedShoe): boolean {
  const { rows, spans } = shoe;
  for (let k = 0; k < rows.length; k++) {
    const row = rows[k]!;
    const start = spans[2 * k]!;
    const end = spans[2 * k + 1]!;
    if (row.i !== k || row.type === 'witness' || row.prev !== (k === 0 ? GENESIS : rows[k - 1]!.hash)) return false;
    const cut = end - SUFFIX;
    if (cut <= start || buf.compare(HASH_MEMBER, 0, HASH_MEMBER.length, cut, cut + HASH_MEMBER.length) !== 0) return false;
    if (buf[end - 2] !== 0x22 || buf[end - 1] !== CLOSE || buf.toString('latin1', end - 66, end - 2) !== row.hash) return false;
    const kept = buf[cut]!;
    buf[cut] = CLOSE;
    const hashed = digest('sha256', buf.subarray(start, cut + 1), 'hex');
    buf[cut] = kept;
    if (hashed !== row.hash) return false;
    const line = buf.subarray(start, cut);
    const index = `"i":${row.i},`;
    const i = line.indexOf(index);
    const prev = i < 0 ? -1 : line.indexOf(`"prev":"${row.prev}"`, i + index.length);
    if (prev < 0 || line.indexOf(`"type":"${row.type}"`, prev + 73) < 0) return false;
  }
  return true;
}
