/**
 * The surveillance room's page (surveillance and the chef): every table of the
 * floor live, and for the table chosen its shoes in the central store and the
 * replay of one — the same shoe list and replay as at a table, read from
 * /api/tables/<id>/… instead of /api/….
 */
import { css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { FloorTable } from '../../server/http/contract.ts';
import { api, tableArchive, type ShoeSummary } from '../api.ts';
import { withCount } from '../shoe-count.ts';
import { floor, FloorController } from '../floor-store.ts';
import { formatTime } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { errorText } from '../run-command.ts';
import type { TqFloorOverview } from './tq-floor-overview.ts';
import './tq-floor-overview.ts';
import './tq-floor-summary.ts';
import './tq-offline-banner.ts';
import './tq-replay.ts';
import './tq-shoe-list.ts';
import { TqElement, tqStyles } from './tq-element.ts';

@customElement('tq-floor')
export class TqFloor extends TqElement {
  @state() accessor table = '';
  @state() accessor shoe = '';
  @state() accessor shoes: ShoeSummary[] = [];
  @state() accessor error = '';
  /** The replay's count of the shoe it shows. */
  @state() accessor replayed = { id: '', events: 0 };

  readonly #floor = new FloorController(this);
  /** When the floor's own stream went down, 0 while it is up. */
  #offlineSince = 0;
  /** Re-renders now and then so a stale report's age keeps counting. */
  #tick: ReturnType<typeof setInterval> | undefined;
  /** Shoe lists asked so far: only the last one's answer is shown. */
  #reads = 0;
  /** The last of them answered (or failed): while it is behind `#reads`, a list is on its way. */
  #answered = 0;
  /** The table's shoe, and whether it had ended, the list was last read again for without a Refresh. */
  #followed = '';
  /** The table whose list is shown, once read. */
  #listedFor = '';
  /** Keeps --strip at the sticky strip's height, so the shoe list, sticky too, stays below it rather than under it. */
  readonly #strip = new ResizeObserver(([entry]) => this.style.setProperty('--strip', `${entry?.borderBoxSize[0]?.blockSize ?? 0}px`));

  static override styles = tqStyles(
    css`
      :host { display: block; }
      /* the floor's name and the summary stay in sight as the tables scroll under them (tq-floor-summary.ts) */
      .top { position: sticky; top: 0; z-index: 5; margin: -10px -16px 8px; padding: 6px 16px 8px; background: var(--felt-dark); border-bottom: 1px solid var(--line); }
      .head { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 18px; margin-bottom: 4px; }
      .head h2 { margin: 0; }
      .layout { scroll-margin-top: calc(var(--strip, 0px) + 8px); display: grid; grid-template-columns: 250px minmax(0, 1fr); gap: 12px; margin-top: 14px; align-items: start; }
      aside { position: sticky; top: calc(var(--strip, 0px) + 8px); max-height: calc(100vh - var(--strip, 0px) - 24px); overflow: auto; }
      .refresh { width: 100%; margin-top: 8px; }
      @media (max-width: 900px) { .layout { grid-template-columns: 1fr; } aside { position: static; max-height: 40vh; } }
    `,
  );

  override connectedCallback(): void {
    super.connectedCallback();
    floor.start();
    this.#tick = setInterval(() => this.requestUpdate(), 5000);
    void this.updateComplete.then(() => {
      const top = this.renderRoot.querySelector('.top');
      if (top && this.isConnected) this.#strip.observe(top);
    });
  }

  override disconnectedCallback(): void {
    this.#strip.disconnect();
    clearInterval(this.#tick);
    floor.stop();
    super.disconnectedCallback();
  }

  async #choose(table: string, shoe: string | null): Promise<void> {
    // another table's shoes are not this one's while its own are read (or cannot be)
    if (table !== this.table) [this.shoes, this.error] = [[], ''];
    this.table = table;
    this.shoe = shoe ?? '';
    // the replay opens under the cards: taken to it, below the strip (it opened off a 768 px screen, outsider pass 15)
    await this.updateComplete;
    this.renderRoot.querySelector('.layout')?.scrollIntoView({ block: 'start' });
    await this.refresh();
  }

  /**
   * Reads the chosen table's shoes. Only the last read asked is shown: a
   * supervisor who opens one table then another at once had the first
   * table's list, answered late, shown under the second.
   */
  async refresh(): Promise<void> {
    if (!this.table) return;
    const asked = ++this.#reads;
    try {
      const table = this.table;
      const shoes = await api.shoes(tableArchive(table));
      if (asked !== this.#reads) return;
      this.#listedFor = table;
      this.shoes = shoes;
      this.error = '';
    } catch (e) {
      if (asked === this.#reads) this.error = errorText(e);
    } finally {
      this.#answered = Math.max(this.#answered, asked);
    }
  }

  /**
   * The list follows the table's shoe as the floor's stream tells it: a shoe
   * the list does not hold yet, or one it holds as in play that has ended, is
   * read again once. The list kept "in play" for an ended shoe, and no line
   * for the next, until Refresh (outside floor pass 47, F5).
   */
  protected override updated(): void {
    const row = this.#floor.view.tables.find((r) => r.table === this.table);
    if (!row?.shoe || this.#listedFor !== this.table || this.error || this.#answered !== this.#reads) return;
    const listed = this.shoes.find((s) => s.id === row.shoe);
    const ended = row.view?.phase === 'ended';
    if (listed && (!ended || listed.end)) return;
    const key = `${this.table}|${row.shoe}|${ended}`;
    if (key === this.#followed) return;
    this.#followed = key;
    void this.refresh();
  }

  /** "Refresh": the list, and the replay's shoe, read again (a replay that could not be read at all, from the start). */
  #refreshAll(): void {
    void this.refresh();
    this.renderRoot.querySelector('tq-replay')?.reload();
  }

  /** Events held centrally of the shoe in the replay, when it is its table's latest. */
  #held(tables: readonly FloorTable[]): number {
    const row = tables.find((r) => r.table === this.table);
    return row && row.shoe === this.shoe ? row.events : 0;
  }

  /** The list as read, each shoe counted as the floor's stream and the replay count it now. */
  #counted(tables: readonly FloorTable[]): ShoeSummary[] {
    const row = tables.find((r) => r.table === this.table);
    const live = row?.shoe ? withCount(this.shoes, row.shoe, row.events) : this.shoes;
    return withCount(live, this.replayed.id, this.replayed.events);
  }

  /** To a table's card from the summary: scrolled to just below the strip, and focused for the keyboard. */
  #focusTable(table: string) {
    const top = this.renderRoot.querySelector<HTMLElement>('.top');
    this.renderRoot.querySelector<TqFloorOverview>('tq-floor-overview')?.focusTable(table, top?.getBoundingClientRect().height ?? 0);
  }

  override render() {
    const v = this.#floor.view;
    // the cards are as of the moment the floor's stream went down: they kept a green "in sync" and "connected" for the
    // 54 s the floor was down (outsider pass 15), so they are greyed and the strip says since when
    // (since its last word when it fell silent rather than dropped: held 30 s, it left every card live, outsider pass 32)
    if (!v.reconnecting) this.#offlineSince = 0;
    else if (this.#offlineSince === 0) this.#offlineSince = v.silentSince ?? Date.now();
    const c = v.central;
    return html`<tq-offline-banner ?offline=${v.reconnecting} text=${t('floor.offline')}></tq-offline-banner>
      <div class="top"><div class="head">
        <h2>${t('floor.title')}</h2>
        <span class="muted">${t('floor.tables', { n: v.tables.length })}</span>
        ${
          c
            ? html`<span>${t('floor.central')}
              ${
                this.#offlineSince !== 0
                  ? html`<span class="badge neutral" data-central="unknown">${t('repl.unknown')}</span>`
                  : html`<span class="badge ${c.connected ? 'ok' : 'bad'}" data-central=${c.connected ? 'up' : 'down'}>${c.connected ? t('floor.centralUp') : t('floor.centralDown', { at: formatTime(c.since, lang()) })}</span>`
              }</span>`
            : ''
        }
      </div>
      <tq-floor-summary .tables=${v.tables} .now=${Date.now()} .offlineSince=${this.#offlineSince} @focus-table=${(e: CustomEvent<{ table: string }>) => this.#focusTable(e.detail.table)}></tq-floor-summary></div>
      <tq-floor-overview .tables=${v.tables} selected=${this.table} .now=${Date.now()} ?offline=${this.#offlineSince !== 0}
        @select-table=${(e: CustomEvent<{ table: string; shoe: string | null }>) => void this.#choose(e.detail.table, e.detail.shoe)}></tq-floor-overview>
      ${
        this.table
          ? html`<div class="layout">
            <aside class="panel" data-shoes-of=${this.table}>
              ${
                // a list that could not be read is not an empty one: "No shoe recorded" beside "the central store does not
                // answer" read as shoes gone (outside floor pass 47)
                this.error && this.shoes.length === 0
                  ? ''
                  : html`<tq-shoe-list .shoes=${this.#counted(v.tables)} selected=${this.shoe} @select-shoe=${(e: CustomEvent<{ id: string }>) => (this.shoe = e.detail.id)}></tq-shoe-list>`
              }
              <button class="refresh" @click=${() => this.#refreshAll()}>${t('shoes.refresh')}</button>
              ${this.error ? html`<div class="error" role="alert">${this.error}</div>` : ''}
            </aside>
            <main><tq-replay base=${tableArchive(this.table)} shoe=${this.shoe} .held=${this.#held(v.tables)}
              @shoe-events=${(e: CustomEvent<{ id: string; events: number }>) => (this.replayed = e.detail)}></tq-replay></main>
          </div>`
          : html`<p class="muted">${t('floor.pick')}</p>`
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-floor': TqFloor;
  }
}
