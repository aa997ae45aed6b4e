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
import { formatCents, formatNumber, parseAmount } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { runCommand, type Refusal } from '../run-command.ts';
import { coupOfStakes, stillOfStakes } from '../coup-of-stakes.ts';
import { errorBox } from './error-box.ts';
import { limitFlags } from './stake-limit-flags.ts';
import { type Addition, additionKey, type AdditionState } from './tq-additions.ts';
import './tq-additions.ts';
import { keepNotPlaced, keptNotPlaced } from '../not-placed-kept.ts';
import { seatTyped } from '../seat-typed.ts';
import { stakeWords } from '../stake-words.ts';
import { keepTyped, keptTyped, type KeptTyped } from '../typed-kept.ts';
import './tq-not-placed.ts';
import './tq-held-actions.ts';
import type { NotPlaced } from './tq-not-placed.ts';
import { TqElement, tqStyles } from './tq-element.ts';

/** The new stake over the maximum the entry asked about: seat, chance and amount. */
const overMaxKey = (player: string, chance: Chance, cents: number) => `${player}|${chance}|${cents}`;

/** Why no stake can be placed now, in the words of the table's phase (the status says "bets closed": the form said "not open", outsider pass 8). */
function closedText(view: TableView | null): string {
  return t(`entry.closed.${view?.phase === 'open' ? 'waiting' : (view?.phase ?? 'idle')}`);
}

