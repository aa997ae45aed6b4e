/**
 * How many of the events read from the central store follow the hash chain
 * from the last one the floor shows (docs/shoe-log.md#hash-chain): each the
 * next index, its `prev` the previous hash, its `hash` its own. The floor
 * shows only those (docs/central-store.md: what the store holds is checked,
 * not trusted); `tq verify --central` says what is wrong with the rest.
 */
import { hashOfEvent } from '../store/hash-chain.ts';
import type { StoredEvent } from '../store/stored-event.ts';

export function chainedPrefix(events: readonly StoredEvent[], lastIndex: number, lastHash: string): number {
  let prev = lastHash;
  for (const [k, e] of events.entries()) {
    if (e.i !== lastIndex + 1 + k || e.prev !== prev || e.hash !== hashOfEvent(e)) return k;
    prev = e.hash;
  }
  return events.length;
}
