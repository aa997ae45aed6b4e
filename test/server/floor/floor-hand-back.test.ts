/**
 * The stakes a shoe's end sends back to the players, on the floor: the table
 * screens list them "To hand back" until the payeur or the chef marks them
 * handed back (shoe/hand-back.ts, docs/shoe-log.md#handed-back), and the
 * floor's card said "On the layout 0.00" and nothing of them. The floor reads
 * them from the previous shoe's record, and from the shoe in play once it has
 * ended, and drops them once the shoe in play records their `handed-back`.
 */
import { expect } from 'chai';
import { floorMoney } from '../../../server/floor/floor-money.ts';
import { previousShoe } from '../../../server/floor/previous-shoe.ts';
import type { StoredEvent } from '../../../server/store/stored-event.ts';
import type { ShoeEvent } from '../../../shoe/events.ts';
import { replayShoe } from '../../../shoe/replay.ts';
import { readFixture } from '../../support/fixture.ts';

const stored = (events: readonly ShoeEvent[]): StoredEvent[] =>
  events.map((e, i) => ({ at: '2026-11-20T20:00:00.000Z', by: 't1', ...e, i, prev: '', hash: '' }) as StoredEvent);

const ORDINARY = readFixture('ordinary');
const CONFIRM_2 = ORDINARY.findIndex((e) => e.type === 'confirm' && e.coup === 2);
const CLOSE_3 = ORDINARY.findIndex((e, i) => i > CONFIRM_2 && e.type === 'close');
/** Coup 3's stakes placed and its first two cards dealt, then the chef suspended the shoe: coup 3 is cut short. */
const CUT: ShoeEvent[] = [...ORDINARY.slice(0, CLOSE_3 + 3), { type: 'end', reason: 'suspended', note: 'cliente contesta' }];
const STAKES = replayShoe(ORDINARY.slice(0, CLOSE_3 + 1)).state.stakes;
const TOTAL = STAKES.reduce((sum, s) => sum + s.amount, 0);
const OLD = (ORDINARY[0] as ShoeEvent & { type: 'shoe' }).shoe;
/** The table's next shoe, its first cards burnt. */
const NEXT: ShoeEvent[] = [{ ...(ORDINARY[0] as ShoeEvent & { type: 'shoe' }), shoe: 'next-shoe' }, ...ORDINARY.slice(1, 4)];

describe('the floor counts what an ended shoe hands back to the players', () => {
  it('coup 3 had stakes on it (else these tests prove nothing)', () => {
    expect(STAKES.length).to.equal(3);
    expect(TOTAL).to.be.above(0);
  });

  it('reads the previous shoe’s stakes to hand back with how it ended', () => {
    const p = previousShoe(OLD, stored(CUT));
    expect(p.how).to.equal('suspended');
    expect(p.handBack?.rows.map((r) => r.amount)).to.deep.equal(STAKES.map((s) => s.amount));
  });

  it('shows them on the new shoe’s money, its layout empty, until the new shoe records them handed back', () => {
    const ended = previousShoe(OLD, stored(CUT)).handBack ?? null;
    const m = floorMoney(replayShoe(NEXT).state, ended);
    expect(m).to.include({ onLayout: 0, stakes: 0 });
    expect(m.handBack).to.deep.equal([{ shoe: OLD, amount: TOTAL, stakes: 3 }]);
    const marked = floorMoney(replayShoe([...NEXT, { type: 'handed-back', shoe: OLD }]).state, ended);
    expect(marked.handBack).to.deep.equal([]);
  });

  it('shows them as soon as the shoe has ended, before any new shoe starts', () => {
    expect(floorMoney(replayShoe(CUT).state).handBack).to.deep.equal([{ shoe: OLD, amount: TOTAL, stakes: 3 }]);
  });

  it('adds up every shoe’s stakes to hand back, for the card’s total line (outsider pass 20, F10)', () => {
    const older = previousShoe('older-shoe', stored(CUT)).handBack ?? null;
    const m = floorMoney(replayShoe(CUT).state, older && { ...older, shoe: 'older-shoe' });
    expect(m.handBack.map((h) => h.shoe)).to.have.members(['older-shoe', OLD]);
    expect(m.handBackTotal).to.deep.equal({ amount: 2 * TOTAL, stakes: 6 });
    expect(floorMoney(replayShoe(NEXT).state).handBackTotal).to.deep.equal({ amount: 0, stakes: 0 });
  });

  it('shows nothing to hand back for a shoe in play, nor for one that ran out with nothing on the layout', () => {
    expect(floorMoney(replayShoe(ORDINARY.slice(0, CLOSE_3 + 3)).state).handBack).to.deep.equal([]);
    expect(previousShoe(OLD, stored(ORDINARY))).to.not.have.property('handBack');
  });
});
