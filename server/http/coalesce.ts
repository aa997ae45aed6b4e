/**
 * At most one call per `everyMs`, always with the latest value: the first
 * goes at once, later ones within the interval are folded into one sent when
 * it ends. For pushes where only the newest state matters (the link status:
 * 10,000 bad frames must not become 10,000 pushes to every dashboard).
 */
export interface Coalesced<T> {
  push(value: T): void;
  /** Sends now, whatever the interval (e.g. the first status on a new stream). */
  flush(value: T): void;
  stop(): void;
}

export function coalesce<T>(send: (value: T) => void, everyMs: number, now: () => number = Date.now): Coalesced<T> {
  let last = -Infinity;
  let pending: { value: T } | undefined;
  let timer: NodeJS.Timeout | undefined;
  const fire = () => {
    timer = undefined;
    if (!pending) return;
    const { value } = pending;
    pending = undefined;
    last = now();
    send(value);
  };
  return {
    push(value) {
      pending = { value };
      if (timer) return;
      const wait = last + everyMs - now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    flush(value) {
      pending = { value };
      if (timer) clearTimeout(timer);
      fire();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}
