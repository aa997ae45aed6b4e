/**
 * An end held over a 31 après waits for the prison choices it opened
 * (docs/rules.md#held-end). A suspension held for the call took the players'
 * choice: the confirmation ended the shoe and seven stakes went on to the next
 * shoe as they stood, none offered leave, move or partager (outside crew pass
 * 45). Now the confirmation opens the choices, no bets open for a coup the
 * shoe will not deal, and the last choice writes the end. An empty shoe under
 * the end-of-shoe release does not wait: the release returns every prison
 * stake in full.
 */
import { expect } from 'chai';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { BURN, CHEF, PAYEUR, TAILLEUR, refusal, tableFixture, UN_APRES, type Fixture } from './table-fixture.ts';

describe('TableService: an end held over a 31 après waits for its prison choices', () => {
  let f: Fixture;
  afterEach(() => f.cleanup());

  async function apres31(rules = VENICE_RULES) {
    f = await tableFixture(rules);
    await f.table.startShoe(TAILLEUR);
    await f.deal(BURN);
    await f.table.command({ type: 'open' }, TAILLEUR);
    await f.table.command({ type: 'bet', player: 's3', chance: 'rouge', amount: 10_000 }, PAYEUR);
    await f.table.command({ type: 'bet', player: 's5', chance: 'noir', amount: 4_000 }, PAYEUR);
    await f.deal(UN_APRES);
  }
  const stakeOf = (player: string) => f.table.view().prison.find((p) => p.player === player)!;

  it('opens the choices at the confirmation of the call a suspension waits for, refuses the bets, and ends the shoe at the last choice', async () => {
    await apres31();
    await f.table.command({ type: 'end', reason: 'suspended', note: 'marked cards' }, CHEF);
    await f.table.command({ type: 'confirm', coup: 1 }, TAILLEUR);
    expect(f.table.view().end, 'not ended at the confirmation').to.equal(null);
    expect(f.table.view().held).to.deep.include({ reason: 'suspended', by: 'chef', waitsFor: [], choices: 2 });
    expect(f.table.view().prison.map((p) => p.choosable)).to.deep.equal([true, true]);
    expect((await refusal(f.table.command({ type: 'open' }, TAILLEUR))).code).to.equal('END_HELD');

    await f.table.command({ type: 'choice', player: 's3', chance: 'rouge', action: 'partager', stake: stakeOf('s3').id }, PAYEUR);
    expect(f.table.view().end, 'one choice still open').to.equal(null);
    expect(f.table.view().held?.choices).to.equal(1);
    const events = await f.table.command({ type: 'choice', player: 's5', chance: 'noir', action: 'leave', stake: stakeOf('s5').id }, PAYEUR);
    expect(events.map((e) => e.type)).to.deep.equal(['choice', 'end']);
    expect(f.table.view().end).to.deep.include({ reason: 'suspended', by: 'chef', note: 'marked cards' });
    const rows = f.table.state().coups[0]!.settlement.map((r) => [r.player, r.outcome, r.returned]);
    expect(rows).to.deep.equal([
      ['s3', 'partager', 5_000],
      ['s5', 'prison', 0],
    ]);
    const [first] = await f.table.startShoe(TAILLEUR);
    expect((first as { prison?: unknown }).prison, 'the stake left goes on').to.deep.equal([{ player: 's5', chance: 'noir', amount: 4_000, level: 1 }]);
  });

  it('holds a suspension asked while the choices are open, shows it waiting for them, and writes it at the last', async () => {
    await apres31();
    await f.table.command({ type: 'confirm', coup: 1 }, TAILLEUR);
    const [hold] = await f.table.command({ type: 'end', reason: 'suspended', note: 'inspector' }, CHEF);
    expect(hold).to.include({ type: 'hold', reason: 'suspended' });
    expect(f.table.view().held).to.deep.include({ waitsFor: [], choices: 2 });
    expect((await refusal(f.table.command({ type: 'end', reason: 'suspended', note: 'again' }, CHEF))).code).to.equal('SUSPENSION_PENDING');
    await f.table.command({ type: 'choice', player: 's3', chance: 'rouge', action: 'move', to: 'noir', stake: stakeOf('s3').id }, PAYEUR);
    await f.table.command({ type: 'choice', player: 's5', chance: 'noir', action: 'leave', stake: stakeOf('s5').id }, PAYEUR);
    expect(f.table.view().end).to.deep.include({ reason: 'suspended', note: 'inspector' });
  });

  it('lets the chef withdraw it while the choices wait: the shoe goes on', async () => {
    await apres31();
    await f.table.command({ type: 'confirm', coup: 1 }, TAILLEUR);
    await f.table.command({ type: 'end', reason: 'suspended', note: 'inspector' }, CHEF);
    await f.table.command({ type: 'unhold' }, CHEF);
    await f.table.command({ type: 'choice', player: 's3', chance: 'rouge', action: 'leave', stake: stakeOf('s3').id }, PAYEUR);
    await f.table.command({ type: 'choice', player: 's5', chance: 'noir', action: 'leave', stake: stakeOf('s5').id }, PAYEUR);
    expect(f.table.view().end).to.equal(null);
    await f.table.command({ type: 'open' }, TAILLEUR);
    expect(f.table.view().phase).to.equal('open');
  });

  it('ends an empty shoe at once under the end-of-shoe release, which returns the stakes in full', async () => {
    await apres31();
    await f.table.command({ type: 'confirm', coup: 1 }, TAILLEUR);
    await f.table.shoeEmpty(f.table.lastStoredSeq());
    expect(f.table.view().end).to.deep.include({ reason: 'empty' });
    expect(f.table.view().release.map((r) => [r.player, r.returned])).to.deep.equal([
      ['s3', 10_000],
      ['s5', 4_000],
    ]);
  });

  it('holds an empty shoe without the release for the choices, which decide what goes on', async () => {
    await apres31({ ...VENICE_RULES, endOfShoeRelease: false });
    await f.table.command({ type: 'confirm', coup: 1 }, TAILLEUR);
    await f.table.shoeEmpty(f.table.lastStoredSeq());
    expect(f.table.view().end).to.equal(null);
    expect(f.table.view().held).to.deep.include({ reason: 'empty', choices: 2 });
    await f.table.command({ type: 'choice', player: 's3', chance: 'rouge', action: 'partager', stake: stakeOf('s3').id }, PAYEUR);
    await f.table.command({ type: 'choice', player: 's5', chance: 'noir', action: 'partager', stake: stakeOf('s5').id }, PAYEUR);
    expect(f.table.view().end).to.deep.include({ reason: 'empty' });
    expect(f.table.state().prison).to.deep.equal([]);
  });
});
