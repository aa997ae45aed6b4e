/**
 * Who and when (docs/shoe-log.md#stored-fields: "events passed in may already carry at/by; use them if
 * present, else the command's"), and the shape a batch must have before it
 * is chained: a shoe starts with its only `shoe` event and nothing follows `end`.
 */
import type { ShoeEvent } from '../../shoe/events.ts';
import { StoreError } from './store-errors.ts';

/** Who and when, for events that do not carry their own `by` and `at`. */
export interface AppendMeta {
  at: string;
  by: string;
}

export function stamp<E extends ShoeEvent>(event: E, meta: AppendMeta): E & { at: string; by: string } {
  const at = event.at ?? meta.at;
  const by = event.by ?? meta.by;
  if (typeof at !== 'string' || typeof by !== 'string') throw new StoreError('BAD_EVENT', '`at` and `by` must be strings');
  return { ...event, at, by };
}

/** Stamps the events appended to a shoe in play, refusing a batch the log cannot hold. */
export function stampBatch(events: readonly ShoeEvent[], meta: AppendMeta): (ShoeEvent & { at: string; by: string })[] {
  return events.map((e, k) => {
    if (typeof e !== 'object' || e === null || typeof e.type !== 'string') throw new StoreError('BAD_EVENT', `event ${k} has no type`);
    if (e.type === 'shoe') throw new StoreError('BAD_EVENT', 'only the first event of a shoe is a "shoe" event');
    if (e.type === 'end' && k !== events.length - 1) throw new StoreError('BAD_EVENT', 'nothing follows the "end" of a shoe');
    return stamp(e, meta);
  });
}
