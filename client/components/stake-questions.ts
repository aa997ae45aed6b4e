/**
 * The questions the payeur's stake entry (tq-stake-entry.ts) asks before a
 * stake moves: a new stake over the table's maximum, asked once (it plays as
 * the maximum and the excess goes back, docs/rules.md#stakes; a slip of the
 * keys, 10000 for 100, went on the layout at once, outsider pass 9); an
 * addition to a stake already on the layout, confirmed (tq-additions.ts); a
 * stake named with no amount, offered its actions: insure or withdraw it
 * (tq-held-actions.ts). A question left unanswered is listed with the stakes
 * not placed, as a refusal is: its chips are on the layout, nothing recorded.
 */
import { html, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Chance, TableView } from '../../server/http/contract.ts';
import { api } from '../api.ts';
import { coupOfStakes } from '../coup-of-stakes.ts';
import { CHANCE_NAMES } from '../french.ts';
import { formatCents, parseAmount } from '../format.ts';
import { lang, type Said, t } from '../i18n.ts';
import { runCommand, type Refusal } from '../run-command.ts';
import { stakeWords } from '../stake-words.ts';
import { type Addition, additionKey, type AdditionState } from './tq-additions.ts';
import './tq-additions.ts';
import './tq-held-actions.ts';
import type { NotPlaced } from './tq-not-placed.ts';

type Stake = TableView['stakes'][number];

/** The new stake over the maximum the entry asked about: seat, chance and amount. */
export const overMaxKey = (player: string, chance: Chance, cents: number) => `${player}|${chance}|${cents}`;

/** Why no stake can be placed now, in the words of the table's phase (the status says "bets closed": the form said "not open", outsider pass 8). */
export function closedText(view: TableView | null): string {
  return t(`entry.closed.${view?.phase === 'open' ? 'waiting' : (view?.phase ?? 'idle')}`);
}

/** What the questions need of the entry: its fields and view, its lines, and its way of sending a stake. */
export interface StakeEntryHost extends ReactiveControllerHost {
  readonly view: TableView | null;
  readonly chance: Chance;
  amount: string;
  said: string;
  error: Refusal | null;
  placed: Said;
  notPlaced: NotPlaced[];
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** The seat meant by the player field as typed. */
  typedSeat(): string;
  /** An addition was answered (added or let go): a stake held for it in the fields is free again. */
  additionAnswered(): void;
  /** The stake this seat already has on a chance, if any. */
  heldStake(player: string, chance: Chance): Stake | undefined;
  /** Runs a job once the stakes on their way are answered. */
  enqueue(job: () => Promise<void>): void;
  /** Sends one stake; its answer is said under the entry. */
  /** `held`: the stake the screen showed there when the bet was asked (the view's, unless given). */
  sendStake(player: string, chance: Chance, cents: number, insured: boolean, held?: number): Promise<Refusal | null>;
  /** The stake the fields asked about was let go: its amount and tick go with it. */
  letGo(): void;
  focusEntry(): void;
}

/** The questions' state, held for the entry: each change asks the entry to render again. */
export class StakeQuestions {
  readonly #host: StakeEntryHost;
  #overMaxAsked = '';
  #additions: Addition[] = [];
  #heldAsk = '';
  /** Whether what the tab keeps of the questions changed since the entry last kept it. */
  #changed = false;
  /** The stake (`seat:chance`) last withdrawn from the entry's own actions, until another stake is sent. */
  withdrawnHere = '';

  constructor(host: StakeEntryHost) {
    this.#host = host;
  }

