/**
 * An outsider's evening as payeur: an addition read as a new bet in "who did what". The bets that top
 * up a stake are read from the events before them (client/stake-top-ups.ts) and
 * said as additions; a first stake still reads as a bet.
 */
import { expect } from 'chai';
import { inLanguage, useLanguage } from './support/in-language.ts';
import type { StoredEvent } from '../../server/http/contract.ts';
import { describeEvent } from '../../client/event-text.ts';
import { stakeTopUps } from '../../client/stake-top-ups.ts';
import { evolve } from '../../shoe/evolve.ts';
import { INITIAL_STATE } from '../../shoe/state.ts';
import { Harness, ROWS } from '../shoe/table-harness.ts';

const storedAll = (t: Harness) => t.log.map((e, i) => ({ ...e, i, at: '2026-11-27T20:00:00.000Z', by: 'p1', prev: '', hash: '' }) as StoredEvent);

/** A shoe with a first stake, an addition, a withdrawal and a stake placed again, an après carrying s1's stake, and a fresh coup. */
function evening(): Harness {
  const t = new Harness().burn().open().bet('s1', 'rouge', 10_000).bet('s2', 'noir', 5_000).bet('s1', 'rouge', 3_000);
  t.do({ type: 'withdraw', player: 's2', chance: 'noir' });
  t.bet('s2', 'noir', 2_000);
  t.do({ type: 'withdraw', player: 's2', chance: 'noir' });
  t.play(ROWS.b32, ROWS.r32); // après: s1's 130.00 stays on the layout
  t.open().bet('s1', 'rouge', 1_000).bet('s3', 'couleur', 4_000);
  t.play(ROWS.b36, ROWS.r37);
  t.open().bet('s1', 'rouge', 2_000).bet('s1', 'rouge', 500);
  return t;
}

describe('who did what: an addition to a stake reads as one', () => {
  useLanguage('en');

  const said = (t: Harness) => {
    const events = storedAll(t);
    const topUps = stakeTopUps(events);
    return events.filter((e) => e.type === 'bet').map((e) => describeEvent(e, topUps.get(e.i)));
  };

  it('says an addition with the stake it makes, and a first stake as a bet', () => {
    expect(said(evening())).to.deep.equal([
      'Bet s1 on Rouge: 100.00',
      'Bet s2 on Noir: 50.00',
      "Added 30.00 to s1's Rouge (now 130.00)",
      // withdrawn, then placed again: a first stake
      'Bet s2 on Noir: 20.00',
      // the après left 130.00 on the layout: the next coup's bet tops it up
      's1 Rouge 130.00 carried: left on the layout by the après',
      "Added 10.00 to s1's Rouge (now 140.00)",
      'Bet s3 on Couleur: 40.00',
      // a coup settled: its stakes are gone
      'Bet s1 on Rouge: 20.00',
      "Added 5.00 to s1's Rouge (now 25.00)",
    ]);
  });

  it('reads the stake before each bet as the rules fold it', () => {
    const t = evening();
    const topUps = stakeTopUps(storedAll(t));
    let state = INITIAL_STATE;
    for (const [i, e] of t.log.entries()) {
      if (e.type === 'bet' && !e.carried) {
        const held = state.stakes.find((x) => x.player === e.player && x.chance === e.chance)?.amount;
        expect(topUps.get(i), `bet #${i}`).to.equal(held);
      }
      state = evolve(state, e);
    }
  });

  it("says a bet as before when the list does not reach back to its coup's open", () => {
    const events = storedAll(evening());
    const added = events.findIndex((e) => e.type === 'bet' && e.amount === 3_000);
    expect(stakeTopUps(events.slice(added - 1)).has(events[added]!.i)).to.equal(false);
    const gap = [...events.slice(0, added - 3), ...events.slice(added - 1)];
    expect(stakeTopUps(gap).has(events[added]!.i)).to.equal(false);
  });

  it('says an addition in Italian', () => {
    inLanguage('it', () => {
      expect(said(evening())[2]).to.equal('Aggiunti 30,00 alla puntata s1 su Rouge (ora 130,00)');
    });
  });
});
