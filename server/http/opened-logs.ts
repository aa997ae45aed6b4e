/**
 * Shoe logs opened by surveillance from a file — a fixture, another table's
 * export, a log sent by the casino's auditors — to be replayed card by card
 * beside the table's own record. They live in this server's memory only and
 * never enter the table's record; verify shows what they lack (a log written
 * elsewhere carries no hash chain of ours) and what the rules say of them.
 */
import { v7 as uuidv7 } from 'uuid';
import { replayShoe } from '../../shoe/replay.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import type { StoredEvent } from '../store/stored-event.ts';
import { verifyShoe } from '../store/verify.ts';
import { BadRequestError, NotFoundError } from './errors.ts';
import type { ShoeArchive, ShoeSummary, VerifyResult } from './shoe-archive.ts';
import { UploadChecker } from './upload-check.ts';

/** Logs kept at once; opening one more forgets the oldest. */
const KEPT = 20;

interface OpenedLog {
  summary: ShoeSummary;
  events: ShoeEvent[];
}

export class OpenedLogs {
  readonly #logs = new Map<string, OpenedLog>();

  constructor(private readonly checker = new UploadChecker()) {}

  /**
   * Reads a shoe log (docs/shoe-log.md) in a worker, within the upload's
   * bounds (upload-check.ts); a malformed line is a 400 naming the line.
   */
  async open(text: string, name: string, openedAt: string): Promise<ShoeSummary> {
    const events = await this.checker.read(text);
    const first = events[0];
    if (first?.type !== 'shoe') throw new BadRequestError('body', 'a shoe log starts with its "shoe" line');
    const end = events.findLast((e) => e.type === 'end');
    const summary: ShoeSummary = {
      id: `file-${uuidv7()}`,
      table: first.table,
      startedAt: first.at ?? openedAt,
      events: events.length,
      source: 'file',
      name: name.slice(0, 200),
      ...(end?.type === 'end' && { end: end.reason, ...(end.at !== undefined && { endedAt: end.at }) }),
    };
    this.#logs.set(summary.id, { summary, events });
    if (this.#logs.size > KEPT) this.#logs.delete(this.#logs.keys().next().value!);
    return summary;
  }

  has(id: string): boolean {
    return this.#logs.has(id);
  }

  list(): ShoeSummary[] {
    return [...this.#logs.values()].map((l) => l.summary);
  }

  events(id: string): ShoeEvent[] {
    const log = this.#logs.get(id);
    if (!log) throw new NotFoundError(`no opened shoe log ${id}`);
    return log.events;
  }
}

/**
 * The table's record followed by the logs opened from files, as one archive.
 * A file's events are numbered by position (`i`) for the replay. Verify checks
 * the hash chain of a file that has one (an export from one of our tables);
 * of a file without one it says so once, and checks the rules.
 */
export function withOpenedLogs(record: ShoeArchive, opened: OpenedLogs): ShoeArchive {
  return {
    listShoes: async () => [...(await record.listShoes()), ...opened.list()],
    readShoe: async (id) => {
      if (!opened.has(id)) return record.readShoe(id);
      return opened.events(id).map((e, i) => ({ ...e, i }) as StoredEvent);
    },
    verifyShoe: async (id): Promise<VerifyResult> => {
      if (!opened.has(id)) return record.verifyShoe(id);
      const events = opened.events(id);
      const chained = events.some((e) => typeof (e as { hash?: unknown }).hash === 'string');
      const verdict = verifyShoe(events, { replay: replayShoe });
      const problems: VerifyResult['problems'] = verdict.problems
        .filter((p) => chained || p.kind === 'rule' || p.kind === 'replay-failed')
        .map(({ index, kind, message }) => ({ index, kind, message }));
      if (!chained)
        problems.unshift({
          index: null,
          kind: 'no-chain',
          message: 'a log opened from a file without hashes: its integrity cannot be proven, only the rules are checked',
        });
      return { ok: problems.length === 0, problems };
    },
  };
}
