/**
 * The table at a glance: shoe, phase with the bets open or closed, cards left,
 * burn cards still to draw, exposed coups against the limit, shuffler line.
 */
import { css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { LinkStatus, TableView } from '../../server/http/contract.ts';
import { ANNOUNCE } from '../french.ts';
import { heldEndText } from '../held-end.ts';
import { formatTime } from '../format.ts';
import { lang, t, type Key } from '../i18n.ts';
import { TqElement, tqStyles } from './tq-element.ts';
import { alertText, centralAlertText, shufflerStateText } from '../server-text.ts';

const PHASE: Record<TableView['phase'], { key: Key; tone: string; french?: string }> = {
  idle: { key: 'phase.idle', tone: 'muted' },
  burning: { key: 'phase.burning', tone: 'warn', french: ANNOUNCE.burn },
  waiting: { key: 'phase.waiting', tone: 'warn' },
  open: { key: 'phase.open', tone: 'ok', french: ANNOUNCE.open },
  // a routine state of every coup, not an alarm: red is kept for disputes, stale reports and faults (an outsider read every dealing table as alarmed)
  closed: { key: 'phase.closed', tone: 'neutral', french: ANNOUNCE.closed },
  ended: { key: 'phase.ended', tone: 'muted' },
};

@customElement('tq-table-status')
export class TqTableStatus extends TqElement {
  @property({ attribute: false }) accessor view: TableView | null = null;
  @property({ attribute: false }) accessor link: LinkStatus | null = null;
  /** The server cannot be reached: the line's last known state would be a lie. */
  @property({ type: Boolean }) accessor offline = false;
  /** Surveillance replaying a shoe: which shoe this bar shows and whether it is the one in play. */
  @property() accessor mode: 'live' | '' = '';
  @property() accessor replaying = '';
  /**
   * Surveillance replays another shoe than the one in play: this bar is the table now, said so and
   * shown smaller, not a header of the replay below it (an outsider read "burn cards, 312 left" over
   * a finished shoe's replay, pass 8).
   */
  @property({ type: Boolean, reflect: true }) accessor apart = false;
  /** Smaller, as on the floor's table cards: four of them to a 1024×768 screen. */
  @property({ type: Boolean, reflect: true }) accessor compact = false;
  /**
   * The table's report is stale (the floor's card): the bar is as last reported, greyed and said so. The stale card
   * dropped its shuffler and kept a live-looking "Bets closed" (outsider pass 17).
   */
  @property({ type: Boolean, reflect: true, attribute: 'last-known' }) accessor lastKnown = false;
  /** Apart because the replay shows an earlier moment of the shoe in play, not another shoe. */
  @property({ type: Boolean }) accessor earlier = false;

  static override styles = tqStyles(
    css`
      :host { display: block; }
      .bar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 18px; }
      .phase { font-size: 1.25rem; padding: 6px 16px; text-transform: uppercase; letter-spacing: 0.04em; }
      .french { color: var(--gold); font-size: 1.15rem; }
      .item { white-space: nowrap; }
      .item b { font-variant-numeric: tabular-nums; font-size: 1.1rem; }
      .line-alerts { white-space: normal; }
      .line-alerts .said { color: var(--warn); margin-left: 6px; }
      .exposed.hot b { color: var(--warn); }
      .exposed.limit b { color: var(--red-bright); }
      .mode.live { background: #174d33; color: #b9f3d2; }
      .mode.replay { background: #1f3f6b; color: #cfe3ff; }
      :host([apart]) .bar, :host([compact]) .bar { font-size: 0.9rem; gap: 6px 14px; }
      :host([apart]) .phase, :host([compact]) .phase { font-size: 0.95rem; padding: 3px 10px; }
      :host([apart]) .french, :host([compact]) .french { font-size: 1rem; }
      :host([apart]) .item b, :host([compact]) .item b { font-size: 1rem; }
      :host([compact]) .bar { gap: 2px 8px; font-size: 0.85rem; }
      :host([compact]) .phase { font-size: 0.85rem; padding: 2px 8px; }
      /* the floor's card names its table beside this bar */
      :host([compact]) .table-name { display: none; }
      /* the croupier's words the phase's badge already says, on its hover: coming with each open and close, they put the
         bar on a third line and moved every card of the floor below (outsider pass 15) */
      :host([compact]) .french { display: none; }
      /* a held end last, in what the last line leaves free or on a line of its own within the bar's three, cut to that width,
         whole on hover: its words over three lines made the card 20 to 63 px taller while the end was held, and every card
         below moved (outsider pass 20); on the phase's line it still put the bar on a fourth */
      :host([compact]) [data-held] { order: 1; flex: 8 1 9em; min-width: 5em; line-height: 16px; padding-block: 1px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
      /* the last coup's notice, the held end's neighbour on the bar's last line, cut as it is: on two lines it made the
         card 20 px taller at the last coup of every shoe (outsider pass 22) */
      :host([compact]) [data-few-cards] { order: 1; flex: 1 1 3em; min-width: 4em; line-height: 16px; padding-block: 1px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
      /* whole, in the room of the exposed coups, which no longer matter to a shoe whose next coup is annulled: squeezed
         beside the shuffler it read "Und…" at 1024 px while stakes lay on the layout (outside floor pass 47); beside a held
         end it still shares the last line, as before: the held end's reason keeps its room */
      :host([compact]) .bar:has([data-few-cards]):not(:has([data-held])) .exposed { display: none; }
      :host([compact]) .bar:not(:has([data-held])) [data-few-cards] { flex-basis: auto; max-width: 100%; }
      /* a stale table's shuffler, as last reported, in what its line leaves free (less when an end is held): in Italian its
         words put the bar on a fourth line, or took the last from the held end (outsider pass 22) */
      :host([compact][last-known]) [data-line-last-known] { flex: 1 1 12em; min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
      :host([compact][last-known]) .bar:has([data-held]) [data-line-last-known] { flex-basis: 4em; }
      /* three lines whatever the bar says (the floor's card keeps their room): a fourth is cut, never a taller card */
      :host([compact]) .bar { max-height: 4.5rem; overflow: hidden; align-content: flex-start; }
      .badge.last-known { background: #2b3036; color: var(--ink-dim); }
    `,
  );

  override render() {
    const v = this.view;
    if (!v) return html`<div class="bar muted">${t('common.loading')}</div>`;
    const phase = PHASE[v.phase];
    const limit = v.rules.exposedCoupLimit;
    const hot = v.exposedCoups > 0 ? (v.exposedCoups >= limit - 1 ? 'limit' : 'hot') : '';
    const l = this.link;
    const lineWord = l ? t(l.connected ? 'status.lineUp' : 'status.lineDown') : '';
    const lineLastKnown = t('status.lineLastKnown', { state: lineWord });
    return html`<div class="bar">
      ${this.replaying ? html`<span class="badge mode replay" data-mode="replay">${t('status.replay')} · ${this.replaying}</span>` : ''}
      ${
        this.mode === 'live'
          ? html`<span class="badge mode live" data-mode="live">${this.apart ? t(this.earlier ? 'status.liveEarlier' : 'status.liveApart', { shoe: v.shoe ? v.shoe.slice(-8) : '–' }) : `${t('status.live')} · ${v.shoe ? v.shoe.slice(-8) : '–'}`}</span>`
          : ''
      }
      ${
        this.lastKnown
          ? html`<span class="badge phase last-known" data-phase=${v.phase} data-last-known>${t('status.lastKnown', { state: t(phase.key) })}</span>`
          : this.compact && v.end
            ? // the end says the phase: "Shoe ended" beside "Shoe suspended" put the card's header on a fourth line (outsider pass 22)
              html`<span class="badge phase ${endTone(v.end)}" data-phase=${v.phase} data-end=${v.end.reason} title=${t(phase.key)}>${endText(v.end)}</span>`
            : html`<span class="badge phase ${this.compact && phase.tone === 'warn' ? 'neutral' : phase.tone}" data-phase=${v.phase} title=${this.compact && phase.french ? phase.french : nothing}>${t(phase.key)}</span>`
      }
      ${phase.french && v.phase !== 'ended' ? html`<span class="french" lang="fr">${phase.french}</span>` : ''}
      ${v.end && !(this.compact && !this.lastKnown) ? html`<span class="badge ${endTone(v.end)}" data-end=${v.end.reason}>${endText(v.end)}</span>` : ''}
      ${
        // An end asked for while calls wait (docs/rules.md#held-end), shown to every role: who, why, what it waits for.
        // The floor's card says it on one line, its reason first (heldEndText).
        v.held
          ? html`<span class="badge warn" role="status" title=${heldEndText(v.held)} data-held=${v.held.reason}>${heldEndText(v.held, this.compact)}</span>`
          : ''
      }
      <span class="item muted table-name">${t('status.table')} <b>${v.table || '–'}</b></span>
      <span class="item muted">${t('status.shoe')} <b>${v.shoe ? v.shoe.slice(-8) : '–'}</b></span>
      <span class="item muted">${t('status.cardsLeft')} <b data-cards-left=${v.cardsLeft}>${v.cardsLeft}</b></span>
      ${
        v.fewCards
          ? html`<span class="badge warn" data-few-cards=${v.cardsLeft} title=${t('status.fewCards', { n: v.fewCards.fewest })}
              >${t(this.compact ? 'status.fewCardsShort' : 'status.fewCards', { n: v.fewCards.fewest })}</span>`
          : ''
      }
      ${v.burnLeft > 0 ? html`<span class="item muted">${t('status.burnLeft')} <b>${v.burnLeft}</b></span>` : ''}
      <span class="item exposed ${hot}" data-exposed=${v.exposedCoups} title=${this.compact ? t('status.exposed') : nothing}
        >${t(this.compact ? 'status.exposedShort' : 'status.exposed')} <b>${v.exposedCoups} / ${limit}</b></span>
      ${
        this.offline
          ? html`<span class="item" data-offline>${t('status.line')} <span class="badge bad">${t('status.offline')}</span></span>`
          : l && this.lastKnown
            ? html`<span class="item" data-line-last-known=${l.connected ? 'up' : 'down'} title=${lineLastKnown}>${t('status.line')}
            <span class="badge last-known" data-line="unknown">${
              // on the floor's card the grey and its phase's "last known" say it is not live: "ignota ora (ultima: collegata)"
              // was cut to "Mescolatrice …" at 1024 and 1920 px in Italian (outsider pass 28); whole in the title
              this.compact ? lineWord : lineLastKnown
            }</span></span>`
            : l
              ? html`<span class="item">${t('status.line')}
            <span class="badge ${l.connected ? 'ok' : 'bad'}" data-line=${l.connected ? 'up' : 'down'}>${l.connected ? t('status.lineUp') : t('status.lineDown')}</span>
            ${l.model ? shufflerWords(l, v.phase === 'ended') : ''}</span>`
              : ''
      }
      ${l?.current && l.current.alerts > 0 && !this.offline && !this.lastKnown ? lineAlerts(l.current, l.connected) : ''}
      ${l?.central && !this.offline && !this.lastKnown ? centralBadge(l.central) : ''}
    </div>`;
  }
}

/** How the shoe ended, said once: the empty shoe is routine, a suspension is not. */
function endText(end: NonNullable<TableView['end']>): string {
  return t(end.reason === 'empty' ? 'status.endEmpty' : 'status.endSuspended');
}

function endTone(end: NonNullable<TableView['end']>): string {
  return end.reason === 'empty' ? 'neutral' : 'bad';
}

/**
 * The shuffler's model and state. Once the table's shoe has ended (a suspension, the empty shoe) the table takes no
 * more cards from the shoe still in the machine, whatever it reports ("dealing" after a suspension read as the table
 * still dealing, outsider pass 18): the tailleur's next step is said instead, the machine's own state kept in the title.
 */
function shufflerWords(l: LinkStatus, ended: boolean) {
  const own = l.state ? shufflerStateText(l.state) : '';
  return html`<span class="muted" data-shuffler-state=${l.state ?? ''} ?data-shoe-ended=${ended} title=${ended ? own : ''}
    >${l.model}${ended ? ` · ${t('status.shoeEndedStartNew')}` : own ? ` · ${own}` : ''}</span>`;
}

/**
 * The line's alerts current now (server/table/link-summary.ts), on every table screen as on the floor: a refused
 * card of another shoe was said once as a banner and then only on the floor, so nobody at the table knew to reload
 * the shuffler (outsider pass 10).
 */
function lineAlerts(c: NonNullable<LinkStatus['current']>, connected: boolean) {
  const said = c.last ? `${alertText(c.last)} (${formatTime(c.last.at, lang())})` : '';
  return html`<span class="item line-alerts" data-line-alerts=${c.alerts}>
    <span class="badge ${connected ? 'warn' : 'bad'}" title=${said}>${t('status.lineAlerts', { n: c.alerts })}</span>
    ${said ? html`<span class="said" data-line-last=${c.last?.kind ?? ''}>${said}</span>` : ''}</span>`;
}

/** The central witness's replication state (docs/central-store.md): in sync / behind N events / down since HH:MM. */
function centralBadge(c: NonNullable<LinkStatus['central']>) {
  const time = c.downSince ? new Date(c.downSince).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : '';
  const text =
    c.state === 'in-sync' ? t('status.centralInSync') : c.state === 'behind' ? t('status.centralBehind', { n: c.behind }) : t('status.centralDown', { time });
  const tone = c.alert ? 'bad' : c.state === 'in-sync' ? 'ok' : c.state === 'behind' ? 'warn' : 'bad';
  return html`<span class="item" data-central=${c.state} title=${c.alert ? centralAlertText(c.alert) : ''}>${t('status.central')} <span class="badge ${tone}">${text}</span></span>`;
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-table-status': TqTableStatus;
  }
}
