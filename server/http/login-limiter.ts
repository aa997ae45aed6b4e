/**
 * How fast PINs may be guessed. A 4-digit PIN has only 10 000 values, so the
 * limit is what keeps a guesser slow, and it must hold against parallel
 * requests and must not let a guesser keep the real crew out:
 *
 * - an attempt is counted BEFORE its PIN is hashed, and attempts for one user
 *   name are taken one at a time, so a burst of parallel guesses checks no
 *   more PINs than the limit allows;
 * - per address and user: 5 wrong PINs lock that pair for 30 s, doubled at
 *   each new lock (up to 15 min) — the guesser's own lock;
 * - per address: 20 wrong PINs, whatever the names, lock the address the same
 *   way — a flood of made-up names stops there;
 * - per user: 10 wrong PINs from anywhere delay the name for 60 s, doubled up
 *   to 15 min — guessers on many addresses stay slow. An address where the
 *   user has logged in before is not held by this delay, so the real chef on
 *   the table's tablet is never locked out by someone guessing elsewhere;
 * - PIN checks (scrypt, ~50 ms of a core each) run two at a time, in a
 *   child process at a lower CPU priority (pin-hasher.ts), and 4 more may
 *   wait; beyond that the answer is at once "limited" (429). Four of the crew
 *   logging in together wait two checks, not four, and a flood can neither
 *   fill libuv's threadpool, which serial writes and fsync use, nor take a
 *   core from the card path.
 * - a login from an address where that user has logged in before goes ahead
 *   of the queue and is never turned away as "limited" (5 of 16 of the real crew's logins were 429 during a flood);
 * - the per-user counts of the names in the users file (`isUser`) are kept
 *   apart and never pruned (~10,000 made-up names from
 *   new addresses pruned the real user's count, and the delay with it).
 * Counts and levels are forgotten after 15 min without a wrong PIN.
 *
 * Every decision is a value ({@link LoginOutcome}) so the caller can answer
 * and log it (a lockout is worth an access-log line).
 */
export interface LimiterOptions {
  /** Wrong PINs of one address for one user before that pair is locked. */
  maxFailures?: number;
  /** The first lock; each further one doubles it. */
  lockMs?: number;
  /** Wrong PINs from one address, any names, before the address is locked. */
  maxAddressFailures?: number;
  /** Wrong PINs for one user from anywhere before the name is delayed. */
  maxUserFailures?: number;
  userDelayMs?: number;
  /** Longest lock or delay. */
  maxLockMs?: number;
  /** PIN checks at once, and waiting. */
  maxHashing?: number;
  maxWaiting?: number;
  now?: () => number;
  /** Whether a name is in the users file: its per-user count is never pruned. */
  isUser?: (user: string) => boolean;
}

export type LoginOutcome<A> =
  | { kind: 'ok'; account: A }
  | { kind: 'wrong' }
  /** Too many wrong PINs: `scope` says whose, `until` when it may try again (ms since epoch). */
  | { kind: 'locked'; scope: 'user' | 'address' | 'address-user'; until: number }
  /** Too many logins at once: try again shortly. */
  | { kind: 'limited'; retryAfterMs: number };

interface Counter {
  failures: number;
  level: number;
  lockedUntil: number;
  lastFailure: number;
}

/** Counters tracked at most; beyond, the quiet ones are dropped (a flood of names must not grow memory). */
const PRUNE_AT = 10_000;
const QUIET_MS = 15 * 60_000;
const LIMITED_RETRY_MS = 1_000;

