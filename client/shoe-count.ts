/**
 * One count of a shoe's events on every screen. The list is read now and then
 * (the record's index, the central store's rows), while the live view and the
 * replay follow the shoe as it grows: an outsider read "156 events" in the
 * list beside "Event 163 of 163" in the replay of the same shoe. A shoe only
 * grows, so the larger count known is the newer one.
 */
import type { ShoeSummary } from './api.ts';

/** `shoes` with shoe `id` counted `events` when that is more than the list last read. */
export function withCount(shoes: ShoeSummary[], id: string, events: number): ShoeSummary[] {
  return shoes.map((s) => (s.id === id && s.events < events ? { ...s, events } : s));
}
