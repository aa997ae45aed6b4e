/** Login by role: pick the role (or type the user), enter the PIN. A role switch is a logout and a new login. */
import { css, html } from 'lit';
import type { PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Role } from '../../server/http/contract.ts';
import { api, type Me } from '../api.ts';
import { t, type Key } from '../i18n.ts';
import { loginRefusalText } from '../login-refusal.ts';
import { TqElement, tqStyles } from './tq-element.ts';

const ROLES: { role: Role; key: Key }[] = [
  { role: 'tailleur', key: 'role.tailleur' },
  { role: 'payeur', key: 'role.payeur' },
  { role: 'chef', key: 'role.chef' },
  { role: 'surveillance', key: 'role.surveillance' },
];

@customElement('tq-login')
export class TqLogin extends TqElement {
  /** The roles this server lets in (the floor's: chef and surveillance); all four when it does not say. */
  @property({ attribute: false }) accessor roles: readonly Role[] | undefined = undefined;
  @state() accessor user = 'tailleur';
  @state() accessor pin = '';
  @state() accessor error = '';
  @state() accessor busy = false;

  static override styles = tqStyles(
    css`
      :host { display: grid; place-items: center; padding: 40px 16px; }
      form { width: min(480px, 100%); display: grid; gap: 14px; }
      .roles { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
      .roles button[aria-pressed='true'] { border-color: var(--gold); background: #2a3a1c; box-shadow: inset 0 0 0 2px var(--gold); }
      label { display: grid; gap: 4px; font-weight: 600; }
      input { font-size: 1.2rem; }
      .pin { letter-spacing: 0.3em; }
    `,
  );

  async #submit(e: Event) {
    e.preventDefault();
    if (this.busy) return;
    this.busy = true;
    try {
      const me = await api.login(this.user.trim(), this.pin);
      this.pin = '';
      this.error = '';
      this.dispatchEvent(new CustomEvent<Me>('login', { detail: me, bubbles: true, composed: true }));
    } catch (err) {
      this.error = loginRefusalText(err);
    } finally {
      this.busy = false;
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // the floor refuses the tailleur it used to offer first: the first role it lets in is the one offered
    const r = this.roles;
    if (changed.has('roles') && r && r.length > 0 && ROLES.some((x) => x.role === this.user) && !r.includes(this.user as Role)) this.user = r[0]!;
  }

  #pick(role: Role) {
    this.user = role;
    this.renderRoot.querySelector<HTMLInputElement>('input[name=pin]')?.focus();
  }

  override render() {
    return html`<form class="panel" @submit=${this.#submit} aria-labelledby="title">
      <h2 id="title">${t('login.title')}</h2>
      <div class="roles" role="group" aria-label=${t('login.role')}>
        ${ROLES.filter((r) => this.roles === undefined || this.roles.includes(r.role)).map(
          (r) =>
            html`<button type="button" data-role=${r.role} aria-pressed=${this.user === r.role ? 'true' : 'false'} @click=${() => this.#pick(r.role)}>${t(r.key)}</button>`,
        )}
      </div>
      <label>${t('login.user')}
        <input name="user" autocomplete="username" .value=${this.user} @input=${(e: Event) => (this.user = (e.target as HTMLInputElement).value)} required />
      </label>
      <label>${t('login.pin')}
        <input name="pin" class="pin" type="password" inputmode="numeric" autocomplete="current-password" .value=${this.pin}
          @input=${(e: Event) => (this.pin = (e.target as HTMLInputElement).value)} required />
      </label>
      ${this.error ? html`<div class="error" role="alert">${this.error}</div>` : ''}
      <button class="primary" type="submit" ?disabled=${this.busy}>${t('login.submit')}</button>
    </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-login': TqLogin;
  }
}
