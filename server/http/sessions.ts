/**
 * Sessions (server/http/API.md): a random 32-byte id kept in memory with an
 * absolute expiry (12 h by default), carried by the cookie `tq_session`
 * (HttpOnly, SameSite=Strict, Path=/, Secure when served over https).
 * A restart logs everybody out, which a table crew can live with.
 */
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Account } from './users.ts';

export const SESSION_COOKIE = 'tq_session';
export const DEFAULT_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface Session extends Account {
  id: string;
  expiresAt: number;
}

export interface SessionOptions {
  ttlMs?: number;
  /** Adds `Secure` to the cookie: set it when the app is reached over https. */
  secureCookie?: boolean;
  now?: () => number;
}

export class SessionStore {
  readonly #sessions = new Map<string, Session>();
  readonly #ttlMs: number;
  readonly #secure: boolean;
  readonly #now: () => number;

  constructor(options: SessionOptions = {}) {
    this.#ttlMs = options.ttlMs ?? DEFAULT_SESSION_TTL_MS;
    this.#secure = options.secureCookie ?? false;
    this.#now = options.now ?? Date.now;
  }

  create(account: Account): Session {
    this.#sweep();
    const session = { ...account, id: randomBytes(32).toString('hex'), expiresAt: this.#now() + this.#ttlMs };
    this.#sessions.set(session.id, session);
    return session;
  }

  /** The live session named by the request's cookie, if any. */
  fromRequest(req: Request): Session | undefined {
    const id = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (id === undefined) return undefined;
    const session = this.#sessions.get(id);
    if (session && session.expiresAt <= this.#now()) {
      this.#sessions.delete(id);
      return undefined;
    }
    return session;
  }

  destroy(id: string): void {
    this.#sessions.delete(id);
  }

  setCookie(res: Response, session: Session): void {
    res.cookie(SESSION_COOKIE, session.id, { httpOnly: true, sameSite: 'strict', path: '/', secure: this.#secure, maxAge: this.#ttlMs });
  }

  clearCookie(res: Response): void {
    res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/', secure: this.#secure });
  }

  #sweep(): void {
    const now = this.#now();
    for (const [id, s] of this.#sessions) if (s.expiresAt <= now) this.#sessions.delete(id);
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
