/**
 * The payeur's fast stake entry: seat/player, chance, amount in units of the
 * table currency (sent as integer cents), insured. Enter places it; the server
 * applies the limits and its refusal is shown as it worded it.
 */
import { css, html, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { Chance, TableView } from '../../server/http/contract.ts';
import { api } from '../api.ts';
import { CHANCE_LIST, CHANCE_NAMES } from '../french.ts';
import { formatCents, formatNumber, otherDecimalMark, parseAmount } from '../format.ts';
import { lang, keyName, type Said, say, t } from '../i18n.ts';
import { runCommand, type Refusal } from '../run-command.ts';
import { coupOfStakes, stillOfStakes } from '../coup-of-stakes.ts';
import { errorBox } from './error-box.ts';
import { limitFlags } from './stake-limit-flags.ts';
import { closedText, StakeQuestions } from './stake-questions.ts';
import { additionKey } from './tq-additions.ts';
import { keepNotPlaced, keptNotPlaced } from '../not-placed-kept.ts';
import { seatTyped } from '../seat-typed.ts';
import { stakeWords } from '../stake-words.ts';
import { keepTyped, keptTyped, type KeptTyped } from '../typed-kept.ts';
import './tq-not-placed.ts';
import type { NotPlaced } from './tq-not-placed.ts';
import { TqElement, tqStyles } from './tq-element.ts';

/** The refusal of a stake held while an addition waits for Add (client-side: the server never saw it). */
const ADDITION_FIRST = 'ADDITION_FIRST';

@customElement('tq-stake-entry')
export class TqStakeEntry extends TqElement {
  @property({ attribute: false }) accessor view: TableView | null = null;
  @state() accessor player = '';
  @state() accessor chance: Chance = 'rouge';
  @state() accessor amount = '';
  @state() accessor insured = false;
  @state() accessor error: Refusal | null = null;
  @state() accessor placed: Said = '';
  /** The coup the last result line (placed or refused) was for: it is not shown once the next coup takes stakes. */
  @state() accessor said = '';
  @state() accessor busy = false;
  /**
   * Stakes refused since the bets of this coup opened, one per seat and chance, until placed after all, let go
   * (OK) or the coup's bets are over: in a fast run a refusal was told only until the next Enter, and the refused
   * seat was then listed nowhere (outsider pass 11).
   */
  @state() accessor notPlaced: NotPlaced[] = [];
  /** Over the maximum, an addition, a stake named with no amount: asked before the stake moves (stake-questions.ts). */
  readonly #questions = new StakeQuestions(this);
  @query('input[name=player]') accessor playerInput!: HTMLInputElement;
  /** The table's seat ids (`GET /api/seats`): "S4", "s 4" or "4" typed is the seat s4. */
  @state() accessor seats: readonly string[] = [];
  /** What was typed and not entered before a reload, put back in the fields and said until the payeur edits or enters it (an outsider's evening as payeur). */
  @state() accessor putBack: KeptTyped | null = null;
  /** Kept before a reload, waiting for the view to tell whether its coup still takes stakes. */
  #toPutBack: KeptTyped | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    const kept = keptNotPlaced();
    if (kept && (kept.entries.length > 0 || kept.overMax || kept.additions) && this.notPlaced.length === 0)
      [this.said, this.notPlaced] = [kept.said, kept.entries];
    // the question of an over-maximum stake, or an addition waiting for Add, does not survive a reload: listed as asked and not placed
    this.#questions.restore(kept);
    this.#toPutBack = keptTyped();
    api.seats().then(
      ({ seats }) => (this.seats = seats),
      () => undefined, // an older server: seats are taken as typed
    );
  }

  /** The seat meant by the player field as typed. */
  typedSeat(): string {
    return seatTyped(this.player, this.seats);
  }

  static override styles = tqStyles(
    css`
      :host { display: block; container-type: inline-size; }
      /* the chance list is never narrower than its longest name ("Couleur", "Inverse" were cut at 1024 and 1366, outsider pass 11) */
      form { display: grid; grid-template-columns: minmax(4.5rem, 0.8fr) minmax(10.5rem, 1.2fr) minmax(5rem, 1.1fr) auto auto; gap: 8px; align-items: end; }
      /* a narrow column (a tablet): the three fields on one line, the box and the button under them */
      @container (max-width: 640px) {
        form { grid-template-columns: minmax(0, 0.8fr) minmax(10.5rem, 1.3fr) minmax(0, 1fr); }
        .check { grid-column: 1 / 2; }
        button[type=submit] { grid-column: 2 / 4; }
      }
      label { display: grid; gap: 3px; font-size: 0.85rem; color: var(--ink-dim); font-weight: 600; }
      input, select { font-size: 1.25rem; width: 100%; color: var(--ink); }
      /* the seats' list is offered as the payeur types, without the arrow that cut "s10" to "s1" at 1366 (outsider pass 14) */
      input[list]::-webkit-calendar-picker-indicator { display: none !important; }
      .check { display: flex; align-items: center; gap: 6px; min-height: 44px; font-size: 1rem; color: var(--ink); }
      .check input { width: 22px; height: 22px; }
      .info { display: flex; flex-wrap: wrap; gap: 4px 16px; margin-top: 6px; font-size: 0.9rem; }
      .ok-msg { color: #b9f3d2; }
      .flag { color: #1b1406; background: #ffb347; border-radius: 6px; padding: 4px 10px; font-weight: 700; margin-top: 6px; }
      .flag.ask { background: #ffd99a; }


    `,
  );

  /** Puts the cursor in the player field, text selected, ready for the next stake. */
  focusEntry(): void {
    const input = this.playerInput;
    if (!input) return;
    // a field under the payeur's sticky band counts as in view for focus(): scrolled to it here (outsider pass 9 typed blind after F2)
    const band = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    const box = input.getBoundingClientRect();
    if (box.top < band || box.bottom > window.innerHeight) input.scrollIntoView({ block: 'center' });
    input.focus({ preventScroll: true });
    input.select();
  }

  /** Enter places the stake from any field, the chance list and the insured box included. */
  #enter(e: KeyboardEvent) {
    if (e.key !== 'Enter' || e.target instanceof HTMLButtonElement) return;
    // a text field's Enter submits by itself, unless Place is disabled (bets closed): then it is sent here, to be listed as not placed
    const closed = this.view !== null && this.view.phase !== 'open';
    if (e.target instanceof HTMLInputElement && e.target.type === 'text' && !closed) return;
    e.preventDefault();
    (e.currentTarget as HTMLFormElement).requestSubmit();
  }

  /** Stakes wait their turn: an Enter while the one before is still on its way used to be dropped unseen. */
  #queue: Promise<void> = Promise.resolve();

  /** Runs a job once the stakes on their way are answered. */
  enqueue(job: () => Promise<void>): void {
    this.#queue = this.#queue.then(job);
  }

  /**
   * Counts the payeur's edits of the fields. A stake's answer clears and
   * refocuses the entry only if nothing was typed since its Enter: comparing
   * values took the next seat's same amount (100, then 100) for the old one
   * and erased it.
   */
  #edits = 0;
  /** The stake on its way (seat, chance, amount, insured and edits as typed), while it is. */
  #sending = '';
  /** The seat the insured box was ticked for ('' when ticked before any seat was typed). */
  #insuredFor = '';

  #submit(e: Event) {
    e.preventDefault();
    // entered: no longer only typed (a refusal lists it with the stakes not placed)
    [this.putBack, this.#toPutBack] = [null, null];
    keepTyped(null);
    // what was typed when Enter was pressed, placed once the stakes before it are
    const typed = {
      player: this.typedSeat(),
      chance: this.chance,
      amount: this.amount,
      insured: this.insured,
      focus: this.shadowRoot?.activeElement ?? null,
      edits: this.#edits,
    };
    // the second click of a double click on Place while its stake is on its way is that stake, not an addition to it
    // (outsider pass 13: it left "100.00 more for s1" waiting); a second Enter once it is placed, or after any edit, is new
    const key = `${typed.player}|${typed.chance}|${typed.amount}|${typed.insured}|${typed.edits}`;
    if (this.#sending === key) return;
    this.#sending = key;
    this.#queue = this.#queue
      .then(() => this.#place(typed))
      .finally(() => {
        if (this.#sending === key) this.#sending = '';
      });
  }

  async #place(typed: { player: string; chance: Chance; amount: string; insured: boolean; focus: Element | null; edits: number }) {
    const coup = coupOfStakes(this.view);
    if (coup !== this.said) [this.error, this.placed, this.said, this.notPlaced] = [null, '', coup, []];
    const cents = parseAmount(typed.amount, lang());
    const player = typed.player;
    const chance = typed.chance;
    // another stake typed while an over-maximum one waits for its second Enter: that one was left, and is listed
    this.#questions.otherStake(player, chance, cents);
    if (!player) return void (this.error = { text: t('entry.needPlayer') });
    // an addition still waiting for Add is answered first: the stake typed stays in the fields (stake-questions.ts)
    const waiting = this.#questions.waitingOther(additionKey({ player, chance }));
    if (waiting) {
      // listed with the stakes not placed too: a payeur typing on placed nothing and saw his stakes vanish (outside crew pass 48)
      this.#refused(player, chance, typed.amount, {
        text: t('entry.answerAdditionFirst', { ...stakeWords(waiting.player, waiting.chance, waiting.cents), typed: player }),
        code: ADDITION_FIRST,
      });
      const yes = `[data-add-pending="${CSS.escape(additionKey(waiting))}"] [data-add-yes]`;
      return void this.updateComplete.then(() => this.renderRoot.querySelector('tq-additions')?.shadowRoot?.querySelector<HTMLElement>(yes)?.focus());
    }
    if (cents === null && typed.amount.trim() === '') return void this.#questions.noAmount(player, chance);
    if (cents === null) {
      const meant = otherDecimalMark(typed.amount, lang());
      return void this.#refused(player, chance, typed.amount, { text: meant ? t('entry.badAmountMark', { meant }) : t('entry.badAmount') });
    }
    // typed after the bets closed: listed with the stakes not placed, its chips on the layout (outsider pass 13 saw it go without a word)
    if (this.view && this.view.phase !== 'open') return void this.#refused(player, chance, typed.amount, { text: closedText(this.view) });
    if (this.#questions.ask(player, chance, cents, typed.insured, coup)) return;
    if ((await this.sendStake(player, chance, cents, typed.insured)) === null) {
      // A fast payeur may already be typing the next stake: clear and refocus only what was not touched since.
      const untouched = this.#edits === typed.edits;
      if (untouched) [this.amount, this.insured] = ['', false];
      if (untouched && (this.shadowRoot?.activeElement ?? null) === typed.focus) this.focusEntry();
    }
  }

  /** Sends one stake; the answer is said under the entry. */
  async sendStake(
    player: string,
    chance: Chance,
    cents: number,
    insured: boolean,
    held = this.heldStake(player, chance)?.amount ?? 0,
  ): Promise<Refusal | null> {
    [this.busy, this.#questions.withdrawnHere] = [true, ''];
    const error = await runCommand(() => api.bet(player, chance, cents, insured, held));
    this.busy = false;
    if (error !== null) this.#refused(player, chance, formatCents(cents, lang()), error);
    else {
      this.error = null;
      this.placed = () => t(insured ? 'entry.placedInsured' : 'entry.placed', stakeWords(player, chance, cents));
      this.notPlaced = this.notPlaced.filter((n) => n.key !== additionKey({ player, chance }));
    }
    return error;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (this.#toPutBack && this.view) this.#putBackTyped(this.#toPutBack);
    this.#questions.betsOver();
    const asked = this.#questions.takeChanged();
    if (changed.has('notPlaced') || changed.has('said') || asked)
      keepNotPlaced({
        said: this.said,
        entries: this.notPlaced,
        ...(this.#questions.overMaxAsked && { overMax: this.#questions.overMaxAsked }),
        additions: this.#questions.kept,
      });
  }

  /** What was typed before a reload, back in the fields while its coup takes stakes and nothing else was typed since; never placed by itself. */
  #putBackTyped(typed: KeptTyped) {
    this.#toPutBack = null;
    if (this.view?.phase !== 'open' || coupOfStakes(this.view) !== typed.coup) return void keepTyped(null);
    if (this.player || this.amount) return;
    [this.player, this.chance, this.amount, this.putBack] = [typed.player, typed.chance, typed.amount, typed];
    // "press Enter to place it" holds: the entry takes the focus a reload left on nothing, never one the payeur put elsewhere
    void this.updateComplete.then(() => (document.activeElement === null || document.activeElement === document.body) && this.focusEntry());
  }

  /** A field edited: what it holds is kept through a reload while an amount is typed, and the put-back line has done its work. */
  #typed() {
    [this.putBack, this.#toPutBack] = [null, null];
    const coup = coupOfStakes(this.view);
    keepTyped(this.amount.trim() !== '' && coup !== '' ? { coup, player: this.typedSeat(), chance: this.chance, amount: this.amount } : null);
  }

  /**
   * The addition answered (added or let go): the stake still typed in the fields, held for it, is free again and no longer
   * listed as not placed; after Add the line "First answer the addition waiting" stayed over a stake Enter was about to
   * place (outside crew pass 49). A stake held and typed over since stays listed: nothing holds it any more.
   */
  additionAnswered(): void {
    const [player, chance] = [this.typedSeat(), this.chance];
    this.notPlaced = this.notPlaced.filter((n) => !(n.refusal.code === ADDITION_FIRST && n.player === player && n.chance === chance));
    if (this.error?.code === ADDITION_FIRST) this.error = null;
  }

  /** A stake of a seat refused: said now, and kept in the list of stakes not placed (one per seat and chance). */
  #refused(player: string, chance: Chance, typed: string, refusal: Refusal) {
    const key = additionKey({ player, chance });
    [this.error, this.placed] = [refusal, ''];
    this.notPlaced = [...this.notPlaced.filter((n) => n.key !== key), { key, player, chance, typed, refusal }];
  }

  /** Esc: a stake over the maximum asked about, else the last addition still waiting (or said not recorded), is let go; false when there is none. */
  cancelAddition(): boolean {
    return this.#questions.cancel();
  }

  /**
   * The stake the fields asked about was let go (Esc): its amount and its insured tick go with it.
   * Kept, the tick insured the next seat's stake typed after it, its player charged a premium
   * nobody asked for (outsider pass 11).
   */
  letGo(): void {
    this.#edits++;
    [this.amount, this.insured] = ['', false];
    keepTyped(null);
  }

  /**
   * A field changed while the entry asked to confirm an addition: the entry
   * was left, and its insured tick with it (the addition keeps its own, and
   * stays in sight). Kept, the tick insured the next seat's stake without
   * anyone asking (a premium charged to the wrong player).
   */
  #leaveAddition() {
    this.#edits++;
    if (this.#questions.fieldEdited()) this.insured = false;
  }

  /** The stake this seat already has on a chance, if any. */
  heldStake(player: string, chance: Chance) {
    return this.view?.stakes.find((s) => s.player === player && s.chance === chance);
  }

  override render() {
    const v = this.view;
    const cents = parseAmount(this.amount, lang());
    // the latest refusal is said in its own box while the bets are open; the list holds the others
    const shownError = (v === null || v.phase === 'open') && this.said === coupOfStakes(v) ? this.error : null;
    const players = [...new Set([...(v?.stakes ?? []), ...(v?.prison ?? [])].map((s) => s.player).concat(this.seats))];
    return html`<form @submit=${this.#submit} @keydown=${this.#enter} aria-label=${t('entry.title')}>
        <label>${t('entry.player')}
          <input name="player" list="players" autocomplete="off" placeholder="s3" .value=${this.player}
            @input=${(e: Event) => {
              this.#leaveAddition();
              this.player = (e.target as HTMLInputElement).value;
              this.#typed();
              // a tick is for the seat it was ticked for: another seat typed is another player's stake
              if (this.insured && this.#insuredFor && this.typedSeat() !== this.#insuredFor) this.insured = false;
            }} />
          <datalist id="players">${players.map((p) => html`<option value=${p}></option>`)}</datalist>
        </label>
        <label>${t('entry.chance')}
          <select name="chance" .value=${this.chance} @change=${(e: Event) => {
            this.#leaveAddition();
            this.chance = (e.target as HTMLSelectElement).value as Chance;
            this.#typed();
          }}>
            ${CHANCE_LIST.map((c) => html`<option value=${c} ?selected=${c === this.chance}>${CHANCE_NAMES[c]}</option>`)}
          </select>
        </label>
        <label>${t('entry.amount')}
          <input name="amount" inputmode="decimal" autocomplete="off" placeholder="100" .value=${this.amount}
            @input=${(e: Event) => {
              this.#leaveAddition();
              this.amount = (e.target as HTMLInputElement).value;
              this.#typed();
            }} />
        </label>
        <label class="check"><input name="insured" type="checkbox" .checked=${this.insured}
          @change=${(e: Event) => {
            this.#edits++;
            this.insured = (e.target as HTMLInputElement).checked;
            this.#insuredFor = this.insured ? this.typedSeat() : '';
          }} /> ${t('entry.insured')}</label>
        <button class="primary" type="submit" ?disabled=${v !== null && v.phase !== 'open'} aria-busy=${this.busy ? 'true' : 'false'} title=${v && v.phase !== 'open' ? closedText(v) : ''}>${t('entry.place')} <kbd>${keyName('Enter')}</kbd></button>
      </form>
      <div class="info muted">
        ${this.amount && cents !== null ? html`<span data-parsed>= ${formatCents(cents, lang())}</span>` : ''}
        ${
          v
            ? html`<span data-limits>${t('entry.limits', { min: formatCents(v.rules.min, lang()), max: formatCents(v.rules.max, lang()) })}</span>
              <span>${t('entry.insuranceRate', { rate: formatNumber(Math.round(v.rules.insurance * 10000) / 100, lang()) })}</span>`
            : ''
        }
      </div>
      ${this.#questions.renderOverMax(cents) ?? limitFlags(v, this.typedSeat() ? this.heldStake(this.typedSeat(), this.chance) : undefined, cents)}
      ${
        this.putBack && v?.phase === 'open' && coupOfStakes(v) === this.putBack.coup
          ? html`<div class="flag ask" role="status" data-put-back>${t('entry.putBack', { player: this.putBack.player, chance: CHANCE_NAMES[this.putBack.chance], amount: this.putBack.amount })}</div>`
          : ''
      }
      ${this.#questions.render()}
      ${
        // once the bets are closed the form says so, in place of a refusal from while they were open (an outsider saw
        // "below the minimum" stay under a valid amount, with nothing at the form saying the bets had closed)
        v !== null && v.phase !== 'open'
          ? html`<div class="muted" role="status" data-entry-closed>${closedText(v)}</div>`
          : this.said !== coupOfStakes(v)
            ? ''
            : this.error
              ? errorBox(this.error, true)
              : this.placed
                ? html`<div class="ok-msg" role="status" data-placed>${say(this.placed)}</div>`
                : ''
      }
      <tq-not-placed .entries=${stillOfStakes(this.said, v) ? this.notPlaced.filter((n) => n.refusal !== shownError) : []}
        @dismiss=${(e: CustomEvent<NotPlaced>) => (this.notPlaced = this.notPlaced.filter((x) => x !== e.detail))}></tq-not-placed>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-stake-entry': TqStakeEntry;
  }
}
