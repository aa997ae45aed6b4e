/**
 * The replay of a stored shoe for surveillance: step through its events (card
 * by card, play / pause) and see at each step the rows, the bets, the
 * settlement, who did what and when, the alerts and the scoreboard — every
 * state computed by the server (GET /api/shoes/:id/state?at=i) — with the
 * shoe's integrity badge, deck check, frequencies and exports.
 */
import { css, html, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { StoredEvent } from '../../server/http/contract.ts';
import { api, exportLinks, type Report, type ShoeStateAt, type Verify } from '../api.ts';
import { actorName, describeEvent } from '../event-text.ts';
import { endWaiting, prisonWaitingText } from '../prison-waiting.ts';
import { stakeTopUps } from '../stake-top-ups.ts';
import { formatDateTime } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { errorText } from '../run-command.ts';
import './tq-activity.ts';
import './tq-alert-list.ts';
import './tq-call.ts';
import './tq-deck-check.ts';
import './tq-frequencies.ts';
import './tq-integrity.ts';
import './tq-prison.ts';
import './tq-rows.ts';
import './tq-scoreboard.ts';
import './tq-settlement.ts';
import { stakesInPlay } from '../stakes-in-play.ts';
import './tq-stakes.ts';
import './tq-timeline.ts';
import { TqElement, tqStyles } from './tq-element.ts';

/** The 'shoe-events' a replay sends: its shoe, the events it read, and whether it shows the last of them. */
export interface ShoeEventsDetail {
  id: string;
  events: number;
  latest: boolean;
}

@customElement('tq-replay')
export class TqReplay extends TqElement {
  @property() accessor shoe = '';
  /** Where the shoe archive is served (api.ts): `/api`, or one table's on the floor. */
  @property() accessor base = '/api';
  /**
   * Events the archive holds for this shoe, when the page knows it live (the
   * floor's stream): more than shown, and the replay reads the new ones —
   * moving to the last if it was showing the last, as one following the table.
   */
  @property({ type: Number }) accessor held = 0;
  @state() accessor events: StoredEvent[] = [];
  @state() accessor at: ShoeStateAt | null = null;
  @state() accessor wanted = 0;
  @state() accessor verify: Verify | null = null;
  @state() accessor verifyError = '';
  @state() accessor report: Report | null = null;
  @state() accessor error = '';

  #cache = new Map<number, ShoeStateAt>();

  static override styles = tqStyles(
    css`
      :host { display: block; }
      header { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; margin-bottom: 10px; }
      header .id { font-family: ui-monospace, monospace; }
      .exports { display: flex; gap: 10px; margin-left: auto; }
      .exports a { color: var(--focus); font-weight: 600; }
      .step { margin: 8px 0 0; font-size: 1.05rem; }
      .step b { color: var(--gold); }
      .grid { display: grid; grid-template-columns: minmax(0, 1.25fr) minmax(0, 1fr); gap: 10px; margin-top: 10px; }
      .full { grid-column: 1 / -1; }
      .grid > * { min-width: 0; }
      .stack { display: flex; flex-direction: column; gap: 10px; }
      @media (max-width: 1100px) { .grid { grid-template-columns: 1fr; } }
    `,
  );

  #loading = false;

  /**
   * Tells the page how many events the replay read, so its list counts the shoe alike (client/shoe-count.ts),
   * and whether it shows the last of them (`latest`): stepped back, the table's live bar is another moment.
   */
  protected override updated(changed: PropertyValues<this>): void {
    if ((changed.has('events') || changed.has('wanted')) && this.events.length > 0)
      this.dispatchEvent(
        new CustomEvent<ShoeEventsDetail>('shoe-events', {
          detail: { id: this.shoe, events: this.events.length, latest: this.wanted === this.events.length - 1 },
          bubbles: true,
          composed: true,
        }),
      );
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if ((changed.has('shoe') || changed.has('base')) && this.shoe) void this.#load(this.shoe);
    else if (changed.has('held') && this.held > this.events.length && this.events.length > 0 && !this.#loading) void this.#extend(this.shoe);
  }

  /**
   * Reads the shoe's events again ("Refresh"): the shoe in play may hold more
   * since it was opened; an ended shoe reads the same and stays where it is.
   */
  reload(): void {
    if (!this.shoe || this.#loading) return;
    // a shoe that could not be read at all (the server was down) is read from the start
    void (this.events.length > 0 ? this.#extend(this.shoe) : this.#load(this.shoe));
  }

  async #extend(id: string) {
    this.#loading = true;
    const following = this.wanted === this.events.length - 1;
    try {
      const events = await api.shoeEvents(id, this.base);
      // read again: a failure said earlier no longer holds (it stayed up after the server came back, outside crew pass 43)
      if (id === this.shoe) this.error = '';
      if (id !== this.shoe || events.length <= this.events.length) return;
      this.events = events;
      api.verify(id, this.base).then(
        (v) => id === this.shoe && (this.verify = v),
        () => undefined,
      );
      api.report(id, this.base).then(
        (r) => id === this.shoe && (this.report = r),
        () => undefined,
      );
      if (following) await this.seek(events.length - 1);
    } catch (e) {
      this.error = errorText(e);
    } finally {
      this.#loading = false;
    }
    if (this.held > this.events.length && id === this.shoe) void this.#extend(id);
  }

  async #load(id: string) {
    this.#cache.clear();
    Object.assign(this, { events: [], at: null, verify: null, verifyError: '', report: null, error: '' });
    const base = this.base;
    api.verify(id, base).then(
      (v) => id === this.shoe && (this.verify = v),
      (e) => id === this.shoe && (this.verifyError = errorText(e)),
    );
    api.report(id, base).then(
      (r) => id === this.shoe && (this.report = r),
      () => undefined,
    );
    try {
      const events = await api.shoeEvents(id, base);
      if (id !== this.shoe) return;
      this.events = events;
      await this.seek(events.length - 1);
      if (this.held > events.length && id === this.shoe) void this.#extend(id);
    } catch (e) {
      this.error = errorText(e);
    }
  }

  /** Shows the table just after event `index`. */
  async seek(index: number): Promise<void> {
    const id = this.shoe;
    this.wanted = index;
    try {
      const found = this.#cache.get(index) ?? (await api.shoeState(id, index, this.base));
      this.#cache.set(index, found);
      if (id === this.shoe && index === this.wanted) [this.at, this.error] = [found, ''];
    } catch (e) {
      this.error = errorText(e);
    }
  }

  override render() {
    if (!this.shoe) return html`<p class="muted">${t('replay.pick')}</p>`;
    // nothing read: the reason once, without a badge saying it again, an "event 1 of 0" or exports that cannot be made
    // (during an outage the floor said it three times beside them, outside floor pass 48)
    if (this.error && this.events.length === 0)
      return html`<header><h2>${t('replay.title')}</h2><span class="id">${this.shoe}</span></header>
        <div class="error" role="alert" data-replay-unread>${this.error}</div>`;
    const at = this.at;
    const v = at?.view ?? null;
    const links = exportLinks(this.shoe, lang(), this.base);
    const cards = this.events.filter((e) => e.type === 'card').map((e) => e.i);
    const shown = this.events.filter((e) => e.i <= (at?.index ?? -1));
    // what the payeur's banner says of the prison choices at that moment, a held end's fate of the stakes included (outside crew pass 43)
    const waiting = v && prisonWaitingText(v.prison, endWaiting(v));
    return html`<header>
        <h2>${t('replay.title')}</h2><span class="id">${this.shoe}</span>
        <tq-integrity .verify=${this.verify} error=${this.verifyError}></tq-integrity>
        <nav class="exports" aria-label=${t('replay.exports')}>
          <a href=${links.log} download data-export="log">${t('replay.log')}</a>
          <a href=${links.csv} download data-export="csv">CSV</a>
          <a href=${links.csvSemicolon} download data-export="csv-semicolon" title=${t('replay.csvSemicolon')}>CSV (;)</a>
          <a href=${links.html} target="_blank" rel="noopener" data-export="html">${t('replay.printable')}</a>
        </nav>
      </header>
      ${this.error ? html`<div class="error" role="alert">${this.error}</div>` : ''}
      <section class="panel">
        <tq-timeline .index=${at?.index ?? 0} .total=${Math.max(at?.total ?? 0, this.events.length)} .cards=${cards} @seek=${(e: CustomEvent<{ index: number }>) => this.seek(e.detail.index)}></tq-timeline>
        ${
          at?.event
            ? html`<p class="step" data-step-event=${at.event.type}><b>#${at.index + 1}</b> ${describeEvent(at.event, stakeTopUps(this.events).get(at.event.i))} —
              <span class="muted">${t('common.byOn', { by: actorName(at.event.by), at: formatDateTime(at.event.at, lang()) })}</span></p>`
            : ''
        }
      </section>
      <div class="grid">
        <section class="panel full"><tq-rows .coup=${v?.coup ?? null} size="sm"></tq-rows><tq-call .coup=${v?.coup ?? null} size="md"></tq-call></section>
        <section class="panel"><tq-activity .events=${shown} .current=${at?.index ?? -1} limit="60"></tq-activity></section>
        <div class="stack">
          <section class="panel"><tq-stakes .stakes=${v?.stakes ?? []} .max=${v?.rules.max} .lying=${v?.lyingStakes ?? []} .inPlay=${stakesInPlay(v)} read-only></tq-stakes>
            ${waiting ? html`<p class="prison-waiting" role="status" data-prison-waiting>${waiting}</p>` : ''}<tq-prison .prison=${v?.prison ?? []} .release=${v?.release ?? []}></tq-prison></section>
          <section class="panel"><tq-alert-list .alerts=${v?.alerts ?? []}></tq-alert-list></section>
        </div>
        <section class="panel full"><h2>${t('settle.title')}</h2><tq-settlement .coup=${v?.coup ?? null}></tq-settlement></section>
        <section class="panel"><tq-scoreboard .entries=${v?.scoreboard ?? []}></tq-scoreboard></section>
        <section class="panel"><tq-deck-check .deck=${this.report?.deck ?? null}></tq-deck-check></section>
        <section class="panel full"><tq-frequencies .frequencies=${this.report?.frequencies ?? null}></tq-frequencies></section>
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-replay': TqReplay;
  }
}
