/** The keyboard shortcuts of a page, documented on screen. */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { keyName, t } from '../i18n.ts';
import { TqElement, tqStyles } from './tq-element.ts';

export interface Shortcut {
  keys: string[];
  label: string;
}

@customElement('tq-shortcuts')
export class TqShortcuts extends TqElement {
  @property({ attribute: false }) accessor items: Shortcut[] = [];
  /** One wrapped line instead of a list. */
  @property({ type: Boolean, reflect: true }) accessor inline = false;

  static override styles = tqStyles(
    css`
      :host { display: block; font-size: 0.9rem; }
      dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 10px; margin: 0; align-items: center; }
      dt { white-space: nowrap; text-align: right; }
      dd { margin: 0; color: var(--ink-dim); }
      :host([inline]) dl { display: flex; flex-wrap: wrap; gap: 4px 8px; }
      :host([inline]) dd { margin-right: 10px; }
      :host([inline]) h3 { display: none; }
    `,
  );

  override render() {
    return html`<h3 class="muted">${t('shortcuts.title')}</h3>
      <dl>
        ${this.items.map((s) => html`<dt>${s.keys.map((k) => html`<kbd>${keyName(k)}</kbd> `)}</dt><dd>${s.label}</dd>`)}
      </dl>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-shortcuts': TqShortcuts;
  }
}
