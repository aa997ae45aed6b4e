/**
 * The table's record against its witness (docs/central-store.md): shoe by
 * shoe, event by event, the hashes of the table's files and of the central
 * archive. The central copy was sent as each event was stored, so a
 * difference is a change on one side; the seals, signed with the table's
 * key and checked against the registered one, say which side was sealed.
 */
import type { ShoeIndexEntry } from '../store/table-index.ts';
import type { CentralRow } from './central-reader.ts';
import type { Seal } from './seal.ts';

export type WitnessProblemKind = 'differs' | 'removed-locally' | 'missing-centrally' | 'not-replicated' | 'shoe-missing-locally' | 'shoe-missing-centrally';

export interface WitnessProblem {
  table: string;
  shoe: string;
  index: number | null;
  kind: WitnessProblemKind;
  message: string;
  /** False for what is only late (events not replicated yet): reported, not a failure. */
  failure: boolean;
}

export interface LocalShoe {
  entry?: ShoeIndexEntry;
  /** Hash of each event in file order; null for an unreadable line. */
  hashes: (string | null)[];
}

/**
 * `sealsOk`: the central seals that verified (signed by the registered key and matching the archive).
 * `known.acked`: the last event the table recorded as accepted by the central store (witness-acks.ts);
 * `known.followed`: a later shoe of the table is in the central store. Either turns "not replicated
 * yet" into a failure: what was witnessed, or what came before witnessed play, cannot be merely late.
 */
export function compareShoe(
  table: string,
  shoe: string,
  local: LocalShoe | undefined,
  central: readonly CentralRow[] | undefined,
  sealsOk: readonly Seal[],
  known: { acked?: number; followed?: boolean } = {},
): WitnessProblem[] {
  const acked = known.acked ?? -1;
  const at = (index: number | null, kind: WitnessProblemKind, message: string, failure = true): WitnessProblem => ({
    table,
    shoe,
    index,
    kind,
    message,
    failure,
  });
  if (local === undefined)
    return [
      at(
        null,
        'shoe-missing-locally',
        `the central store holds ${central?.length ?? 0} events of this shoe; the table's data directory has no such shoe: it was removed`,
      ),
    ];
  if (central === undefined || central.length === 0) {
    const why =
      acked >= 0
        ? `; the central store acknowledged events 0 to ${acked}: they were removed there`
        : known.followed
          ? '; a later shoe of the table is there: this one was removed there, or never sent'
          : ' (not replicated yet)';
    return [
      at(
        null,
        'shoe-missing-centrally',
        `the table holds ${local.hashes.length} events of this shoe; the central store none${why}`,
        acked >= 0 || known.followed === true,
      ),
    ];
  }
  const lastSealed = sealsOk.reduce((m, s) => Math.max(m, s.i), -1);
  const finalSealed = sealsOk.some((s) => s.final);
  const sealedAt = (i: number) => (i <= lastSealed ? ` (the central copy is sealed by the table's key up to event ${lastSealed})` : '');
  const problems: WitnessProblem[] = [];
  const byI = new Map(central.map((r) => [r.i, r]));
  let differences = 0;
  for (let i = 0; i < local.hashes.length; i++) {
    const row = byI.get(i);
    const hash = local.hashes[i] ?? null;
    if (row === undefined) {
      const late = i > (central.at(-1)?.i ?? -1) && !finalSealed && i > acked && known.followed !== true;
      problems.push(
        late
          ? at(i, 'not-replicated', `event ${i} is on the table's disk and not yet in the central store`, false)
          : i <= acked
            ? at(i, 'missing-centrally', `event ${i} was acknowledged by the central store (up to ${acked}) and is no longer there: it was removed there`)
            : at(
                i,
                'missing-centrally',
                `event ${i} is in the table's record but not in the central store${finalSealed ? ", whose copy of the shoe is sealed as ended: it was inserted in the table's record" : ''}`,
              ),
      );
      continue;
    }
    if (hash !== row.hash) {
      differences++;
      if (differences <= 3 || i === local.hashes.length - 1) {
        problems.push(
          at(
            i,
            'differs',
            `event ${i} differs: the table's record has ${hash === null ? 'an unreadable line' : `hash ${hash.slice(0, 12)}…`}, the central store ${row.hash.slice(0, 12)}…${sealedAt(i)}`,
          ),
        );
      }
    }
  }
  if (differences > 3) problems.push(at(null, 'differs', `${differences} events differ in all: the chain was rewritten from the first difference on`));
  for (const row of central) {
    if (row.i >= local.hashes.length) {
      problems.push(
        at(row.i, 'removed-locally', `event ${row.i} is in the central store but no longer in the table's record: it was removed${sealedAt(row.i)}`),
      );
    }
  }
  return problems.sort((a, b) => (a.index ?? -1) - (b.index ?? -1));
}
