/**
 * Watches the shuffler line for silence (docs/serial-protocol.md#silence: the shuffler sends a STAT
 * heartbeat every 5 s, so a quiet line means a fault). Reports once when no
 * frame has come for `ms`, then waits for frames to come again.
 */
export class SilenceWatch {
  private lastHeard = 0;
  private silent = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

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
    this.timer = setTimeout(() => this.check(), delay);
    this.timer.unref?.();
  }

  private check(): void {
    this.timer = null;
    const quiet = Date.now() - this.lastHeard;
    if (quiet < this.ms) return this.arm(this.ms - quiet);
    this.silent = true;
    this.onSilent(quiet);
  }
}
