/**
 * A click or Enter meant for one target must not land on another that just
 * took its place. When the targets under the pointer change (a prison row
 * gone and the next one moved up, the next call waiting in place of the one
 * just confirmed), their buttons settle for a moment before they act again,
 * and while one action is on its way the others wait for it: a human double
 * click (~200 ms) or Enter pressed twice used to act on the next player's
 * stake, or confirm a call the tailleur had not seen.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Long enough for a double click or a doubled key, short enough not to slow a deliberate next action. */
export const SETTLE_MS = 600;

export class MovedTargetGuard implements ReactiveController {
  #identity: string | undefined;
  #until = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #inFlight = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** What the guarded buttons act on, as one string ('' when none): a change means another target is under the pointer. */
    private readonly identity: () => string,
    private readonly settleMs = SETTLE_MS,
  ) {
    host.addController(this);
  }

  /** Whether the guarded buttons must not act now: a target just changed, or an action is on its way. */
  get blocked(): boolean {
    return this.#inFlight > 0 || performance.now() < this.#until;
  }

  hostUpdate(): void {
    const now = this.identity();
    // buttons appearing where there were none replace nothing: only a target taking another's place settles
    if (this.#identity && now !== this.#identity) this.#settle();
    this.#identity = now;
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }

  /**
   * Runs an action unless blocked; the buttons stay blocked while it runs and
   * settle after it, since the change it causes may reach the screen later.
   */
  async run(action: () => Promise<unknown>): Promise<void> {
    if (this.blocked) return;
    this.#inFlight++;
    this.host.requestUpdate();
    try {
      await action();
    } finally {
      this.#inFlight--;
      this.#settle();
    }
  }

  #settle(): void {
    this.#until = performance.now() + this.settleMs;
    clearTimeout(this.#timer);
    // re-render when the settle time is over, so the buttons come back
    this.#timer = setTimeout(() => this.host.requestUpdate(), this.settleMs + 10);
    this.host.requestUpdate();
  }
}
