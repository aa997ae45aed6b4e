/**
 * The access log (server/http/API.md "Access log"): who logged in, failed,
 * was locked out or turned away, logged out, lost a session to a PIN change,
 * and who took which record out of the table (a shoe log, a settlement CSV,
 * a printable report, a shoe log opened for replay, this log itself) — with
 * when and from which address. One JSON line per entry, appended to
 * `<data>/access.jsonl` (mode 0600) and flushed before the request it records
 * is answered: an export that cannot be recorded is not served. Never
 * rewritten; past `maxBytes` the file is rotated (`access.jsonl.1` … `.keep`,
 * the oldest dropped), and it is read from its end, a page at a time
 * (access-log-files.ts).
 * Without a file (the floor, tests) entries stay in memory, the latest
 * 10,000.
 */
import { open, rename, type FileHandle } from 'node:fs/promises';
import type { Role } from '../table/table.ts';
import { SerialQueue } from '../store/serial-queue.ts';
import { countLines, linesBackward, linesForward, logFiles } from './access-log-files.ts';

/** What a download or upload took out of (or brought into) the surveillance routes. */
export const EXPORT_KINDS = ['shoe-log', 'settlement-csv', 'report-html', 'shoe-log-opened', 'access-log-csv'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export type AccessEvent =
  | { kind: 'login'; user: string; role: Role }
  | { kind: 'login-failed'; user: string }
  /** Too many wrong PINs (login-limiter.ts): whose lock, and until when. */
  | { kind: 'login-locked'; user: string; scope: 'user' | 'address' | 'address-user'; until: string }
  /** Too many logins at once: turned away with 429, the PIN unchecked. */
  | { kind: 'login-limited'; user: string }
  /** A right PIN for a role this server does not serve (the floor). */
  | { kind: 'login-refused'; user: string; role: Role }
  | { kind: 'logout'; user: string; role: Role }
  /** Ended by the server: the user's PIN changed or the user was removed (`tq users`). */
  | { kind: 'session-revoked'; user: string; role: Role }
  | { kind: 'export'; user: string; role: Role; what: ExportKind; shoe?: string; name?: string };

export type AccessEntry = AccessEvent & { at: string; address: string };
export type AccessKind = AccessEvent['kind'];

const MEMORY_LIMIT = 10_000;
/** Size of the live file before it is rotated, and rotated files kept: ~80 MB, ~500,000 entries in all. */
export const ACCESS_LOG_ROTATION = { maxBytes: 16 * 1024 * 1024, keep: 4 };

/** One page of the log, newest first; `before` asks for the page after it (absent: the log is done). */
export interface AccessPage {
  entries: AccessEntry[];
  /** Lines in the log (counted once, then kept up to date). */
  total: number;
  /** Lines of this page that are not JSON (a torn last line after a power cut). */
  unreadable: number;
  before?: string;
}

export class AccessLog {
  readonly #file: string | undefined;
  readonly #now: () => number;
  readonly #queue = new SerialQueue();
  readonly #memory: AccessEntry[] = [];
  /** Entries recorded and not yet on disk, with whom to tell. */
  readonly #waiting: { line: string; done: () => void; fail: (e: unknown) => void }[] = [];
  #handle: Promise<FileHandle> | undefined;
  /** Bytes in the live file, known once it is opened. */
  #size = 0;
  #total: Promise<number> | undefined;
  #written = 0;
  readonly #rotation: { maxBytes: number; keep: number };

  constructor(options: { file?: string; now?: () => number; rotation?: { maxBytes: number; keep: number } } = {}) {
    this.#file = options.file;
    this.#now = options.now ?? Date.now;
    this.#rotation = options.rotation ?? ACCESS_LOG_ROTATION;
  }

  /** Appends one entry, flushed to disk before it resolves; entries recorded together share one flush. */
  record(event: AccessEvent, address: string): Promise<AccessEntry> {
    const entry: AccessEntry = { at: new Date(this.#now()).toISOString(), address, ...event };
    const file = this.#file;
    if (file === undefined) {
      this.#memory.push(entry);
      if (this.#memory.length > MEMORY_LIMIT) this.#memory.splice(0, this.#memory.length - MEMORY_LIMIT);
      return Promise.resolve(entry);
    }
    return new Promise((resolve, reject) => {
      this.#waiting.push({ line: `${JSON.stringify(entry)}\n`, done: () => resolve(entry), fail: reject });
      // The first entry to wait queues a flush; those arriving before it runs go in the same write.
      if (this.#waiting.length === 1) void this.#queue.run(() => this.#flush(file));
    });
  }

  /** Every entry waiting, in one append and one datasync (a login flood costs one flush per batch, not one per line). */
  async #flush(file: string): Promise<void> {
    const batch = this.#waiting.splice(0);
    try {
      if (this.#handle === undefined) {
        const opening = open(file, 'a', 0o600);
        this.#handle = opening;
        opening.catch(() => {
          if (this.#handle === opening) this.#handle = undefined;
        });
      }
      const handle = await this.#handle;
      if (this.#size === 0) this.#size = (await handle.stat()).size;
      const text = batch.map((b) => b.line).join('');
      await handle.appendFile(text, 'utf8');
      await handle.datasync();
      this.#size += Buffer.byteLength(text);
      this.#written += batch.length;
      for (const b of batch) b.done();
      if (this.#size > this.#rotation.maxBytes) await this.#rotate(file);
    } catch (e) {
      for (const b of batch) b.fail(e);
    }
  }

  /** Renames the live file `.1` (and `.1` to `.2`, …; the oldest goes); the next entry starts a new file. */
  async #rotate(file: string): Promise<void> {
    const handle = this.#handle;
    this.#handle = undefined;
    this.#size = 0;
    await (await handle)?.close();
    for (let k = this.#rotation.keep - 1; k >= 1; k--) await rename(`${file}.${k}`, `${file}.${k + 1}`).catch(() => undefined);
    await rename(file, `${file}.1`);
    // The dropped file's lines leave the total: count again when next asked.
    this.#total = undefined;
  }

  /**
   * The newest `limit` entries before `before` (a page's cursor), newest
   * first, read from the end of the files: the cost is the page's, not the log's.
   */
  async page(limit: number, before?: string): Promise<AccessPage> {
    if (this.#file === undefined) {
      const end = before === undefined ? this.#memory.length : Math.min(Number(before.split(':')[1]) || 0, this.#memory.length);
      const start = Math.max(0, end - limit);
      const entries = this.#memory.slice(start, end).reverse();
      return { entries, total: this.#memory.length, unreadable: 0, ...(start > 0 && { before: `0:${start}` }) };
    }
    await this.#queue.idle();
    const files = await logFiles(this.#file, this.#rotation.keep);
    let [at, end] = before === undefined ? [0, files[0]?.size ?? 0] : (before.split(':').map(Number) as [number, number]);
    const lines: string[] = [];
    let next: string | undefined;
    for (; at < files.length && lines.length < limit; at++, end = files[at]?.size ?? 0) {
      const page = await linesBackward(files[at]!.path, Math.min(end, files[at]!.size), limit - lines.length);
      lines.push(...page.lines);
      next = page.start > 0 ? `${at}:${page.start}` : at + 1 < files.length ? `${at + 1}:${files[at + 1]!.size}` : undefined;
      if (page.start > 0) break;
    }
    const entries: AccessEntry[] = [];
    let unreadable = 0;
    for (const line of lines) {
      try {
        entries.push(JSON.parse(line) as AccessEntry);
      } catch {
        unreadable += 1;
      }
    }
    return { entries, total: await this.#count(), unreadable, ...(next !== undefined && { before: next }) };
  }

  /** Every entry, oldest first, a chunk of the files at a time (the CSV export streams them). */
  async *all(): AsyncGenerator<AccessEntry[]> {
    if (this.#file === undefined) return yield [...this.#memory];
    await this.#queue.idle();
    for (const { path } of (await logFiles(this.#file, this.#rotation.keep)).reverse()) {
      for await (const lines of linesForward(path)) {
        const entries: AccessEntry[] = [];
        for (const line of lines) {
          try {
            if (line !== '') entries.push(JSON.parse(line) as AccessEntry);
          } catch {
            // A torn line: the JSON page counts it; the CSV leaves it out.
          }
        }
        yield entries;
      }
    }
  }

  /** Lines in the files, counted a chunk at a time when first asked, then kept up to date by what is written since. */
  async #count(): Promise<number> {
    if (this.#total === undefined) {
      const files = logFiles(this.#file!, this.#rotation.keep);
      const since = this.#written;
      // What is written while counting may or may not be counted: take it out, and add everything written since `since` below.
      this.#total = files.then(async (fs) => {
        let n = 0;
        for (const f of fs) n += await countLines(f.path);
        return n - (this.#written - since) - since;
      });
      this.#total.catch(() => (this.#total = undefined));
    }
    return (await this.#total) + this.#written;
  }

  async close(): Promise<void> {
    await this.#queue.idle();
    const handle = this.#handle;
    this.#handle = undefined;
    if (handle) await (await handle).close();
  }
}

/** An entry's particulars beyond who, when and where, as one line of text (the CSV's `detail`). */
export function accessDetail(entry: AccessEntry): string {
  switch (entry.kind) {
    case 'login-locked':
      return `${entry.scope} until ${entry.until}`;
    case 'export':
      return [entry.what, entry.shoe, entry.name].filter((p) => p !== undefined).join(' ');
    case 'login':
    case 'login-failed':
    case 'login-limited':
    case 'login-refused':
    case 'logout':
    case 'session-revoked':
      return '';
    default: {
      const never: never = entry;
      return String((never as { kind: string }).kind);
    }
  }
}
