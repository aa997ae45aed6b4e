/**
 * Login rate limit, per user name (issue "Login rate-limited per user"):
 * after 5 wrong PINs in a row the name is locked for 30 s, even for the right
 * PIN; a good login clears the count. A 4-digit PIN has only 10 000 values, so
 * this is what keeps guessing slow.
 */
export interface LimiterOptions {
  maxFailures?: number;
  lockMs?: number;
  now?: () => number;
}

interface Attempts {
  failures: number;
  lockedUntil: number;
}

/** Beyond this many names tracked, entries whose lock has passed are dropped. */
const PRUNE_AT = 10_000;

export class LoginLimiter {
  readonly #attempts = new Map<string, Attempts>();
  readonly maxFailures: number;
  readonly lockMs: number;
  readonly #now: () => number;

  constructor(options: LimiterOptions = {}) {
    this.maxFailures = options.maxFailures ?? 5;
    this.lockMs = options.lockMs ?? 30_000;
    this.#now = options.now ?? Date.now;
  }

  /** Milliseconds the name stays locked (0 when it may try). */
  lockedFor(user: string): number {
    const a = this.#attempts.get(user);
    return a ? Math.max(0, a.lockedUntil - this.#now()) : 0;
  }

  failed(user: string): void {
    if (this.#attempts.size >= PRUNE_AT) this.#prune();
    const a = this.#attempts.get(user) ?? { failures: 0, lockedUntil: 0 };
    a.failures += 1;
    if (a.failures >= this.maxFailures) {
      a.failures = 0;
      a.lockedUntil = this.#now() + this.lockMs;
    }
    this.#attempts.set(user, a);
  }

  succeeded(user: string): void {
    this.#attempts.delete(user);
  }

  #prune(): void {
    const now = this.#now();
    for (const [user, a] of this.#attempts) if (a.lockedUntil <= now) this.#attempts.delete(user);
  }
}