  /** A new stake over the table's maximum waiting for its second Enter (`seat|chance|cents`). */
  get overMaxAsked(): string {
    return this.#overMaxAsked;
  }
  set overMaxAsked(value: string) {
    if (value === this.#overMaxAsked) return;
    [this.#overMaxAsked, this.#changed] = [value, true];
    this.#host.requestUpdate();
  }

  /** Additions to a stake already on the table, each waiting for its confirmation, at most one per seat and chance. */
  get additions(): Addition[] {
    return this.#additions;
  }
  set additions(value: Addition[]) {
    if (value === this.#additions) return;
    [this.#additions, this.#changed] = [value, true];
    this.#host.requestUpdate();
  }

  /** A stake on the layout named with no amount: its actions offered, as `seat:chance`. */
  get heldAsk(): string {
    return this.#heldAsk;
  }
  set heldAsk(value: string) {
    if (value === this.#heldAsk) return;
    this.#heldAsk = value;
    this.#host.requestUpdate();
  }

  /** Whether what the tab keeps (the over-maximum stake asked, the additions) changed since last asked. */
  takeChanged(): boolean {
    const changed = this.#changed;
    this.#changed = false;
    return changed;
  }

  /** The additions still waiting, as the tab keeps them: those of bets still open. */
  get kept(): Addition[] {
    return this.additions.filter((a) => this.state(a) !== 'lost');
  }

  /** After a reload: the questions kept did not survive it; each is listed as asked and not placed. */
  restore(kept: { overMax?: string; additions?: Addition[] } | null): void {
    if (kept?.overMax && !this.overMaxAsked) this.overMaxAsked = kept.overMax;
    if (this.overMaxAsked) this.#leftOverMax();
    if (kept?.additions && this.additions.length === 0) this.additions = kept.additions;
    this.leftAdditions();
  }

  /** A stake entered: an over-maximum one waiting, if it is not this one typed again, was left and is listed. */
  otherStake(player: string, chance: Chance, cents: number | null): void {
    if (this.overMaxAsked && this.overMaxAsked !== (cents === null ? '' : overMaxKey(player, chance, cents))) this.#leftOverMax();
  }

  /** The bets closed: an over-maximum stake still asked about was not placed. */
  betsOver(): void {
    const v = this.#host.view;
    if (this.overMaxAsked && v && v.phase !== 'open') this.#leftOverMax();
    this.#shoeOver();
  }

  /**
   * A new shoe: an addition of the shoe before, not recorded, is old news there; its "not recorded" stayed on the
   * entry into the next shoe until acknowledged (outsider pass 23).
   */
  #shoeOver(): void {
    const v = this.#host.view;
    if (!v || this.additions.length === 0) return;
    const ofThisShoe = (a: Addition) => a.coup.slice(0, a.coup.lastIndexOf(':')) === v.shoe;
    if (this.additions.some((a) => !ofThisShoe(a))) this.additions = this.additions.filter(ofThisShoe);
  }

  /**
   * The over-maximum stake asked about was not placed: another stake was typed, or the bets closed. It went without a
   * word, its chips on the layout and nothing recorded (outsider pass 12); it is listed with the stakes not placed.
   */
  #leftOverMax() {
    const h = this.#host;
    const [player = '', chance, cents] = this.overMaxAsked.split('|');
    this.overMaxAsked = '';
    const entry = { player, chance: chance as Chance, typed: formatCents(Number(cents), lang()), refusal: { text: t('entry.overMaxLeft') } };
    const key = additionKey(entry);
    h.notPlaced = [...h.notPlaced.filter((n) => n.key !== key), { key, ...entry }];
  }

  /**
   * The additions still waiting for Add when the page was reloaded: the question does not survive it, and its chips
   * were pushed onto the stake and not recorded (an outsider's pass). Like an over-maximum stake left, each is listed
   * with the stakes not placed.
   */
  leftAdditions(): void {
    const h = this.#host;
    const left = this.additions.filter((a) => this.state(a) !== 'lost');
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
    h.notPlaced = [...h.notPlaced.filter((n) => !keys.has(n.key)), ...entries];
  }

  /**
   * An addition still waiting for Add on another seat or chance than `typed` (`seat:chance`): the stake typed waits
   * for its answer. Moving on listed it as not added, and three outsiders' payeurs, their chips already pushed onto the
   * stake, counted it as a dropped bet (outside crew passes 45–47): the entry now says to answer it first, and keeps
   * the stake typed.
   */
  waitingOther(typed: string): Addition | undefined {
    return this.additions.find((a) => additionKey(a) !== typed && this.state(a) !== 'lost');
  }

  /**
   * A stake entered with an amount, the bets open: whether it waits for an answer first (an addition to the stake on
   * the layout, or a new stake over the maximum) rather than going now.
   */
  ask(player: string, chance: Chance, cents: number, insured: boolean, coup: string): boolean {
    const h = this.#host;
    const held = h.heldStake(player, chance);
    const waiting = this.#waiting(player, chance);
    if (held && waiting?.cents !== cents) {
      const asked = { player, chance, cents, insured, held: held.amount, coup };
      // the question replaces the answer to the stake before it: a refusal left beside it read as its answer (outsider pass 12)
      [h.error, h.placed] = [null, ''];
      this.additions = [...this.additions.filter((a) => a !== waiting), asked];
      return true;
    }
    if (waiting) this.drop(waiting);
    const over = !held && h.view !== null && cents > h.view.rules.max ? overMaxKey(player, chance, cents) : '';
    if (over && this.overMaxAsked !== over) {
      [this.overMaxAsked, h.error, h.placed] = [over, null, ''];
      return true;
    }
    this.overMaxAsked = '';
    return false;
  }

  /** Seat and chance with no amount: a stake there is offered its actions; else the amount is asked for. */
  noAmount(player: string, chance: Chance): void {
    const h = this.#host;
    // the stake just withdrawn from here, Enter pressed again: its "Withdrawn" line stays, not "enter an amount" (outsider pass 13)
    if (!h.heldStake(player, chance) && this.withdrawnHere === additionKey({ player, chance })) return;
    if (!h.heldStake(player, chance) || (h.view && h.view.phase !== 'open')) return void (h.error = { text: t('entry.badAmount') });
    [h.error, h.placed, this.heldAsk] = [null, '', additionKey({ player, chance })];
    void h.updateComplete.then(() => h.renderRoot.querySelector('tq-held-actions')?.focusFirst());
  }

  /** Insure or withdraw the stake offered, then back to the seat field for the next player. */
  #onHeld(action: 'insure' | 'withdraw') {
    const h = this.#host;
    const [player = '', chance] = this.heldAsk.split(':') as [string, Chance];
    const held = h.heldStake(player, chance);
    this.heldAsk = '';
    if (!held) return;
    h.enqueue(async () => {
      h.amount = '';
      await this.#actOnHeld(action, player, chance, held.amount);
    });
  }

  /** A stake on the layout insured or withdrawn from the entry (its actions, or an addition's "insure instead"): said, then back to the seat field. */
  async #actOnHeld(action: 'insure' | 'withdraw', player: string, chance: Chance, cents: number): Promise<void> {
    const h = this.#host;
    const error = await runCommand(() => (action === 'insure' ? api.insure(player, chance) : api.withdraw(player, chance)));
    h.error = error;
    if (error === null) h.placed = () => t(action === 'insure' ? 'stakes.insuredNow' : 'stakes.withdrawn', stakeWords(player, chance, cents));
    this.withdrawnHere = error === null && action === 'withdraw' ? additionKey({ player, chance }) : '';
    h.focusEntry();
  }

  /** The addition waiting for this seat and chance, if any. */
  #waiting(player: string, chance: Chance): Addition | undefined {
    return this.additions.find((a) => additionKey(a) === additionKey({ player, chance }));
  }

