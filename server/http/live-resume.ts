/**
 * What a reconnecting client missed (API.md "With Last-Event-ID, every stored
 * event after it is sent first"): the events of its shoe after the index it
 * last saw and, when that shoe has ended since, every event of the shoes that
 * followed, up to the one in play. Only the events: ~7 KB of view with each
 * would overflow a client's queue after a few hundred. Shoes are listed by the archive when there
 * is one; without it only the shoe in play can follow.
 */
import type { StoredEvent } from '../store/stored-event.ts';
import type { LiveMessage, StreamMessage, Table } from '../table/table.ts';
import type { ShoeArchive } from './shoe-archive.ts';

export interface EventPosition {
  shoe: string;
  index: number;
}

/** `<shoe>:<index>` as sent in `id:`; anything else is ignored (the client just goes live). */
export function parseEventId(text: string | undefined): EventPosition | undefined {
  const cut = text?.lastIndexOf(':') ?? -1;
  if (text === undefined || cut < 1) return undefined;
  const index = text.slice(cut + 1);
  if (!/^(0|[1-9][0-9]{0,8})$/.test(index)) return undefined;
  return { shoe: text.slice(0, cut), index: Number(index) };
}

export function liveMessage(shoe: string, event: StoredEvent, view: LiveMessage['view']): LiveMessage {
  return { id: `${shoe}:${event.i}`, shoe, index: event.i, event, view };
}

/** The missed events, oldest first, without a view (the stream adds the current one to the last). */
export async function missedSince(table: Table, archive: ShoeArchive | undefined, from: EventPosition): Promise<StreamMessage[]> {
  const current = table.state().shoe;
  const ids = archive && from.shoe !== current ? (await archive.listShoes()).map((s) => s.id) : undefined;
  // A shoe this server never had (an id from another install): start the client from the shoe in play.
  const known = ids === undefined || ids.includes(from.shoe);
  const shoes = known ? [{ shoe: from.shoe, after: from.index }] : [];
  if (current !== '' && current !== from.shoe) for (const shoe of shoesAfter(ids, from.shoe, current)) shoes.push({ shoe, after: -1 });
  const messages: StreamMessage[] = [];
  for (const { shoe, after } of shoes)
    for (const e of await table.eventsSince(shoe, after)) messages.push({ id: `${shoe}:${e.i}`, shoe, index: e.i, event: e });
  return messages;
}

/** Shoes started after `shoe` (archive order, newest last), ending with `current`. */
function shoesAfter(ids: string[] | undefined, shoe: string, current: string): string[] {
  const at = ids?.indexOf(shoe) ?? -1;
  const later = ids && at >= 0 ? ids.slice(at + 1) : [];
  const upTo = later.indexOf(current);
  return upTo >= 0 ? later.slice(0, upTo + 1) : [...later, current];
}
