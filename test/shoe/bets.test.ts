import { expect } from 'chai';
import { cardCode } from '../../shoe/card.ts';
import { insurancePremium, VENICE_RULES } from '../../shoe/rules.ts';
import { Harness, ROWS } from './table-harness.ts';

// docs/rules.md#bets-open-and-close, docs/rules.md#stakes
describe('bets', () => {
  it('refuses to open bets before the five burn cards ("Messieurs les cinq cartes")', () => {
    const t = new Harness();
    t.cards(['2C', '3C', '4C']);
    expect(t.refused({ type: 'open' })).to.equal('BURN_NOT_DONE');
    t.cards(['5C', '6C']);
    expect(t.state.cards.map((c) => c.status)).to.deep.equal(['burn', 'burn', 'burn', 'burn', 'burn']);
    expect(t.state.coups).to.have.length(0);
    t.open();
    expect(t.state.phase).to.equal('open');
  });

  it('plays no part with the burn cards, whatever they are', () => {
    const t = new Harness().burn(['KS', 'KS', 'KS', 'KS', 'KS']);
    expect(t.state.coups).to.have.length(0);
    expect(t.state.copies[cardCode('KS')]).to.equal(5);
  });

  it('adds a further bet to the stake on the same chance, and withdraws all of it at once', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000).bet('s1', 'rouge', 2500);
    expect(t.state.stakes).to.deep.equal([{ player: 's1', chance: 'rouge', amount: 3500, insured: false }]);
    t.do({ type: 'withdraw', player: 's1', chance: 'rouge' });
    expect(t.state.stakes).to.deep.equal([]);
    expect(t.refused({ type: 'withdraw', player: 's1', chance: 'rouge' })).to.equal('NO_STAKE');
  });

  it('refuses a stake under the table minimum', () => {
    const t = new Harness({ min: 500 }).burn().open();
    expect(t.refused({ type: 'bet', player: 's1', chance: 'noir', amount: 499 })).to.equal('BELOW_MINIMUM');
    t.bet('s1', 'noir', 500);
    t.bet('s1', 'noir', 100); // adding to a stake already at the minimum is fine
    expect(t.state.stakes[0]!.amount).to.equal(600);
  });

  it('refuses amounts that are not positive whole cents', () => {
    const t = new Harness().burn().open();
    for (const amount of [0, -500, 500.5, Number.NaN]) {
      expect(t.refused({ type: 'bet', player: 's1', chance: 'noir', amount })).to.equal('BAD_AMOUNT');
    }
  });

  it('refuses anything placed, withdrawn or moved once bets are closed ("rien ne va plus")', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.do({ type: 'close' });
    expect(t.refused({ type: 'bet', player: 's2', chance: 'noir', amount: 1000 })).to.equal('BETS_CLOSED');
    expect(t.refused({ type: 'withdraw', player: 's1', chance: 'rouge' })).to.equal('BETS_CLOSED');
    expect(t.refused({ type: 'insure', player: 's1', chance: 'rouge' })).to.equal('BETS_CLOSED');
  });

  it('closes the bets with the first card drawn while they are open, and logs it as such', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    const events = t.card('TH');
    expect(events.map((e) => e.type)).to.deep.equal(['close', 'card']);
    expect(events[0]).to.include({ cause: 'card' });
    expect(t.state.phase).to.equal('closed');
    expect(t.refused({ type: 'bet', player: 's1', chance: 'rouge', amount: 1000 })).to.equal('BETS_CLOSED');
  });

  it('refuses to open the next coup before the call of the last one is confirmed', () => {
    const t = new Harness().burn();
    t.coup(ROWS.r37, ROWS.r32);
    expect(t.refused({ type: 'open' })).to.equal('CALL_NOT_CONFIRMED');
    t.do({ type: 'confirm', coup: 1 });
    t.open();
  });

  it('refuses to open the next coup while its call is disputed with DISPUTE_OPEN, not CALL_NOT_CONFIRMED', () => {
    const t = new Harness().burn();
    t.coup(ROWS.r37, ROWS.r32);
    t.do({ type: 'dispute', coup: 1, announced: 'noir perd' });
    expect(t.refused({ type: 'open' })).to.equal('DISPUTE_OPEN');
    t.do({ type: 'resolve', coup: 1, ruling: 'cards', reason: 'the cards stand' });
    t.open();
  });

  it('pays a stake over the maximum as the maximum and returns the excess whatever the result', () => {
    const t = new Harness({ max: 500_000 }).burn().open().bet('s1', 'rouge', 700_000).bet('s2', 'noir', 650_000);
    t.play(ROWS.r37, ROWS.r32);
    expect(t.rowsOf(1, 's1')[0]).to.include({ outcome: 'win', paid: 500_000, returned: 200_000, collected: 0, net: 500_000 });
    expect(t.rowsOf(1, 's2')[0]).to.include({ outcome: 'lose', paid: 0, collected: 500_000, returned: 150_000, net: -500_000 });
  });

  it('pays even money on each of the four chances', () => {
    const t = new Harness().burn().open();
    for (const chance of ['rouge', 'noir', 'couleur', 'inverse'] as const) t.bet('s1', chance, 1000);
    const coup = t.play(ROWS.r37, ROWS.r32); // Rouge gagne et couleur
    const by = Object.fromEntries(coup.settlement.map((r) => [r.chance, [r.outcome, r.paid, r.collected]]));
    expect(by).to.deep.equal({ rouge: ['win', 1000, 0], noir: ['lose', 0, 1000], couleur: ['win', 1000, 0], inverse: ['lose', 0, 1000] });
  });
});

// docs/rules.md#insurance
describe('insurance', () => {
  it('costs 1 % of the stake that plays, rounded up to the cent', () => {
    expect(insurancePremium(10_000, VENICE_RULES)).to.equal(100);
    expect(insurancePremium(550, VENICE_RULES)).to.equal(6);
    expect(insurancePremium(501, VENICE_RULES)).to.equal(6);
    expect(insurancePremium(700, { ...VENICE_RULES, insurance: 0.07 })).to.equal(49);
  });

  it('is charged on at most the maximum', () => {
    expect(insurancePremium(900_000, VENICE_RULES)).to.equal(5_000);
  });

  it('insures the whole stake, bets added later included', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.do({ type: 'insure', player: 's1', chance: 'rouge' });
    t.bet('s1', 'rouge', 1000);
    expect(t.state.stakes[0]).to.deep.equal({ player: 's1', chance: 'rouge', amount: 2000, insured: true });
    const coup = t.play(ROWS.r37, ROWS.r32);
    expect(coup.settlement[0]).to.include({ outcome: 'win', paid: 2000, premium: 20, net: 1980 });
  });

  it('keeps the premium on a coup that is played, won or lost', () => {
    const t = new Harness().burn().open().bet('s1', 'noir', 10_000, true);
    const coup = t.play(ROWS.r37, ROWS.r32);
    expect(coup.settlement[0]).to.include({ outcome: 'lose', collected: 10_000, premium: 100, net: -10_100 });
  });
});
