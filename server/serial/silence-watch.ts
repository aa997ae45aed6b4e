/**
 * Watches the shuffler line for silence (docs/serial-protocol.md#silence: the shuffler sends a STAT
 * heartbeat every 5 s, so a quiet line means a fault). Reports once when no
 * frame has come for `ms`, then waits for frames to come again.
 *
 * A check that runs more than `LATE_MS` after it was due means this process
 * did not run meanwhile (stopped, a machine paused): the shuffler's frames of
 * that time wait unread in the port, and are read just after the timers.
 * Such a check looks again `GRACE_MS` later instead of calling the shuffler
 * silent: every table of a stopped floor demo said "shuffler silent" and
 * "silence over" when it ran again (outsider pass 28).
 */

/** How late a check may run and still judge the line. */
export const LATE_MS = 1_000;
/** How long after a late check the line is looked at again. */
export const GRACE_MS = 1_000;
export class SilenceWatch {
  private lastHeard = 0;
  private silent = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private dueAt = 0;

  constructor(
    private readonly ms: number,
    private readonly onSilent: (quietMs: number) => void,
    private readonly onSpeaks: () => void = () => {},
  ) {}

  start(): void {
    this.lastHeard = Date.now();
    this.silent = false;
    this.arm(this.ms);
  }

  /** A frame came (good or bad: the line is alive). */
  heard(): void {
    this.lastHeard = Date.now();
    if (!this.silent) return;
    this.silent = false;
    this.onSpeaks();
    this.arm(this.ms);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(delay: number): void {
    this.stop();
    this.dueAt = Date.now() + delay;
    this.timer = setTimeout(() => this.check(), delay);
    this.timer.unref?.();
  }

  private check(): void {
    this.timer = null;
    const now = Date.now();
    if (now - this.dueAt > LATE_MS) return this.arm(GRACE_MS);
    const quiet = now - this.lastHeard;
    if (quiet < this.ms) return this.arm(this.ms - quiet);
    this.silent = true;
    this.onSilent(quiet);
  }
}
