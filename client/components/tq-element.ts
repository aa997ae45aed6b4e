/**
 * The base of every dashboard element: a LitElement that draws again when the
 * language changes (LangController) and whose styles start from the shared
 * ones (panels, buttons, badges, focus ring).
 */
import { type CSSResultGroup, LitElement } from 'lit';
import { LangController } from '../i18n.ts';
import { shared } from './shared-styles.ts';

export class TqElement extends LitElement {
  constructor() {
    super();
    new LangController(this);
  }

  /** Focuses the element `selector` names once the next render has drawn it (a question's yes, the button it came from). */
  protected focusOnceDrawn(selector: string): void {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(selector)?.focus());
  }
}

/** An element's styles: the shared ones, then its own. */
export function tqStyles(...own: CSSResultGroup[]): CSSResultGroup[] {
  return [shared, ...own];
}
