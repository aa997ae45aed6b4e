/** The call of a coup in large French type, with its state: to confirm, confirmed, disputed, resolved, annulled. */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { CoupView } from '../../server/http/contract.ts';
import { formatTime } from '../format.ts';
import { lang, t, type Key } from '../i18n.ts';
import { TqElement, tqStyles } from './tq-element.ts';

const STATUS: Record<CoupView['status'], { key: Key; tone: string }> = {
  dealing: { key: 'call.dealing', tone: 'muted' },
  'awaiting-confirm': { key: 'call.awaiting', tone: 'warn' },
  confirmed: { key: 'call.confirmed', tone: 'ok' },
  disputed: { key: 'call.disputed', tone: 'bad' },
  resolved: { key: 'call.resolved', tone: 'ok' },
  annulled: { key: 'call.annulled', tone: 'bad' },
};

@customElement('tq-call')
export class TqCall extends TqElement {
  @property({ attribute: false }) accessor coup: CoupView | null = null;
  @property({ reflect: true }) accessor size: 'lg' | 'md' = 'lg';

  static override styles = tqStyles(
    css`
      :host { display: block; text-align: center; }
      .call { font: italic 700 3.2rem/1.1 var(--font-call); color: var(--gold); margin: 4px 0 8px; text-shadow: 0 2px 6px rgba(0, 0, 0, 0.5); }
      :host([size='md']) .call { font-size: 1.9rem; }
      .apres { color: #8fd3ff; }
      .apres31 { color: #d9b8ff; }
      .annulled { color: var(--ink-dim); text-decoration: line-through; text-shadow: none; }
      .tag31 { display: inline-block; margin: 2px 0 6px; padding: 4px 14px; border-radius: 999px; background: #4b2a6b; color: #f0e2ff; border: 2px solid #a070e0; font-weight: 800; font-size: 1.05rem; }
      .waiting { font: italic 1.3rem var(--font-call); color: var(--ink-dim); margin: 8px 0; }
      .meta { font-size: 0.9rem; }
      @media (max-width: 900px) { .call { font-size: 2.3rem; } }
    `,
  );

  override render() {
    const c = this.coup;
    if (!c) return html`<p class="waiting">${t('call.none')}</p>`;
    const status = STATUS[c.status];
    const annulled = c.status === 'annulled';
    const kind = annulled ? 'annulled' : c.result === 'apres31' ? 'apres31' : c.result === 'apres' ? 'apres' : '';
    const who = c.status === 'confirmed' ? c.confirmed : c.status === 'disputed' ? c.dispute : c.resolution;
    return html`
      <div class="meta"><span class="muted">${t('call.coup', { n: c.coup })}</span> · <span class="badge ${status.tone}" data-status=${c.status}>${t(status.key)}</span></div>
      ${
        c.call
          ? html`<div class="call ${kind}" lang="fr" data-call>${c.call}</div>`
          : // an annulled coup without a call was cut short: the badge already says "annulled" (it read "annullato / annullato")
            html`<p class="waiting">${annulled ? t('call.cutShort') : t('call.pending')}</p>`
      }
      ${c.result === 'apres31' && !annulled ? html`<div class="tag31" data-apres31>${t('call.apres31')}</div>` : ''}
      ${who?.by ? html`<div class="meta muted">${t('common.byAt', { by: who.by, at: formatTime(who.at, lang()) })}</div>` : ''}
      ${c.dispute ? html`<div class="meta">${t('call.announced')}: <span class="french" lang="fr">${c.dispute.announced}</span></div>` : ''}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-call': TqCall;
  }
}
