/**
 * What a crew member's tab keeps across a reload (a stake typed, stakes not
 * placed, a ruling being written, banners not acknowledged), in the tab's
 * sessionStorage: a reload must not lose what was on the screen, and a
 * storage that is full, refused (privacy settings) or holding something
 * unreadable must never break the screen — the value then lives as long as
 * the page.
 */

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The value kept under `key` as `read` accepts it from its parsed JSON, or `null` (none, unreadable, refused). */
export function readKept<T>(key: string, read: (raw: unknown) => T | null): T | null {
  try {
    const raw = storage()?.getItem(key);
    return raw === null || raw === undefined ? null : read(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`, or forgets it (`null`). */
export function writeKept(key: string, value: unknown): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(value));
  } catch {
    /* a full or refused storage: the value lives as long as the page */
  }
}

/** Forgets every value kept under a key starting with `prefix`, but those of `keep`. */
export function forgetKept(prefix: string, keep: ReadonlySet<string>): void {
  const s = storage();
  if (!s) return;
  const stale: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(prefix) && !keep.has(k)) stale.push(k);
  }
  for (const k of stale) writeKept(k, null);
}
