/**
 * Banners a newer one makes old: the table server's "restarted, resumed after card N" (a RESTART fault) says where
 * play stands now, so each restart's banner replaces the one before it, not yet acknowledged. An outside crew's
 * tailleur found three banners after three restarts, each asking to be acknowledged (outside crew pass 52). Every
 * restart stays in the shoe's alerts and its record; only the banner is one.
 */
import type { NewAlert } from './live-store.ts';

/** Fault codes whose newest banner replaces the earlier ones of the same table shoe. */
const SUPERSEDING: ReadonlySet<string> = new Set(['RESTART']);

const supersedingKey = (a: NewAlert) =>
  a.source === 'table' && a.kind === 'fault' && a.code !== undefined && SUPERSEDING.has(a.code) ? `${a.shoe}:${a.code}` : null;

/** `banners` (oldest first) with only the newest of each superseding kind. */
export function withoutSuperseded(banners: readonly NewAlert[]): NewAlert[] {
  const newest = new Map<string, NewAlert>();
  for (const a of banners) {
    const k = supersedingKey(a);
    if (k !== null) newest.set(k, a);
  }
  return banners.filter((a) => {
    const k = supersedingKey(a);
    return k === null || newest.get(k) === a;
  });
}
