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

/** The events of `fixture` up to and including its first confirm of a call that reads `call`. */
function upToConfirmed(fixture: ShoeEvent[], call: string): ShoeEvent[] {
  const at = fixture.findIndex((e, i) => e.type === 'confirm' && replayShoe(fixture.slice(0, i + 1)).state.coups.at(-1)?.call === call);
  return fixture.slice(0, at + 1);
}

describe('the floor counts the stakes an après leaves on the layout (docs/rules.md#apres)', () => {
  it("counts a 'Deux après's stakes on the layout until the next open writes them again, once", () => {
    const apres = upToConfirmed(ORDINARY, 'Deux après');
    const pushed = replayShoe(apres)
      .state.coups.at(-1)!
      .settlement.filter((r) => r.outcome === 'push');
    expect(pushed.length, 'the après leaves stakes (else this test proves nothing)').to.be.above(0);
    const standing = pushed.reduce((sum, r) => sum + r.amount, 0);
    expect(floorMoney(replayShoe(apres).state)).to.include({ onLayout: standing, stakes: pushed.length });
    // the next open writes them again as carried bets (one decision, shoe/decide.ts): still there, not counted twice
    const open = ORDINARY.slice(0, ORDINARY.indexOf(apres.at(-1)!) + 2 + pushed.length);
    expect(open.map((e) => e.type).slice(-pushed.length - 1)).to.deep.equal(['open', ...pushed.map(() => 'bet')]);
    expect(floorMoney(replayShoe(open).state)).to.include({ onLayout: standing, stakes: pushed.length });
  });

  it('counts the insured stake a 31 après leaves standing on the layout, and the imprisoned ones in prison only', () => {
    const fixture = readFixture('apres31-insurance-prison-partager');
    const state = replayShoe(upToConfirmed(fixture, 'Un après')).state;
    const rows = state.coups.at(-1)!.settlement;
    const pushed = rows.filter((r) => r.outcome === 'push');
    const jailed = rows.filter((r) => r.outcome === 'prison');
    expect(pushed.length, 'an insured stake stands').to.equal(1);
    expect(jailed.length, 'stakes go to prison').to.be.above(0);
    const m = floorMoney(state);
    expect(m).to.include({ onLayout: pushed[0]!.amount, stakes: 1 });
    expect(m).to.include({ inPrison: jailed.reduce((sum, r) => sum + r.amount, 0), prisoners: jailed.length });
  });

  it('counts nothing on the layout after a coup that settled its stakes', () => {
    const confirmed = ORDINARY.slice(0, ORDINARY.findIndex((e) => e.type === 'confirm') + 1);
    expect(floorMoney(replayShoe(confirmed).state)).to.include({ onLayout: 0, stakes: 0 });
  });
});

describe('the floor tells prison stakes carried in from the shoe before (outsider pass 20, F11)', () => {
  const carried = [
    { player: 's3', chance: 'rouge', amount: 3000, level: 1 },
    { player: 's4', chance: 'noir', amount: 6000, level: 1 },
  ] as const;
  const first = { ...(ORDINARY[0] as ShoeEvent & { type: 'shoe' }), prison: carried.map((p) => ({ ...p })) };

  it('counts them apart before the first coup, within what is in prison', () => {
    const m = floorMoney(replayShoe([first, ...ORDINARY.slice(1, 4)]).state);
    expect(m).to.include({ inPrison: 9000, prisoners: 2 });
    expect(m.carriedPrison).to.deep.equal({ amount: 9000, stakes: 2 });
  });

  it('counts none for a shoe that carried nothing', () => {
    expect(floorMoney(replayShoe(AWAITING).state).carriedPrison).to.deep.equal({ amount: 0, stakes: 0 });
  });
});
