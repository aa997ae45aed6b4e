/**
 * Sessions (server/http/API.md "Session"): a random 32-byte token carried by
 * the cookie `tq_session` (HttpOnly, SameSite=Strict, Path=/, Secure when
 * served over https). The server keeps only the token's SHA-256, so a copy
 * of the sessions file logs nobody in. A session ends at its absolute expiry
 * (12 h: a shift), after `idleMs` without a request (2 h; an open live
 * stream counts as use: a dashboard showing the table), at logout, or when
 * its user's PIN changes or the user is removed (`stamp`, users.ts).
 *
 * With `file` (a table server: `<data>/sessions.json`) sessions survive a
 * restart: every login and logout is written, whole and atomically, before
 * it is answered; the time of the last request is written lazily, at most
 * every tenth of the idle timeout, so after a restart a session may expire
 * that much early, never late. Without `file` (the floor, tests) they live
 * in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Request, Response } from 'express';
import { writeFileAtomic } from '../store/atomic-write.ts';
import { SerialQueue } from '../store/serial-queue.ts';
import type { Account } from './users.ts';
import { parseSessionsFile, sessionsFileText } from './sessions-file.ts';

export const SESSION_COOKIE = 'tq_session';
export const DEFAULT_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const DEFAULT_SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/**
 * Live sessions one user may hold, and all users together (one user logging in every 0.4 s for 12 h left 100 k sessions, 5–8.5 s per
 * login as the whole file was rewritten, 35 s to start). Past either, the
 * session used least recently ends: a crew member has a few devices, a table
 * a few dozen users.
 */
export const SESSION_CAPS = { perUser: 20, total: 500 };

export interface Session extends Account {
  /** SHA-256 of the cookie's token, hex: the only form in which the server keeps it. */
  id: string;
  /** The user's stamp when the session began (UserStore.stamp). */
  stamp: string;
  createdAt: number;
  expiresAt: number;
  lastSeenAt: number;
}

export interface SessionOptions {
  /** Absolute lifetime from login. */
  ttlMs?: number;
  /** Longest time without a request. */
  idleMs?: number;
  /** Adds `Secure` to the cookie: set it when the app is reached over https. */
  secureCookie?: boolean;
  now?: () => number;
  /** Where sessions are kept across restarts; absent: memory only. */
  file?: string;
  /** Told when a lazy write of the file fails (logins and logouts fail their request instead). */
  onWriteError?: (error: unknown) => void;
  /** How often an open live stream marks its session used (default: a quarter of the idle timeout, at most 1 min). */
  keepAliveMs?: number;
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class SessionStore {
  readonly #sessions = new Map<string, Session>();
  readonly #ttlMs: number;
  readonly #idleMs: number;
  readonly #secure: boolean;
  readonly #now: () => number;
  readonly #file: string | undefined;
  readonly #onWriteError: (error: unknown) => void;
  readonly keepAliveMs: number;
  readonly #queue = new SerialQueue();
  /** lastSeenAt of each session as last written, to write touches lazily. */
  readonly #seenWritten = new Map<string, number>();
  #version = 0;
  #written = 0;

  constructor(options: SessionOptions = {}, stored: readonly Session[] = []) {
    this.#ttlMs = options.ttlMs ?? DEFAULT_SESSION_TTL_MS;
    this.#idleMs = options.idleMs ?? DEFAULT_SESSION_IDLE_MS;
    this.#secure = options.secureCookie ?? false;
    this.#now = options.now ?? Date.now;
    this.#file = options.file;
    this.#onWriteError = options.onWriteError ?? (() => {});
    this.keepAliveMs = options.keepAliveMs ?? Math.min(this.#idleMs / 4, 60_000);
    for (const s of stored) {
      this.#sessions.set(s.id, s);
      this.#seenWritten.set(s.id, s.lastSeenAt);
    }
  }

  /** A store over `options.file`, with the sessions it holds that have not expired. A missing file is no sessions. */
  static async open(options: SessionOptions & { file: string }): Promise<SessionStore> {
    const text = await readFile(options.file, 'utf8').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return undefined;
      throw e;
    });
    const stored = text === undefined ? [] : parseSessionsFile(text, options.file);
    const store = new SessionStore(options, stored);
    // A file from before the caps (or edited) may hold more: the caps apply on open too.
    const before = store.size;
    store.#sweep();
    for (const user of new Set(stored.map((s) => s.user))) store.#cap(user);
    if (store.size < before) await store.#persist();
    return store;
  }

