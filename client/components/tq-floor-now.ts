/**
 * What a table of the floor is playing and what money is on it, from its
 * shoe replayed out of the central store (the overview
 * showed no cards, calls or money): the coup in play with its two rows'
 * totals and its call (French) and standing, then the stakes on the layout
 * and in prison, and what the last coup and the shoe so far paid and
 * collected (server/floor/floor-money.ts) — a coup not yet payable held apart,
 * never in the shoe's totals or the bank's result.
 */
import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { FloorTable } from '../../server/http/contract.ts';
import { cardFace, formatCents } from '../format.ts';
import { behindFor } from '../floor-windows.ts';
import { lang, t, type Key } from '../i18n.ts';
import { TqElement, tqStyles } from './tq-element.ts';

const STATUS: Record<string, { key: Key; tone: string }> = {
  dealing: { key: 'call.dealing', tone: 'muted' },
  'awaiting-confirm': { key: 'call.awaiting', tone: 'info' },
  confirmed: { key: 'call.confirmed', tone: 'ok' },
  disputed: { key: 'call.disputed', tone: 'bad' },
  resolved: { key: 'call.resolved', tone: 'ok' },
  annulled: { key: 'call.annulled', tone: 'warn' },
};

/** A call in its halves, each kept whole on its line: the coup's result, then the couleur's after its comma. */
const halves = (call: string) => call.split(/(?<=,) /).map((half, i) => html`${i > 0 ? ' ' : ''}<span class="half">${half}</span>`);

@customElement('tq-floor-now')
export class TqFloorNow extends TqElement {
  @property({ attribute: false }) accessor row: FloorTable | null = null;
  /** The floor's clock reading (tq-floor.ts draws again every few seconds): what is said for a time goes and comes by it, whether or not the row changed. */
  @property({ type: Number }) accessor now = 0;

