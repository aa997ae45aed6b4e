import { expect } from 'chai';
import { replayShoe, stateAt } from '../../shoe/replay.ts';
import { Harness, ROWS } from './table-harness.ts';

// docs/rules.md#end-of-shoe
describe('the end of the shoe', () => {
  it('annuls a coup cut short by the empty shuffler: stakes returned, no premium collected', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 10_000, true).bet('s2', 'noir', 1000);
    t.cards(['TH', 'KS']);
    t.do({ type: 'end', reason: 'empty' });
    const coup = t.state.coups[0]!;
    expect(coup.status).to.equal('annulled');
    expect(coup.settlement.map((r) => [r.player, r.outcome, r.returned, r.premium, r.net])).to.deep.equal([
      ['s1', 'returned', 10_000, 0, 0],
      ['s2', 'returned', 1000, 0, 0],
    ]);
  });

  it('says what premium an annulled insured stake gives back if it was taken: 1 % of the stake, rounded up (docs/rules.md#insurance)', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 10_050, true).bet('s2', 'noir', 1000).bet('s3', 'couleur', 600_000, true);
    t.cards(['TH', 'KS']);
    t.do({ type: 'end', reason: 'empty' });
    const rows = t.state.coups[0]!.settlement;
    // 100.50 insured: 1.005 → 1.01; 6,000.00 over the maximum: the premium of the 5,000.00 that played, 50.00; none for s2
    expect(rows.map((r) => [r.player, r.premium, r.premiumBack])).to.deep.equal([
      ['s1', 0, 101],
      ['s2', 0, undefined],
      ['s3', 0, 5_000],
    ]);
  });

  it('returns every prison stake at full value when the shuffler is empty (Venice)', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.play(ROWS.r31, ROWS.b31);
    t.do({ type: 'end', reason: 'empty' });
    expect(t.state.release.map((r) => [r.player, r.outcome, r.returned, r.net])).to.deep.equal([['s1', 'returned', 1000, 1000]]);
    expect(t.state.prison).to.deep.equal([]);
  });

  it('keeps prison stakes for the next shoe where the house does not release them', () => {
    const t = new Harness({ endOfShoeRelease: false }).burn().open().bet('s1', 'rouge', 1000);
    t.play(ROWS.r31, ROWS.b31);
    t.do({ type: 'end', reason: 'empty' });
    expect(t.state.release).to.deep.equal([]);
    expect(t.state.prison).to.have.length(1);
  });

  it('returns stakes placed for a coup that was never dealt', () => {
    const t = new Harness().burn().open().bet('s1', 'inverse', 700);
    t.do({ type: 'end', reason: 'empty' });
    expect(t.state.release.map((r) => [r.outcome, r.returned])).to.deep.equal([['returned', 700]]);
  });

  it("keeps the chef de table's reason for a suspension, who asked and when", () => {
    const t = new Harness().burn();
    t.do({ type: 'end', reason: 'suspended', note: 'shuffler door opened' }, 'chef1');
    expect(t.state.end).to.deep.equal({ reason: 'suspended', auto: false, note: 'shuffler door opened', by: 'chef1', at: '2026-11-22T10:00:00.000Z' });
  });

  it("refuses everything but the last call's confirmation once the shoe has ended", () => {
    const t = new Harness().burn();
    t.do({ type: 'end', reason: 'suspended' });
    expect(t.refused({ type: 'open' })).to.equal('SHOE_ENDED');
    expect(t.refused({ type: 'end', reason: 'empty' })).to.equal('SHOE_ENDED');
  });
});