  get size(): number {
    return this.#sessions.size;
  }

  /** A new session; on disk (with `file`) before it resolves. The token goes in the cookie and nowhere else. */
  async create(account: Account, stamp: string): Promise<{ session: Session; token: string }> {
    this.#sweep();
    const token = randomBytes(32).toString('hex');
    const now = this.#now();
    const session: Session = {
      user: account.user,
      role: account.role,
      id: tokenHash(token),
      stamp,
      createdAt: now,
      expiresAt: now + this.#ttlMs,
      lastSeenAt: now,
    };
    this.#sessions.set(session.id, session);
    this.#seenWritten.set(session.id, now);
    this.#cap(session.user);
    await this.#persist();
    return { session, token };
  }

  /** The live session named by the request's cookie, if any; marks it used now. */
  fromRequest(req: Request): Session | undefined {
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (token === undefined || !/^[0-9a-f]{64}$/.test(token)) return undefined;
    return this.touch(tokenHash(token));
  }

  /**
   * Marks a session used now and returns it, or undefined once it has
   * expired or idled out. A dashboard's open live stream calls this every
   * `keepAliveMs` (auth.ts): a screen showing the table is in use.
   */
  touch(id: string): Session | undefined {
    const session = this.#sessions.get(id);
    if (!session) return undefined;
    const now = this.#now();
    if (!this.#alive(session, now)) {
      this.#drop(session.id);
      void this.#persist().catch(this.#onWriteError);
      return undefined;
    }
    session.lastSeenAt = now;
    if (now - (this.#seenWritten.get(session.id) ?? 0) >= this.#idleMs / 10) void this.#persist().catch(this.#onWriteError);
    return session;
  }

  async destroy(id: string): Promise<void> {
    if (this.#drop(id)) await this.#persist();
  }

  /** Ends every session `keep` refuses (a user removed, a PIN changed); returns them. */
  async revokeUnless(keep: (session: Session) => boolean): Promise<Session[]> {
    const revoked = [...this.#sessions.values()].filter((s) => !keep(s));
    for (const s of revoked) this.#drop(s.id);
    if (revoked.length > 0) await this.#persist();
    return revoked;
  }

  /** Waits for every write asked so far (closing the server). */
  flush(): Promise<void> {
    return this.#queue.idle();
  }

  setCookie(res: Response, token: string): void {
    res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: '/', secure: this.#secure, maxAge: this.#ttlMs });
  }

  clearCookie(res: Response): void {
    res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/', secure: this.#secure });
  }

  #alive(s: Session, now: number): boolean {
    return s.expiresAt > now && now - s.lastSeenAt < this.#idleMs;
  }

  #drop(id: string): boolean {
    this.#seenWritten.delete(id);
    return this.#sessions.delete(id);
  }

  /** Ends the least recently used sessions of `user` beyond SESSION_CAPS.perUser, then anyone's beyond the total. */
  #cap(user: string): void {
    const byUse = (list: Session[]) => list.sort((x, y) => x.lastSeenAt - y.lastSeenAt || x.createdAt - y.createdAt);
    const mine = byUse([...this.#sessions.values()].filter((s) => s.user === user));
    for (const s of mine.slice(0, Math.max(0, mine.length - SESSION_CAPS.perUser))) this.#drop(s.id);
    if (this.#sessions.size <= SESSION_CAPS.total) return;
    for (const s of byUse([...this.#sessions.values()]).slice(0, this.#sessions.size - SESSION_CAPS.total)) this.#drop(s.id);
  }

  #sweep(): number {
    const now = this.#now();
    let dropped = 0;
    for (const s of [...this.#sessions.values()]) if (!this.#alive(s, now) && this.#drop(s.id)) dropped += 1;
    return dropped;
  }

  /** Writes the whole file once for every burst of changes (one write at a time, the latest state). */
  #persist(): Promise<void> {
    const file = this.#file;
    if (file === undefined) return Promise.resolve();
    const version = ++this.#version;
    return this.#queue.run(async () => {
      if (this.#written >= version) return;
      const at = this.#version;
      const sessions = [...this.#sessions.values()];
      for (const s of sessions) this.#seenWritten.set(s.id, s.lastSeenAt);
      await writeFileAtomic(file, sessionsFileText(sessions));
      this.#written = at;
    });
  }
}

/** One cookie's value from a Cookie header (no cookie-parser needed for a single cookie). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