  static override styles = tqStyles(
    css`
      /* the money as wide as its words need (Italian's are longer), what is in play the rest */
      :host { display: grid; grid-template-columns: minmax(140px, 1fr) minmax(min-content, 1fr); gap: 4px 12px; line-height: 1.3; }
      @media (max-width: 520px) { :host { grid-template-columns: 1fr; } }
      .cell { display: flex; flex-direction: column; gap: 2px; font-size: 0.85rem; min-width: 0; }
      .cell > .muted { font-size: 0.72rem; text-transform: uppercase; letter-spacing: 0.04em; }
      /* one line whatever it says: "In gioco · registro in ritardo" on two would move every card below */
      [data-now-heading] { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
      /* the coup's number and its status on one line, the status cut (whole in its title) rather than wrapped: "da confermare"
         went under "Colpo 1" at 1024 px in Italian, and the card grew 5 px at each call (outsider pass 21) */
      .coup { display: flex; flex-wrap: nowrap; align-items: baseline; gap: 4px 6px; min-width: 0; }
      .coup b { flex: none; }
      /* a little smaller than the page's badges, so "confermato" is whole beside "Colpo 29" in the narrow cell of 1024 px
         in Italian (outsider pass 27: "conferm…"), and "da confermare" beside "Colpo 13" when the shoe's money runs to
         four digits and narrows the cell (768 and 1024 px in Italian); still cut rather than wrapped where even that does not fit */
      .coup .badge { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 0.72rem; padding-inline: 5px; }
      /* a row of cards on one line whatever its count: the cards close up, and past the cell's width overlap, rather than
         wrap to a second line and move every card of the floor below (outsider pass 15: 41 moves in 30 s) */
      .row { font-variant-numeric: tabular-nums; display: flex; flex-wrap: nowrap; gap: 0 5px; align-items: baseline; white-space: nowrap; }
      .row:has(> span:nth-of-type(5)) { gap: 0 2px; letter-spacing: -0.03em; }
      /* five beside a row of eight (the narrower card of a 768 px screen in Italian) ran its glyphs 2 px into each other */
      .row:has(> span:nth-of-type(5)) > span { font-size: 0.92em; }
      /* six cards and more a little smaller, so six fit whole, clear of the score: at 768 px "Rouge 35 4♥4♠6♦K♣A♣Q♥"
         touched its score and its glyphs each other (outsider pass 17) */
      .row:has(> span:nth-of-type(6)) { gap: 0 4px; letter-spacing: 0; }
      .row:has(> span:nth-of-type(6)) > span { font-size: 0.88em; }
      /* seven cards and more smaller again and closer, the score no wider than its words: at 1024 px in Italian "Rouge 38
         4♦3♣5♣6♠4♠J♥3♦8♥" ran each card's glyphs into the next (outsider pass 20) */
      .row:has(> span:nth-of-type(7)) { gap: 0 1px; letter-spacing: -0.05em; }
      .row:has(> span:nth-of-type(7)) > span { font-size: 0.72em; }
      .row:has(> span:nth-of-type(7)) b { min-width: 0; }
      .row:has(> span:nth-of-type(8)) > span { font-size: 0.68em; }
      .row b { min-width: 4.6em; flex: none; margin-right: 4px; }
      /* eight cards may still close up past the cell's width (a rare row): the score stays clear of them */
      .row > span { flex: 0 1 auto; min-width: 0; }
      .row > span:last-child { flex: none; }
      .row .red { color: #ff8a8e; }
      .call { font: italic 700 1.05rem var(--font-call); color: var(--gold); }
      /* rows a little closer than the page's text, in whole pixels: the hand-back line, there always (outsider pass 21),
         took the room of the fourth table on a 1024×768 screen at 1.2 (and at 15 px), and at 1.1 a row's 14.96 px moved a card by 1 px */
      .money { border-collapse: collapse; font-variant-numeric: tabular-nums; width: 100%; line-height: 14px; }
      .money th, .money td { padding: 0 6px 0 0; text-align: right; white-space: nowrap; font-weight: normal; }
      .money th[scope=row] { text-align: left; color: var(--ink-dim); }
      .money thead th { font-size: 0.72rem; color: var(--ink-dim); }
      /* the cell's name in the table's head row: a line less on the floor's dense cards */
      .money thead th.title { text-align: left; text-transform: uppercase; letter-spacing: 0.04em; }
      .money .badge { padding: 0 8px; font-size: 0.78rem; }
      /* kept in its place while the coup is payable, so the rows under it stay put */
      .money .unheld { visibility: hidden; }
      /* the line of "not payable yet" a whole 18 px (17 and its rule), shown or not, the badge set inside it: its line box of 17.97 px made the
         card a fraction of a pixel taller or shorter at each call, and every card below moved by a pixel (outsider pass 20) */
      .money .note { text-align: left; white-space: nowrap; height: 17px; padding-block: 0; line-height: 17px; vertical-align: middle; }
      .money .note .badge { display: inline-block; line-height: 14px; vertical-align: middle; }
      /* in the box of the badge it takes the place of (0.78rem, 14 px), so the line keeps its 18 px with either */
      .money .note .returned { display: inline-block; color: var(--ink-dim); font-size: 0.78rem; line-height: 14px; vertical-align: middle; }
      .info { background: #17324f; color: #bcdcff; }
      .badge.last-known { background: #2b3036; color: var(--ink-dim); }
      /* the chips still to go back to the players: the gold of the table screens' "To hand back" box (tq-hand-back.ts) */
      .money .hand-back:not([data-hand-back-row='0']) th { color: var(--gold); font-weight: 700; }
      /* the amount on the label's line, its stakes and shoe on a line of their own under it: "100.00 (3 / stakes) · shoe /
         7a28fdfd" wrapped over three lines at 1024 and 768 px beside a label centred on them (outsider pass 17) */
      .money .hand-back-of td { color: var(--ink-dim); font-size: 0.78rem; line-height: 1.1; }
      /* the call before read whole, its couleur half being half the coup's money: cut to one line it read "Rouge perd, la
         couleur…" at every size (outsider pass 20); it goes under its coup's number when the line is short, never broken */
      .previous { color: var(--ink-dim); font-size: 0.85rem; line-height: 1.2; }
      .previous .call { font-size: 0.95rem; }
      .previous .half { white-space: nowrap; }
      /* one line, cut (whole in its title) rather than wrapped: a stale table's "last known: dealing…" went to two lines at
         1024 px in Italian and the card grew 6 px each time its reports went stale */
      [data-cut-short], [data-pending] { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    `,
  );

