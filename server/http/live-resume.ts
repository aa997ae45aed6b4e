/**
 * What a reconnecting client missed (API.md "With Last-Event-ID, every stored
 * event after it is sent first"): the events of its shoe after the index it
 * last saw and, when that shoe has ended since, every event of the shoes that
 * followed, up to the one in play. Only the events: ~7 KB of view with each
 * would overflow a client's queue after a few hundred. Shoes are listed by the archive when there
 * is one; without it only the shoe in play can follow.
 *
 * A resume from the oldest of 400 shoes read every event
 * since into memory before deciding to send `reload` (5.3 s, 2 GB for 20 at
 * once, the server out of memory at 100), and kept reading after the client
 * left. The count of what was missed is now taken from the index (each ended
 * shoe's `events`, the view's count for the shoe in play), so a long gap is a
 * `reload` without reading a line; the events are read, a shoe at a time, only
 * when they are at most `max`, and no more once the client has gone.
 */
import type { StoredEvent } from '../store/stored-event.ts';
import type { LiveMessage, StreamMessage, Table } from '../table/table.ts';
import type { ShoeArchive } from './shoe-archive.ts';

export interface EventPosition {
  shoe: string;
  index: number;
}

/** What to send a resuming client: the missed events, or `reload` naming the last stored event. */
export type Resume = { kind: 'events'; messages: StreamMessage[] } | { kind: 'reload'; missed: number; last: string };

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

/**
 * Decides from the counts alone, then reads at most `max` events. `open` is
 * asked before each shoe is read: once the client has gone, nothing more is
 * read (the answer is then an empty list nobody will see).
 */
export async function resumeFrom(
  table: Table,
  archive: ShoeArchive | undefined,
  from: EventPosition,
  max: number,
  open: () => boolean = () => true,
): Promise<Resume> {
  const current = table.state().shoe;
  const currentCount = table.view().events;
  const plan = from.shoe === current ? [{ shoe: current, after: from.index, count: currentCount }] : await shoesToSend(archive, from, current, currentCount);
  const missed = plan.reduce((n, p) => n + Math.max(0, p.count - p.after - 1), 0);
  if (missed > max && current !== '') return { kind: 'reload', missed, last: `${current}:${currentCount - 1}` };
  const messages: StreamMessage[] = [];
  for (const { shoe, after } of plan) {
    if (!open()) return { kind: 'events', messages: [] };
    for (const e of await table.eventsSince(shoe, after)) messages.push({ id: `${shoe}:${e.i}`, shoe, index: e.i, event: e });
  }
  return { kind: 'events', messages };
}

interface Part {
  shoe: string;
  after: number;
  count: number;
}

/** The client's shoe after its index, then every shoe started after it (archive order), ending with `current`; each with its count. */
async function shoesToSend(archive: ShoeArchive | undefined, from: EventPosition, current: string, currentCount: number): Promise<Part[]> {
  // Only the table's record: a log opened by surveillance is no shoe of this table's live stream.
  const listed = archive ? (await archive.listShoes()).filter((s) => s.source !== 'file') : undefined;
  const at = listed?.findIndex((s) => s.id === from.shoe) ?? -1;
  const parts: Part[] = [];
  // A shoe this server never had (an id from another install): start the client from the shoe in play.
  if (listed === undefined || at >= 0) parts.push({ shoe: from.shoe, after: from.index, count: listed?.[at]?.events ?? 0 });
  if (current === '') return parts;
  const later = listed && at >= 0 ? listed.slice(at + 1) : [];
  const upTo = later.findIndex((s) => s.id === current);
  for (const s of upTo >= 0 ? later.slice(0, upTo) : later) parts.push({ shoe: s.id, after: -1, count: s.events });
  parts.push({ shoe: current, after: -1, count: currentCount });
  return parts;
}
