/**
 * When and how often the host asks `RESEND,<from>` (docs/serial-protocol.md#gaps): once per gap,
 * again every `intervalMs` while the gap stays open; an identical RESEND is
 * not repeated within `intervalMs` (a burst of bad frames asks once), since
 * the shuffler resends its unacknowledged cards every second by itself.
 */
export class ResendAsker {
  private last: { from: number; at: number } | null = null;
  private gap: { from: number; timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(
    private readonly intervalMs: number,
    /** Writes the RESEND frame. */
    private readonly send: (from: number) => void,
    /** The first card not stored yet. */
    private readonly expected: () => number,
  ) {}

  /** Asks from `from` unless the same was asked less than `intervalMs` ago (or `force`). */
  ask(from: number, force = false): void {
    const now = Date.now();
    if (!force && this.last?.from === from && now - this.last.at < this.intervalMs) return;
    this.last = { from, at: now };
    this.send(from);
  }

  /** Opens a gap at `from`; returns false if that gap is already open (nothing to alert). */
  openGap(from: number): boolean {
    if (this.gap?.from === from) return false;
    this.clearGap();
    this.ask(from);
    const reask = (): void => {
      if (!this.gap || this.gap.from !== from) return;
      if (this.expected() > from) return this.clearGap();
      this.ask(from, true);
      this.gap.timer = setTimeout(reask, this.intervalMs);
      this.gap.timer.unref?.();
    };
    this.gap = { from, timer: setTimeout(reask, this.intervalMs) };
    this.gap.timer.unref?.();
    return true;
  }

  /** Called after each stored card: closes the gap once its first card is in. */
  stored(): void {
    if (this.gap && this.expected() > this.gap.from) this.clearGap();
  }

  /** A new shoe: forget gaps and recent asks. */
  reset(): void {
    this.clearGap();
    this.last = null;
  }

  clearGap(): void {
    if (this.gap) clearTimeout(this.gap.timer);
    this.gap = null;
  }
}
