/**
 * What surveillance reads (API.md "Surveillance"): the recorded shoes, their
 * stored events and the verdict of verify. The HTTP layer depends on this
 * small port, not on the store's classes; store-archive.ts adapts the
 * TableStore to it, and tests can hand in an in-memory one.
 */
import type { StoredEvent } from '../store/stored-event.ts';

/** One row of GET /api/shoes. */
export interface ShoeSummary {
  id: string;
  table: string;
  startedAt: string;
  endedAt?: string;
  end?: 'empty' | 'suspended';
  events: number;
  /** `file`: a shoe log opened by surveillance, outside the table's record (absent: the record). */
  source?: 'record' | 'file';
  /** The file name it was opened from. */
  name?: string;
}

export interface VerifyProblem {
  /** Position of the event in the shoe (0-based); null for a problem of the shoe as a whole (e.g. its file is missing). */
  index: number | null;
  kind: string;
  message: string;
}

/**
 * Whether this verify checked the shoe's seals against a registered key
 * (docs/central-store.md#seals): `checked`; `no-key`, no key to check them with (a
 * table without a central witness, as the demo); `elsewhere`, this table's
 * seals are kept and checked centrally (the floor, `tq verify --central`), not
 * by the table's own verify. `ok` never covers seals that were not checked.
 */
export type SealCheck = 'checked' | 'no-key' | 'elsewhere';

export interface VerifyResult {
  ok: boolean;
  problems: VerifyProblem[];
  /** Absent: a log opened from a file, which carries no seals. */
  seals?: SealCheck;
  /**
   * A shoe still being dealt, sealed at checkpoints (docs/central-store.md#seals):
   * the last event a seal vouches for (`i`, null before the first seal) and the
   * shoe's last event. Absent when a seal vouches for the last event.
   */
  sealedTo?: { i: number | null; last: number };
  /** Play the table found unsealed when it started (server/central/unwitnessed-spans.ts `foundUnsealed`); absent when none. */
  unsealedAtRestart?: { from: number; to: number; seconds: number }[];
}

export interface ShoeArchive {
  /** Every shoe recorded, newest last. */
  listShoes(): Promise<ShoeSummary[]>;
  /** The shoe's events as stored; throws NotFoundError for an unknown id. */
  readShoe(id: string): Promise<StoredEvent[]>;
  /** The hash chain and the rules checked over the stored file; throws NotFoundError for an unknown id. */
  verifyShoe(id: string): Promise<VerifyResult>;
}
