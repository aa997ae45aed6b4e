/**
 * The tailleur's screen: the two rows filling card by card, the units
 * announcements and the French call, and one key per action — Enter confirms,
 * D disputes, V voids the card just drawn, O / C open and close the bets,
 * N pulls a card from the simulator, Esc acknowledges the alerts.
 */
import { html, type PropertyValues } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import type { CoupView, TableView } from '../../server/http/contract.ts';
import { api, ApiError } from '../api.ts';
import { callToConfirm, callsToConfirm } from '../calls-to-confirm.ts';
import { heldEndText } from '../held-end.ts';
import { keyName, t } from '../i18n.ts';
import { live, LiveController } from '../live-store.ts';
import { PullClick } from '../pull-click.ts';
import { pullRefusalText } from '../pull-refusal.ts';
import { CommandQueue, type Step } from './command-queue.ts';
import { errorBox } from './error-box.ts';
import { MovedTargetGuard } from './moved-target-guard.ts';
import type { Shortcut } from './tq-shortcuts.ts';
import type { TqDisputeDialog } from './tq-dispute-dialog.ts';
import type { TqVoidDialog, VoidReason } from './tq-void-dialog.ts';
import './tq-alert-banner.ts';
import './tq-call.ts';
import './tq-dispute-dialog.ts';
import './tq-history.ts';
import './tq-rows.ts';
import './tq-shortcuts.ts';
import './tq-table-status.ts';
import './tq-void-dialog.ts';
import { OFFLINE, type Refusal } from '../run-command.ts';
import { TqElement, tqStyles } from './tq-element.ts';
import { pendingCallPanel } from './tailleur-pending-call.ts';
import { TAILLEUR_STYLES } from './tailleur-styles.ts';
import { typingIn, WindowKeys } from './window-keys.ts';

/**
 * A refusal in the tailleur's words where the server's code answers another
 * role: BETS_CLOSED reaches the tailleur only from C pressed before the bets
 * are open, and its sentence is the payeur's ("nothing may be placed,
 * withdrawn or moved"), read by an outsider as an answer to someone else.
 */
function tailleurRefusal(error: Refusal | null): Refusal | null {
  return error?.code === 'BETS_CLOSED' ? { ...error, text: t('tailleur.betsNotOpen') } : error;
}

/** The actions of the tailleur's that a repeat cannot make new, by what they act on. */
type ActionName = 'confirm' | 'open' | 'close' | 'start' | `dispute:${number}` | `void:${number}`;

@customElement('tq-tailleur')
export class TqTailleur extends TqElement {
  @state() accessor error: Refusal | null = null;
  @state() accessor simulator: boolean | null = null;
  /** What a key that found nothing to act on says (D with no call waiting), until the next key. */
  @state() accessor notice: string | null = null;
  /**
   * "Start a new shoe?" asked, yes focused: one stray S after a shoe ended started the next one without a word
   * (outsider pass 13). Enter answers yes, Esc no.
   */
  @state() accessor startAsk = false;
  @query('tq-dispute-dialog') accessor disputeDialog!: TqDisputeDialog;
  @query('tq-void-dialog') accessor voidDialog!: TqVoidDialog;

  readonly #live = new LiveController(this);
  readonly #keys = new WindowKeys(this, (e) => this.#key(e));
  /** Every key and click in the order it came, none dropped while a request is on its way. */
  readonly #queue = new CommandQueue(this, (error) => (this.error = tailleurRefusal(error)));

  /** The second click of a double click on Pull is the same press, not a second card (client/pull-click.ts). */
  readonly #pullClick = new PullClick();
  /** A second click or Enter must not confirm the next call, which took the confirmed one's place unseen. */
  readonly #confirmGuard = new MovedTargetGuard(this, () => String(this.#canConfirm() ?? ''));

  get busy(): boolean {
    return this.#queue.busy;
  }

  static override styles = tqStyles(TAILLEUR_STYLES);

