/**
 * The floor at a glance, at the top of the surveillance room's page and kept
 * in sight as it scrolls: how many tables need the floor now, by severity, and
 * which — each a button that takes the page to that table's card. An outsider
 * saw two tables to a 1024×768 screen and no floor-wide word of alerts, so a
 * dispute on a table further down was out of sight. Routine matters (a call
 * waiting) are named after, in blue, and do not count as needing the floor;
 * the worst table comes first, before the counts, so they never move it.
 */
import { css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { FloorTable } from '../../server/http/contract.ts';
import { floorAttention, type Attention, type TableAttention } from '../floor-attention.ts';
import { floorNeed } from '../floor-need.ts';
import { formatCents, formatTime } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { SEVERITY_CLASS } from './alert-severity.ts';
import { alertKindLabel } from './alert-kinds.ts';
import { TqElement, tqStyles } from './tq-element.ts';

/** The room the "+N more" button takes at the strip's right end, its fade aside, before it is first drawn (px). */
const MORE_ROOM = 100;
/**
 * Below this width (px) the counts by severity are not drawn, their words in the head's title: at 768 px in Italian,
 * "5 tavoli hanno bisogno di te", the worst chip and "4 da guardare" ran under "+4 altri" (outsider pass 21, N6); as bare
 * numbers they said nothing and still took the room of a table's chip (outsider pass 39, F3). The chips' colours say it.
 */
const NARROW_STRIP = 900;

const COUNT_KEY = { serious: 'floorSummary.serious', warning: 'floorSummary.warning', routine: 'floorSummary.routine', recent: 'floorSummary.recent' } as const;
/** A count's colour: a table's matter over, only remembered, in the neutral grey (floor-need.ts). */
const COUNT_CLASS = { ...SEVERITY_CLASS, recent: 'neutral' } as const;
const COUNTS = ['serious', 'warning', 'routine', 'recent'] as const;

const SPELL_KEY = {
  'silence-ended': 'floorSummary.silenceEnded',
  'stale-ended': 'floorSummary.staleEnded',
  'behind-ended': 'floorSummary.behindEnded',
} as const;

/** How long a spell over lasted, in whole seconds. */
function spellSeconds(a: { from: string; to: string }): number {
  return Math.max(0, Math.round((Date.parse(a.to) - Date.parse(a.from)) / 1000));
}

@customElement('tq-floor-summary')
export class TqFloorSummary extends TqElement {
  @property({ attribute: false }) accessor tables: FloorTable[] = [];
  /** The floor's clock reading, for the age of a stale report. */
  @property({ type: Number }) accessor now = 0;
  /** When the floor's own stream went down (ms), 0 while it is up: the tables are shown as they were then. */
  @property({ type: Number }) accessor offlineSince = 0;
  /** Tables named past the strip's right edge: said at that edge, so a tablet shows that the strip scrolls. */
  @state() accessor beyond = 0;
  /**
   * Those tables' chips, not drawn until scrolled to: cut mid-word by the edge ("T4 Silenz", "T4 1 contes") they read as
   * something else (outsider pass 22, G5). They keep their room, so nothing else moves.
   */
  @state() accessor unseen: readonly string[] = [];
  /** The counts' severities not wholly seen either: "4 di ro" showed under "+5 altri" at 1024 px in Italian. */
  @state() accessor unseenCounts: readonly string[] = [];
  /** A strip narrower than NARROW_STRIP: the counts by severity are left to the head's tooltip and the chips' colours. */
  @state() accessor narrow = false;
  /**
   * "+N more" pressed: the strip shows every table on as many lines as it takes, until "Fewer" is pressed. Scrolled on
   * instead, a 768 px strip showed one table at a time beside its head and worst table, skipped one under them, and had no
   * way back once at its end (outside floor pass 51, F3).
   */
  @state() accessor expanded = false;
  readonly #resize = new ResizeObserver(() => this.#measure());

  static override styles = tqStyles(
    css`
      :host { display: block; }
      /* one line whatever comes and goes, scrolled across when it is full (the most serious first): wrapping to a second
         line as a routine call joined moved every card 38 px down and back (outsider pass 15); as tall as a table's button
         with none, or "All tables quiet" alone was 20 px and the grid moved 12 px at every call (outsider pass 19) */
      .strip { min-height: 32px; display: flex; flex-wrap: nowrap; align-items: center; gap: 6px 10px; font-size: 0.9rem; overflow-x: auto; white-space: nowrap; scrollbar-width: thin; }
      .strip > * { flex: none; }
      /* the head and the worst table stay at the strip's left as it scrolls on: "+2 altri" scrolled the red "T1 1 open
         dispute" and "needs you" out of sight at 768 px (outside floor pass 50, F5) */
      .lead { position: sticky; left: 0; z-index: 1; display: flex; align-items: center; gap: 6px 10px; padding-right: 4px; background: var(--felt-dark); }
      .strip.expanded { flex-wrap: wrap; overflow-x: visible; padding-block: 2px; }
      .strip.expanded .lead { position: static; }
      .fewer { font-weight: 700; }
      /* on a line of its own above the strip, which the offline banner moves down anyway: in the strip it left room at
         1024 px only for "T6" of the worst chip (outsider pass 20) */
      .offline { display: block; padding-block: 2px; color: #ffd99a; font-weight: 700; font-size: 0.9rem; }
      .head { font-weight: 700; }
      .quiet { color: var(--ink-dim); font-weight: 600; }
      .count { font-size: 0.78rem; padding: 1px 8px; }
      /* 32 px exactly, whatever the chip holds: a chip on two lines was 32.38 px and moved every card 0.37 px (outsider pass 28) */
      button.badge { box-sizing: border-box; height: 32px; min-height: 32px; padding: 3px 12px; border: 1px solid transparent; border-radius: 999px; font-size: 0.85rem; }
      button.badge b { font-size: 0.95rem; }
      /* the held end under the worst matter, two short lines within the chip's 32 px */
      .two { display: inline-flex; flex-direction: column; align-items: flex-start; }
      .two, .two * { line-height: 1.1; }
      .two > :first-child { font-size: 0.8rem; }
      .two b { font-size: 0.9rem; }
      .two .held-too { font-size: 0.72rem; font-weight: 600; }
      button.badge:has(.two) { padding-block: 0; }
      button.bad { border-color: var(--danger); }
      button.unseen, .count.unseen { visibility: hidden; }
      .info { background: #17324f; color: #bcdcff; }
      /* at 768 px the strip was cut mid-word ("[T2 annu…") with nothing to say it scrolls (outsider pass 17): a fade and a
         count of the tables past the edge, which scrolls the strip on */
      .wrap { position: relative; }
      .more { position: absolute; top: 0; right: 0; bottom: 0; display: flex; align-items: center; padding-left: 36px; background: linear-gradient(to right, transparent, var(--felt-dark) 32px); }
      .more button { min-height: 32px; padding: 3px 10px; border-radius: 999px; font-size: 0.85rem; font-weight: 700; white-space: nowrap; }
    `,
  );

  /** What an item is called in a word or two: the card says the rest. */
  #label(a: Attention): string {
    switch (a.kind) {
      case 'stale':
        // short, so three stale tables fit a tablet's strip: "T1 STALE: no report for…" and "+2 more" hid two (outsider pass 39, F3)
        return a.reportedAt === null
          ? t('floor.never')
          : t('floorSummary.stale', { s: Math.max(0, Math.round(((this.now || Date.now()) - Date.parse(a.reportedAt)) / 1000)) });
      case 'disputes':
        return t('floor.disputes', { n: a.n });
      case 'behind':
        return t('floor.behindKind');
      case 'awaiting':
        return t('floor.awaiting', { n: a.coup });
      case 'held':
        return t(a.held.reason === 'empty' ? 'floorSummary.heldEmpty' : 'floorSummary.held');
      case 'previous':
        return a.previous.how === 'suspended' ? t('status.endSuspended') : t('alertKind.newShoe');
      case 'line':
        return t('floor.linkAlerts', { n: a.n });
      case 'alert':
      case 'withdrawn':
        return alertKindLabel(a.alert.kind, a.alert.code);
      // how long the spell lasted and until when, whole where the card's narrow alert cuts the time: "Reports back" alone
      // said neither (outsider pass 39, F2)
      case 'silence-ended':
      case 'stale-ended':
      case 'behind-ended':
        return t(SPELL_KEY[a.kind], { s: spellSeconds(a), at: formatTime(a.to, lang()) });
      case 'ruled':
        return t('floor.ruledKind');
      case 'hand-back':
        return t('floorSummary.handBack', { amount: formatCents(a.amount, lang()), n: a.stakes });
    }
  }

  /**
   * A held end said beside the table's worst matter, not only in its tooltip: a suspension waiting behind a dispute
   * read as the dispute alone, and a tablet shows no tooltip (outsider pass 17). Said on a second line inside the chip,
   * which stays as tall as the strip: beside the matter, it ran past a 768 px strip's edge ("· S…", outsider pass 19).
   */
  #heldToo(items: readonly Attention[]): string {
    const held = items.find((a) => a.kind === 'held');
    return held && items[0] !== held ? this.#label(held) : '';
  }

  /** A table's chip: its name and worst matter, and a held end under them. */
  #chip(table: string, items: readonly Attention[]) {
    const held = this.#heldToo(items);
    const worst = html`<b>${table}</b> ${this.#label(items[0]!)}`;
    return held ? html`<span class="two"><span>${worst}</span><span class="held-too" data-held-too>${held}</span></span>` : worst;
  }

  override firstUpdated(): void {
    const strip = this.renderRoot.querySelector('.strip');
    if (strip) this.#resize.observe(strip);
  }

  override disconnectedCallback(): void {
    this.#resize.disconnect();
    super.disconnectedCallback();
  }

  override updated(): void {
    this.#measure();
  }

  /**
   * How many of the tables' buttons are not wholly seen: past the strip's right edge, or under the "+N more" button
   * once it shows. Counted against the strip's edge alone, a chip half under the button was one of "+3 altri" and
   * read as seen (outsider pass 20); before the button is drawn its room is guessed, and measured again once it is.
   */
  #measure(): void {
    const strip = this.renderRoot.querySelector<HTMLElement>('.strip');
    if (!strip) return;
    const narrow = strip.clientWidth < NARROW_STRIP;
    if (narrow !== this.narrow) this.narrow = narrow;
    if (this.expanded) {
      // every table on the lines it takes: none past an edge
      if (this.beyond !== 0) this.beyond = 0;
      if (this.unseen.length > 0) this.unseen = [];
      if (this.unseenCounts.length > 0) this.unseenCounts = [];
      return;
    }
    const { right } = strip.getBoundingClientRect();
    const lead = strip.querySelector<HTMLElement>('.lead');
    // what scrolls under the head and the worst table, which stay, is out of sight as what went past the strip's left edge
    const left = lead ? lead.getBoundingClientRect().right : strip.getBoundingClientRect().left;
    const chips = [...strip.querySelectorAll<HTMLElement>('[data-summary-table]')].map((b) => ({
      table: b.dataset.summaryTable!,
      box: b.getBoundingClientRect(),
      leads: lead?.contains(b) === true,
    }));
    const button = this.renderRoot.querySelector('[data-summary-more] button');
    const edge = chips.some((c) => c.box.right > right + 0.5) ? (button ? button.getBoundingClientRect().left : right - MORE_ROOM) : right;
    const notWhole = (box: DOMRect) => box.right > edge + 0.5 || box.left < left - 0.5;
    const unseen = chips.filter((c) => !c.leads && notWhole(c.box)).map((c) => c.table);
    const beyond = chips.filter((c) => !c.leads && c.box.right > edge + 0.5).length;
    if (beyond !== this.beyond) this.beyond = beyond;
    if (unseen.join(' ') !== this.unseen.join(' ')) this.unseen = unseen;
    const counts = [...strip.querySelectorAll<HTMLElement>('[data-summary-count]')]
      .filter((c) => notWhole(c.getBoundingClientRect()))
      .map((c) => c.dataset.summaryCount!);
    if (counts.join(' ') !== this.unseenCounts.join(' ')) this.unseenCounts = counts;
  }

  /** Every table in sight, on as many lines as it takes; or back to one line. */
  #expand(on: boolean): void {
    this.expanded = on;
    if (!on) this.renderRoot.querySelector<HTMLElement>('.strip')?.scrollTo({ left: 0 });
  }

  #go(table: string) {
    this.dispatchEvent(new CustomEvent<{ table: string }>('focus-table', { detail: { table }, bubbles: true, composed: true }));
  }

  /**
   * The worst table's chip straight after the head, the counts after it: with the counts first, a routine call
   * coming and going ("1 di routine") slid the worst chip 90–108 px right and back at 768 px and pushed it past the
   * edge under "+N altri" (outsider pass 20). The head changes only with the tables that need the floor.
   */
  override render() {
    const tables = floorAttention(this.tables);
    // the tables that need the floor now; those whose matters are over, remembered on their cards, counted apart (floor-need.ts)
    const n = floorNeed(tables);
    const need = n.serious + n.warning;
    const counts = COUNTS.filter((s) => n[s] > 0).map((s) => t(COUNT_KEY[s], { n: n[s] }));
    const head =
      need > 0
        ? html`<span class="head" data-summary-head title=${counts.join(' · ')}>${t('floorSummary.need', { n: need })}</span>`
        : html`<span class="quiet" data-summary-head data-quiet=${tables.length === 0 ? 'all' : 'routine'}>${t(tables.length === 0 ? 'floorSummary.quiet' : 'floorSummary.noneNeed')}</span>`;
    const chip = (x: TableAttention) =>
      html`<button class="badge ${SEVERITY_CLASS[x.severity]} ${this.unseen.includes(x.table) ? 'unseen' : ''}" data-summary-table=${x.table} data-severity=${x.severity}
        title=${x.items.map((a) => this.#label(a)).join(' · ')} @click=${() => this.#go(x.table)}>${this.#chip(x.table, x.items)}</button>`;
    const offline = this.offlineSince
      ? html`<span class="offline" data-summary-offline>${t('floorSummary.offline', { at: formatTime(new Date(this.offlineSince).toISOString(), lang()) })}</span>`
      : '';
    return html`${offline}<div class="wrap"><div class="strip ${this.expanded ? 'expanded' : ''}" role="region" aria-label=${t('floorSummary.title')} @scroll=${() => this.#measure()}>
      <span class="lead">${head}${tables.slice(0, 1).map(chip)}</span>
      ${COUNTS.map((s) =>
        n[s] > 0 && !this.narrow
          ? html`<span class="badge count ${COUNT_CLASS[s]} ${this.unseenCounts.includes(s) ? 'unseen' : ''}" data-summary-count=${s} title=${t(COUNT_KEY[s], { n: n[s] })} aria-label=${t(COUNT_KEY[s], { n: n[s] })}>${t(COUNT_KEY[s], { n: n[s] })}</span>`
          : '',
      )}
      ${tables.slice(1).map(chip)}
      ${this.expanded ? html`<button class="badge neutral fewer" data-summary-fewer @click=${() => this.#expand(false)}>${t('floorSummary.fewer')}</button>` : ''}
    </div>${
      this.beyond > 0
        ? html`<span class="more" data-summary-more=${this.beyond}><button class="badge neutral" @click=${() => this.#expand(true)}>${t('floorSummary.more', { n: this.beyond })}</button></span>`
        : ''
    }</div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-floor-summary': TqFloorSummary;
  }
}
