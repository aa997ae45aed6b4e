/**
 * At most `size` of a kind of work at once; the rest wait their turn in
 * order, and a waiter whose client has gone leaves the queue without running.
 * Found when probed as an attacker: a hundred stale SSE resumes at once each read shoe files
 * into memory together; taking turns bounds what is held to `size` resumes.
 */
export class TakeTurns {
  #running = 0;
  readonly #waiting: { go: () => void; gone: () => boolean }[] = [];

  constructor(readonly size: number) {}

  /** Runs `work` in its turn; resolves `undefined` without running it when `gone()` is true by then. */
  async run<T>(work: () => Promise<T>, gone: () => boolean = () => false): Promise<T | undefined> {
    if (this.#running >= this.size) await new Promise<void>((go) => this.#waiting.push({ go, gone }));
    else this.#running++;
    try {
      return gone() ? undefined : await work();
    } finally {
      this.#next();
    }
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** Hands the turn to the next waiter still wanted; waiters whose client went are let through at once and skip their work. */
  #next(): void {
    const next = this.#waiting.shift();
    if (next === undefined) this.#running--;
    else next.go();
  }
}