  /** The disputed coup the table waited for at the last render (docs/rules.md#dispute-no-pull). */
  #blockedBy: number | null = null;
  /**
   * What a refused pull said the next card waits for (a call to confirm, the bets to open), and whether the view has
   * shown that wait since: once it no longer does (confirmed or opened, here or on another screen) the refusal goes.
   * It stayed up saying "confirm the call of coup 1" with coup 2 being dealt (outsider pass 11).
   */
  #refusedFor: { wait: string; seen: boolean } | null = null;

  /**
   * A refusal met while a dispute waited for the chef (O or N pressed during
   * it) answers a state the chef's ruling ends: once the ruling arrives the
   * error box goes with it (QA: it stayed after the ruling).
   */
  override connectedCallback(): void {
    super.connectedCallback();
    // a table with a real shuffler has no pull button at all: its cards come from the shuffler's own button
    api.sim().then(
      ({ simulator }) => (this.simulator = simulator),
      () => undefined,
    );
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const blockedBy = this.#view?.pullBlocked?.coup ?? null;
    if (this.#blockedBy !== null && blockedBy === null) this.error = null;
    // "the server cannot be reached" goes once it answers again: it stayed after the server was back (outside crew pass 50)
    if (this.error?.code === OFFLINE && this.#live.snapshot.online) this.error = null;
    this.#blockedBy = blockedBy;
    // "no call to dispute" goes once there is one; "no alert to acknowledge" said while a call waits stays (outsider pass 16)
    if (this.notice === t('tailleur.noCallToDispute') && this.#disputable() !== null) this.notice = null;
    if (this.notice === t('tailleur.noCardToVoid') && this.#view?.voidable != null) this.notice = null;
    const wait = this.#refusedFor;
    if (wait !== null) {
      const now = waitKey(this.#view?.pullWaits ?? null);
      if (now === wait.wait) wait.seen = true;
      else if (wait.seen) [this.error, this.#refusedFor] = [null, null];
    }
  }

  get #view() {
    return this.#live.snapshot.view;
  }

  /**
   * `once`: an action a repeat can never make new (open, close, confirm, start, a dispute or void of one coup or card): pressed
   * again while it is on its way, it is the same press (a double click), not a second request. A pull has none: two pulls, two cards.
   */
  #do(step: Step, once?: ActionName): Promise<void> {
    // a new key or click answers the refusal shown: it goes, and this step says its own (an outsider's pass found a
    // refused pull's text still up after an Enter that had nothing to confirm)
    this.error = null;
    this.notice = null;
    this.#refusedFor = null;
    return this.#queue.push(step, once);
  }

  /** The oldest coup whose call waits (the view sends it whole): usually the coup on the table, but the shuffler may already deal the next one. */
  #awaiting(): { coup: number; view: CoupView | undefined } | null {
    const v = this.#view;
    return v?.awaitingConfirm == null ? null : { coup: v.awaitingConfirm, view: v.awaiting ?? undefined };
  }

  /** The oldest call Enter can confirm: past an older call in dispute, which waits for the chef, not for Enter (calls-to-confirm.ts, as the floor reads it). */
  #canConfirm(): number | null {
    return callToConfirm(this.#view);
  }

  /** Confirms the oldest call waiting, as the view stands once the keys before it have been applied. */
  confirm() {
    // the call the tailleur sees now: a step that finds another one waiting at its turn confirms nothing
    const seen = this.#canConfirm();
    void this.#confirmGuard.run(() =>
      this.#do(() => {
        const coup = this.#canConfirm();
        return coup === null || (seen !== null && coup !== seen) ? undefined : api.confirm(coup);
      }, 'confirm'),
    );
  }

