/**
 * Letting the chef's "withdraw the held suspension?" question go, by Esc or
 * Cancel, says the suspension stays held, with the focus back on "Withdraw the
 * suspension". Esc closed it without a word and an outsider could not tell
 * whether the suspension had gone (outsider pass 18).
 */
import { expect } from 'chai';
import type { Locator } from 'playwright-core';
import { screenshot } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';
import { until } from '../support/until.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;

/** Whether `el` has the focus inside its shadow root. */
const focused = (el: Locator) => el.evaluate((e) => (e.getRootNode() as ShadowRoot).activeElement === e);

describe('dashboard: the chef’s withdrawal question let go says the suspension stays (Chromium, real server, seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('chef-unhold-kept-said');

  it('says "not withdrawn" after Esc and after Cancel, in English and Italian, and drops it when asked again', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    await (await t.table.as('chef')).post('/api/shoe/suspend', { reason: 'marked cards' });
    const chef = await t.page('chef');
    const form = chef.locator('tq-suspend-form');
    const withdraw = form.locator('button[data-action=unhold]');
    const kept = form.locator('[data-unhold-kept]');
    await withdraw.waitFor();

    await withdraw.click();
    await form.locator('[data-unhold-yes]').waitFor();
    await chef.keyboard.press('Escape');
    expect(await textOf(kept)).to.equal('Not withdrawn: the suspension stays held');
    await until(() => focused(withdraw), 'the focus back on “Withdraw the suspension”');
    expect((await t.tailleur.get('/api/table')).view.held).to.include({ reason: 'suspended' });
    await screenshot(chef, 'chef-unhold-kept-said');

    await withdraw.click();
    await form.locator('[data-unhold-yes]').waitFor();
    expect(await kept.count(), 'the word goes when asked again').to.equal(0);
    await chef.locator('tq-app button[data-lang=it]').click();
    await form.locator('[data-unhold-cancel]').click();
    expect(await textOf(kept)).to.equal('Non ritirata: la sospensione resta in attesa');
    await until(() => focused(withdraw), 'the focus back on “Ritira la sospensione”');
  });
});
