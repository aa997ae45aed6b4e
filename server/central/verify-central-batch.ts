/**
 * One batch of `tq verify --central`: the rows of some shoes as COPY read them
 * (copy-rows.ts) and their seals, each shoe verified in full
 * (verify-central.ts: chain, rules replay, rows against lines, seals,
 * unwitnessed play) with its ends for the links between shoes. Run by the
 * worker threads (verify-central-worker.ts), or by the calling thread when
 * the shoes are few or the replay is the caller's own function.
 */
import type { ReplayFn } from '../store/verify-shoe.ts';
import type { ShoeEnds } from '../store/verify-shoe-links.ts';
import type { CentralRow } from './central-reader.ts';
import { decodeRows, scanRows } from './copy-decode.ts';
import { chainsHold } from './quick-chains.ts';
import type { SealingKey } from './key-history.ts';
import type { Seal } from './seal.ts';
import { sealProblems, verifyCentralShoe, type CentralShoeVerdict } from './verify-central.ts';

/** What every batch of one table shares. */
export interface CentralBatchContext {
  table: string;
  keys: readonly SealingKey[];
  lateAfterS: number | undefined;
}

export interface CentralBatch {
  /** The shoes of the batch, in order. */
  shoes: readonly string[];
  rows: Uint8Array;
  seals: Readonly<Record<string, Seal[]>>;
}

export interface CentralShoeResult {
  verdict: CentralShoeVerdict;
  end: ShoeEnds;
}

export function verifyCentralBatch(context: CentralBatchContext, batch: CentralBatch, replay: ReplayFn | false): CentralShoeResult[] {
  if (replay === false) return chainsOnly(context, batch);
  const rowsOf = decodeRows(batch.rows);
  return batch.shoes.map((shoe) => {
    const rows = rowsOf.get(shoe) ?? [];
    const verdict = verifyCentralShoe(context.table, shoe, rows, batch.seals[shoe] ?? [], context.keys, replay, context.lateAfterS);
    return { verdict, end: endsOf(shoe, rows) };
  });
}

/**
 * `--chains-only`: each shoe's rows checked on their bytes (quick-chains.ts)
 * and its seals against its rows; a shoe that fails either is verified in
 * full, without the replay, for the exact messages.
 */
function chainsOnly(context: CentralBatchContext, batch: CentralBatch): CentralShoeResult[] {
  const buf = Buffer.from(batch.rows.buffer, batch.rows.byteOffset, batch.rows.byteLength);
  const scanned = scanRows(batch.rows, false);
  return batch.shoes.map((shoe) => {
    const s = scanned.get(shoe) ?? { rows: [], spans: [] };
    const seals = batch.seals[shoe] ?? [];
    // Each line's text, decoded from its bytes only where it is needed: the first (the link to the shoe before), or all when the shoe fails.
    const lineAt = (k: number) => buf.toString('utf8', s.spans[2 * k]!, s.spans[2 * k + 1]!);
    if (chainsHold(buf, s) && sealProblems(context.table, shoe, s.rows, seals, context.keys).length === 0) {
      const verdict = { table: context.table, shoe, events: s.rows.length, seals: seals.length, ok: true, problems: [] };
      return { verdict, end: endsOf(shoe, s.rows, s.rows.length > 0 ? lineAt(0) : undefined) };
    }
    const rows = s.rows.map((r, k) => ({ ...r, line: lineAt(k) }));
    return { verdict: verifyCentralShoe(context.table, shoe, rows, seals, context.keys, false, context.lateAfterS), end: endsOf(shoe, rows) };
  });
}

function endsOf(shoe: string, rows: readonly CentralRow[], first = rows[0]?.line): ShoeEnds {
  const last = rows.at(-1);
  return { shoe, first: firstLine(first), last: last === undefined ? null : { i: last.i, hash: last.hash, type: last.type } };
}

function firstLine(line: string | undefined): Record<string, unknown> | null {
  if (line === undefined) return null;
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
}