  /**
   * The coup D disputes: the one in play when its call waits (the call shown
   * in large type), else the oldest call waiting. Found when played as the crew: with
   * calls queued D used to dispute the oldest one, not the one just announced.
   */
  #disputable(): number | null {
    const c = this.#view?.coup;
    if (c?.status === 'awaiting-confirm') return c.coup;
    return this.#canConfirm();
  }

  /** The coup `n` as the table shows it: the one on the table, the oldest call waiting, or one the live store kept. */
  #coupView(n: number): CoupView | undefined {
    const v = this.#view;
    if (v?.coup?.coup === n) return v.coup;
    if (v?.awaiting?.coup === n) return v.awaiting;
    return this.#live.snapshot.coups[n];
  }

  openDispute(coup?: number) {
    void this.#do(() => {
      const n = coup ?? this.#disputable();
      // D with no call waiting did nothing and said nothing (an outsider's pass, cards on the table)
      if (n === null) this.notice = t('tailleur.noCallToDispute');
      else this.disputeDialog.open(n, this.#coupView(n)?.call ?? null);
      return undefined;
    });
  }

  openVoid() {
    void this.#do(() => {
      this.#openVoidNow();
      return undefined;
    });
  }

  #openVoidNow() {
    const seq = this.#view?.voidable;
    // V with no card to void did nothing and said nothing, as D did (outside crew pass 45, F5)
    if (seq == null) return void (this.notice = t('tailleur.noCardToVoid'));
    const c = this.#view?.coup;
    const card = [...(c?.noir.cards ?? []), ...(c?.rouge.cards ?? [])].find((x) => x.seq === seq)?.card ?? '';
    this.voidDialog.open(seq, card);
  }

  /** Demo tables only: the server answers 404 when it has no simulated shuffler. */
  pullCard() {
    void this.#do(() =>
      api.simDeal().then(
        (r) => {
          const refused = pullRefusalText(r);
          if (r.whyCode === 'CONFIRM_FIRST' || r.whyCode === 'BETS_NOT_OPEN')
            this.#refusedFor = { wait: waitKey(r.whyCode === 'CONFIRM_FIRST' ? { code: r.whyCode, coup: r.coup ?? 0 } : { code: r.whyCode }), seen: false };
          if (refused !== null) throw new Error(refused);
          return r;
        },
        (e: unknown) => {
          if (!(e instanceof ApiError && e.status === 404)) throw e;
          this.simulator = false;
          throw new Error(t('tailleur.noSimulator'));
        },
      ),
    );
  }

  /**
   * What the next card waits for, in words. With an end held for the call (docs/rules.md#held-end) the shoe ends
   * once it is confirmed: "then open the bets" would send the tailleur to a coup that will not come (outsider pass 11).
   */
  #waitsText(waits: NonNullable<TableView['pullWaits']>): string {
    const held = this.#view?.held;
    // no bets open for a coup the shoe will not deal: the end waits for the prison choices (docs/rules.md#held-end)
    if (waits.code === 'BETS_NOT_OPEN')
      return held && held.choices > 0 ? t('tailleur.why.choicesThenEnd', { held: heldEndText(held) }) : t('tailleur.why.betsNotOpen');
    if (!held) return t('tailleur.why.confirmFirst', { coup: waits.coup });
    return t(held.choices > 0 ? 'tailleur.why.confirmThenChoices' : 'tailleur.why.confirmThenEnd', { coup: waits.coup, held: heldEndText(held) });
  }

  /** One key per action, as pressed (`key`, lower case) and as shown in the shortcuts panel. */
  #keyActions(): { key: string; shown: string; label: string; run: () => void }[] {
    return [
      { key: 'Enter', shown: 'Enter', label: t('tailleur.confirm'), run: () => this.confirm() },
      { key: 'd', shown: 'D', label: t('tailleur.dispute'), run: () => this.openDispute() },
      { key: 'v', shown: 'V', label: t('tailleur.void'), run: () => this.openVoid() },
      { key: 'o', shown: 'O', label: t('tailleur.open'), run: () => void this.#do(() => api.openBets(), 'open') },
      { key: 'c', shown: 'C', label: t('tailleur.close'), run: () => void this.#do(() => api.closeBets(), 'close') },
      ...(this.simulator === false ? [] : [{ key: 'n', shown: 'N', label: t('tailleur.pull'), run: () => this.pullCard() }]),
      // the one step of the shoe's cycle that had no key (outsider pass 11); a shoe in play answers it with the server's refusal
      { key: 's', shown: 'S', label: t('tailleur.start'), run: () => this.#askStart() },
      { key: 'Escape', shown: 'Esc', label: t('alert.ackAll'), run: () => this.#acknowledge() },
    ];
  }

  /** Whether a new shoe may be started now: none in play. */
  #startable(): boolean {
    const v = this.#view;
    return !v || v.phase === 'idle' || v.phase === 'ended';
  }

  /** S or the button: asked first when a shoe can start; on a shoe in play the server's refusal answers it. */
  #askStart() {
    if (!this.#startable()) return void this.#do(() => api.startShoe(), 'start');
    this.startAsk = true;
    this.focusOnceDrawn('[data-start-yes]');
  }

  #answerStart(yes: boolean) {
    this.startAsk = false;
    if (yes) void this.#do(() => api.startShoe(), 'start');
    else this.focusOnceDrawn('[data-action=start]');
  }

  /** Esc: every banner acknowledged (the banner says how many), or, with none up, said so rather than nothing (outsider pass 14). */
  #acknowledge() {
    if (this.#live.snapshot.newAlerts.length === 0) this.notice = t('alert.noneToAck');
    else live.acknowledge();
  }

  #key(e: KeyboardEvent) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    if (typingIn(e)) return;
    if (this.startAsk && (e.key === 'Enter' || e.key === 'Escape')) {
      e.preventDefault();
      return this.#answerStart(e.key === 'Enter');
    }
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const action = this.#keyActions().find((a) => a.key === k);
    if (!action) return;
    e.preventDefault();
    action.run();
  }

  #shortcuts(): Shortcut[] {
    return this.#keyActions().map((a) => ({ keys: [a.shown], label: a.label }));
  }

  override render() {
    const { view: v, link, newAlerts } = this.#live.snapshot;
    const coup = v?.coup ?? null;
    const many = Math.max(coup?.noir.cards.length ?? 0, coup?.rouge.cards.length ?? 0) > 5;
    const canConfirm = this.#canConfirm() !== null;
    const awaiting = this.#awaiting();
    const pending = awaiting && awaiting.coup !== coup?.coup ? awaiting : null;
    const startable = this.#startable();
    const online = this.#live.snapshot.online;
    // a disputed call waits for the chef, not for Enter: not counted among the calls to confirm (calls-to-confirm.ts)
    const waitingCalls = callsToConfirm(v);
    const nextToConfirm = this.#canConfirm();
    const dealable = !!v && v.phase !== 'idle' && v.phase !== 'ended';
    // between coups the server refuses a pull until the bets are open (the view's pullWaits): the button says so
    // beforehand, as during a dispute, instead of being pressed for a refusal (an outsider pressed it 7 times)
    const waits = v?.pullWaits ?? null;
    return html`
      <tq-table-status .view=${v} .link=${link} ?offline=${!this.#live.snapshot.online}></tq-table-status>
      <tq-alert-banner one-row .alerts=${newAlerts} .view=${v} .link=${link} @acknowledge=${(e: CustomEvent<{ key?: string }>) => live.acknowledge(e.detail.key)}
        .acknowledged=${this.#live.snapshot.acknowledged.length} @restore-alerts=${() => live.restoreAcknowledged()}></tq-alert-banner>
      <div class="layout">
        <main>
          ${waitingCalls > 1 ? html`<div class="queue" role="status" data-pending-calls=${waitingCalls}>${t('tailleur.pendingCount', { n: waitingCalls })}</div>` : ''}
          ${pending ? pendingCallPanel(pending, coup, online, (n) => this.openDispute(n)) : ''}
          <tq-rows id="live-rows" .coup=${coup} size=${many ? 'md' : 'lg'}></tq-rows>
          <tq-call id="live-call" .coup=${coup}></tq-call>
        </main>
        <aside class="side">
          <div class="panel actions" aria-label=${t('tailleur.actions')}>
            <button class="primary wide confirm" data-action="confirm" ?disabled=${!canConfirm || this.busy || !online || this.#confirmGuard.blocked} ?data-settling=${this.#confirmGuard.blocked} @click=${() => this.confirm()}>
              <span>${nextToConfirm !== null ? t('tailleur.confirmCoup', { n: nextToConfirm }) : t('tailleur.confirm')}${waitingCalls > 1 ? html` <span class="count">(1 / ${waitingCalls})</span>` : ''}</span> <kbd>${keyName('Enter')}</kbd></button>
            <button class="danger wide" data-action="dispute" data-coup=${this.#disputable() ?? ''} ?disabled=${this.#disputable() === null || !online} @click=${() => this.openDispute()}>${
              waitingCalls > 1 && this.#disputable() !== null ? t('tailleur.disputeCoup', { n: this.#disputable()! }) : t('tailleur.dispute')
            } <kbd>D</kbd></button>
            <button data-action="open" ?disabled=${!online || v?.phase !== 'waiting' || v.awaitingConfirm != null || !!v.pullBlocked} @click=${() => this.#do(() => api.openBets(), 'open')}>${t('tailleur.open')} <kbd>O</kbd></button>
            <button data-action="close" ?disabled=${!online || v?.phase !== 'open'} @click=${() => this.#do(() => api.closeBets(), 'close')}>${t('tailleur.close')} <kbd>C</kbd></button>
            <button data-action="void" ?disabled=${!online || v?.voidable == null} @click=${() => this.openVoid()}>${t('tailleur.void')} <kbd>V</kbd></button>
            ${
              this.simulator === false
                ? ''
                : html`<button data-action="pull" ?disabled=${!online || !dealable || !!v?.pullBlocked || waits !== null} @click=${(e: MouseEvent) => this.#pullClick.draws(e) && this.pullCard()}>${t('tailleur.pull')} <kbd>N</kbd></button>`
            }
            ${v?.pullBlocked ? html`<p class="muted wide" role="status" data-pull-blocked=${v.pullBlocked.coup}>${t('crew17.tailleur.pullBlocked', { n: v.pullBlocked.coup })}</p>` : ''}
            ${waits && !v?.pullBlocked ? html`<p class="muted wide" role="status" data-pull-waits=${waits.code}>${this.#waitsText(waits)}</p>` : ''}
            ${startable && !this.startAsk ? html`<button class="wide" data-action="start" ?disabled=${!online} @click=${(e: MouseEvent) => e.detail <= 1 && this.#askStart()}>${t('tailleur.start')} <kbd>S</kbd></button>` : ''}
            ${
              startable && this.startAsk
                ? html`<div class="wide start-ask" role="group" data-start-ask><span>${t('tailleur.startAsk')}</span>
                  <button class="primary" data-start-yes ?disabled=${!online} @click=${(e: MouseEvent) => e.detail <= 1 && this.#answerStart(true)}>${t('tailleur.startYes')} <kbd>${keyName('Enter')}</kbd></button>
                  <button data-start-no @click=${(e: MouseEvent) => e.detail <= 1 && this.#answerStart(false)}>${t('common.cancel')} <kbd>Esc</kbd></button></div>`
                : ''
            }
          </div>
          ${errorBox(this.error, true)}
          ${this.notice ? html`<p class="panel muted" role="status" data-notice>${this.notice}</p>` : ''}
          <div class="panel keys"><tq-shortcuts .items=${this.#shortcuts()}></tq-shortcuts></div>
        </aside>
      </div>
      <section class="panel history"><tq-history compact .view=${v}></tq-history></section>
      <tq-dispute-dialog @dispute=${(e: CustomEvent<{ coup: number; announced: string }>) => this.#do(() => api.dispute(e.detail.coup, e.detail.announced), `dispute:${e.detail.coup}`)}></tq-dispute-dialog>
      <tq-void-dialog @void-card=${(e: CustomEvent<{ seq: number; reason: VoidReason }>) => this.#do(() => api.voidCard(e.detail.seq, e.detail.reason), `void:${e.detail.seq}`)}></tq-void-dialog>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-tailleur': TqTailleur;
  }
}

/** A wait of the next card as one comparable word (`CONFIRM_FIRST:3`, `BETS_NOT_OPEN`, '' for none). */
function waitKey(w: TableView['pullWaits'] | null): string {
  return w === null ? '' : w.code === 'CONFIRM_FIRST' ? `${w.code}:${w.coup}` : w.code;
}
