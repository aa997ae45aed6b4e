/**
 * A whole coup through the HTTP API, each step by the role that does it at the
 * table (API.md "Commands"), the cards coming from the shuffler (the real
 * table's `storeCard`, as the link hands them over), and the settlement read
 * from the confirm's answer.
 */
import { expect } from 'chai';
import { BURN, coupCards, ROUGE_ET_COULEUR, UN_APRES } from './support/cards.ts';
import { until } from '../../support/until.ts';
import { crewPerTest, startServer } from './support/server.ts';

describe('HTTP: a coup from start to settlement', () => {
  const crew = crewPerTest();

  async function startAndBurn(): Promise<void> {
    expect((await crew.tailleur.post('/api/shoe/start', {})).status).to.equal(200);
    await crew.server.dealAll(BURN);
  }

  it('opens, takes bets, deals, confirms the call and answers with the settlement', async () => {
    const start = await crew.tailleur.post('/api/shoe/start', { cards: 312 });
    expect(start.status).to.equal(200);
    expect(start.body.events).to.have.length(1);
    expect(start.body.events[0]).to.include({ type: 'shoe', i: 0, by: 'tailleur', cards: 312 });
    expect(start.body.view.phase).to.equal('burning');
    await crew.server.dealAll(BURN);

    const open = await crew.tailleur.post('/api/bets/open');
    expect(open.status).to.equal(200);
    expect(open.body.events.map((e: { type: string }) => e.type)).to.deep.equal(['open']);
    expect(open.body.view.phase).to.equal('open');

    const bet = await crew.payeur.post('/api/bets', { player: 's3', chance: 'rouge', amount: 10_000 });
    expect(bet.status).to.equal(200);
    expect(bet.body.events[0]).to.include({ type: 'bet', player: 's3', chance: 'rouge', amount: 10_000, by: 'payeur' });
    expect(bet.body.view.stakes).to.deep.include({ player: 's3', chance: 'rouge', amount: 10_000, insured: false, premium: 0 });

    expect((await crew.payeur.post('/api/bets', { player: 's1', chance: 'noir', amount: 5_000, insured: true })).status).to.equal(200);
    expect((await crew.payeur.post('/api/bets', { player: 's2', chance: 'inverse', amount: 2_000 })).status).to.equal(200);
    const insured = await crew.payeur.post('/api/bets/insure', { player: 's2', chance: 'inverse' });
    expect(insured.body.view.stakes.find((s: { player: string }) => s.player === 's2')).to.include({ insured: true, premium: 20 });
    expect((await crew.payeur.post('/api/bets', { player: 's4', chance: 'couleur', amount: 1_000 })).status).to.equal(200);
    const withdrawn = await crew.payeur.post('/api/bets/withdraw', { player: 's4', chance: 'couleur' });
    expect(withdrawn.body.view.stakes.map((s: { player: string }) => s.player)).to.deep.equal(['s3', 's1', 's2']);

    const close = await crew.tailleur.post('/api/bets/close');
    expect(close.body.view.phase).to.equal('closed');
    await crew.server.dealAll(coupCards(ROUGE_ET_COULEUR));

    const table = await crew.tailleur.get('/api/table');
    expect(table.body.view.awaitingConfirm).to.equal(1);
    expect(table.body.view.coup.call).to.equal(ROUGE_ET_COULEUR.call);

    const confirm = await crew.tailleur.post('/api/coups/1/confirm');
    expect(confirm.status).to.equal(200);
    expect(confirm.body.events[0]).to.include({ type: 'confirm', coup: 1, call: ROUGE_ET_COULEUR.call, by: 'tailleur' });
    const coup = confirm.body.view.coup;
    expect(coup).to.include({ coup: 1, status: 'confirmed', call: ROUGE_ET_COULEUR.call });
    expect(coup.confirmed.by).to.equal('tailleur');
    const outcome = (player: string) => coup.settlement.find((r: { player: string }) => r.player === player);
    expect(outcome('s3')).to.include({ outcome: 'win', paid: 10_000, net: 10_000 });
    expect(outcome('s1')).to.include({ outcome: 'lose', collected: 5_000, premium: 50 });
    expect(outcome('s2')).to.include({ outcome: 'lose', collected: 2_000, premium: 20 });
    expect(coup.totals.table).to.deep.equal({ paid: 10_000, collected: 7_000, returned: 0, premium: 70, bank: -2_930 });
    expect(confirm.body.view.awaitingConfirm).to.equal(null);
  });

  it('lets the crew.tailleur void the card just drawn, then deals on', async () => {
    await startAndBurn();
    await crew.tailleur.post('/api/bets/open');
    await crew.server.deal('KH');
    const voided = await crew.tailleur.post('/api/cards/6/void', { reason: 'floor' });
    expect(voided.status).to.equal(200);
    expect(voided.body.events[0]).to.include({ type: 'void', seq: 6, reason: 'floor', by: 'tailleur' });
    expect(voided.body.view.voidable).to.equal(null);
    expect(voided.body.view.alerts.at(-1)).to.include({ kind: 'void', seq: 6 });
  });

  it("records a dispute by the crew.tailleur and the chef's ruling on it", async () => {
    await startAndBurn();
    await crew.server.dealAll(coupCards(ROUGE_ET_COULEUR));
    const dispute = await crew.tailleur.post('/api/coups/1/dispute', { announced: 'Rouge perd et couleur' });
    expect(dispute.status).to.equal(200);
    expect(dispute.body.view.disputes[0]).to.include({ coup: 1, status: 'disputed' });
    const ruling = await crew.chef.post('/api/coups/1/resolve', { ruling: 'cards', reason: 'the cards on the layout decide' });
    expect(ruling.status).to.equal(200);
    expect(ruling.body.events[0]).to.include({ type: 'resolve', coup: 1, ruling: 'cards', by: 'chef' });
    expect(ruling.body.view.coup.status).to.equal('resolved');
    expect(ruling.body.view.disputes).to.deep.equal([]);
  });

  it("records the payeur's prison choice after a 31 après", async () => {
    await startAndBurn();
    await crew.tailleur.post('/api/bets/open');
    await crew.payeur.post('/api/bets', { player: 's5', chance: 'noir', amount: 10_000 });
    await crew.server.dealAll(coupCards(UN_APRES));
    expect((await crew.tailleur.post('/api/coups/1/confirm')).body.view.prison).to.deep.equal([
      { id: '13-s5-noir', player: 's5', chance: 'noir', amount: 10_000, level: 1, choosable: true, coup: 1 },
    ]);
    const move = await crew.payeur.post('/api/prison/choice', { player: 's5', chance: 'noir', action: 'move', to: 'rouge' });
    expect(move.status).to.equal(200);
    expect(move.body.events[0]).to.include({ type: 'choice', action: 'move', to: 'rouge', by: 'payeur' });
    expect(move.body.view.prison[0]).to.include({ chance: 'rouge', level: 1 });
    // one choice per 31 après: the stake moved, the choice is spent
    expect(move.body.view.prison[0]).to.include({ choosable: false, chosen: 'move' });
    const split = await crew.payeur.post('/api/prison/choice', { player: 's5', chance: 'rouge', action: 'partager' });
    expect(split.status).to.equal(409);
    expect(split.body.error).to.equal('CHOICE_NOT_OPEN');
  });

  it('lets the crew.chef suspend the shoe, then a new shoe starts', async () => {
    await startAndBurn();
    const suspend = await crew.chef.post('/api/shoe/suspend', { reason: 'cards marked' });
    expect(suspend.status).to.equal(200);
    expect(suspend.body.events[0]).to.include({ type: 'end', reason: 'suspended', note: 'cards marked', by: 'chef' });
    expect(suspend.body.view.phase).to.equal('ended');
    expect(crew.server.logs.some((l) => l.command === 'shoe.suspend' && l.outcome === 'stored' && l.user === 'chef')).to.equal(true);
    const next = await crew.tailleur.post('/api/shoe/start');
    expect(next.status).to.equal(200);
    expect(next.body.view.shoe).not.to.equal(suspend.body.view.shoe);
  });

  it('answers 404 to a simulated deal when the table has no simulator', async () => {
    await startAndBurn();
    const r = await crew.tailleur.post('/api/sim/deal');
    expect(r.status).to.equal(404);
    expect(r.body.error).to.equal('NOT_FOUND');
    // asked beforehand, so the tailleur's screen shows no pull button on a table with a real shuffler (outsider pass 10)
    const asked = await crew.tailleur.get('/api/sim');
    expect(asked.status).to.equal(200);
    expect(asked.body).to.deep.equal({ simulator: false });
  });
});

describe('HTTP: the demo simulator', () => {
  it('pulls one card per request, then says when there is none', async () => {
    const pile = ['AH'];
    const simulator = {
      deal: () => {
        const card = pile.shift();
        if (card === undefined) return false;
        void server.deal(card);
        return true;
      },
    };
    const server = await startServer({ simulator });
    try {
      const tailleur = await server.as('tailleur');
      expect((await tailleur.get('/api/sim')).body).to.deep.equal({ simulator: true });
      await tailleur.post('/api/shoe/start');
      const dealt = await tailleur.post('/api/sim/deal');
      expect(dealt.status).to.equal(200);
      expect(dealt.body.dealt).to.equal(true);
      await until(() => server.table.state().lastSeq === 1, 'the card to be stored');
      expect((await tailleur.post('/api/sim/deal')).body.dealt).to.equal(false);
    } finally {
      await server.close();
    }
  });
});