  drop(a: Addition): void {
    this.additions = this.additions.filter((x) => x !== a);
  }

  /** Whether the addition may still be placed, and whether the fields still ask it (Enter adds it). */
  state(a: Addition): AdditionState {
    const h = this.#host;
    const v = h.view;
    if (v && (v.phase !== 'open' || coupOfStakes(v) !== a.coup)) return 'lost';
    return h.typedSeat() === a.player && h.chance === a.chance && parseAmount(h.amount, lang()) === a.cents ? 'asking' : 'confirmable';
  }

  /** The addition's own button: placed as it was asked, whatever the fields hold now. */
  #add(a: Addition) {
    const h = this.#host;
    h.enqueue(async () => {
      if (!this.additions.includes(a)) return;
      this.drop(a);
      const coup = coupOfStakes(h.view);
      if (coup !== h.said) [h.error, h.placed, h.said] = [null, '', coup];
      if (h.view && h.view.phase !== 'open') return void (h.error = { text: closedText(h.view) });
      if (coup !== a.coup) return void (h.error = { text: t('entry.closed.otherCoup', { coup: a.coup ?? '' }) });
      // back to the fields, where a stake typed while it waited is placed by the next Enter
      // added to the stake it was asked over: another terminal's bet since is refused, not added twice (outside crew pass 50)
      if ((await h.sendStake(a.player, a.chance, a.cents, a.insured, a.held)) === null) {
        if (this.additions.length === 0) h.additionAnswered();
        h.focusEntry();
      }
    });
  }

  /** The stake the addition was asked for is on the layout, not insured. */
  #uninsured(a: Addition): boolean {
    const held = this.#host.heldStake(a.player, a.chance);
    return held !== undefined && !held.insured;
  }

  /** The addition's "insure the stake instead": the stake on the layout insured as it is, nothing added. */
  #insureHeld(a: Addition) {
    const h = this.#host;
    h.enqueue(async () => {
      if (!this.additions.includes(a)) return;
      if (this.state(a) === 'asking') h.letGo();
      this.drop(a);
      await this.#actOnHeld('insure', a.player, a.chance, a.held);
    });
  }

  /** Esc: a stake over the maximum asked about, else the last addition still waiting (or said not recorded), is let go; false when there is none. */
  cancel(): boolean {
    const h = this.#host;
    if (this.heldAsk) {
      this.heldAsk = '';
      h.focusEntry();
      return true;
    }
    if (this.overMaxAsked) {
      this.overMaxAsked = '';
      h.letGo();
      return true;
    }
    const last = this.additions.at(-1);
    if (last && this.state(last) === 'asking') h.letGo();
    if (last) this.drop(last);
    if (last && this.additions.length === 0) h.additionAnswered();
    return last !== undefined;
  }

  /**
   * A field is about to change: the stake offered its actions is left, and so is an addition the fields asked to
   * confirm; true when one was, so the entry drops its insured tick (the addition keeps its own).
   */
  fieldEdited(): boolean {
    this.heldAsk = '';
    return this.additions.some((a) => this.state(a) === 'asking');
  }

  /** The over-maximum question, when the fields still hold the stake it asked about; else null. */
  renderOverMax(cents: number | null): TemplateResult | null {
    const h = this.#host;
    const v = h.view;
    const player = h.typedSeat();
    if (!v || cents === null || this.overMaxAsked !== overMaxKey(player, h.chance, cents)) return null;
    return html`<div class="flag ask" role="status" data-over-max-ask>${t('entry.overMaxAsk', {
      player,
      chance: CHANCE_NAMES[h.chance],
      amount: formatCents(cents, lang()),
      max: formatCents(v.rules.max, lang()),
      excess: formatCents(cents - v.rules.max, lang()),
    })}</div>`;
  }

  /** The stake offered its actions, and the additions waiting. */
  render(): TemplateResult {
    const v = this.#host.view;
    return html`<tq-held-actions .stake=${this.heldAsk && v?.phase === 'open' ? (v.stakes.find((x) => additionKey(x) === this.heldAsk) ?? null) : null}
        @insure=${() => this.#onHeld('insure')} @withdraw=${() => this.#onHeld('withdraw')}
        @cancel=${() => this.cancel()}></tq-held-actions>
      <tq-additions .additions=${this.additions.map((addition) => ({ addition, state: this.state(addition), insurable: addition.insured && this.#uninsured(addition) }))}
        @add=${(e: CustomEvent<Addition>) => this.#add(e.detail)}
        @insure=${(e: CustomEvent<Addition>) => this.#insureHeld(e.detail)}
        @cancel=${(e: CustomEvent<Addition>) => this.drop(e.detail)}
        @dismiss=${(e: CustomEvent<Addition>) => this.drop(e.detail)}></tq-additions>`;
  }
}
