/**
 * The base of every dashboard element: a LitElement that draws again when the
 * language changes (LangController) and whose styles start from the shared
 * ones (panels, buttons, badges, focus ring).
 */
import { type CSSResultGroup, LitElement } from 'lit';
import { LangController } from '../i18n.ts';
import { shared } from './shared-styles.ts';
import { isField } from './window-keys.ts';

/** Longer than a double click's two clicks are apart (the platform default is about 500 ms). */
const DOUBLE_CLICK_MS = 800;

/** A later click of a double (or triple) click keeps the focus where it is, except in a field, where it places the caret. */
function keepFocus(e: MouseEvent): void {
  const target = e.composedPath()[0];
  if (e.detail > 1 && !(target && isField(target))) e.preventDefault();
}

export class TqElement extends LitElement {
  constructor() {
    super();
    new LangController(this);
  }

  /**
   * Focuses the element `selector` names once the next render has drawn it (a question's yes, the button it came from).
   * The second click of a double click that raised the question is never its answer, and for a moment it no longer
   * takes the focus either: it landed on the question's text and left yes unfocused, so Enter answered nothing.
   */
  protected focusOnceDrawn(selector: string): void {
    void this.updateComplete.then(() => {
      this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
      window.addEventListener('mousedown', keepFocus, true);
      setTimeout(() => window.removeEventListener('mousedown', keepFocus, true), DOUBLE_CLICK_MS);
    });
  }
}

/** An element's styles: the shared ones, then its own. */
export function tqStyles(...own: CSSResultGroup[]): CSSResultGroup[] {
  return [shared, ...own];
}
