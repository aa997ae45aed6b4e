/**
 * The payeur's screen in Chromium against the real table server, simulator
 * seed 6, whose first coup is a 31 après and whose second Rouge wins with the
 * first Noir card black (both read from the seeded shoe). The tailleur is
 * driven over HTTP; the payeur types everything on the keyboard. Each test
 * opens its own table and places over HTTP what the tests before it typed.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards, type Crew } from './support/demo-table.ts';
import { freshTables, type FreshTable } from './support/fresh-table.ts';
import { typeStake } from './support/stake-keys.ts';
import { textOf, waitCount, waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const SEED_6 = seededDeal(6, 2);
const COUP_1 = SEED_6.coups[0]!;
const COUP_2 = SEED_6.coups[1]!;

describe('dashboard: payeur (Chromium, real server, simulator seed 6)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur');
  let tailleur: Crew;
  let page: Page;

  /** Seed 6, burnt, bets open; `prepare` brings it further over HTTP; then the payeur's page. */
  async function payeurAt(prepare: (t: FreshTable, payeur: Crew) => Promise<void> = async () => {}): Promise<void> {
    const t = await tables.open(6);
    tailleur = t.tailleur;
    await t.ready();
    await prepare(t, await t.table.as('payeur'));
    page = await t.page('payeur');
  }
  /** The four stakes of the first test, as it types them. */
  const stakesPlaced = async (_: FreshTable, payeur: Crew) => {
    await payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount: 10_000, insured: true });
    await payeur.post('/api/bets', { player: 's2', chance: 'noir', amount: 20_000 });
    await payeur.post('/api/bets', { player: 's3', chance: 'couleur', amount: 12_345 });
    await payeur.post('/api/bets', { player: 's4', chance: 'inverse', amount: 5_000 });
  };
  /** …coup 1 dealt and confirmed: the 31 après. */
  const coupOneSettled = async (t: FreshTable, payeur: Crew) => {
    await stakesPlaced(t, payeur);
    await t.tailleur.post('/api/bets/close');
    await dealCards(t.tailleur, cardsIn(COUP_1));
    await t.tailleur.post('/api/coups/1/confirm');
  };
  /** …and the players' choices of the third test. */
  const choicesMade = async (t: FreshTable, payeur: Crew) => {
    await coupOneSettled(t, payeur);
    await payeur.post('/api/prison/choice', { player: 's3', chance: 'couleur', action: 'partager' });
    await payeur.post('/api/prison/choice', { player: 's2', chance: 'noir', action: 'move', to: 'rouge' });
    await payeur.post('/api/prison/choice', { player: 's4', chance: 'inverse', action: 'leave' });
  };

  /** Seat, Tab, chance by its initial, Tab, amount, [Tab, Space], Enter — as the payeur types it. */
  async function stake(player: string, chanceKey: string, amount: string, insured = false, refused = false) {
    await typeStake(page, player, chanceKey, amount);
    if (insured) {
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
    }
    await page.keyboard.press('Enter');
    if (refused) await page.locator('tq-stake-entry [data-error]').waitFor();
    else await page.locator(`tq-stakes tr[data-stake^="${player}:"]`).first().waitFor();
  }
  const settleRow = (chance: string, key: string) => page.locator(`tq-settlement [data-chance=${chance}] tr[data-row="${key}"]`);
  const chanceTotal = (chance: string, what: string) => textOf(page.locator(`tq-settlement [data-chance=${chance}] [data-total=${what}]`));
  const tableTotal = (what: string) => textOf(page.locator(`tq-settlement [data-table-total=${what}]`));

  it('enters stakes from the keyboard in units, sent as cents, and shows the server’s premium and refusals', async () => {
    await payeurAt();
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    await stake('s1', 'r', '100', true);
    await page.locator('tq-stakes tr[data-stake="s1:rouge"]').waitFor();
    expect(await textOf(page.locator('tq-stakes tr[data-stake="s1:rouge"] [data-premium]'))).to.equal('1.00');
    await stake('s2', 'n', '200');
    await stake('s3', 'c', '123.45');
    await stake('s4', 'i', '50');
    await waitCount(page.locator('tq-stakes tr[data-stake]'), 4);
    expect(await textOf(page.locator('tq-stakes tr[data-stake="s3:couleur"]'))).to.contain('123.45');

    await stake('s9', 'r', '2', false, true); // under the table minimum of 5.00: the server refuses
    await waitText(page.locator('tq-stake-entry [data-error]'), /minimum/);
    // the server's code is kept for support on the box, not in the payeur's text
    expect(await page.locator('tq-stake-entry [data-error]').getAttribute('data-code')).to.equal('BELOW_MINIMUM');
    expect(await textOf(page.locator('tq-stake-entry [data-error]'))).not.to.contain('BELOW_MINIMUM');
    await waitCount(page.locator('tq-stakes tr[data-stake]'), 4);
  });

  it("shows a refusal in Italian when the interface is Italian: by the server's code, not its English sentence", async () => {
    await payeurAt();
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    await page.locator('tq-app button[data-lang=it]').click();
    await stake('s9', 'r', '2', false, true);
    await waitText(page.locator('tq-stake-entry [data-error]'), /^La puntata è sotto il minimo del tavolo$/);
    expect(await page.locator('tq-stake-entry [data-error]').getAttribute('data-code')).to.equal('BELOW_MINIMUM');
    expect(await textOf(page.locator('tq-stake-entry [data-error]'))).not.to.match(/stake under the table minimum/);
    await page.locator('tq-app button[data-lang=en]').click();
    await stake('s8', 'n', '3', false, true);
    await waitText(page.locator('tq-stake-entry [data-error]'), /^The stake is under the table minimum$/);
    expect(await page.locator('tq-stake-entry [data-error]').getAttribute('data-code')).to.equal('BELOW_MINIMUM');
  });

  it('after the 31 après shows each chance’s settlement: insured stake stands, the others go to prison at level 1', async () => {
    await payeurAt(stakesPlaced);
    await tailleur.post('/api/bets/close');
    await dealCards(tailleur, cardsIn(COUP_1));
    await tailleur.post('/api/coups/1/confirm');
    await waitText(page.locator('tq-call [data-call]'), COUP_1.call);
    await settleRow('rouge', 's1:push').waitFor();
    expect(await textOf(settleRow('rouge', 's1:push'))).to.contain('1.00'); // the premium, collected
    for (const [chance, player, amount] of [
      ['noir', 's2', '200.00'],
      ['couleur', 's3', '123.45'],
      ['inverse', 's4', '50.00'],
    ]) {
      const r = settleRow(chance!, `${player}:prison`);
      await r.waitFor();
      expect(await textOf(r))
        .to.contain(amount!)
        .and.to.contain('level 1');
    }
    expect(await tableTotal('premium')).to.equal('1.00');
    expect(await tableTotal('paid')).to.equal('0.00');
    expect(await tableTotal('bank')).to.equal('1.00');
    await waitCount(page.locator('tq-prison tr[data-prison]'), 3);
    expect(await page.locator('tq-prison [data-level="1"]').count()).to.equal(3);
  });

  it('takes the players’ choices: partager, move to another chance, leave', async () => {
    await payeurAt(coupOneSettled);
    await page.locator('tq-prison tr[data-prison="s3:couleur"] button[data-choice=partager]').click();
    await page.locator('tq-prison [data-choice-yes]').click(); // a prison choice asks first
    await settleRow('couleur', 's3:partager').waitFor();
    const split = await textOf(settleRow('couleur', 's3:partager'));
    expect(split).to.contain('61.72').and.to.contain('61.73'); // half back, the bank keeps the odd cent
    await page.locator('tq-prison tr[data-prison="s2:noir"] select[data-move-to]').selectOption('rouge');
    await page.locator('tq-prison tr[data-prison="s2:noir"] button[data-choice=move]').click();
    await page.locator('tq-prison [data-choice-yes]').click(); // a prison choice asks first
    await page.locator('tq-prison tr[data-prison="s2:rouge"]').waitFor();
    await page.locator('tq-prison tr[data-prison="s4:inverse"] button[data-choice=leave]').click(); // Leave moves nothing: not asked
    await waitCount(page.locator('tq-prison tr[data-prison]'), 2);
    expect(await tableTotal('collected')).to.equal('61.73');
    expect(await tableTotal('returned')).to.equal('61.72');
    expect(await tableTotal('bank')).to.equal('62.73');
    await screenshot(page, 'payeur-31-apres-prison', true);
  });

  it('settles the next coup per chance with the right totals: a win, a loss, two prisons released', async () => {
    await payeurAt(choicesMade);
    await tailleur.post('/api/bets/open');
    await page.locator('tq-table-status [data-phase=open]').waitFor();
    // after an après s1's insured stake is free again and still on the table; a further bet adds to it
    expect(await textOf(page.locator('tq-stakes tr[data-stake="s1:rouge"]'))).to.contain('100.00');
    await stake('s1', 'r', '100');
    // adding to a stake says the new total first; a second Enter places it
    await waitText(page.locator('tq-stake-entry [data-add-confirm]'), 'becomes 200.00');
    expect(await textOf(page.locator('tq-stakes tr[data-stake="s1:rouge"] td.num'))).to.equal('100.00');
    await page.keyboard.press('Enter');
    await waitText(page.locator('tq-stakes tr[data-stake="s1:rouge"] td.num'), '200.00');
    await stake('s5', 'n', '100');
    await waitCount(page.locator('tq-stakes tr[data-stake]'), 2);
    await tailleur.post('/api/bets/close');
    await dealCards(tailleur, cardsIn(COUP_2));
    await waitText(page.locator('tq-call [data-call]'), COUP_2.call);

    expect(await textOf(settleRow('rouge', 's1:win'))).to.contain('200.00');
    expect(await textOf(settleRow('rouge', 's2:released'))).to.contain('200.00');
    expect(await textOf(settleRow('noir', 's5:lose'))).to.contain('100.00');
    expect(await textOf(settleRow('inverse', 's4:released'))).to.contain('50.00');
    expect(await chanceTotal('rouge', 'paid')).to.equal('200.00');
    expect(await chanceTotal('rouge', 'returned')).to.equal('200.00');
    expect(await chanceTotal('rouge', 'bank')).to.equal('-200.00');
    expect(await chanceTotal('noir', 'collected')).to.equal('100.00');
    expect(await chanceTotal('inverse', 'returned')).to.equal('50.00');
    expect(await chanceTotal('couleur', 'paid')).to.equal('0.00');
    expect(await tableTotal('paid')).to.equal('200.00');
    expect(await tableTotal('collected')).to.equal('100.00');
    expect(await tableTotal('returned')).to.equal('250.00');
    expect(await tableTotal('premium')).to.equal('0.00');
    expect(await tableTotal('bank')).to.equal('-100.00');
    await waitCount(page.locator('tq-prison tr[data-prison]'), 0);
    await screenshot(page, 'payeur-settlement', true);
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
