/**
 * A log opened from a file that names a shoe this table recorded is checked
 * against that record, event by event. Its own hash chain proves nothing: whoever
 * edits a log can hash it again, and a bet changed from 100 to 200 and re-hashed
 * was shown "chain and rules verified" beside the sealed shoe it claims to be
 * (outside crew pass 42). A file of another table's shoe, or of a shoe this
 * table never recorded, is checked on its own as before.
 */
import { canonicalJson } from '../store/canonical-json.ts';
import type { StoredEvent } from '../store/stored-event.ts';
import type { ShoeArchive, VerifyProblem } from './shoe-archive.ts';

/** What a verify of an opened log can add to the record's kinds (client/server-text-en.ts `verify.*`). */
export type OpenedLogProblemKind = 'no-chain' | 'differs-from-record' | 'beyond-record';

/** Differing events named one by one; past this many, the last problem says how many more. */
const NAMED = 10;

/**
 * The event as dealt: its place in the file and its place in the chain are not
 * what is compared. Computed for an opened file's events once, on the worker
 * that opened it (upload-tasks.ts), not at each verify.
 */
export function eventContent(e: object): string {
  const { i: _i, hash: _hash, prev: _prev, ...rest } = e as Partial<StoredEvent>;
  return canonicalJson(rest);
}

/**
 * The problems of a file's events (`contents`: each one's {@link eventContent})
 * against the table's record of the shoe the file names; none when the table
 * has no such shoe.
 */
export async function againstRecord(record: ShoeArchive, shoe: string, contents: readonly string[]): Promise<VerifyProblem[]> {
  if (!(await record.listShoes()).some((s) => s.id === shoe)) return [];
  const recorded = await record.readShoe(shoe);
  const problems: VerifyProblem[] = [];
  let differing = 0;
  for (const [k, mine] of contents.entries()) {
    const theirs = recorded[k];
    if (theirs === undefined) {
      problems.push({
        index: k,
        kind: 'beyond-record',
        message: `events ${k} to ${contents.length - 1} of the file are not in the table's record of shoe ${shoe}, which ends at event ${recorded.length - 1}`,
      });
      break;
    }
    if (mine === eventContent(theirs)) continue;
    differing++;
    if (differing <= NAMED) problems.push({ index: k, kind: 'differs-from-record', message: `event ${k} differs from the table's record of shoe ${shoe}` });
  }
  if (differing > NAMED) {
    problems.push({ index: null, kind: 'differs-from-record', message: `${differing - NAMED} more events differ from the table's record of shoe ${shoe}` });
  }
  return problems;
}
