/**
 * An event as it sits in a shoe file (docs/shoe-log.md#stored-fields: "every event carries by, at, i,
 * prev and hash"): the rules engine's event plus who, when, its place in the
 * shoe and its link in the hash chain. Other fields are kept as they are
 * (docs/shoe-log.md: readers ignore what they do not know).
 */
import type { ShoeEvent } from '../../shoe/events.ts';

export type StoredEvent = ShoeEvent & {
  /** 0-based position of the event in its shoe. */
  i: number;
  /** ISO time, given as data by the caller. */
  at: string;
  /** User, or `shuffler`, who caused the event. */
  by: string;
  /** `hash` of the previous event of the shoe; {@link GENESIS_PREV} for the first. */
  prev: string;
  /** SHA-256 (hex) of the canonical JSON of this event without `hash`. */
  hash: string;
};

/** An event ready to be chained: who and when are known. */
export type StampedEvent = ShoeEvent & { at: string; by: string };

/** `prev` of a shoe's first event: 64 zeros. */
export const GENESIS_PREV = '0'.repeat(64);

/** A SHA-256 in lower-case hex, as `hash` and `prev` are written. */
export const HASH_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The line written for an event: the canonical JSON of the event without
 * `hash` (exactly the bytes that were hashed), with `hash` added as the last
 * member. Everything before `,"hash":` is what the hash covers, which lets
 * verify hash the stored bytes without re-serialising them.
 */
export function lineOf(hashedText: string, hash: string): string {
  return `${hashedText.slice(0, -1)},"hash":"${hash}"}`;
}

/** Length of the `,"hash":"<64 hex>"}` ending that {@link lineOf} adds. */
export const HASH_SUFFIX_LENGTH = ',"hash":"'.length + 64 + '"}'.length;

/**
 * The hashed text of a line written by {@link lineOf}, or undefined when the
 * line does not end with that hash: a line rewritten by another tool must be
 * canonicalised again to be checked.
 */
export function hashedTextOfLine(line: string, hash: string): string | undefined {
  const cut = line.length - HASH_SUFFIX_LENGTH;
  if (cut < 2 || !line.endsWith('"}') || !line.startsWith(',"hash":"', cut) || !line.startsWith(hash, cut + 9)) return undefined;
  return `${line.slice(0, cut)}}`;
}
