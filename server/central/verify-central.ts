/**
 * Checking the central archive alone (docs/central-store.md): for each shoe,
 * the hash chain and the rules replay of its lines — the same checks as
 * `tq verify --data` (server/store/verify-shoe.ts), on the same text — then
 * its rows' columns against their lines, and every seal: signed by the key
 * surveillance registered, and sealing the hash the archive holds at its
 * index. A row edited behind the database's guard, even with the chain
 * recomputed after it, no longer matches a seal.
 */
import type { KeyObject } from 'node:crypto';
import { parseShoeLogText } from '../store/shoe-log-file.ts';
import { verifyShoe, type ReplayFn, type VerifyProblem } from '../store/verify-shoe.ts';
import type { CentralRow } from './central-reader.ts';
import { LATE_AFTER_S } from './late-witness.ts';
import type { SealingKey } from './key-history.ts';
import { sealIsSigned, type Seal } from './seal.ts';
import { unwitnessedSpans, type UnwitnessedProblem } from './unwitnessed-spans.ts';

export type CentralProblemKind =
  | VerifyProblem['kind']
  | 'row-mismatch'
  | 'bad-seal'
  | 'seal-mismatch'
  | 'sealed-event-missing'
  | 'unsealed-end'
  | UnwitnessedProblem['kind'];

export interface CentralProblem {
  index: number | null;
  kind: CentralProblemKind;
  message: string;
}

export interface CentralShoeVerdict {
  table: string;
  shoe: string;
  events: number;
  seals: number;
  ok: boolean;
  problems: CentralProblem[];
}

export function verifyCentralShoe(
  table: string,
  shoe: string,
  rows: readonly CentralRow[],
  seals: readonly Seal[],
  /** The registered key, or the table's key history (key-history.ts): a seal verifies with a key not revoked before it. */
  key: KeyObject | null | readonly SealingKey[],
  replay: ReplayFn | false,
  lateAfterS = LATE_AFTER_S,
): CentralShoeVerdict {
  const log = parseShoeLogText(rows.map((r) => `${r.line}\n`).join(''));
  const verdict = verifyShoe(log, { replay, shoe });
  const problems: CentralProblem[] = verdict.problems.map((p) => ({ index: p.index, kind: p.kind, message: p.message }));
  log.lines.forEach((line, position) => {
    const row = rows[position]!;
    if (line.kind !== 'event') return; // reported as unreadable above
    const event = line.event;
    if (event.i !== row.i || event.hash !== row.hash || event.prev !== row.prev || event.type !== row.type) {
      problems.push({
        index: position,
        kind: 'row-mismatch',
        message: `row i=${row.i}: its columns (i, type, prev, hash) are not those of its line: the row was changed in the database`,
      });
    }
  });
  // Play the record itself says went unwitnessed (unwitnessed-spans.ts).
  if (rows.some((r) => r.type === 'witness'))
    problems.push(
      ...unwitnessedSpans(
        log.lines.map((l) => (l.kind === 'event' ? (l.event as Record<string, unknown>) : {})),
        lateAfterS,
      ),
    );
  problems.push(...sealProblems(table, shoe, rows, seals, key));
  problems.sort((a, b) => (a.index ?? -1) - (b.index ?? -1));
  return { table, shoe, events: rows.length, seals: seals.length, ok: problems.length === 0, problems };
}

/**
 * Every seal of a shoe against its rows (the index, hash and type of each):
 * signed by a key of the table not revoked before it, sealing the hash held at
 * its index, no event after a final seal, and a final seal for an ended shoe.
 */
export function sealProblems(
  table: string,
  shoe: string,
  rows: readonly Pick<CentralRow, 'i' | 'hash' | 'type'>[],
  seals: readonly Seal[],
  key: KeyObject | null | readonly SealingKey[],
): CentralProblem[] {
  const problems: CentralProblem[] = [];
  const byI = new Map(rows.map((r) => [r.i, r]));
  for (const seal of seals) {
    const keys: readonly SealingKey[] = key === null ? [] : Array.isArray(key) ? key : [{ keyNo: 1, key: key as KeyObject, revokedAt: null }];
    if (!keys.some((k) => (k.revokedAt === null || seal.at < k.revokedAt) && sealIsSigned(k.key, table, shoe, seal))) {
      problems.push({ index: seal.i, kind: 'bad-seal', message: `the seal of event ${seal.i} is not signed by the key registered for table ${table}` });
      continue;
    }
    const row = byI.get(seal.i);
    if (row === undefined)
      problems.push({
        index: seal.i,
        kind: 'sealed-event-missing',
        message: `event ${seal.i} was sealed by the table but is not in the archive: events were removed`,
      });
    else if (row.hash !== seal.head)
      problems.push({
        index: seal.i,
        kind: 'seal-mismatch',
        message: `event ${seal.i}'s hash is not the one the table sealed: the archive was rewritten up to here`,
      });
    if (seal.final && rows.length > 0 && rows.at(-1)!.i > seal.i) {
      problems.push({
        index: seal.i + 1,
        kind: 'seal-mismatch',
        message: `events after ${seal.i} follow the shoe's final seal: they were inserted after the shoe ended`,
      });
    }
  }
  const last = rows.at(-1);
  if (last?.type === 'end' && !seals.some((s) => s.final && s.i === last.i)) {
    problems.push({ index: last.i, kind: 'unsealed-end', message: `the shoe ended at event ${last.i} but the archive holds no final seal of it` });
  }
  return problems;
}
