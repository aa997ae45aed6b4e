/**
 * Reasons the table refuses to open a coup (faites vos jeux), checked each
 * time the bets would open: any part of the server may add one — the central
 * witness when play has gone unwitnessed too long until the chef de table
 * acknowledges it (docs/central-store.md#unwitnessed), a restore whose record
 * is behind its sealed central copy. Cards already in the shuffler are still
 * stored: the guard stops new play, never the record of what happens.
 */
import { CodedError } from '../../shoe/coded-error.ts';

/** A reason to refuse, in one sentence, or null while there is none. */
export type DealGuard = () => string | null;

/** The table refused to open a coup: `reasons` say why (409). */
export class DealRefusedError extends CodedError {
  override readonly code = 'DEALING_REFUSED';
  constructor(readonly reasons: readonly string[]) {
    super(`the table refuses to open a coup: ${reasons.join('; ')}`);
    this.name = 'DealRefusedError';
  }
}

export class DealGuards {
  readonly #guards = new Set<DealGuard>();

  /** Adds a guard; the returned function removes it. */
  add(guard: DealGuard): () => void {
    this.#guards.add(guard);
    return () => this.#guards.delete(guard);
  }

  /** The reasons that hold now. */
  reasons(): string[] {
    return [...this.#guards].map((g) => g()).filter((r): r is string => r !== null);
  }

  /** Throws DealRefusedError when any reason holds. */
  check(): void {
    const reasons = this.reasons();
    if (reasons.length > 0) throw new DealRefusedError(reasons);
  }
}
