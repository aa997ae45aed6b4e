/**
 * The access log for the chef and surveillance (GET /api/access-log): who
 * logged in, failed, was locked out, logged out or took a record out, when
 * and from where, newest first; the whole log as CSV.
 */
import { css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { ACCESS_LOG_CSV, api, type AccessEntry } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { lang, t, type Key } from '../i18n.ts';
import { errorText } from '../run-command.ts';
import { TqElement, tqStyles } from './tq-element.ts';

type Exported = Extract<AccessEntry, { kind: 'export' }>['what'];
type Scope = Extract<AccessEntry, { kind: 'login-locked' }>['scope'];

/** What was taken out and a lockout's scope, in the crew's words (the Italian screen read "shoe-log-opened", "report-html"). */
const EXPORTED: Record<Exported, Key> = {
  'shoe-log': 'access.exported.shoe-log',
  'settlement-csv': 'access.exported.settlement-csv',
  'report-html': 'access.exported.report-html',
  'shoe-log-opened': 'access.exported.shoe-log-opened',
  'access-log-csv': 'access.exported.access-log-csv',
};
const SCOPE: Record<Scope, Key> = { user: 'access.scope.user', address: 'access.scope.address', 'address-user': 'access.scope.address-user' };

/** A lockout's scope and end, an export's what and shoe; the other kinds say all in their name. */
function detail(e: AccessEntry): string {
  if (e.kind === 'login-locked') return `${SCOPE[e.scope] ? t(SCOPE[e.scope]) : e.scope} → ${formatDateTime(e.until, lang())}`;
  if (e.kind === 'export') return [EXPORTED[e.what] ? t(EXPORTED[e.what]) : e.what, e.shoe?.slice(-12), e.name].filter(Boolean).join(' · ');
  return '';
}

/** How often the shown log is read again (the newest 200 entries, read from the end of the file: cheap). */
const REFRESH_MS = 10_000;

const WARN = new Set(['login-failed', 'login-locked', 'login-limited', 'login-refused']);

@customElement('tq-access-log')
export class TqAccessLog extends TqElement {
  @state() accessor entries: AccessEntry[] = [];
  @state() accessor total = 0;
  @state() accessor error = '';
  @state() accessor loading = false;

  static override styles = tqStyles(
    css`
      :host { display: block; }
      header { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
      header h2 { margin: 0; flex: 1; }
      .scroll { max-height: 320px; overflow: auto; margin-top: 6px; }
      table { width: 100%; border-collapse: collapse; font-size: 0.85rem; }
      th, td { text-align: left; padding: 3px 6px; border-bottom: 1px solid var(--line); white-space: nowrap; }
      td.detail { white-space: normal; }
      tr.warn td:nth-child(2) { color: var(--warn, #e0a030); }
      a.button { display: inline-block; padding: 4px 10px; border: 1px solid var(--line); border-radius: var(--radius); color: inherit; text-decoration: none; }
    `,
  );

  /** Re-read every so often while shown: the chef read "23 of 23" with a 24th login already made, until he pressed Refresh. */
  #poll: ReturnType<typeof setInterval> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.refresh();
    this.#poll = setInterval(() => {
      if (!this.loading && document.visibilityState !== 'hidden') void this.refresh();
    }, REFRESH_MS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.#poll);
  }

  async refresh(): Promise<void> {
    this.loading = true;
    try {
      const page = await api.accessLog();
      this.entries = page.entries;
      this.total = page.total;
      this.error = '';
    } catch (e) {
      this.error = errorText(e);
    } finally {
      this.loading = false;
    }
  }

  override render() {
    const l = lang();
    return html`<header>
        <h2>${t('access.title')}</h2>
        <button data-access-refresh ?disabled=${this.loading} @click=${() => this.refresh()}>${t('access.refresh')}</button>
        <a class="button" data-access-csv href=${ACCESS_LOG_CSV} download="access-log.csv">${t('access.export')}</a>
      </header>
      ${this.error ? html`<div class="error" role="alert">${this.error}</div>` : ''}
      ${
        this.entries.length === 0
          ? html`<p class="muted">${t('access.none')}</p>`
          : html`<p class="muted">${t('access.shown', { shown: this.entries.length, total: this.total })}</p>
            <div class="scroll"><table>
              <thead><tr><th>${t('access.when')}</th><th>${t('access.what')}</th><th>${t('access.who')}</th><th>${t('access.from')}</th><th>${t('access.detail')}</th></tr></thead>
              <tbody>${this.entries.map(
                (e) => html`<tr class=${WARN.has(e.kind) ? 'warn' : ''} data-kind=${e.kind}>
                  <td>${formatDateTime(e.at, l)}</td>
                  <td>${t(`access.kind.${e.kind}`)}</td>
                  <td>${e.user}${'role' in e ? html` <span class="muted">(${t(`role.${e.role}`)})</span>` : ''}</td>
                  <td>${e.address}</td>
                  <td class="detail">${detail(e)}</td>
                </tr>`,
              )}</tbody>
            </table></div>`
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-access-log': TqAccessLog;
  }
}
