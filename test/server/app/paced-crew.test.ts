/**
 * The floor demo's paced crew (server/app/paced-crew.ts) on a real
 * TableService: it plays like a crew (calls confirmed, bets opened and
 * placed, money settled) and never pulls a card while a dispute waits for the
 * chef de table (docs/rules.md#dispute-no-pull). Cards from the seeded shoe 7.
 */
import { expect } from 'chai';
import { crewStep, type CrewAction, type PacedCrewParts } from '../../../server/app/paced-crew.ts';
import { seededDeal } from '../../support/seeded-deal.ts';
import { CHEF, TAILLEUR, tableFixture, type Fixture } from '../table/table-fixture.ts';

describe('the floor demo’s paced crew', () => {
  let f: Fixture;
  let pulls = 0;
  const cards = seededDeal(7, 1).cards;
  beforeEach(async () => {
    f = await tableFixture();
    pulls = 0;
  });
  afterEach(() => f.cleanup());

  const parts = (): PacedCrewParts => ({
    table: f.table,
    deal: () => {
      pulls++;
      const seq = f.table.lastStoredSeq() + 1;
      void f.table.storeCard({ seq, card: cards[seq - 1]!, exposed: false });
      return true;
    },
  });
  /** Steps until `done`, at most `max` steps; each step waits for the card it pulled. */
  async function play(done: () => boolean, max = 400): Promise<CrewAction[]> {
    const actions: CrewAction[] = [];
    for (let n = 0; n < max && !done(); n++) {
      const before = f.table.lastStoredSeq();
      const action = await crewStep(parts(), n);
      actions.push(action);
      if (action === 'pull') while (f.table.lastStoredSeq() === before) await new Promise((r) => setImmediate(r));
    }
    return actions;
  }

  it('plays coups as a crew: confirms each call, opens the bets, places bets, and money moves', async () => {
    const actions = await play(() => f.table.state().coups.filter((c) => c.status === 'confirmed').length >= 4);
    const state = f.table.state();
    expect(state.coups.filter((c) => c.status === 'confirmed').length).to.be.at.least(4);
    expect(actions.filter((a) => a === 'open').length).to.be.at.least(4);
    const rows = state.coups.flatMap((c) => c.settlement);
    expect(rows.length).to.be.at.least(4);
    expect(rows.some((r) => r.paid > 0 || r.collected > 0)).to.equal(true);
    expect(state.alerts.last(100).filter((a) => a.kind !== 'fault')).to.deep.equal([]);
  });

  // it staked coups the last cards could not finish, annulled and left to hand back, shoe after shoe (outside floor pass 48, F10)
  it('places no bet on a coup the last cards of the shoe cannot finish', async () => {
    await play(() => f.table.view().fewCards !== null, 5000);
    expect(f.table.view().fewCards).to.not.equal(null);
    await play(() => f.table.view().phase === 'open', 10);
    expect(f.table.view().phase).to.equal('open');
    const next = await crewStep(parts(), 0);
    expect(next).to.equal('pull');
    expect(f.table.state().stakes).to.deep.equal([]);
  });

  it('pulls no card while a dispute waits for the chef, and deals on once he has ruled', async () => {
    await play(() => f.table.view().awaitingConfirm !== null);
    const coup = f.table.view().awaitingConfirm!;
    const call = f.table.state().coups.find((c) => c.coup === coup)!.call!;
    await f.table.command({ type: 'dispute', coup, announced: call.startsWith('Rouge gagne') ? 'Rouge perd et couleur' : 'Rouge gagne et couleur' }, TAILLEUR);
    const seq = f.table.lastStoredSeq();
    pulls = 0;
    for (let n = 0; n < 10; n++) expect(await crewStep(parts(), n)).to.equal('waits-for-chef');
    expect(pulls).to.equal(0);
    expect(f.table.lastStoredSeq()).to.equal(seq);
    await f.table.command({ type: 'resolve', coup, ruling: 'cards', reason: 'the cards stand' }, CHEF);
    await play(() => f.table.lastStoredSeq() > seq);
    expect(f.table.lastStoredSeq()).to.be.greaterThan(seq);
  });
});
