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
import { decodeRows } from './copy-rows.ts';
import type { SealingKey } from './key-history.ts';
import type { Seal } from './seal.ts';
import { verifyCentralShoe, type CentralShoeVerdict } from './verify-central.ts';

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
  const rowsOf = decodeRows(batch.rows);
  return batch.shoes.map((shoe) => {
    const rows = rowsOf.get(shoe) ?? [];
    const verdict = verifyCentralShoe(context.table, shoe, rows, batch.seals[shoe] ?? [], context.keys, replay, context.lateAfterS);
    const last = rows.at(-1);
    return { verdict, end: { shoe, first: firstLine(rows[0]?.line), last: last === undefined ? null : { i: last.i, hash: last.hash, type: last.type } } };
  });
}

function firstLine(line: string | undefined): Record<string, unknown> | null {
  if (line === undefined) return null;
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
}
