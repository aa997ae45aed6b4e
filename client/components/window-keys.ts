/**
 * The keyboard of a page (tailleur, payeur, replay timeline): a controller
 * that listens to the window's keys while its element is on the page, and
 * stops when the element leaves it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class WindowKeys implements ReactiveController {
  constructor(
    host: ReactiveControllerHost,
    private readonly onKey: (e: KeyboardEvent) => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('keydown', this.onKey);
  }

  hostDisconnected(): void {
    window.removeEventListener('keydown', this.onKey);
  }
}
