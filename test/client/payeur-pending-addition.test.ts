/**
 * An addition to a stake already on the layout waits for the payeur's
 * confirmation (a second Enter). A payeur who moved on before it — another
 * seat, another field, the next coup — saw it vanish without a word, and,
 * chips already pushed onto the stake, thought it recorded (an outsider's
 * pass). It now stays in sight and can still be added until it is cancelled
 * (Esc or its button); another stake entered waits for its answer; once the
 * bets have closed without it, the screen says in so many words that it was
 * not recorded.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot, scriptErrors } from './support/chromium.ts';
import type { FreshTable } from './support/fresh-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { payeurAtOpenBets } from './support/payeur-page.ts';
import { enterStake, typeStake } from './support/stake-keys.ts';
import { textOf, waitCount, waitText } from './support/wait.ts';
import { until } from '../support/until.ts';

type Stake = { player: string; chance: string; amount: number };

const amountOf = async (t: FreshTable, player: string, chance: string) =>
  ((await t.tailleur.get('/api/table')).view.stakes as Stake[]).find((s) => s.player === player && s.chance === chance)?.amount;

describe('dashboard: an addition to a stake on the layout is never dropped unseen (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-pending-addition');

  /** s1 has 100 on Rouge; the payeur asks to add 50 to it and gets the question. */
  async function additionAsked(italian = false): Promise<{ t: FreshTable; page: Page }> {
    const { t, page } = await payeurAtOpenBets(tables, 7, { italian });
    await (await t.table.as('payeur')).post('/api/bets', { player: 's1', chance: 'rouge', amount: 10_000 });
    await page.locator('tq-stakes tr[data-stake="s1:rouge"]').waitFor();
    await enterStake(page, 's1', 'r', '50');
    await page.locator('tq-stake-entry [data-add-confirm]').waitFor();
    return { t, page };
  }

  it('keeps the addition in sight while the payeur types another seat, and adds it on its button', async () => {
    const { t, page } = await additionAsked();
    await typeStake(page, 's2', 'n', '100'); // typed, Enter not pressed
    const waiting = page.locator('tq-stake-entry [data-add-pending="s1:rouge"]');
    await waitText(waiting, 'Not recorded yet: 50.00 more for s1 on Rouge');
    expect(await textOf(waiting)).to.contain('150.00');
    expect(await amountOf(t, 's1', 'rouge'), 'nothing added before it is confirmed').to.equal(10_000);
    await screenshot(page, 'payeur-addition-waiting');
    await waiting.locator('button[data-add-yes]').click();
    await waitText(page.locator('tq-stakes tr[data-stake="s1:rouge"] td.num'), '150.00');
    expect(await amountOf(t, 's1', 'rouge')).to.equal(15_000);
    await waitCount(page.locator('tq-stake-entry [data-add-pending]'), 0);
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  // moving on to another seat listed the addition as not added, and three outsiders' payeurs, chips already on the stake,
  // counted a dropped bet (outside crew passes 45–47): the next stake waits for the addition's answer, still typed
  it('places no other stake while the addition waits: says to answer it first, keeps the stake typed, and places it after Add', async () => {
    const { t, page } = await additionAsked();
    await enterStake(page, 's2', 'n', '100');
    const refusal = page.locator('tq-stake-entry .error[role=alert]');
    await waitText(refusal, /^First answer the addition waiting: 50\.00 more for s1 on Rouge \(Add, or Esc to let it go\)\. s2’s stake is still typed/);
    expect(await amountOf(t, 's2', 'noir'), 's2 not placed yet').to.equal(undefined);
    // typed on, a second stake refused puts the first with the stakes not placed: two stakes vanished (outside crew pass 48)
    const notPlaced = page.locator('tq-stake-entry tq-not-placed [data-not-placed-row]');
    expect(await notPlaced.count(), 'its refusal is the one shown').to.equal(0);
    await enterStake(page, 's3', 'c', '100');
    await waitText(refusal, /s3’s stake is still typed/);
    await waitCount(notPlaced, 1);
    expect(await notPlaced.nth(0).getAttribute('data-not-placed-row')).to.equal('s2:noir');
    await page.locator('tq-stake-entry [data-add-pending="s1:rouge"]').waitFor();
    await screenshot(page, 'payeur-addition-answer-first');
    // the Add button has the focus: Enter adds, and the focus goes back to the fields, where Enter places s2
    await page.keyboard.press('Enter');
    await until(async () => (await amountOf(t, 's1', 'rouge')) === 15_000, 's1 added to', 5000);
    await waitText(page.locator('tq-stake-entry [data-placed]'), 'Placed: s1 · Rouge · 50.00');
    // s3, still typed, is free again: not listed as held for an addition that is answered (outside crew pass 49)
    await page.waitForTimeout(200);
    expect(await notPlaced.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-not-placed-row')))).to.deep.equal(['s2:noir']);
    await page.waitForFunction(() => {
      const entry = document.querySelector('tq-app')?.shadowRoot?.querySelector('tq-payeur')?.shadowRoot?.querySelector('tq-stake-entry');
      return entry?.shadowRoot?.activeElement?.getAttribute('name') === 'player' || entry?.shadowRoot?.activeElement?.id === 'player';
    });
    await page.keyboard.press('Enter');
    await until(async () => (await amountOf(t, 's3', 'couleur')) === 10_000, 's3 placed', 5000);
    expect(await amountOf(t, 's2', 'noir'), 's2 still listed, not placed').to.equal(undefined);
    await waitCount(notPlaced, 1);
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  for (const [italian, said] of [
    [false, 'an addition: asked, and not added (Add was not pressed)'],
    [true, 'un’aggiunta: chiesta, e non aggiunta (Aggiungi non è stato premuto)'],
  ] as const) {
    it(`lists an addition still asked as not added after a reload of the page (${italian ? 'Italian' : 'English'})`, async () => {
      const { t, page } = await additionAsked(italian);
      await page.reload();
      await page.locator('tq-table-status [data-phase=open]').waitFor();
      const rows = page.locator('tq-stake-entry tq-not-placed [data-not-placed-row]');
      await waitCount(rows, 1);
      expect(await textOf(rows.nth(0))).to.contain(said);
      expect(await page.locator('tq-stake-entry [data-add-pending]').count(), 'not asked again').to.equal(0);
      expect(await amountOf(t, 's1', 'rouge')).to.equal(10_000);
      expect(scriptErrors(page)).to.deep.equal([]);
    });
  }

  it('still adds it on a second Enter of the same entry', async () => {
    const { t, page } = await additionAsked();
    await page.keyboard.press('Enter');
    await until(async () => (await amountOf(t, 's1', 'rouge')) === 15_000, 's1 added to', 5000);
    await waitCount(page.locator('tq-stake-entry [data-add-pending]'), 0);
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('lets it go only on Esc, after the payeur clicked elsewhere', async () => {
    const { t, page } = await additionAsked();
    await page.locator('tq-stakes').click();
    await page.locator('tq-stake-entry [data-add-pending="s1:rouge"]').waitFor();
    await page.keyboard.press('Escape');
    await waitCount(page.locator('tq-stake-entry [data-add-pending]'), 0);
    expect(await page.locator('tq-stake-entry [data-add-lost]').count()).to.equal(0);
    expect(await amountOf(t, 's1', 'rouge')).to.equal(10_000);
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  for (const [italian, said] of [
    [false, 'Addition not recorded: 50.00 more for s1 on Rouge'],
    [true, 'Aggiunta non registrata: 50,00 in più per s1 su Rouge'],
  ] as const) {
    it(`says it was not recorded when the bets close before it is confirmed (${italian ? 'Italian' : 'English'})`, async () => {
      const { t, page } = await additionAsked(italian);
      await t.tailleur.post('/api/bets/close');
      const lost = page.locator('tq-stake-entry [data-add-lost="s1:rouge"]');
      await waitText(lost, said);
      expect(await textOf(lost)).to.contain(italian ? '100,00' : '100.00');
      expect(await page.locator('tq-stake-entry [data-add-yes]').count(), 'no longer addable').to.equal(0);
      await screenshot(page, `payeur-addition-lost-${italian ? 'it' : 'en'}`);
      expect(await amountOf(t, 's1', 'rouge')).to.equal(10_000);
      await lost.locator('button[data-add-dismiss]').click();
      await waitCount(page.locator('tq-stake-entry [data-add-lost]'), 0);
      expect(scriptErrors(page)).to.deep.equal([]);
    });
  }
});