describe('confirming and disputing the call', () => {
  it("stores the call with the tailleur's confirmation so an audit can check it", () => {
    const t = new Harness().burn();
    t.coup(ROWS.r37, ROWS.r32);
    const [confirm] = t.do({ type: 'confirm', coup: 1 }, 'tailleur1');
    expect(confirm).to.include({ type: 'confirm', coup: 1, call: 'Rouge gagne et couleur', by: 'tailleur1' });
    expect(t.refused({ type: 'confirm', coup: 1 })).to.equal('ALREADY_CONFIRMED');
  });

  it('refuses to confirm a coup still being dealt, or one that does not exist', () => {
    const t = new Harness().burn();
    t.cards(['TH']);
    expect(t.refused({ type: 'confirm', coup: 1 })).to.equal('COUP_NOT_COMPLETE');
    expect(t.refused({ type: 'confirm', coup: 2 })).to.equal('NO_COUP');
  });

  it('records a dispute with what was announced and waits for the chef de table', () => {
    const t = new Harness().burn();
    t.coup(ROWS.r37, ROWS.r32);
    expect(t.refused({ type: 'dispute', coup: 1, announced: 'rouge gagne et couleur' })).to.equal('ANNOUNCED_IS_CALL');
    t.do({ type: 'dispute', coup: 1, announced: 'Rouge perd et couleur' });
    expect(t.refused({ type: 'confirm', coup: 1 })).to.equal('DISPUTED');
    expect(t.refused({ type: 'open' })).to.equal('DISPUTE_OPEN');
    t.do({ type: 'resolve', coup: 1, ruling: 'cards', reason: 'the rows read 37 and 32' }, 'chef1');
    expect(t.state.coups[0]!.resolution).to.include({ ruling: 'cards', by: 'chef1' });
    t.open();
  });

  it('lets the chef annul a disputed coup before the next card: stakes back, prison as it was', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000).bet('s2', 'noir', 2000, true);
    t.coup(ROWS.r31, ROWS.b31);
    expect(t.state.prison).to.have.length(1);
    t.do({ type: 'dispute', coup: 1, announced: 'Deux après' });
    t.do({ type: 'resolve', coup: 1, ruling: 'annul', reason: 'a card was misread' });
    const coup = t.state.coups[0]!;
    expect(coup.status).to.equal('annulled');
    expect(coup.settlement.map((r) => [r.player, r.outcome, r.returned, r.premium])).to.deep.equal([
      ['s1', 'returned', 1000, 0],
      ['s2', 'returned', 2000, 0],
    ]);
    expect(t.state.prison).to.deep.equal([]);
  });

  it('refuses a ruling without a reason, and on a coup that is not disputed', () => {
    const t = new Harness().burn();
    t.coup(ROWS.r37, ROWS.r32);
    expect(t.refused({ type: 'resolve', coup: 1, ruling: 'cards', reason: 'x' })).to.equal('NO_DISPUTE');
    t.do({ type: 'dispute', coup: 1, announced: 'Un après' });
    expect(t.refused({ type: 'resolve', coup: 1, ruling: 'cards', reason: ' ' })).to.equal('INVALID_EVENT');
  });
});

describe('replaying a shoe log', () => {
  it('folds the same state as the live table', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.play(ROWS.r31, ROWS.b31);
    t.open();
    t.play(ROWS.r37, ROWS.r32);
    expect(replayShoe(t.log).state).to.deep.equal(t.state);
    expect([4, 5, 6].map((i) => stateAt(t.log, i).phase)).to.deep.equal(['burning', 'waiting', 'open']);
  });

  it('reports an event the rules refuse as an alert and goes on', () => {
    const t = new Harness().burn().open();
    const log = [
      ...t.log,
      { type: 'bet' as const, player: 's1', chance: 'rouge' as const, amount: 100 },
      { type: 'bet' as const, player: 's1', chance: 'rouge' as const, amount: 1000 },
    ];
    const { state, alerts } = replayShoe(log);
    expect(alerts.map((a) => [a.kind, a.index])).to.deep.equal([['rule-violation', t.log.length]]);
    expect(alerts[0]!.message).to.match(/BELOW_MINIMUM/);
    expect(state.stakes).to.deep.equal([{ player: 's1', chance: 'rouge', amount: 1000, insured: false }]);
  });

  it('flags a stored call that the cards disagree with', () => {
    const t = new Harness().burn();
    t.play(ROWS.r37, ROWS.r32);
    const forged = t.log.map((e) => (e.type === 'confirm' ? { ...e, call: 'Rouge perd et couleur' } : e));
    const { alerts } = replayShoe(forged);
    expect(alerts.map((a) => a.message).join()).to.match(/CALL_MISMATCH/);
  });
});

describe('faults on the shuffler line', () => {
  it('records a fault as an alert naming its code once', () => {
    const t = new Harness().burn();
    t.do({ type: 'fault', code: 'JAM', text: 'shuffler error JAM: Card jam' }, 'shuffler');
    t.do({ type: 'fault', code: 'DOOR', text: 'door open' }, 'shuffler');
    expect(t.state.alerts.map((a) => [a.kind, a.message])).to.deep.equal([
      ['fault', 'shuffler error JAM: Card jam'],
      ['fault', 'DOOR: door open'],
    ]);
  });
});
