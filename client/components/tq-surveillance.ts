/** Surveillance: the recorded shoes by table and date, and the replay of the one chosen. */
import { css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { api, type ShoeSummary } from '../api.ts';
import { t } from '../i18n.ts';
import { LiveController } from '../live-store.ts';
import { withCount } from '../shoe-count.ts';
import { errorText } from '../run-command.ts';
import { BackOnline } from '../back-online.ts';
import './tq-access-log.ts';
import './tq-math-panels.ts';
import type { ShoeEventsDetail } from './tq-replay.ts';
import './tq-replay.ts';
import './tq-shoe-list.ts';
import './tq-table-status.ts';
import { TqElement, tqStyles } from './tq-element.ts';
import { WindowKeys } from './window-keys.ts';

/** How long the answer to Esc stays up: long enough to read, gone before it is mistaken for news of the table. */
const NOTICE_MS = 6000;

@customElement('tq-surveillance')
export class TqSurveillance extends TqElement {
  @state() accessor shoes: ShoeSummary[] = [];
  @state() accessor selected = '';
  @state() accessor error = '';
  /** The replay's count of the shoe it shows. */
  @state() accessor replayed: ShoeEventsDetail = { id: '', events: 0, latest: true };

  readonly #live = new LiveController(this);
  /**
   * Esc: the crew's pages take their alert banners down with it and say "No alert to acknowledge" when there is none.
   * Surveillance has no banner — it reads the alerts in the replay's list — and its Esc did nothing visible (an
   * outsider's pass): it says so, for a moment.
   */
  @state() accessor notice = false;
  #noticeTimer: ReturnType<typeof setTimeout> | undefined;
  /** Shoe lists asked so far: only the last one's answer is shown. */
  #reads = 0;
  readonly #keys = new WindowKeys(this, (e) => {
    if (e.key !== 'Escape' || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const path = e.composedPath();
    if (
      path.some(
        (n) =>
          (n instanceof HTMLDialogElement && n.open) || n instanceof HTMLInputElement || n instanceof HTMLTextAreaElement || n instanceof HTMLSelectElement,
      )
    )
      return;
    this.notice = true;
    clearTimeout(this.#noticeTimer);
    this.#noticeTimer = setTimeout(() => (this.notice = false), NOTICE_MS);
  });

  static override styles = tqStyles(
    css`
      :host { display: block; }
      .access { margin-top: 12px; }
      .notice { margin: 8px 0 0; }
      .layout { display: grid; grid-template-columns: 250px minmax(0, 1fr); gap: 12px; margin-top: 10px; align-items: start; }
      aside { position: sticky; top: 8px; max-height: calc(100vh - 90px); overflow: auto; }
      .refresh, .open { width: 100%; margin-top: 8px; }
      .open {
        display: block; box-sizing: border-box; text-align: center; cursor: pointer; font-weight: 600; background: var(--panel-2);
        border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; min-height: 40px; position: relative;
      }
      .open:hover { border-color: var(--gold); }
      .open input { position: absolute; width: 1px; height: 1px; opacity: 0; }
      .open:focus-within { outline: 2px solid var(--gold); }
      @media (max-width: 900px) { .layout { grid-template-columns: 1fr; } aside { position: static; max-height: 40vh; } }
    `,
  );

  override connectedCallback(): void {
    super.connectedCallback();
    void this.refresh();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#noticeTimer);
  }

  /** What failed while the server was down is read again (client/back-online.ts). */
  readonly #back = new BackOnline(this, () => {
    void this.refresh();
    this.renderRoot.querySelector('tq-replay')?.reload();
  });

  /** The live shoe and how it ended, as the list last followed it. */
  #listedFor: string | null = null;

  /**
   * The list follows the table: a new shoe, or the shoe in play ending, reads it
   * again (seen playing a whole shoe as the crew: after a suspension and a new
   * shoe the list still showed only the old shoe until "Refresh" was pressed).
   */
  override willUpdate(): void {
    const view = this.#live.snapshot.view;
    if (!view) return;
    // QA: surveillance landed on "Choose a shoe to replay" while a shoe was live; the live shoe opens by default
    if (this.selected === '' && view.shoe && view.phase !== 'idle' && view.end === null) this.selected = view.shoe;
    const key = `${view.shoe}|${view.end?.reason ?? ''}`;
    if (key === this.#listedFor) return;
    this.#listedFor = key;
    void this.#follow(view.shoe, view.end !== null);
  }

  /** Reads the list until it shows the live shoe as the view does: the record's index is written just after the event the view shows. */
  async #follow(shoe: string, ended: boolean): Promise<void> {
    for (let attempt = 0; attempt < 10; attempt++) {
      await this.refresh();
      const listed = this.shoes.find((s) => s.id === shoe);
      if (listed && Boolean(listed.end) === ended) return;
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  /**
   * The shoe in play counted as the live view counts it: the list is read from
   * the record's index, which counts a shoe's events only when it ends, so it
   * said "95 events" of a shoe holding 222 until Refresh (an outsider's pass).
   */
  #withLiveCount(view: { shoe: string; events: number; end: unknown } | null | undefined) {
    const live = view && view.end === null ? withCount(this.shoes, view.shoe, view.events) : this.shoes;
    return withCount(live, this.replayed.id, this.replayed.events);
  }

  /** Reads the shoe list; only the last read asked is shown (an earlier one answered late holds an older list). */
  async refresh(): Promise<void> {
    const asked = ++this.#reads;
    try {
      const shoes = await api.shoes();
      if (asked !== this.#reads) return;
      this.shoes = shoes;
      this.error = '';
    } catch (e) {
      if (asked === this.#reads) this.error = errorText(e);
    }
  }

  /** "Refresh": the list, and the shoe in the replay (the shoe in play holds more since it was opened). */
  #refreshAll(): void {
    void this.refresh();
    this.renderRoot.querySelector('tq-replay')?.reload();
  }

  /** Opens a shoe log file (a fixture, another table's export) for replay beside the record. */
  async openFile(file: File): Promise<void> {
    try {
      const opened = await api.openShoeLog(await file.text(), file.name);
      await this.refresh();
      this.selected = opened.id;
    } catch (e) {
      this.error = errorText(e);
    }
  }

  override render() {
    const { view, link } = this.#live.snapshot;
    const replayed = this.shoes.find((x) => x.id === this.selected);
    const replaying = !replayed
      ? ''
      : replayed.source === 'file'
        ? `${t('shoes.file')} ${replayed.id.slice(-12)}`
        : `${replayed.id.slice(-8)}${replayed.id === view?.shoe ? ` (${t('status.live')})` : ''}`;
    // the replay shows another shoe, or an earlier moment of the one in play: the bar is the table now (outsider passes 8 and 9)
    const earlier = replayed !== undefined && replayed.id === view?.shoe && this.replayed.id === replayed.id && !this.replayed.latest;
    const apart = replayed !== undefined && (replayed.id !== view?.shoe || earlier);
    return html`<tq-table-status .view=${view} .link=${link} mode="live" replaying=${replaying} ?apart=${apart} ?earlier=${earlier} ?offline=${!this.#live.snapshot.online}></tq-table-status>
      ${this.notice ? html`<p class="panel muted notice" role="status" data-notice>${t('alert.noneToAckSurveillance')}</p>` : ''}
      <div class="layout">
        <aside class="panel">
          <tq-shoe-list .shoes=${this.#withLiveCount(view)} selected=${this.selected} @select-shoe=${(e: CustomEvent<{ id: string }>) => (this.selected = e.detail.id)}></tq-shoe-list>
          <button class="refresh" @click=${() => this.#refreshAll()}>${t('shoes.refresh')}</button>
          <label class="open" title=${t('shoes.openHint')}>${t('shoes.open')}
            <input type="file" accept=".jsonl,.ndjson,.json,.txt" data-open-log
              @change=${(e: Event) => {
                const input = e.target as HTMLInputElement;
                const f = input.files?.[0];
                input.value = '';
                if (f) void this.openFile(f);
              }} />
          </label>
          ${this.error ? html`<div class="error" role="alert">${this.error}</div>` : ''}
        </aside>
        <main><tq-replay shoe=${this.selected} .held=${view && view.shoe === this.selected ? view.events : 0}
          @shoe-events=${(e: CustomEvent<ShoeEventsDetail>) => (this.replayed = e.detail)}></tq-replay></main>
      </div>
      <tq-math-panels></tq-math-panels>
      <section class="panel access"><tq-access-log></tq-access-log></section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-surveillance': TqSurveillance;
  }
}
