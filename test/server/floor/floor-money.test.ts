/**
 * The floor's money of a shoe: a coup whose call waits for the tailleur or is
 * in dispute may not be paid yet (docs/rules.md#confirming-the-call) and may
 * still be annulled, so the shoe's totals and the bank's result leave it out
 * and show it apart as held.
 */
import { expect } from 'chai';
import { floorMoney } from '../../../server/floor/floor-money.ts';
import type { ShoeEvent } from '../../../shoe/events.ts';
import { replayShoe } from '../../../shoe/replay.ts';
import { settlementTotals } from '../../../shoe/settlement-row.ts';
import { readFixture } from '../../support/fixture.ts';

const ORDINARY = readFixture('ordinary');
/** Coup 1 dealt, its call not yet confirmed. */
const AWAITING = ORDINARY.slice(
  0,
  ORDINARY.findIndex((e) => e.type === 'confirm'),
);
const CALL_1 = replayShoe(AWAITING).state.coups[0]!.call!;
/** The tailleur disputed coup 1's call: the chef has not ruled. */
const DISPUTED: ShoeEvent[] = [
  ...AWAITING,
  { type: 'dispute', coup: 1, announced: CALL_1 === 'Rouge perd et couleur' ? 'Rouge gagne et couleur' : 'Rouge perd et couleur' },
];
const coupOne = settlementTotals(replayShoe(AWAITING).state.coups[0]!.settlement).table;

describe('the floor counts only payable coups in the shoe so far', () => {
  it('coup 1 settles money (else these tests prove nothing)', () => {
    expect(coupOne.paid + coupOne.collected).to.be.above(0);
  });

  it('leaves a disputed coup out of the shoe and the bank result, and holds it apart', () => {
    const m = floorMoney(replayShoe(DISPUTED).state);
    expect(m.coup?.standing).to.equal('disputed');
    expect(m.shoe).to.include({ paid: 0, collected: 0, bank: 0 });
    expect(m.held).to.include({ coups: 1, paid: coupOne.paid, collected: coupOne.collected, bank: coupOne.bank });
  });

  it('leaves a call waiting for confirmation out as well', () => {
    const m = floorMoney(replayShoe(AWAITING).state);
    expect(m.shoe).to.include({ paid: 0, collected: 0, bank: 0 });
    expect(m.held.coups).to.equal(1);
  });

  it('counts the coup once the chef rules that the cards stand, and nothing once he annuls it', () => {
    const stands = floorMoney(replayShoe([...DISPUTED, { type: 'resolve', coup: 1, ruling: 'cards', reason: 'the cards as dealt' }]).state);
    expect(stands.shoe).to.include({ paid: coupOne.paid, collected: coupOne.collected, bank: coupOne.bank });
    expect(stands.held).to.include({ coups: 0, paid: 0, collected: 0 });
    const annulled = floorMoney(replayShoe([...DISPUTED, { type: 'resolve', coup: 1, ruling: 'annul', reason: 'a card fell face up' }]).state);
    expect(annulled.shoe).to.include({ paid: 0, collected: 0, bank: 0 });
    expect(annulled.held.coups).to.equal(0);
  });

  it('counts every confirmed coup of the shoe', () => {
    const state = replayShoe(ORDINARY).state;
    const all = settlementTotals([...state.coups.flatMap((c) => c.settlement), ...state.release]).table;
    expect(floorMoney(state).shoe).to.deep.equal(all);
  });
});
