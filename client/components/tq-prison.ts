/**
 * The prison board: every imprisoned stake with its level; after the 31 après
 * that imprisoned or deepened it (`choosable`), the player's choice — leave it,
 * move it to another chance, or partager — sent with the row's stake id, so
 * it acts on that stake alone. Stakes released when the shoe ended
 * are listed below it.
 */
import { css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Chance, PrisonStake, SettlementRow, TableView } from '../../server/http/contract.ts';
import { api } from '../api.ts';
import { CHANCE_LIST, CHANCE_NAMES } from '../french.ts';
import { formatCents } from '../format.ts';
import { lang, t } from '../i18n.ts';
import { outcomeLabel } from '../outcome-label.ts';
import { prisonOrder } from '../prison-order.ts';
import type { Refusal } from '../run-command.ts';
import { CommandQueue } from './command-queue.ts';
import { errorBox } from './error-box.ts';
import { MovedTargetGuard } from './moved-target-guard.ts';
import { stakeOrigin, stakeOriginText } from '../stake-origin.ts';
import { TqElement, tqStyles } from './tq-element.ts';

/** The choices that move money or chips, asked before they are sent. */
type AskedChoice = 'move' | 'partager';

/** A prison row of the table view: the stake, whether its choice still waits for the call, the coup that first sent it, where it cannot move now. */
type PrisonRow = TableView['prison'][number];

/**
 * A moved stake keeps the name it was given in prison, which names the chance it was on (docs/rules.md#prison-stake-id):
 * its row says where it came from, so "37-s5-couleur" on Noir reads as a move, not a mistake (outsider passes 14–18).
 */
function movedWords(id: string, chance: Chance): string {
  const from = id.slice(id.lastIndexOf('-') + 1);
  return Object.hasOwn(CHANCE_NAMES, from) && from !== chance ? t('prison.chosenMoveFrom', { chance: CHANCE_NAMES[from as Chance] }) : t('prison.chosenMove');
}

/** The chances a stake may be moved to: every one but its own. */
const otherChances = (p: PrisonStake): Chance[] => CHANCE_LIST.filter((c) => c !== p.chance);

@customElement('tq-prison')
export class TqPrison extends TqElement {
  @property({ attribute: false }) accessor prison: PrisonRow[] = [];
  @property({ attribute: false }) accessor release: SettlementRow[] = [];
  /** Show the choice buttons (the payeur's board; read-only elsewhere). */
  @property({ type: Boolean }) accessor actions = false;
  @state() accessor moveTo: Record<string, Chance> = {};
  @state() accessor error: Refusal | null = null;
  /**
   * The choice asked on one stake, waiting for its "yes": a choice that moves money cannot be taken back (partager
   * hands half the stake back at once), and one click did it while a 20,00 withdrawal asked first; after a row's choice
   * the focus fell on the next row's Partager (outsider pass 11). The question takes the focus: Enter answers it,
   * Esc lets it go. Leave is not asked: it moves nothing, and is what happens when nothing is chosen (a second click
   * for it was a payeur's complaint, outside crew pass 42).
   */
  @state() accessor asking: { id: string; action: AskedChoice } | null = null;
  /**
   * A second row's choice clicked while a first row's question waits (`id` of the second row): the first question
   * stays, and the second row says it was not asked. The first question vanished without a word when the second
   * replaced it (an outsider's pass), though the payeur may already have moved that stake's chips: a payeur counting
   * chips finishes one stake before the next, so the open question is answered (or cancelled) first.
   */
  @state() accessor waitFirst = '';

