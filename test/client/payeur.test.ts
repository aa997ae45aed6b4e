/**
 * The payeur's screen in Chromium against the real table server, simulator
 * seed 6, whose first coup is a 31 après. Seed 6 deals: burn JS 8H 4S 2C 9S;
 * coup 1 Noir 5C KH AC AS 4C KS = 31, Rouge 4S TS AC 8S 2H 6C = 31: "Un après";
 * coup 2 Noir 4C 9H QS 5S 2H 5H = 35, Rouge 3D 2D KH 3S JH 5S = 33, first Noir
 * card black: Rouge and Inverse win, "Rouge gagne, la couleur perd".
 * The tailleur is driven over HTTP; the payeur types everything on the keyboard.
 */
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards, type Crew, type DemoTable } from './support/demo-table.ts';
import { loginAs } from './support/login.ts';
import { textOf, waitCount, waitText } from './support/wait.ts';
import { browserSuite } from './support/browser-suite.ts';

describe('dashboard: payeur (Chromium, real server, simulator seed 6)', function () {
  this.timeout(120_000);
  let browser: Browser;
  let table: DemoTable;
  let tailleur: Crew;
  let page: Page;

  const suite = browserSuite('payeur', 6, () => page);
  before(async () => {
    ({ browser, table } = suite);
    tailleur = await table.as('tailleur');
    await dealCards(tailleur, 5); // Messieurs les cinq cartes
    await tailleur.post('/api/bets/open');
    page = await openPage(browser);
    await loginAs(page, table.url, 'payeur');
  });

  /** Seat, Tab, chance by its initial, Tab, amount, [Tab, Space], Enter — as the payeur types it. */
  async function stake(player: string, chanceKey: string, amount: string, insured = false, refused = false) {
    await page.keyboard.press('F2');
    await page.keyboard.type(player);
    await page.keyboard.press('Tab');
    await page.keyboard.type(chanceKey);
    await page.keyboard.press('Tab');
    await page.keyboard.type(amount);
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
    await waitText(page.locator('tq-stake-entry [data-error]'), /minimum.*BELOW_MINIMUM/);
    await waitCount(page.locator('tq-stakes tr[data-stake]'), 4);
  });

  it("shows a refusal in Italian when the interface is Italian: by the server's code, not its English sentence", async () => {
    await page.locator('tq-app button[data-lang=it]').click();
    await stake('s9', 'r', '2', false, true);
    await waitText(page.locator('tq-stake-entry [data-error]'), /La puntata è sotto il minimo del tavolo \(BELOW_MINIMUM\)/);
    expect(await textOf(page.locator('tq-stake-entry [data-error]'))).not.to.match(/stake under the table minimum/);
    await page.locator('tq-app button[data-lang=en]').click();
  });

  it('after the 31 après shows each chance’s settlement: insured stake stands, the others go to prison at level 1', async () => {
    await tailleur.post('/api/bets/close');
    await dealCards(tailleur, 12);
    await tailleur.post('/api/coups/1/confirm');
    await waitText(page.locator('tq-call [data-call]'), 'Un après');
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
    await page.locator('tq-prison tr[data-prison="s3:couleur"] button[data-choice=partager]').click();
    await settleRow('couleur', 's3:partager').waitFor();
    const split = await textOf(settleRow('couleur', 's3:partager'));
    expect(split).to.contain('61.72').and.to.contain('61.73'); // half back, the bank keeps the odd cent
    await page.locator('tq-prison tr[data-prison="s2:noir"] select[data-move-to]').selectOption('rouge');
    await page.locator('tq-prison tr[data-prison="s2:noir"] button[data-choice=move]').click();
    await page.locator('tq-prison tr[data-prison="s2:rouge"]').waitFor();
    await page.locator('tq-prison tr[data-prison="s4:inverse"] button[data-choice=leave]').click();
    await waitCount(page.locator('tq-prison tr[data-prison]'), 2);
    expect(await tableTotal('collected')).to.equal('61.73');
    expect(await tableTotal('returned')).to.equal('61.72');
    expect(await tableTotal('bank')).to.equal('62.73');
    await screenshot(page, 'payeur-31-apres-prison', true);
  });

  it('settles the next coup per chance with the right totals: a win, a loss, two prisons released', async () => {
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
    await dealCards(tailleur, 12);
    await waitText(page.locator('tq-call [data-call]'), 'Rouge gagne, la couleur perd');

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
