/** Game math on the surveillance page: the shuffler audit and the house edge, side by side on a wide screen. */
import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import './tq-house-edge.ts';
import './tq-shuffle-audit.ts';
import { tqStyles } from './tq-element.ts';

@customElement('tq-math-panels')
export class TqMathPanels extends LitElement {
  static override styles = tqStyles(
    css`
      :host { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 12px; margin-top: 12px; align-items: start; }
      @media (max-width: 1100px) { :host { grid-template-columns: 1fr; } }
    `,
  );

  override render() {
    return html`<section class="panel"><tq-shuffle-audit></tq-shuffle-audit></section>
      <section class="panel"><tq-house-edge></tq-house-edge></section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-math-panels': TqMathPanels;
  }
}
