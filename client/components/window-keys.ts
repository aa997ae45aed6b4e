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

/** A field the key types into: its letters, Enter and Esc are its own, never the page's shortcuts. */
export function isField(n: EventTarget): boolean {
  return n instanceof HTMLInputElement || n instanceof HTMLTextAreaElement || n instanceof HTMLSelectElement;
}

/** Whether a key goes to a field or to an open dialog (which answers its own Enter and Esc) rather than to the page. */
export function typingIn(e: Event): boolean {
  return e.composedPath().some((n) => isField(n) || (n instanceof HTMLDialogElement && n.open));
}
