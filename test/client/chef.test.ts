/**
 * The chef de table in Chromium against the real table server (simulator
 * seed 7: coup 1 is Noir 33, Rouge 32, first card black — "Rouge gagne, la
 * couleur perd"). The tailleur, on their own screen, disputes the call as
 * "Rouge perd et couleur" (D, then 4); the chef sees both calls side by side
 * with the cards, rules that the cards stand, then suspends the shoe, and the
 * tailleur's screen shows the suspension.
 */
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards, type Crew, type DemoTable } from './support/demo-table.ts';
import { loginAs } from './support/login.ts';
import { textOf, waitCount, waitText } from './support/wait.ts';
import { browserSuite } from './support/browser-suite.ts';

describe('dashboard: chef de table (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  let browser: Browser;
  let table: DemoTable;
  let tailleur: Crew;
  let chef: Page;
  let tailleurPage: Page;

  const suite = browserSuite('chef', 7, () => chef);
  before(async () => {
    ({ browser, table } = suite);
    tailleur = await table.as('tailleur');
    chef = await openPage(browser);
    await loginAs(chef, table.url, 'chef');
    tailleurPage = await openPage(browser);
    await loginAs(tailleurPage, table.url, 'tailleur');
    await dealCards(tailleur, 5);
    await tailleur.post('/api/bets/open');
    await dealCards(tailleur, 11);
  });

  it('the tailleur disputes the call with D and picks what was announced', async () => {
    await waitText(tailleurPage.locator('#live-call [data-call]'), 'Rouge gagne, la couleur perd');
    await tailleurPage.keyboard.press('d');
    await tailleurPage.locator('tq-dispute-dialog dialog[open]').waitFor();
    await screenshot(tailleurPage, 'tailleur-dispute-dialog');
    await tailleurPage.keyboard.press('4');
    await tailleurPage.locator('#live-call [data-status=disputed]').waitFor();
  });

  it('shows the dispute with both calls side by side and the cards, and resolves it with a ruling and a reason', async () => {
    const card = chef.locator('tq-dispute-card [data-dispute="1"]');
    await card.waitFor();
    expect(await textOf(card.locator('[data-announced]'))).to.equal('Rouge perd et couleur');
    expect(await textOf(card.locator('[data-cards-call]'))).to.equal('Rouge gagne, la couleur perd');
    await waitCount(card.locator('[data-row=noir] tq-card'), 6);
    await waitCount(card.locator('[data-row=rouge] tq-card'), 5);
    expect(await textOf(card.locator('.side.announced .muted'))).to.match(/^by tailleur at \d\d:\d\d:\d\d$/);
    await screenshot(chef, 'chef-dispute', true);

    await card.locator('input[value=cards]').check();
    await card.locator('textarea[name=reason]').fill('Cards checked on the layout: Noir 33, Rouge 32');
    await card.locator('button[type=submit]').click();
    await waitCount(chef.locator('tq-dispute-card'), 0);
    await chef.locator('[data-no-disputes]').waitFor();
    await chef.locator('tq-call [data-status=resolved]').waitFor();
    await waitText(chef.locator('tq-call .meta'), /by chef at \d\d:\d\d:\d\d/);
  });

  it('lists who did what and when, the ruling included', async () => {
    const resolve = chef.locator('tq-activity li[data-event=resolve]');
    await resolve.waitFor();
    const text = await textOf(resolve);
    expect(text).to.match(/^\d\d:\d\d:\d\d\s*chef\s*Coup 1: The cards stand — Cards checked on the layout: Noir 33, Rouge 32$/);
    expect(await textOf(chef.locator('tq-activity li[data-event=dispute]')))
      .to.contain('tailleur')
      .and.to.contain('« Rouge perd et couleur »');
  });

  it('suspends the shoe with a reason, asked twice, and the tailleur sees it', async () => {
    await chef.locator('tq-suspend-form input[name=suspend-reason]').fill('Shuffler door opened');
    await chef.locator('tq-suspend-form button[data-action=suspend]').click();
    await waitText(chef.locator('tq-suspend-form button[data-action=suspend]'), 'Confirm');
    await chef.locator('tq-suspend-form button[data-action=suspend]').click();
    await tailleurPage.locator('tq-alert-banner [data-alert=suspended]').first().waitFor();
    await chef.locator('tq-table-status [data-phase=ended]').waitFor();
    await screenshot(tailleurPage, 'tailleur-suspended');
    await screenshot(chef, 'chef-after-suspension', true);
    expect(scriptErrors(chef)).to.deep.equal([]);
    expect(scriptErrors(tailleurPage)).to.deep.equal([]);
  });
});
