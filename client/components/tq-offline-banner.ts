/** Shown while the live stream is down: the screen may be stale until it reconnects by itself. */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { t } from '../i18n.ts';
import { TqElement } from './tq-element.ts';

@customElement('tq-offline-banner')
export class TqOfflineBanner extends TqElement {
  @property({ type: Boolean, reflect: true }) accessor offline = false;
  /** What is unreachable, when it is not the table (the floor says its own). */
  @property() accessor text = '';

  static override styles = css`
    :host { display: block; }
    :host(:not([offline])) { display: none; }
    div {
      background: repeating-linear-gradient(45deg, #6b4708 0 14px, #5a3a06 14px 28px); color: #fff; border-bottom: 2px solid var(--warn);
      padding: 8px 16px; font-weight: 700; text-align: center; font-size: 1.05rem;
    }
  `;

  /**
   * The live region stays in the page so a screen reader hears the words arrive; the words are there only
   * while offline (an outsider read "connection lost" in the page's text of a table that was on line, crew pass 48).
   */
  override render() {
    return html`<div role="status" aria-live="polite" data-offline>${this.offline ? this.text || t('offline.banner') : ''}</div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-offline-banner': TqOfflineBanner;
  }
}
