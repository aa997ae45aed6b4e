/** The integrity badge of a stored shoe (GET /api/shoes/:id/verify): hash chain and replay checked by the server. */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Verify } from '../api.ts';
import { t } from '../i18n.ts';
import { TqElement, tqStyles } from './tq-element.ts';
import { verifyProblemText } from '../server-text.ts';

@customElement('tq-integrity')
export class TqIntegrity extends TqElement {
  @property({ attribute: false }) accessor verify: Verify | null = null;
  @property() accessor error = '';

  static override styles = tqStyles(
    css`
      :host { display: inline-block; }
      .badge { font-size: 1rem; padding: 4px 14px; }
      ul { margin: 6px 0 0; padding-left: 18px; font-size: 0.85rem; }
    `,
  );

  /** Chain and rules held; "verified" alone only when the seals were checked too, else it says why not. */
  #ok({ seals, sealedTo }: Verify) {
    // A shoe still being dealt is sealed at checkpoints: how far the seals reach, so "verified" is not read as "sealed to the last card".
    if (seals === 'checked' && sealedTo)
      return html`<span class="badge ok" data-integrity="ok" data-seals="checked" data-sealed-to=${sealedTo.i ?? 'none'}
        >✔ ${sealedTo.i === null ? t('integrity.sealedNone') : t('integrity.sealedTo', { n: sealedTo.i, last: sealedTo.last })}</span
      >`;
    if (seals === 'checked') return html`<span class="badge ok" data-integrity="ok" data-seals="checked">✔ ${t('integrity.ok')}</span>`;
    const why = seals === 'no-key' ? t('integrity.sealsNoKey') : seals === 'elsewhere' ? t('integrity.sealsElsewhere') : t('integrity.sealsNone');
    return html`<span class="badge neutral" data-integrity="ok" data-seals=${seals ?? 'none'}>✔ ${why}</span>`;
  }

  /**
   * Play found unsealed when the table started, within the seal interval: no failure, but the seals after it vouch for it
   * as found then, not as seen made; "chain, rules and seals" said nothing of it after a kill -9 (outside crew pass 47).
   */
  #restarts({ unsealedAtRestart }: Verify) {
    if (!unsealedAtRestart?.length) return '';
    return html`<ul>${unsealedAtRestart.map(
      (r) =>
        html`<li data-unsealed-at-restart=${r.from}>${
          // one event said as one: "Events 124 to 124" (outside crew pass 50)
          r.from === r.to
            ? t('integrity.unsealedAtRestartOne', { n: r.from, s: r.seconds })
            : t('integrity.unsealedAtRestart', { from: r.from, to: r.to, s: r.seconds })
        }</li>`,
    )}</ul>`;
  }

  override render() {
    const v = this.verify;
    if (this.error) return html`<span class="badge bad" data-integrity="error">${t('integrity.error')}: ${this.error}</span>`;
    if (!v) return html`<span class="badge warn">${t('integrity.checking')}</span>`;
    if (v.ok) return html`${this.#ok(v)}${this.#restarts(v)}`;
    // A log opened from a file carries no hash chain: nothing to prove, nothing failed; only the rules were checked.
    const noChain = v.problems.some((p) => p.kind === 'no-chain');
    const others = v.problems.filter((p) => p.kind !== 'no-chain');
    if (noChain && others.length === 0) return html`<span class="badge neutral" data-integrity="no-chain">${t('integrity.noChain')}</span>`;
    return html`${noChain ? html`<span class="badge neutral" data-integrity="no-chain">${t('integrity.noChain')}</span> ` : ''}<span class="badge bad" data-integrity="bad">✘ ${others.length === 1 ? t('integrity.bad1') : t('integrity.bad', { n: others.length })}</span>
      <ul>${others.slice(0, 8).map((p) => html`<li data-problem=${p.kind} title=${p.message}>#${p.index} ${verifyProblemText(p)}</li>`)}</ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-integrity': TqIntegrity;
  }
}