  #coup() {
    const c = this.row?.view?.coup;
    if (!c) return html`<span class="muted" data-no-coup>${t('call.none')}</span>`;
    const s = STATUS[c.status] ?? STATUS.dealing!;
    // a stale report: the coup as last reported, not as live (outsider pass 17: "Coup 30 dealing" on a silent table)
    const stale = this.row?.stale === true;
    const pending = t('call.pending');
    return html`<span class="coup" data-coup=${c.coup}>
        <b>${t('call.coup', { n: c.coup })}</b>
        ${
          stale
            ? // "last known" said once, in the cell's heading: "ultimo noto: confermato" was cut to "ultimo noto…" at 1024 and 1920 px in Italian (outsider pass 28)
              html`<span class="badge last-known" title=${t('status.lastKnown', { state: t(s.key) })} data-call-status=${c.status} data-last-known>${t(s.key)}</span>`
            : html`<span class="badge ${s.tone}" title=${t(s.key)} data-call-status=${c.status}>${t(s.key)}</span>`
        }
      </span>
      ${(['noir', 'rouge'] as const).map(
        (name) =>
          html`<span class="row" data-row=${name}><b>${name === 'noir' ? 'Noir' : 'Rouge'} ${c[name].total}</b>${c[name].cards.map((x) => {
            const f = cardFace(x.card);
            return html`<span class=${f.red ? 'red' : ''} data-card=${x.card}>${f.rank}${f.suit}</span>`;
          })}</span>`,
      )}
      ${
        c.call
          ? html`<span class="call" lang="fr" data-floor-call>${c.call}</span>`
          : c.status === 'annulled'
            ? // cut short by the shoe's end: it read "dealing…" under its "annulled" (outsider pass 17); one line, as the call's place
              html`<span class="muted previous" title=${t('call.cutShort')} data-cut-short>${t('call.cutShort')}</span>`
            : html`<span class="muted" title=${stale ? t('status.lastKnown', { state: pending }) : pending} data-pending=${stale ? 'last-known' : 'live'}>${pending}</span>`
      }
      ${c.call ? '' : this.#previousCall(c.coup)}`;
  }

  /** While a coup is dealt, the call before it stays in sight (it vanished from the floor with the next coup's first card). */
  #previousCall(coup: number) {
    const p = this.row?.view?.recent.find((r) => r.coup === coup - 1 && r.call);
    if (!p) return '';
    // an annulled coup's call, moot, in the title only: beside its "annulled" it ran to a third line at 1024 px in Italian and
    // the card grew 11 px (outsider pass 30)
    if (p.standing === 'annulled')
      return html`<span class="previous" data-previous-call=${p.coup} data-previous-annulled title=${`${t('floor.previousCall', { n: p.coup })} ${p.call}`}>${t('floor.previousCall', { n: p.coup })} <span class="badge warn">${t('call.annulled')}</span></span>`;
    return html`<span class="previous" data-previous-call=${p.coup}>${t('floor.previousCall', { n: p.coup })} <span class="call" lang="fr">${halves(p.call ?? '')}</span></span>`;
  }

  #money() {
    const m = this.row?.money;
    if (!m) return html`<span class="muted">${t('floor.money')}</span><span class="muted">–</span>`;
    const l = lang();
    const c = (cents: number) => formatCents(cents, l);
    const held = m.coup && (m.coup.standing === 'provisional' || m.coup.standing === 'disputed');
    const returned = !held && m.coup ? m.coup.totals.returned : 0;
    return html`<table class="money">
      <thead><tr><th class="title" scope="col">${t('floor.money')}</th><th>${t('col.paid')}</th><th>${t('col.collected')}</th></tr></thead>
      <tbody>
        ${
          m.coup
            ? html`<tr data-coup-money=${m.coup.coup} data-standing=${m.coup.standing}><th scope="row">${t('call.coup', { n: m.coup.coup })}</th>
              <td>${c(m.coup.totals.paid)}</td><td>${c(m.coup.totals.collected)}</td></tr>`
            : html`<tr data-coup-money=""><th scope="row">${t('call.coup', { n: '–' })}</th><td>–</td><td>–</td></tr>`
        }
        <!-- a call waiting is the ordinary course of play: routine blue, not amber (outsider pass 15); once payable, the line
             says what the coup gave back (a partager's half, an annulled coup's stakes), which was only in the replay (outsider pass 28) -->
        <tr class=${held || returned > 0 ? '' : 'unheld'}><td class="note" colspan="3">${
          returned > 0
            ? html`<span class="returned" data-coup-returned=${returned}>${t('floor.coupReturned', { amount: c(returned) })}</span>`
            : html`<span class="badge info" data-not-payable=${held ? 'yes' : 'no'}>${t('floor.notPayable')}</span>`
        }</td></tr>
        <tr data-shoe-paid=${m.shoe.paid} data-shoe-collected=${m.shoe.collected}><th scope="row">${t('floor.shoeMoney')}</th><td>${c(m.shoe.paid)}</td><td>${c(m.shoe.collected)}</td></tr>
        <tr><th scope="row">${t('floor.bankResult')}</th><td colspan="2" data-shoe-bank=${m.shoe.bank}>${c(m.shoe.bank)}</td></tr>
        ${
          m.held.coups > 0
            ? html`<tr data-held=${m.held.coups} data-held-paid=${m.held.paid} data-held-collected=${m.held.collected} title=${t('floor.heldNote')}><th scope="row">${t('floor.held', { n: m.held.coups })}</th><td>${c(m.held.paid)}</td><td>${c(m.held.collected)}</td></tr>`
            : html`<tr data-held="0" title=${t('floor.heldNote')}><th scope="row">${t('floor.heldNone')}</th><td>–</td><td>–</td></tr>`
        }
        <tr><th scope="row">${t('floor.onLayout')}</th><td colspan="2" data-on-layout=${m.onLayout}>${
          m.stakes > 0 ? html`${c(m.onLayout)} <span class="muted">(${t('floor.stakes', { n: m.stakes })})</span>` : '–'
        }</td></tr>
        ${this.#handBack(m)}
        <tr><th scope="row">${t('floor.inPrison')}</th><td colspan="2" data-in-prison=${m.inPrison}>${
          m.prisoners > 0 ? html`${c(m.inPrison)} <span class="muted">(${t('floor.stakes', { n: m.prisoners })})</span>` : '–'
        }</td></tr>
        ${this.#carriedPrison(m)}
      </tbody>
    </table>`;
  }

  /**
   * What ended shoes send back to the players and no one has marked handed back: one line always, "–" when nothing, the
   * total over the shoes with its stakes, each shoe in the line's title. A line a shoe, with its stakes and shoe under it,
   * grew the card at every shoe's end and pushed the grid down; its long total label widened the money and squeezed the
   * cards dealt into each other at 1024 px in Italian (outsider pass 21).
   */
  #handBack(m: NonNullable<FloorTable['money']>) {
    const c = (cents: number) => formatCents(cents, lang());
    const { amount, stakes } = m.handBackTotal;
    // from how many shoes, when more than one, in place of the stakes (each shoe's in the title): 170.00 from two shoes read as
    // one shoe's (outsider pass 27), and both counts widened the money past a 1024 px card in Italian
    const count = m.handBack.length > 1 ? t('floor.shoes', { n: m.handBack.length }) : t('floor.stakes', { n: stakes });
    const each = m.handBack.map((h) => t('floor.handBackOf', { shoe: h.shoe.slice(-8), amount: c(h.amount), stakes: t('floor.stakes', { n: h.stakes }) }));
    return html`<tr class="hand-back" data-hand-back-row=${m.handBack.length} data-hand-back-total=${amount} data-hand-back-total-stakes=${stakes}
      data-hand-back-shoes=${m.handBack.map((h) => `${h.shoe}:${h.amount}:${h.stakes}`).join(' ')} title=${[t('floor.handBackNote'), ...each].join('\n')}>
      <th scope="row">${t('floor.handBack')}</th>
      <td colspan="2">${m.handBack.length === 0 ? '–' : html`${c(amount)} <span class="muted">(${count})</span>`}</td></tr>`;
  }

  /** The prison stakes the shoe carried in, and from which shoe: they stood there before its first coup with no word of it (outsider pass 20, F11). */
  #carriedPrison(m: NonNullable<FloorTable['money']>) {
    const n = m.carriedPrison.stakes;
    if (n === 0) return '';
    const from = this.row?.previous?.shoe;
    const words = from ? t('floor.prisonCarried', { n, shoe: from.slice(-8) }) : t('floor.prisonCarriedEarlier', { n });
    return html`<tr class="hand-back-of" data-prison-carried=${n} data-prison-carried-from=${from ?? ''}><td colspan="3">${words}</td></tr>`;
  }

  override render() {
    const stale = this.row?.stale === true;
    // a record behind for a while: what is shown is that old (outsider pass 30: "Coup 22 dealing…" for two minutes)
    const behind = this.row !== null && behindFor(this.row, this.now || Date.now()) !== null;
    const heading = stale ? 'last-known' : behind ? 'behind' : 'live';
    const words = { 'last-known': t('floor.inPlayLastKnown'), behind: t('floor.inPlayBehind'), live: t('floor.inPlay') }[heading];
    return html`<div class="cell" data-now><span class="muted" data-now-heading=${heading} title=${words}>${words}</span>${this.#coup()}</div>
      <div class="cell" data-money>${this.#money()}</div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-floor-now': TqFloorNow;
  }
}
