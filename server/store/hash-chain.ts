/**
 * The hash chain of a shoe (docs/shoe-log.md#hash-chain). Each event stores
 * `i`, `prev` = the previous event's hash, and `hash` = SHA-256 of its own
 * canonical JSON without `hash`. Changing, inserting, removing or reordering a
 * line breaks a link at that line; rewriting every later hash is the only way
 * to hide it, and the index of ended shoes keeps their last hash to catch that.
 */
import { hash as digest } from 'node:crypto';
import { canonicalJsonWithout } from './canonical-json.ts';
import { GENESIS_PREV, HASH_PATTERN, hashedTextOfLine, lineOf, type StampedEvent, type StoredEvent } from './stored-event.ts';

export const CHAIN_PROBLEM_KINDS = ['hash-mismatch', 'prev-mismatch', 'index-mismatch', 'missing-hash'] as const;
export type ChainProblemKind = (typeof CHAIN_PROBLEM_KINDS)[number];

export interface ChainProblem {
  /** Position of the line in the shoe (0-based), where the link is broken. */
  index: number;
  kind: ChainProblemKind;
  message: string;
}

/** SHA-256 hex of a text or bytes, in one call (no Hash object per event). */
export function sha256(data: string | Uint8Array): string {
  return digest('sha256', data, 'hex');
}

/** The hash an event should carry: over its canonical JSON without `hash`. */
export function hashOfEvent(event: object): string {
  return sha256(canonicalJsonWithout(event, 'hash'));
}

export interface ChainedBatch {
  events: StoredEvent[];
  /** The lines to write, each ending with a newline. */
  text: string;
  lastHash: string;
}

/**
 * Links events after `prevHash`, numbering them from `startIndex`. Any `i`,
 * `prev` or `hash` they carry is replaced. The events returned are parsed back
 * from the lines, so they equal what a reader of the file will get.
 */
export function chainBatch(prevHash: string, startIndex: number, events: readonly StampedEvent[]): ChainedBatch {
  const stored: StoredEvent[] = [];
  let text = '';
  let prev = prevHash;
  for (let k = 0; k < events.length; k++) {
    const linked = { ...events[k], i: startIndex + k, prev } as Record<string, unknown>;
    const hashed = canonicalJsonWithout(linked, 'hash');
    const hash = sha256(hashed);
    const line = lineOf(hashed, hash);
    stored.push(JSON.parse(line) as StoredEvent);
    text += `${line}\n`;
    prev = hash;
  }
  return { events: stored, text, lastHash: prev };
}

/** `chainEvents(prevHash, startIndex, events)`: the stored form of events appended after `prevHash`. */
export function chainEvents(prevHash: string, startIndex: number, events: readonly StampedEvent[]): StoredEvent[] {
  return chainBatch(prevHash, startIndex, events).events;
}

/**
 * Walks a shoe line by line and reports broken links where they are. Each
 * check compares an event with its neighbour as stored (not as recomputed),
 * so one edited event is one problem, not a cascade to the end of the shoe.
 */
export class ChainCursor {
  #position = 0;
  /** The previous line's stored hash; null when unknown (unreadable or missing). */
  #expectedPrev: string | null = GENESIS_PREV;
  /** The previous line's `i`; null when unknown. */
  #lastIndex: number | null = -1;

  /**
   * Checks the next event. `storedDigest`, when the caller has it, is the
   * SHA-256 of the bytes the line stores before its hash member (see
   * stored-event.ts): equal to `hash`, it proves the hash without
   * re-serialising the event.
   */
  check(event: object, problems: ChainProblem[], storedDigest?: string): void {
    const index = this.#position++;
    const { hash, prev, i } = event as Readonly<Record<string, unknown>>;

    const expectedIndex = this.#lastIndex === null ? index : this.#lastIndex + 1;
    if (i !== expectedIndex) {
      problems.push({
        index,
        kind: 'index-mismatch',
        message: `event ${index} has i=${JSON.stringify(i)} where ${expectedIndex} follows the event before: an event was removed, inserted or moved here`,
      });
    }
    this.#lastIndex = typeof i === 'number' ? i : null;

    if (this.#expectedPrev !== null && prev !== this.#expectedPrev) {
      const message =
        index === 0
          ? `the first event's prev is not 64 zeros: events were removed from the start of the shoe`
          : `event ${index}'s prev is not the hash of event ${index - 1}: event ${index - 1} was changed, or events were inserted, removed or moved here`;
      problems.push({ index, kind: 'prev-mismatch', message });
    }

    // The common case first: the stored bytes hash to the stored hash (no regex, no re-serialising).
    if (typeof hash === 'string' && (hash === storedDigest || hashOfEventOrNull(event) === hash)) {
      this.#expectedPrev = hash;
    } else if (typeof hash !== 'string' || !HASH_PATTERN.test(hash)) {
      problems.push({ index, kind: 'missing-hash', message: `event ${index} has no hash (64 hex digits): ${JSON.stringify(hash)}` });
      this.#expectedPrev = null;
    } else {
      problems.push({ index, kind: 'hash-mismatch', message: `event ${index}'s content does not match its hash: it was changed after it was written` });
      this.#expectedPrev = hash;
    }
  }

  /** Steps over a line that could not be read; its neighbours' links are not checked against it. */
  skip(): void {
    this.#position++;
    this.#expectedPrev = null;
    if (this.#lastIndex !== null) this.#lastIndex++;
  }
}

/**
 * The digest of a stored line's hashed bytes, when the line ends with the
 * hash member this store writes last; undefined otherwise (a line another tool
 * re-spaced or re-ordered is then canonicalised again, and still verifies).
 */
export function storedDigestOfLine(line: string, hash: unknown): string | undefined {
  if (typeof hash !== 'string') return undefined;
  const hashed = hashedTextOfLine(line, hash);
  return hashed === undefined ? undefined : sha256(hashed);
}

function hashOfEventOrNull(event: object): string | null {
  try {
    return hashOfEvent(event);
  } catch {
    return null; // not plain JSON: it cannot be what was hashed
  }
}

/** `checkChain(events)`: every broken link of a shoe's events, oldest first. */
export function checkChain(events: readonly object[]): ChainProblem[] {
  const problems: ChainProblem[] = [];
  const cursor = new ChainCursor();
  for (const event of events) cursor.check(event, problems);
  return problems;
}