export class LoginLimiter {
  readonly maxFailures: number;
  readonly lockMs: number;
  readonly #maxAddress: number;
  readonly #maxUser: number;
  readonly #userDelayMs: number;
  readonly #maxLockMs: number;
  readonly #maxHashing: number;
  readonly #maxWaiting: number;
  readonly #now: () => number;
  readonly #pairs = new Map<string, Counter>();
  readonly #addresses = new Map<string, Counter>();
  readonly #users = new Map<string, Counter>();
  /** The per-user counts of real users, bounded by the users file, never pruned. */
  readonly #realUsers = new Map<string, Counter>();
  readonly #isUser: (user: string) => boolean;
  /** Logins from an address the user has logged in from, waiting for a PIN check: served first. */
  readonly #urgent: (() => void)[] = [];
  /** Addresses each user has logged in from. */
  readonly #known = new Map<string, Set<string>>();
  /** The attempt in progress per user name (one at a time). */
  readonly #turns = new Map<string, Promise<unknown>>();
  #hashing = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(options: LimiterOptions = {}) {
    this.maxFailures = options.maxFailures ?? 5;
    this.lockMs = options.lockMs ?? 30_000;
    this.#maxAddress = options.maxAddressFailures ?? 20;
    this.#maxUser = options.maxUserFailures ?? 10;
    this.#userDelayMs = options.userDelayMs ?? 60_000;
    this.#maxLockMs = options.maxLockMs ?? QUIET_MS;
    this.#maxHashing = options.maxHashing ?? 2;
    this.#maxWaiting = options.maxWaiting ?? 4;
    this.#now = options.now ?? Date.now;
    this.#isUser = options.isUser ?? (() => false);
  }

  #userCounts(user: string): Map<string, Counter> {
    return this.#isUser(user) ? this.#realUsers : this.#users;
  }

  now(): number {
    return this.#now();
  }

  /**
   * One login attempt: `check` (the scrypt comparison) runs only when the
   * limits allow it, after the attempt has been counted as a wrong PIN; a
   * right PIN then clears the counts of that user.
   */
  async attempt<A>(user: string, address: string, check: () => Promise<A | undefined>): Promise<LoginOutcome<A>> {
    const early = this.#refusal(user, address);
    if (early) return early;
    const previous = this.#turns.get(user) ?? Promise.resolve();
    const turn = previous.then(() => this.#take(user, address, check));
    const settled = turn.then(noop, noop);
    this.#turns.set(user, settled);
    void settled.then(() => {
      if (this.#turns.get(user) === settled) this.#turns.delete(user);
    });
    return turn;
  }

  async #take<A>(user: string, address: string, check: () => Promise<A | undefined>): Promise<LoginOutcome<A>> {
    const refused = this.#refusal(user, address);
    if (refused) return refused;
    const trusted = this.#known.get(user)?.has(address) === true;
    if (!trusted && this.#hashing >= this.#maxHashing && this.#waiting.length >= this.#maxWaiting) return { kind: 'limited', retryAfterMs: LIMITED_RETRY_MS };
    const pair = `${address}\u0000${user}`;
    const counted = [this.#fail(this.#pairs, pair, this.maxFailures, this.lockMs), this.#fail(this.#addresses, address, this.#maxAddress, this.lockMs)];
    const userCounted = trusted ? undefined : this.#fail(this.#userCounts(user), user, this.#maxUser, this.#userDelayMs);
    await this.#slot(trusted);
    let account: A | undefined;
    try {
      account = await check();
    } finally {
      this.#release();
    }
    if (account === undefined) return { kind: 'wrong' };
    for (const undo of [...counted, userCounted]) undo?.();
    this.#pairs.delete(pair);
    this.#userCounts(user).delete(user);
    if (this.#known.size >= PRUNE_AT) this.#known.clear();
    const known = this.#known.get(user) ?? new Set<string>();
    if (known.size < 64) known.add(address);
    this.#known.set(user, known);
    return { kind: 'ok', account };
  }

  /** Whether a lock or delay stands for this address, user, or pair. */
  #refusal(user: string, address: string): LoginOutcome<never> | undefined {
    const now = this.#now();
    const pair = this.#pairs.get(`${address}\u0000${user}`);
    if (pair && pair.lockedUntil > now) return { kind: 'locked', scope: 'address-user', until: pair.lockedUntil };
    const byAddress = this.#addresses.get(address);
    if (byAddress && byAddress.lockedUntil > now) return { kind: 'locked', scope: 'address', until: byAddress.lockedUntil };
    const byUser = this.#userCounts(user).get(user);
    if (byUser && byUser.lockedUntil > now && !this.#known.get(user)?.has(address)) return { kind: 'locked', scope: 'user', until: byUser.lockedUntil };
    return undefined;
  }

  /** Counts a wrong PIN (locking at `max`); returns how to take it back if the PIN proves right. */
  #fail(map: Map<string, Counter>, key: string, max: number, baseMs: number): () => void {
    const now = this.#now();
    if (map.size >= PRUNE_AT && map !== this.#realUsers) prune(map, now);
    let c = map.get(key);
    if (c && c.lockedUntil <= now && now - c.lastFailure > QUIET_MS) c = undefined;
    c ??= { failures: 0, level: 0, lockedUntil: 0, lastFailure: now };
    const locksNow = c.failures + 1 >= max;
    c.failures += 1;
    c.lastFailure = now;
    if (c.failures >= max) {
      c.failures = 0;
      c.level += 1;
      c.lockedUntil = now + Math.min(baseMs * 2 ** (c.level - 1), this.#maxLockMs);
    }
    map.set(key, c);
    const counter = c;
    return () => {
      if (!locksNow && counter.failures > 0) counter.failures -= 1;
    };
  }

  #slot(urgent: boolean): Promise<void> {
    if (this.#hashing < this.#maxHashing) {
      this.#hashing += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => (urgent ? this.#urgent : this.#waiting).push(resolve));
  }

  #release(): void {
    const next = this.#urgent.shift() ?? this.#waiting.shift();
    if (next) next();
    else this.#hashing -= 1;
  }
}

/**
 * The limiter of a site that logs in the users of a users file — a table's
 * HTTP side and the floor alike (docs/deploy.md#the-floor): the names in the
 * file (those with a session stamp, read afresh at each attempt, so an edit
 * of the file counts) have their per-user counts kept apart from made-up
 * names, never pruned by a flood of them.
 */
export function usersLimiter(users: { stamp(user: string): string | undefined }, options: LimiterOptions = {}): LoginLimiter {
  return new LoginLimiter({ isUser: (user) => users.stamp(user) !== undefined, ...options });
}

function noop(): void {}

function prune(map: Map<string, Counter>, now: number): void {
  for (const [key, c] of map) if (c.lockedUntil <= now && now - c.lastFailure > QUIET_MS) map.delete(key);
  if (map.size >= PRUNE_AT) for (const [key, c] of map) if (c.lockedUntil <= now) map.delete(key);
}
