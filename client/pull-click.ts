/**
 * Whether a click on "Pull a card" is a press of its own or the second half of a double click. A double click drew
 * two cards, one dealt nobody asked for (outsider pass 23); "Open bets" is kept to one by its name in the command
 * queue, but a pull has no name: two deliberate pulls are two cards. A click the browser counts as a repeat
 * (`detail` > 1) within REPEAT_MS of the press that drew is the same press; a second press after that draws the next
 * card, as a tailleur dealing by hand takes longer than that between two cards.
 */
export const REPEAT_MS = 400;

export class PullClick {
  /** When the last click that drew a card came (performance.now()), or never. */
  #drewAt = Number.NEGATIVE_INFINITY;

  /** Whether this click draws a card; a click that does starts the window in which its repeats do not. */
  draws(e: Pick<MouseEvent, 'detail' | 'timeStamp'>): boolean {
    if (e.detail > 1 && e.timeStamp - this.#drewAt < REPEAT_MS) return false;
    this.#drewAt = e.timeStamp;
    return true;
  }
}
