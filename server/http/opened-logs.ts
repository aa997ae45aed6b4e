/**
 * Shoe logs opened by surveillance from a file — a fixture, another table's
 * export, a log sent by the casino's auditors — to be replayed card by card
 * beside the table's own record. They live in this server's memory only and
 * never enter the table's record; verify shows what they lack (a log written
 * elsewhere carries no hash chain of ours) and what the rules say of them.
 *
 * Found when probed as an attacker: each read of an opened log replayed it on the server's
 * thread (a 320 KB log: /state 9.2 s, /report.html 12.5 s, card ACKs stalled).
 * A log is now replayed once in the upload worker pool when it is opened and
 * its answers kept as text (upload-tasks.ts); the table at an event and the
 * printable report in a language are replayed there too, once each, and kept.
 */
import { v7 as uuidv7 } from 'uuid';
import type { StoredEvent } from '../store/stored-event.ts';
import { NotFoundError } from './errors.ts';
import { againstRecord } from './opened-against-record.ts';
import { marked, pageKey, withNonce } from './record-answers.ts';
import type { ShoeArchive, ShoeSummary } from './shoe-archive.ts';
import { UploadChecker } from './upload-check.ts';
import type { KeptUpload } from './upload-tasks.ts';

/** Logs kept at once; opening one more forgets the oldest. */
const KEPT = 20;
/** Tables at an event and printable reports kept per log; one more forgets the oldest. */
const ANSWERS_KEPT = 64;

interface OpenedLog {
  summary: ShoeSummary;
  kept: KeptUpload;
  /** Answers computed later, by `state:<at>` and `page:<lang>:<tz>`, as promises so two asking at once share one task. */
  answers: Map<string, Promise<string>>;
}

export class OpenedLogs {
  readonly #logs = new Map<string, OpenedLog>();

  constructor(private readonly checker = new UploadChecker()) {}

  /** Reads a shoe log (docs/shoe-log.md) in a worker, within the upload's bounds (upload-check.ts); a malformed line is a 400 naming the line. */
  async open(text: string, name: string, openedAt: string): Promise<ShoeSummary> {
    const kept = await this.checker.read(text);
    const summary: ShoeSummary = {
      id: `file-${uuidv7()}`,
      table: kept.table,
      startedAt: kept.startedAt ?? openedAt,
      events: kept.events,
      source: 'file',
      name: name.slice(0, 200),
      ...(kept.end && { end: kept.end.reason, ...(kept.end.at !== undefined && { endedAt: kept.end.at }) }),
    };
    this.#logs.set(summary.id, { summary, kept, answers: new Map() });
    if (this.#logs.size > KEPT) this.#logs.delete(this.#logs.keys().next().value!);
    return summary;
  }

  has(id: string): boolean {
    return this.#logs.has(id);
  }

  list(): ShoeSummary[] {
    return [...this.#logs.values()].map((l) => l.summary);
  }

  kept(id: string): KeptUpload {
    return this.#log(id).kept;
  }

  /** GET /state of an opened log: JSON text, replayed in the pool once per index. */
  state(id: string, at: number | undefined): Promise<string> {
    const log = this.#log(id);
    return this.#answer(log, `state:${at ?? 'last'}`, () => this.checker.state(log.kept.log, at));
  }

  /** GET /report.html of an opened log with a fresh nonce on its style block, rendered in the pool once per language and zone. */
  page(id: string, lang: unknown, tz: unknown, nonce: string): Promise<string> {
    const log = this.#log(id);
    return withNonce(nonce, (mark) => this.#answer(log, pageKey(lang, tz), () => this.checker.page(log.kept.log, lang, tz, mark).then(marked(mark))));
  }

  #log(id: string): OpenedLog {
    const log = this.#logs.get(id);
    if (!log) throw new NotFoundError(`no opened shoe log ${id}`);
    return log;
  }

  #answer(log: OpenedLog, key: string, make: () => Promise<string>): Promise<string> {
    let answer = log.answers.get(key);
    if (answer === undefined) {
      answer = make();
      log.answers.set(key, answer);
      answer.catch(() => log.answers.delete(key));
      if (log.answers.size > ANSWERS_KEPT) log.answers.delete(log.answers.keys().next().value!);
    }
    return answer;
  }
}

/**
 * The table's record followed by the logs opened from files, as one archive.
 * A file's events are numbered by position (`i`). Verify's answer was computed
 * when the log was opened (upload-tasks.ts); a file naming a shoe of the record
 * is also compared with it, at each verify, since the record may have grown.
 */
export function withOpenedLogs(record: ShoeArchive, opened: OpenedLogs): ShoeArchive {
  return {
    listShoes: async () => [...(await record.listShoes()), ...opened.list()],
    readShoe: async (id) => (opened.has(id) ? (JSON.parse(opened.kept(id).eventsJson) as StoredEvent[]) : record.readShoe(id)),
    verifyShoe: async (id) => {
      if (!opened.has(id)) return record.verifyShoe(id);
      const kept = opened.kept(id);
      const differs = await againstRecord(record, kept.shoe, kept.contents);
      return differs.length === 0 ? kept.verify : { ...kept.verify, ok: false, problems: [...kept.verify.problems, ...differs] };
    },
  };
}
