/**
 * The dashboards' shell: who is logged in (GET /api/session), the header with the
 * language switch and logout, the offline banner, and the page of the role.
 */
import { css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { Role } from '../../server/http/contract.ts';
import { api, onApiFailure, type Me } from '../api.ts';
import { LANGS, lang, setLang, t, type Key } from '../i18n.ts';
import { live, LiveController } from '../live-store.ts';
import './tq-login.ts';
import './tq-offline-banner.ts';
import './tq-tailleur.ts';
import './tq-payeur.ts';
import './tq-chef.ts';
import './tq-surveillance.ts';
import './tq-floor.ts';
import { TqElement, tqStyles } from './tq-element.ts';

@customElement('tq-app')
export class TqApp extends TqElement {
  @state() accessor me: Me | null = null;
  @state() accessor checked = false;
  /** The roles this server lets in, when it says (the floor): the login offers only those. */
  @state() accessor roles: readonly Role[] | undefined = undefined;

  readonly #live = new LiveController(this);
  #offFailure: (() => void) | undefined;

  static override styles = tqStyles(
    css`
      :host { display: block; min-height: 100vh; }
      header {
        display: flex; align-items: center; gap: 14px; padding: 8px 16px; background: rgba(0, 0, 0, 0.35); border-bottom: 1px solid var(--line);
      }
      .brand { font: 700 1.25rem var(--font-call); color: var(--gold); letter-spacing: 0.03em; margin-right: auto; white-space: nowrap; }
      /* who is logged in gives way first, cut rather than wrapped: at 768 px the floor's header broke "Log / out" over two lines
         (outsider pass 30), and then "Trente et Quarante · The floor" (outsider pass 32) */
      .who { color: var(--ink-dim); flex: 0 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
      header > button { white-space: nowrap; }
      .who b { color: var(--ink); }
      .langs { display: flex; gap: 2px; }
      .langs button { min-height: 34px; padding: 4px 10px; }
      .langs button[aria-pressed='true'] { background: var(--gold); color: #1b1406; }
      main { padding: 10px 16px 24px; max-width: 1600px; margin: 0 auto; }
      /* "Logged in as" left to the title below 820 px, the user and the role whole: beside the floor's "Trente et Quarante · La
         sala" at 768 px it read "Collegato come surveillance · S…" (outside floor pass 44) */
      @media (max-width: 820px) { .who span { display: none; } }
      /* below 700 px the user and role take a line of their own under the brand and the buttons: at 600 px the floor's header
         read "surve…" (outside floor pass 45) */
      @media (max-width: 700px) {
        header { flex-wrap: wrap; row-gap: 4px; }
        .who { order: 1; flex-basis: 100%; }
      }
    `,
  );

  override connectedCallback(): void {
    super.connectedCallback();
    document.documentElement.lang = lang();
    this.#offFailure = onApiFailure((e) => {
      if (e.status === 401 && this.me) this.#loggedOut();
    });
    api
      .session()
      .then(({ me, roles }) => {
        this.roles = roles;
        if (me) this.#loggedIn(me);
      })
      .catch(() => undefined)
      .finally(() => (this.checked = true));
  }

  override disconnectedCallback(): void {
    this.#offFailure?.();
    live.stop();
    super.disconnectedCallback();
  }

  #loggedIn(me: Me) {
    this.me = me;
    // The surveillance room has no table of its own: its page follows the floor's stream.
    if (me.site !== 'floor') live.start({ history: me.role === 'chef' });
  }

  #loggedOut() {
    live.stop();
    this.me = null;
  }

  async #logout() {
    try {
      await api.logout();
    } catch {
      /* logged out locally anyway */
    }
    this.#loggedOut();
  }

  #page(me: Me) {
    if (me.site === 'floor') return html`<tq-floor></tq-floor>`;
    switch (me.role) {
      case 'tailleur':
        return html`<tq-tailleur></tq-tailleur>`;
      case 'payeur':
        return html`<tq-payeur></tq-payeur>`;
      case 'chef':
        return html`<tq-chef></tq-chef>`;
      case 'surveillance':
        return html`<tq-surveillance></tq-surveillance>`;
    }
  }

  override render() {
    const me = this.me;
    const snap = this.#live.snapshot;
    return html`
      <header>
        <span class="brand">Trente et Quarante${me?.site === 'floor' ? html` · <span data-site="floor">${t('floor.title')}</span>` : ''}</span>
        ${me ? html`<span class="who" data-who=${me.role} title=${`${t('app.loggedAs')} ${me.user} · ${t(`role.${me.role}` as Key)}`}><span>${t('app.loggedAs')}</span> <b>${me.user}</b> · ${t(`role.${me.role}` as Key)}</span>` : ''}
        <div class="langs" role="group" aria-label=${t('app.language')}>
          ${LANGS.map((l) => html`<button data-lang=${l} aria-pressed=${lang() === l ? 'true' : 'false'} @click=${() => setLang(l)}>${l.toUpperCase()}</button>`)}
        </div>
        ${me ? html`<button data-action="logout" @click=${() => this.#logout()}>${t('app.logout')}</button>` : ''}
      </header>
      <tq-offline-banner ?offline=${me !== null && me.site !== 'floor' && snap.reconnecting}></tq-offline-banner>
      <main>
        ${me ? this.#page(me) : this.checked ? html`<tq-login .roles=${this.roles} @login=${(e: CustomEvent<Me>) => this.#loggedIn(e.detail)}></tq-login>` : ''}
      </main>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-app': TqApp;
  }
}
