/**
 * A human double click (two clicks ~200 ms apart at one spot) or Enter pressed
 * twice acts once: the row or call that took the first one's place under the
 * pointer is not acted on (client/components/moved-target-guard.ts). The
 * payeur's prison on seed 831, whose coup 4 is 31 après (read from the seeded
 * shoe): s4 on Inverse and s5 on Noir both go to prison, each with its row.
 * The tailleur on seed 7 with coups 1 and 2 dealt before either is confirmed.
 */
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { playCoups } from './support/play-coups.ts';
import { textOf, waitCount, waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';
import { until } from '../support/until.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Two clicks at the centre of where `button` is now, `gap` ms apart: what a hand does, whatever moved meanwhile. */
async function doubleClick(page: Page, button: Locator, gap: number): Promise<void> {
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.click(x, y);
  await sleep(gap);
  await page.mouse.click(x, y);
}

describe('dashboard: a double click acts on the target it was aimed at only (Chromium)', function () {
  this.timeout(180_000);
  const tables = freshTables('moved-target-guard');

  it('payeur: partager clicked twice at 220 ms splits the first row’s stake, not the next seat’s that moved up', async () => {
    const COUPS = seededDeal(831, 4).coups;
    expect(COUPS[3]!.call).to.equal('Un après');
    const t = await tables.open(831);
    const payeur = await t.table.as('payeur');
    await t.ready();
    await playCoups(t, payeur, COUPS, {
      3: [
        ['s4', 'inverse', 4_000],
        ['s5', 'noir', 1_500],
      ],
    });
    const page = await t.page('payeur');
    const rows = page.locator('tq-prison tr[data-stake]');
    await waitCount(rows, 2);
    const first = (await rows.nth(0).getAttribute('data-prison'))!;
    const second = (await rows.nth(1).getAttribute('data-prison'))!;
    // partager asks first; the double click on its yes answers it, and its second click must not reach the row moved up
    await rows.nth(0).locator('button[data-choice=partager]').click();
    await doubleClick(page, rows.nth(0).locator('[data-choice-yes]'), 220);
    await until(async () => (await rows.count()) < 2, 'the first row to go');
    await sleep(1_000);
    const { view } = await t.tailleur.get('/api/table');
    // the first row's stake went back split; the second seat's stake is in prison as it was, its choice still to make
    expect(view.prison.map((p: { player: string; chance: string }) => `${p.player}:${p.chance}`)).to.deep.equal([second]);
    expect(view.prison[0].chosen).to.equal(undefined);
    expect([first, second].sort()).to.deep.equal(['s4:inverse', 's5:noir']);
    expect(await page.locator('tq-prison [role=alert]').count()).to.equal(0);
    await page.screenshot({ path: '/tmp/g17/prison-after-double.png' });
    // a deliberate click once the row settled acts normally
    await rows.nth(0).locator('button[data-choice=partager]').click();
    await rows.nth(0).locator('[data-choice-yes]').click();
    await waitCount(rows, 0);
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('payeur: a fast double click on partager shows no refusal after the stake was split', async () => {
    const COUPS = seededDeal(831, 4).coups;
    const t = await tables.open(831);
    const payeur = await t.table.as('payeur');
    await t.ready();
    await playCoups(t, payeur, COUPS, { 3: [['s4', 'inverse', 4_000]] });
    const page = await t.page('payeur');
    const rows = page.locator('tq-prison tr[data-stake]');
    await waitCount(rows, 1);
    await rows.nth(0).locator('button[data-choice=partager]').click();
    await doubleClick(page, rows.nth(0).locator('[data-choice-yes]'), 5);
    await waitCount(rows, 0);
    await sleep(800);
    expect(await page.locator('tq-prison [role=alert]').count()).to.equal(0);
  });

  /** A tailleur page with the calls of coups 1 to 3 waiting, dealt before any is confirmed. */
  async function threeCalls() {
    const DEAL = seededDeal(7, 3).coups;
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(DEAL[0]!) + cardsIn(DEAL[1]!) + cardsIn(DEAL[2]!), { outOfTurn: true });
    const page = await t.page('tailleur');
    const confirm = page.locator('tq-tailleur [data-action=confirm]');
    await waitText(confirm, 'coup 1');
    const awaiting = async () => (await t.tailleur.get('/api/table')).view.awaitingConfirm as number | null;
    return { page, confirm, awaiting };
  }

  it('tailleur: confirm clicked twice at 200 ms confirms coup 1 only, and a click once coup 2 settled confirms it', async () => {
    const { page, confirm, awaiting } = await threeCalls();
    await doubleClick(page, confirm, 200);
    await until(async () => !(await textOf(confirm)).includes('coup 1'), 'coup 1 confirmed');
    await page.screenshot({ path: '/tmp/g17/tailleur-after-double.png' });
    await sleep(1_000);
    expect(await awaiting()).to.equal(2);
    await confirm.click();
    await until(async () => (await awaiting()) === 3, 'coup 2 confirmed');
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('tailleur: Enter pressed twice confirms coup 1 only, and an Enter once coup 2 settled confirms it', async () => {
    const { page, confirm, awaiting } = await threeCalls();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await until(async () => !(await textOf(confirm)).includes('coup 1'), 'coup 1 confirmed');
    await sleep(1_000);
    expect(await awaiting()).to.equal(2);
    await page.keyboard.press('Enter');
    await until(async () => (await awaiting()) === 3, 'coup 2 confirmed');
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