@customElement('tq-stake-entry')
export class TqStakeEntry extends TqElement {
  @property({ attribute: false }) accessor view: TableView | null = null;
  @state() accessor player = '';
  @state() accessor chance: Chance = 'rouge';
  @state() accessor amount = '';
  @state() accessor insured = false;
  @state() accessor error: Refusal | null = null;
  @state() accessor placed = '';
  /** The coup the last result line (placed or refused) was for: it is not shown once the next coup takes stakes. */
  @state() accessor said = '';
  @state() accessor busy = false;
  /**
   * Stakes refused since the bets of this coup opened, one per seat and chance, until placed after all, let go
   * (OK) or the coup's bets are over: in a fast run a refusal was told only until the next Enter, and the refused
   * seat was then listed nowhere (outsider pass 11).
   */
  @state() accessor notPlaced: NotPlaced[] = [];
  /** A stake on the layout named with no amount: its actions offered (tq-held-actions.ts), as `seat:chance`. */
  @state() accessor heldAsk = '';
  /** Additions to a stake already on the table, each waiting for its confirmation (tq-additions.ts), at most one per seat and chance. */
  @state() accessor additions: Addition[] = [];
  /**
   * A new stake over the table's maximum, asked once before it is placed (`seat|chance|cents`): it plays as the
   * maximum and the excess goes back (docs/rules.md#stakes), and a slip of the keys (10000 for 100) would otherwise
   * go on the layout at once, where an addition was already asked (outsider pass 9).
   */
  @state() accessor overMaxAsked = '';
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
    // the question of an over-maximum stake does not survive a reload: the stake is listed as asked and not placed
    if (kept?.overMax && !this.overMaxAsked) this.overMaxAsked = kept.overMax;
    if (this.overMaxAsked) this.#leftOverMax();
    // an addition waiting for Add does not survive a reload either: listed as asked and not added
    if (kept?.additions && this.additions.length === 0) this.additions = kept.additions;
    this.#leftAdditions();
    this.#toPutBack = keptTyped();
    api.seats().then(
      ({ seats }) => (this.seats = seats),
      () => undefined, // an older server: seats are taken as typed
    );
  }

  /** The seat meant by the player field as typed. */
  #seat(typed = this.player): string {
    return seatTyped(typed, this.seats);
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

  /**
   * Counts the payeur's edits of the fields. A stake's answer clears and
   * refocuses the entry only if nothing was typed since its Enter: comparing
   * values took the next seat's same amount (100, then 100) for the old one
   * and erased it.
   */
  #edits = 0;
  /** The stake on its way (seat, chance, amount, insured and edits as typed), while it is. */
  #sending = '';
  /** The stake (`seat:chance`) last withdrawn from the entry's own actions, until another stake is sent. */
  #withdrawnHere = '';
  /** The seat the insured box was ticked for ('' when ticked before any seat was typed). */
  #insuredFor = '';

  #submit(e: Event) {
    e.preventDefault();
    // entered: no longer only typed (a refusal lists it with the stakes not placed)
    [this.putBack, this.#toPutBack] = [null, null];
    keepTyped(null);
    // what was typed when Enter was pressed, placed once the stakes before it are
    const typed = {
      player: this.#seat(),
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
    if (this.overMaxAsked && this.overMaxAsked !== (cents === null ? '' : overMaxKey(player, chance, cents))) this.#leftOverMax();
    if (!player) return void (this.error = { text: t('entry.needPlayer') });
    // likewise an addition still waiting for Add: another seat or chance sent is the payeur moving on without it
    this.#leftAdditions(additionKey({ player, chance }));
    if (cents === null && typed.amount.trim() === '') return void this.#noAmount(player, chance);
    if (cents === null) return void this.#refused(player, chance, typed.amount, { text: t('entry.badAmount') });
    const held = this.#held(player, chance);
    // typed after the bets closed: listed with the stakes not placed, its chips on the layout (outsider pass 13 saw it go without a word)
    if (this.view && this.view.phase !== 'open') return void this.#refused(player, chance, typed.amount, { text: closedText(this.view) });
    const waiting = this.#waiting(player, chance);
    if (held && waiting?.cents !== cents) {
      const asked = { player, chance, cents, insured: typed.insured, held: held.amount, coup };
      // the question replaces the answer to the stake before it: a refusal left beside it read as its answer (outsider pass 12)
      [this.error, this.placed] = [null, ''];
      return void (this.additions = [...this.additions.filter((a) => a !== waiting), asked]);
    }
    if (waiting) this.#drop(waiting);
    const over = !held && this.view !== null && cents > this.view.rules.max ? overMaxKey(player, chance, cents) : '';
    if (over && this.overMaxAsked !== over) return void ([this.overMaxAsked, this.error, this.placed] = [over, null, '']);
    this.overMaxAsked = '';
    if ((await this.#bet(player, chance, cents, typed.insured)) === null) {
      // A fast payeur may already be typing the next stake: clear and refocus only what was not touched since.
      const untouched = this.#edits === typed.edits;
      if (untouched) [this.amount, this.insured] = ['', false];
      if (untouched && (this.shadowRoot?.activeElement ?? null) === typed.focus) this.focusEntry();
    }
  }

  /** Sends one stake; the answer is said under the entry. */
  async #bet(player: string, chance: Chance, cents: number, insured: boolean): Promise<Refusal | null> {
    [this.busy, this.#withdrawnHere] = [true, ''];
    const error = await runCommand(() => api.bet(player, chance, cents, insured));
    this.busy = false;
    if (error !== null) this.#refused(player, chance, formatCents(cents, lang()), error);
    else {
      this.error = null;
      this.placed = t(insured ? 'entry.placedInsured' : 'entry.placed', stakeWords(player, chance, cents));
      this.notPlaced = this.notPlaced.filter((n) => n.key !== additionKey({ player, chance }));
    }
    return error;
  }

  /**
   * The over-maximum stake asked about was not placed: another stake was typed, or the bets closed. It went without a
   * word, its chips on the layout and nothing recorded (outsider pass 12); it is listed with the stakes not placed.
   */
  #leftOverMax() {
    const [player = '', chance, cents] = this.overMaxAsked.split('|');
    this.overMaxAsked = '';
    const entry = { player, chance: chance as Chance, typed: formatCents(Number(cents), lang()), refusal: { text: t('entry.overMaxLeft') } };
    const key = additionKey(entry);
    this.notPlaced = [...this.notPlaced.filter((n) => n.key !== key), { key, ...entry }];
  }

  /**
   * The additions still waiting for Add, but the one on `typed` (`seat:chance`, the stake typed now): the payeur
   * went on to other seats and the question stayed on top of the entry, its chips pushed onto the stake and not
   * recorded (an outsider's pass). Like an over-maximum stake left, each is listed with the stakes not placed.
   */
  #leftAdditions(typed = '') {
    const left = this.additions.filter((a) => additionKey(a) !== typed && this.#state(a) !== 'lost');
    if (left.length === 0) return;
    const keys = new Set(left.map(additionKey));
    const entries = left.map((a) => ({
      key: additionKey(a),
      player: a.player,
      chance: a.chance,
      typed: formatCents(a.cents, lang()),
      refusal: { text: t('entry.addLeft') },
    }));
    this.additions = this.additions.filter((a) => !left.includes(a));
    this.notPlaced = [...this.notPlaced.filter((n) => !keys.has(n.key)), ...entries];
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (this.#toPutBack && this.view) this.#putBackTyped(this.#toPutBack);
    if (this.overMaxAsked && this.view && this.view.phase !== 'open') this.#leftOverMax();
    if (changed.has('notPlaced') || changed.has('said') || changed.has('overMaxAsked') || changed.has('additions'))
      keepNotPlaced({
        said: this.said,
        entries: this.notPlaced,
        ...(this.overMaxAsked && { overMax: this.overMaxAsked }),
        additions: this.additions.filter((a) => this.#state(a) !== 'lost'),
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
    keepTyped(this.amount.trim() !== '' && coup !== '' ? { coup, player: this.#seat(), chance: this.chance, amount: this.amount } : null);
  }

  /** Seat and chance with no amount: a stake there is offered its actions; else the amount is asked for. */
  #noAmount(player: string, chance: Chance) {
    // the stake just withdrawn from here, Enter pressed again: its "Withdrawn" line stays, not "enter an amount" (outsider pass 13)
    if (!this.#held(player, chance) && this.#withdrawnHere === additionKey({ player, chance })) return;
    if (!this.#held(player, chance) || (this.view && this.view.phase !== 'open')) return void (this.error = { text: t('entry.badAmount') });
    [this.error, this.placed, this.heldAsk] = [null, '', additionKey({ player, chance })];
    void this.updateComplete.then(() => this.renderRoot.querySelector('tq-held-actions')?.focusFirst());
  }

  /** Insure or withdraw the stake offered, then back to the seat field for the next player. */
  #onHeld(action: 'insure' | 'withdraw') {
    const [player = '', chance] = this.heldAsk.split(':') as [string, Chance];
    const held = this.#held(player, chance);
    this.heldAsk = '';
    if (!held) return;
    this.#queue = this.#queue.then(async () => {
      this.amount = '';
      await this.#actOnHeld(action, player, chance, held.amount);
    });
  }

  /** A stake on the layout insured or withdrawn from the entry (its actions, or an addition's "insure instead"): said, then back to the seat field. */
  async #actOnHeld(action: 'insure' | 'withdraw', player: string, chance: Chance, cents: number): Promise<void> {
    const error = await runCommand(() => (action === 'insure' ? api.insure(player, chance) : api.withdraw(player, chance)));
    this.error = error;
    if (error === null) this.placed = t(action === 'insure' ? 'stakes.insuredNow' : 'stakes.withdrawn', stakeWords(player, chance, cents));
    this.#withdrawnHere = error === null && action === 'withdraw' ? additionKey({ player, chance }) : '';
    this.focusEntry();
  }

  /** A stake of a seat refused: said now, and kept in the list of stakes not placed (one per seat and chance). */
  #refused(player: string, chance: Chance, typed: string, refusal: Refusal) {
    const key = additionKey({ player, chance });
    [this.error, this.placed] = [refusal, ''];
    this.notPlaced = [...this.notPlaced.filter((n) => n.key !== key), { key, player, chance, typed, refusal }];
  }

  /** The addition waiting for this seat and chance, if any. */
  #waiting(player: string, chance: Chance): Addition | undefined {
    return this.additions.find((a) => additionKey(a) === additionKey({ player, chance }));
  }

  #drop(a: Addition) {
    this.additions = this.additions.filter((x) => x !== a);
  }

  /** Whether the addition may still be placed, and whether the fields still ask it (Enter adds it). */
  #state(a: Addition): AdditionState {
    const v = this.view;
    if (v && (v.phase !== 'open' || coupOfStakes(v) !== a.coup)) return 'lost';
    return this.#seat() === a.player && this.chance === a.chance && parseAmount(this.amount, lang()) === a.cents ? 'asking' : 'confirmable';
  }

  /** The addition's own button: placed as it was asked, whatever the fields hold now. */
  #add(a: Addition) {
    this.#queue = this.#queue.then(async () => {
      if (!this.additions.includes(a)) return;
      this.#drop(a);
      const coup = coupOfStakes(this.view);
      if (coup !== this.said) [this.error, this.placed, this.said] = [null, '', coup];
      if (this.view && this.view.phase !== 'open') return void (this.error = { text: closedText(this.view) });
      if (coup !== a.coup) return void (this.error = { text: t('entry.closed.otherCoup', { coup: a.coup ?? '' }) });
      await this.#bet(a.player, a.chance, a.cents, a.insured);
    });
  }

  /** The stake the addition was asked for is on the layout, not insured. */
  #uninsured(a: Addition): boolean {
    const held = this.#held(a.player, a.chance);
    return held !== undefined && !held.insured;
  }

  /** The addition's "insure the stake instead": the stake on the layout insured as it is, nothing added. */
  #insureHeld(a: Addition) {
    this.#queue = this.#queue.then(async () => {
      if (!this.additions.includes(a)) return;
      if (this.#state(a) === 'asking') this.#letGo();
      this.#drop(a);
      await this.#actOnHeld('insure', a.player, a.chance, a.held);
    });
  }

  /** Esc: a stake over the maximum asked about, else the last addition still waiting (or said not recorded), is let go; false when there is none. */
  cancelAddition(): boolean {
    if (this.heldAsk) {
      this.heldAsk = '';
      this.focusEntry();
      return true;
    }
    if (this.overMaxAsked) {
      this.overMaxAsked = '';
      this.#letGo();
      return true;
    }
    const last = this.additions.at(-1);
    if (last && this.#state(last) === 'asking') this.#letGo();
    if (last) this.#drop(last);
    return last !== undefined;
  }

  /**
   * The stake the fields asked about was let go (Esc): its amount and its insured tick go with it.
   * Kept, the tick insured the next seat's stake typed after it, its player charged a premium
   * nobody asked for (outsider pass 11).
   */
  #letGo() {
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
    this.heldAsk = '';
    if (this.additions.some((a) => this.#state(a) === 'asking')) this.insured = false;
  }

  /** The stake this seat already has on the chosen chance, if any. */
  #held(player: string, chance: Chance = this.chance) {
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
              if (this.insured && this.#insuredFor && this.#seat() !== this.#insuredFor) this.insured = false;
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
            this.#insuredFor = this.insured ? this.#seat() : '';
          }} /> ${t('entry.insured')}</label>
        <button class="primary" type="submit" ?disabled=${v !== null && v.phase !== 'open'} aria-busy=${this.busy ? 'true' : 'false'} title=${v && v.phase !== 'open' ? closedText(v) : ''}>${t('entry.place')} <kbd>Enter</kbd></button>
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
      ${
        v && cents !== null && this.overMaxAsked === overMaxKey(this.#seat(), this.chance, cents)
          ? html`<div class="flag ask" role="status" data-over-max-ask>${t('entry.overMaxAsk', {
              player: this.#seat(),
              chance: CHANCE_NAMES[this.chance],
              amount: formatCents(cents, lang()),
              max: formatCents(v.rules.max, lang()),
              excess: formatCents(cents - v.rules.max, lang()),
            })}</div>`
          : limitFlags(v, this.#seat() ? this.#held(this.#seat()) : undefined, cents)
      }
      ${
        this.putBack && v?.phase === 'open' && coupOfStakes(v) === this.putBack.coup
          ? html`<div class="flag ask" role="status" data-put-back>${t('entry.putBack', { player: this.putBack.player, chance: CHANCE_NAMES[this.putBack.chance], amount: this.putBack.amount })}</div>`
          : ''
      }
      <tq-held-actions .stake=${this.heldAsk && v?.phase === 'open' ? (v.stakes.find((x) => additionKey(x) === this.heldAsk) ?? null) : null}
        @insure=${() => this.#onHeld('insure')} @withdraw=${() => this.#onHeld('withdraw')}
        @cancel=${() => this.cancelAddition()}></tq-held-actions>
      <tq-additions .additions=${this.additions.map((addition) => ({ addition, state: this.#state(addition), insurable: addition.insured && this.#uninsured(addition) }))}
        @add=${(e: CustomEvent<Addition>) => this.#add(e.detail)}
        @insure=${(e: CustomEvent<Addition>) => this.#insureHeld(e.detail)}
        @cancel=${(e: CustomEvent<Addition>) => this.#drop(e.detail)}
        @dismiss=${(e: CustomEvent<Addition>) => this.#drop(e.detail)}></tq-additions>
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
                ? html`<div class="ok-msg" role="status" data-placed>${this.placed}</div>`
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
