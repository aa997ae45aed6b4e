/**
 * The access log (server/http/API.md "Access log"): who logged in, failed,
 * was locked out or turned away, logged out, lost a session to a PIN change,
 * and who took which record out of the table (a shoe log, a settlement CSV,
 * a printable report, a shoe log opened for replay, this log itself) — with
 * when and from which address. One JSON line per entry, appended to
 * `<data>/access.jsonl` (mode 0600) and flushed before the request it records
 * is answered: an export that cannot be recorded is not served. Never
 * rewritten; rotate it with the server stopped (docs in the README).
 * Without a file (the floor, tests) entries stay in memory, the latest
 * 10,000.
 */
import { open, readFile, type FileHandle } from 'node:fs/promises';
import type { Role } from '../table/table.ts';
import { SerialQueue } from '../store/serial-queue.ts';

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

export class AccessLog {
  readonly #file: string | undefined;
  readonly #now: () => number;
  readonly #queue = new SerialQueue();
  readonly #memory: AccessEntry[] = [];
  /** Entries recorded and not yet on disk, with whom to tell. */
  readonly #waiting: { line: string; done: () => void; fail: (e: unknown) => void }[] = [];
  #handle: Promise<FileHandle> | undefined;

  constructor(options: { file?: string; now?: () => number } = {}) {
    this.#file = options.file;
    this.#now = options.now ?? Date.now;
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
      await handle.appendFile(batch.map((b) => b.line).join(''), 'utf8');
      await handle.datasync();
      for (const b of batch) b.done();
    } catch (e) {
      for (const b of batch) b.fail(e);
    }
  }

  /** Every entry, oldest first; a line that is not JSON (a torn last line after a power cut) is skipped and counted. */
  async entries(): Promise<{ entries: AccessEntry[]; unreadable: number }> {
    if (this.#file === undefined) return { entries: [...this.#memory], unreadable: 0 };
    await this.#queue.idle();
    const text = await readFile(this.#file, 'utf8').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return '';
      throw e;
    });
    const entries: AccessEntry[] = [];
    let unreadable = 0;
    for (const line of text.split('\n')) {
      if (line === '') continue;
      try {
        entries.push(JSON.parse(line) as AccessEntry);
      } catch {
        unreadable += 1;
      }
    }
    return { entries, unreadable };
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
