/**
 * Every screen says when too few cards are left for a coup (shoe/few-cards.ts, the view's `fewCards`):
 * an outsider saw a coup opened and bet on with 1 card left, then annulled.
 * The views are the real rules' (shoe/table-view.ts), on a short shoe.
 */
import { expect } from 'chai';
import { VENICE_RULES } from '../../shoe/rules.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { tableView } from '../../shoe/table-view.ts';
import type { ShoeEvent } from '../../shoe/events.ts';

const shoe = (cards: number): ShoeEvent => ({ type: 'shoe', table: 'T1', shoe: 'short', cards, rules: VENICE_RULES });
const burn = ['2C', '3C', '4C', '5C', '6C'].map((card, i): ShoeEvent => ({ type: 'card', seq: i + 1, card }));
const view = (events: ShoeEvent[]) => tableView(replayShoe(events).state);
const tooFewCards = (v: ReturnType<typeof view>) => v.fewCards !== null;

describe('too few cards left for a coup', () => {
  it('says so once the burn is done and fewer than 8 cards are left, not before, and not with 8', () => {
    expect(tooFewCards(view([shoe(12)])), 'still burning').to.equal(false);
    expect(view([shoe(12), ...burn]).cardsLeft).to.equal(7);
    expect(view([shoe(12), ...burn]).fewCards).to.deep.equal({ fewest: 8 });
    expect(tooFewCards(view([shoe(13), ...burn])), '8 left: a coup can still be dealt').to.equal(false);
    expect(tooFewCards(view([shoe(12), ...burn, { type: 'end', reason: 'empty' }])), 'the shoe ended').to.equal(false);
  });
});