  /** A double click must not reach the row that moved up under the pointer once the first choice took its row away. */
  readonly #guard = new MovedTargetGuard(this, () =>
    this.prison
      .filter((p) => p.choosable && !p.waitsForCall)
      .map((p) => p.id)
      .join(','),
  );

  static override styles = tqStyles(
    css`
      :host { display: block; }
      .level { display: inline-grid; place-items: center; width: 2em; height: 2em; border-radius: 50%; background: #5a3d0c; color: #ffd99a; font-weight: 800; }
      .acts { display: flex; flex-wrap: wrap; gap: 6px; justify-content: flex-end; }
      .acts button, .acts select { min-height: 32px; padding: 2px 8px; font-size: 0.85rem; }
      /* as wide as a chance's name: a greyed option's reason widened the menu across the row (outside crew pass 50, F8); the open list shows it whole */
      .acts select { width: 7.5em; }
      .chosen { font-size: 0.85rem; }
      .origin { display: block; color: var(--ink-dim); font-size: 0.78rem; white-space: nowrap; }
      .ask { font-size: 0.85rem; color: #ffd99a; align-self: center; }
      [class*='chosen-'] { background: #4b2a6b; color: #f0e2ff; }
    `,
  );

  readonly #queue = new CommandQueue(this, (error) => (this.error = error));

  /** False, and the open question kept and focused, while another row's question waits for its answer. */
  #firstAnswered(p: PrisonStake): boolean {
    if (!this.#openQuestion() || this.asking?.id === p.id) return true;
    this.waitFirst = p.id;
    this.focusOnceDrawn('[data-choice-yes]');
    return false;
  }

  #ask(p: PrisonStake, action: AskedChoice) {
    if (!this.#firstAnswered(p)) return;
    [this.asking, this.waitFirst] = [{ id: p.id, action }, ''];
    this.focusOnceDrawn('[data-choice-yes]');
  }

  /** Leave at one click; the second click of a double click is the same choice, not sent again. */
  #leave(e: MouseEvent, p: PrisonStake) {
    if (e.detail > 1 || !this.#firstAnswered(p)) return;
    this.#closeQuestion();
    this.#choose(p, 'leave');
  }

  /** The stake of the question asked, while its choice can still be made. */
  #openQuestion(): PrisonRow | undefined {
    return this.prison.find((r) => r.id === this.asking?.id && r.choosable && !r.waitsForCall);
  }

  #closeQuestion() {
    [this.asking, this.waitFirst] = [null, ''];
  }

  /** The second click of a double click on a choice is not the answer to the question it raised. */
  #answer(e: MouseEvent, p: PrisonStake, action: AskedChoice) {
    if (e.detail > 1) return;
    this.#closeQuestion();
    this.#choose(p, action);
  }

  #keepAsking(e: KeyboardEvent) {
    if (e.key !== 'Escape' || this.asking === null) return;
    e.preventDefault();
    e.stopPropagation();
    const { id, action } = this.asking;
    this.#closeQuestion();
    this.focusOnceDrawn(`tr[data-stake="${CSS.escape(id)}"] [data-choice=${action}]`);
  }

  /** One choice per stake: a second click on its row while the first is on its way is the same choice (a double click), not sent. */
  #choose(p: PrisonStake, action: 'leave' | 'move' | 'partager') {
    const to = action === 'move' ? this.#target(p) : undefined;
    void this.#guard.run(() => this.#queue.push(() => api.prisonChoice(p.player, p.chance, action, to, p.id), `prison:${p.id}`));
  }

  /** Each row is one stake: two of a seat's stakes on one chance have their own buttons (docs/rules.md#prison-stake-id). */
  #key = (p: PrisonStake) => p.id;
  /** The chance a move goes to: the one picked, else the first the stake may be moved onto now. */
  #target(p: PrisonRow): Chance {
    const open = otherChances(p);
    return this.moveTo[this.#key(p)] ?? open.find((c) => !p.cannotMoveTo?.includes(c)) ?? open[0]!;
  }

  #choice(p: PrisonRow) {
    if (!this.actions || !p.choosable) return '';
    // No money moves on a call that may still be annulled: the buttons come with the confirmation.
    if (p.waitsForCall) return html`<span class="badge warn" data-waits-for-call>${t('crew17.prison.waitsForCall')}</span>`;
    const key = this.#key(p);
    const still = this.#guard.blocked;
    const asked = this.asking?.id === p.id ? this.asking.action : null;
    if (asked !== null) {
      const words = { player: p.player, chance: CHANCE_NAMES[p.chance], amount: formatCents(p.amount, lang()), to: CHANCE_NAMES[this.#target(p)] };
      return html`<div class="acts" data-choice-ask=${asked} @keydown=${this.#keepAsking}>
        <span class="ask">${t(`prison.ask.${asked}`, words)}</span>
        <button class="danger" data-choice-yes ?disabled=${still} @click=${(e: MouseEvent) => this.#answer(e, p, asked)}>${t(`prison.yes.${asked}`)}</button>
        <button data-choice-cancel @click=${(e: MouseEvent) => e.detail <= 1 && this.#closeQuestion()}>${t('common.cancel')}</button>
      </div>`;
    }
    const first = this.waitFirst === p.id ? this.#openQuestion() : undefined;
    const wait = first
      ? html`<span class="ask" role="status" data-choice-wait>${t('prison.askFirst', { player: first.player, chance: CHANCE_NAMES[first.chance] })}</span>`
      : '';
    return html`<div class="acts" ?data-settling=${still}>${wait}
      <button data-choice="leave" ?disabled=${still} title=${t('prison.leaveTitle')} @click=${(e: MouseEvent) => this.#leave(e, p)}>${t('prison.leave')}</button>
      <select aria-label=${t('prison.moveTo')} data-move-to .value=${this.#target(p)}
        @change=${(e: Event) => (this.moveTo = { ...this.moveTo, [key]: (e.target as HTMLSelectElement).value as Chance })}>
        ${otherChances(p).map((c) =>
          // a chance where the seat's stake still waits for its choice: the move would be refused until it is made (shoe/move-onto.ts;
          // offered, it was refused only after "yes", outside crew pass 49)
          p.cannotMoveTo?.includes(c)
            ? html`<option value=${c} disabled data-move-blocked>${t('prison.moveBlocked', { chance: CHANCE_NAMES[c] })}</option>`
            : html`<option value=${c} ?selected=${c === this.#target(p)}>${CHANCE_NAMES[c]}</option>`,
        )}
      </select>
      <button data-choice="move" ?disabled=${still} @click=${() => this.#ask(p, 'move')}>${t('prison.move')}</button>
      <button data-choice="partager" ?disabled=${still} @click=${() => this.#ask(p, 'partager')}><span lang="fr">Partager</span></button>
    </div>`;
  }

  /**
   * Rows in a stable order (client/prison-order.ts), each drawn by its stake's id: a row's buttons go
   * with it, so the button just pressed never becomes the next seat's button when its row goes.
   */
  override render() {
    const l = lang();
    return html`<h2>${t('prison.title')}</h2>
      ${
        this.prison.length === 0
          ? html`<p class="muted">${t('prison.empty')}</p>`
          : html`<table>
            <thead><tr><th>${t('col.player')}</th><th>${t('col.chance')}</th><th class="num">${t('col.stake')}</th><th>${t('col.level')}</th><th>${t('col.coup')}</th><th>${t('prison.choice')}</th></tr></thead>
            <tbody>
              ${repeat(
                prisonOrder(this.prison),
                (p) => p.id,
                (p) => html`<tr data-prison="${p.player}:${p.chance}" data-stake=${p.id}>
                  <td>${p.player}</td><td>${CHANCE_NAMES[p.chance]}</td><td class="num">${formatCents(p.amount, l)}</td>
                  <td><span class="level" data-level=${p.level}>${p.level}</span></td>${coupCell(p)}
                  <td>${
                    p.choosable
                      ? this.actions
                        ? this.#choice(p)
                        : p.waitsForCall
                          ? html`<span class="badge warn" data-waits-for-call>${t('crew17.prison.waitsForCall')}</span>`
                          : html`<span class="badge warn">${t('prison.choosable')}</span>`
                      : p.chosen
                        ? html`<span class="badge chosen-${p.chosen}" data-chosen=${p.chosen}>${p.chosen === 'leave' ? t('prison.chosenLeave') : movedWords(p.id, p.chance)}</span>`
                        : ''
                  }</td>
                </tr>`,
              )}
            </tbody>
          </table>`
      }
      ${errorBox(this.error)}
      ${
        this.release.length
          ? html`<h3>${t('prison.released')}</h3>
            <table><tbody>${this.release.map(
              (r) =>
                html`<tr><td>${r.player}</td><td>${CHANCE_NAMES[r.chance]}</td><td class="num">${formatCents(r.returned, l)}</td><td>${outcomeLabel(r)}</td></tr>`,
            )}</tbody></table>`
          : ''
      }`;
  }
}

/**
 * The coup it went to prison at, and the 31 après that deepened it said beside: a stake imprisoned at coup 3 and
 * deepened at coup 4 read "4", which a payeur reads as where it went in (outsider pass 23). A stake carried from the
 * shoe before went in there: its cell has no coup of this shoe, only its deepening if any.
 */
function coupCell(p: PrisonRow) {
  const origin = stakeOrigin(p.id);
  const carried = origin !== null && 'carried' in origin;
  const first = p.firstCoup ?? (carried ? undefined : p.coup);
  const deepened = p.firstCoup !== undefined || carried ? p.coup : undefined;
  return html`<td data-first-coup=${first ?? ''}>${first ?? ''}${originWords(p.id)}${
    deepened === undefined ? '' : html`<small class="origin" data-deepened=${deepened}>${t('prison.deepenedAt', { coup: deepened })}</small>`
  }</td>`;
}

/**
 * Where the stake comes from under its coup (client/stake-origin.ts), for a stake carried from the shoe before too;
 * two stakes of one seat on one chance differed only by amount and level (outsider pass 11).
 */
function originWords(id: string) {
  const words = stakeOriginText(id);
  return words === null ? '' : html`<small class="origin" data-stake-origin=${id}>${words}</small>`;
}

declare global {
  interface HTMLElementTagNameMap {
    'tq-prison': TqPrison;
  }
}
