/**
 * One chain per table, across shoes (docs/shoe-log.md#shoe-chain): a new
 * shoe's first line names the table's previous shoe — its id, its last event
 * and that event's hash — and its ordinal (1 for the table's first shoe).
 * Each shoe's hash chain then hangs on the one before it, so whoever removes
 * a whole shoe, or a shoe's end and last events, from a copy of the record
 * (the central store's owner, the table's disk) breaks the next shoe's link:
 * the defect of a removed shoe read as "not
 * replicated yet".
 */
import type { EventOf, ShoeEvent, ShoeLink } from '../../shoe/events.ts';
import type { StoredEvent } from '../store/stored-event.ts';

/**
 * `first` with its link: `previous` are the stored events of the table's last
 * shoe (none for its first), `shoesBefore` how many shoes the table recorded
 * before this one (the ordinal of a predecessor recorded without one).
 */
export function linkedFirstLine(first: EventOf<'shoe'>, previous: readonly StoredEvent[], shoesBefore: number): EventOf<'shoe'> {
  const head = previous.at(-1);
  const before = previous[0] as (StoredEvent & { ordinal?: unknown; shoe?: unknown }) | undefined;
  if (head === undefined || before === undefined || typeof before.shoe !== 'string') return { ...first, ordinal: shoesBefore + 1 };
  const ordinal = typeof before.ordinal === 'number' ? before.ordinal + 1 : shoesBefore + 1;
  const link: ShoeLink = { shoe: before.shoe, i: head.i, hash: head.hash };
  return { ...first, ordinal, previous: link };
}

/**
 * The shoe a first line names as the table's previous one, with its stored
 * events; null when it names none (the table's first shoe, or a line that is
 * not a first line). A failed read rejects: each reader decides what a
 * predecessor it cannot read means.
 */
export async function readPreviousShoe(
  store: { readShoe(shoe: string): Promise<StoredEvent[]> },
  first: ShoeEvent | undefined,
): Promise<{ shoe: string; events: StoredEvent[] } | null> {
  const shoe = first?.type === 'shoe' ? first.previous?.shoe : undefined;
  if (shoe === undefined) return null;
  return { shoe, events: await store.readShoe(shoe) };
}
