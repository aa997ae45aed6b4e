import { expect } from 'chai';
import { tableView } from '../../shoe/table-view.ts';
import { Harness, ROWS } from './table-harness.ts';

describe('the live view the dashboards are shown', () => {
  it('announces a row by its units once it passes 30, and gives the call when the coup is complete', () => {
    const t = new Harness().burn();
    t.cards(ROWS.r37);
    expect(tableView(t.state).coup).to.include({ call: null, status: 'dealing' });
    expect(tableView(t.state).coup!.noir).to.include({ total: 37, announced: 'Sept' });
    t.cards(ROWS.r32);
    const view = tableView(t.state);
    expect(view.coup!.rouge.announced).to.equal('Deux');
    expect(view.coup!.call).to.equal('Rouge gagne et couleur');
    expect(view.awaitingConfirm).to.equal(1);
  });

  it('keeps showing the coup whose call waits even when the shuffler already deals the next one', () => {
    const t = new Harness().burn();
    t.coup(ROWS.r37, ROWS.r32);
    t.card('5H');
    const view = tableView(t.state);
    expect(view.coup!.coup).to.equal(2);
    expect(view.awaitingConfirm).to.equal(1);
    expect(view.awaiting).to.include({ coup: 1, call: 'Rouge gagne et couleur', status: 'awaiting-confirm' });
    t.do({ type: 'confirm', coup: 1 });
    expect(tableView(t.state).awaiting).to.equal(null);
  });

  it('gives the payeur the settlement totals per chance and for the table', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000).bet('s2', 'noir', 3000, true);
    t.coup(ROWS.r37, ROWS.r32);
    const totals = tableView(t.state).coup!.totals!;
    expect(totals.perChance.rouge).to.include({ paid: 1000, collected: 0 });
    expect(totals.perChance.noir).to.include({ collected: 3000, premium: 30 });
    expect(totals.table).to.include({ paid: 1000, collected: 3000, premium: 30, bank: 2030 });
  });

  it('says insurance lapsed only on a carried stake that was insured on the après, not on one that never was', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 10_000, true).bet('s3', 'couleur', 5_000);
    expect(t.play(ROWS.r32, ROWS.b32).result).to.equal('apres');
    t.open();
    const stakes = tableView(t.state).stakes.map((s) => [s.player, s.chance, s.carried, s.insured, s.insuranceLapsed]);
    expect(stakes).to.deep.equal([
      ['s1', 'rouge', true, false, true],
      ['s3', 'couleur', true, false, undefined],
    ]);
    // still said while the next coup is dealt: its coup is then the last, with no settlement yet
    t.cards(ROWS.r37.slice(0, 1));
    expect(tableView(t.state).stakes.map((s) => s.insuranceLapsed)).to.deep.equal([true, undefined]);
  });

  // a carried stake topped up read "carried" for the whole amount (an outsider's pass): the view tells the two parts apart
  it('gives a carried stake the part the après left on the layout, also once bet on and while the next coup is dealt', () => {
    const t = new Harness().burn().open().bet('s5', 'rouge', 10_000, true).bet('s3', 'couleur', 5_000);
    expect(t.play(ROWS.r31, ROWS.b31).result).to.equal('apres31');
    t.open();
    t.bet('s5', 'rouge', 30_000).bet('s7', 'noir', 2_000);
    const parts = () => tableView(t.state).stakes.map((s) => [s.player, s.amount, s.carried, s.carriedAmount]);
    expect(parts()).to.deep.equal([
      ['s5', 40_000, true, 10_000],
      ['s7', 2_000, undefined, undefined],
    ]);
    t.cards(ROWS.r37.slice(0, 1));
    expect(parts()[0]).to.deep.equal(['s5', 40_000, true, 10_000]);
  });

  // the payeur's list read "No stakes yet" between an après and the next open, over chips lying on the layout (outsider pass 33)
  it('lists the stakes an après leaves lying until the bets open, then as carried stakes only', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 10_000, true).bet('s3', 'couleur', 5_000).bet('s4', 'noir', 2_000);
    expect(tableView(t.state).lyingStakes).to.deep.equal([]);
    const apres = t.coup(ROWS.r32, ROWS.b32);
    expect(apres.result).to.equal('apres');
    const lying = () => tableView(t.state).lyingStakes.map((s) => [s.player, s.chance, s.amount, s.carried]);
    const expected = [
      ['s1', 'rouge', 10_000, true],
      ['s3', 'couleur', 5_000, true],
      ['s4', 'noir', 2_000, true],
    ];
    // while its call waits the chips lie there already
    expect(lying()).to.deep.equal(expected);
    expect(tableView(t.state).stakes).to.deep.equal([]);
    t.do({ type: 'confirm', coup: apres.coup });
    expect(lying()).to.deep.equal(expected);
    t.open();
    expect(lying()).to.deep.equal([]);
    expect(tableView(t.state).stakes.map((s) => [s.player, s.chance, s.amount, s.carried])).to.deep.equal(expected);
  });

  it('lists nothing lying after a coup that was not an après', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 10_000);
    t.play(ROWS.r37, ROWS.r32);
    expect(tableView(t.state).lyingStakes).to.deep.equal([]);
  });
});
