/**
 * The one way tests wait: poll a check until it gives a value, instead of a
 * fixed sleep followed by an assertion. A value other than `undefined` or
 * `false` ends the wait and is returned; after `ms` the wait fails naming
 * what it waited for.
 */
export async function until<T>(check: () => Promise<T | undefined | false> | T | undefined | false, what: string, ms = 10_000, everyMs = 20): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
