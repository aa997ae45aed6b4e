/**
 * What every dashboard shares, in Chromium against the real server: login by
 * role (a wrong PIN is refused as a wrong user or PIN), the language
 * switch (Italian / English, calls stay French), each role's page at tablet
 * size without sideways scrolling, and the offline banner while the server is
 * down (after a restart the sessions are gone, so the crew logs in again).
 */
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards, startDemo, type DemoTable } from './support/demo-table.ts';
import { loginAs } from './support/login.ts';
import { textOf, waitText } from './support/wait.ts';
import { browserSuite } from './support/browser-suite.ts';
import { until } from '../support/until.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;

describe('dashboards: login, language, tablet, offline (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  let browser: Browser;
  let table: DemoTable;
  let page: Page;

  const suite = browserSuite('shell', 7, () => page);
  before(async () => {
    ({ browser, table } = suite);
    const tailleur = await table.as('tailleur');
    await dealCards(tailleur, 5);
    await tailleur.post('/api/bets/open');
    await (await table.as('payeur')).post('/api/bets', { player: 's1', chance: 'rouge', amount: 10000, insured: true });
    await dealCards(tailleur, cardsIn(COUP_1));
  });

  it('refuses a wrong PIN as a wrong user or PIN, then logs in; logging out is how a role is switched', async () => {
    page = await openPage(browser);
    await page.goto(table.url);
    await page.locator('tq-app button[data-lang=en]').click();
    await page.locator('tq-login button[data-role=payeur]').click();
    await page.locator('tq-login input[name=pin]').fill('9999');
    await page.keyboard.press('Enter');
    await page.locator('tq-login [role=alert]').waitFor();
    // the form's own refusal, not the "log in first" of a request without a session
    expect(await textOf(page.locator('tq-login [role=alert]'))).to.equal('Wrong user or PIN');
    await screenshot(page, 'login-refused');
    await page.locator('tq-login input[name=pin]').fill('2222');
    await page.keyboard.press('Enter');
    await page.locator('tq-app [data-who=payeur]').waitFor();
    await page.locator('tq-app button[data-action=logout]').click();
    await page.locator('tq-login').waitFor();
    await loginAs(page, table.url, 'tailleur');
    await page.locator('tq-tailleur').waitFor();
  });

  afterEach(async () => {
    await page?.context().close();
  });

  /** A page of this test's own, logged in as the tailleur. */
  const tailleurPage = async () => {
    page = await openPage(browser);
    await loginAs(page, table.url, 'tailleur');
  };

  it('switches the interface between Italian and English; the call stays in French', async () => {
    await tailleurPage();
    await waitText(page.locator('#live-call [data-call]'), COUP_1.call);
    await page.locator('tq-app button[data-lang=it]').click();
    await waitText(page.locator('tq-tailleur button[data-action=confirm]'), 'Conferma colpo 1');
    expect(await textOf(page.locator('tq-table-status [data-phase]'))).to.equal('Puntate non aperte');
    expect(await textOf(page.locator('#live-call [data-call]'))).to.equal(COUP_1.call);
    await screenshot(page, 'tailleur-italian');
    await page.locator('tq-app button[data-lang=en]').click();
    await waitText(page.locator('tq-tailleur button[data-action=confirm]'), 'Confirm coup 1');
  });

  for (const role of ['tailleur', 'payeur', 'chef', 'surveillance'] as const) {
    it(`lays out the ${role}'s page on a tablet (768×1024) without sideways scrolling`, async () => {
      const tablet = await openPage(browser, 'tablet');
      await tablet.setViewportSize({ width: 768, height: 1024 });
      await loginAs(tablet, table.url, role);
      if (role === 'surveillance') await tablet.locator('tq-shoe-list button[data-shoe]').first().click();
      await tablet.locator('tq-table-status [data-phase]').waitFor();
      // The page settles as its data arrives: wait until it fits, failing if it never does.
      const measure = () => tablet.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
      await until(
        async () => {
          const { scroll, width } = await measure();
          return scroll <= width;
        },
        `the ${role}'s page to fit 768 px`,
        5000,
      ).catch(() => undefined);
      const { scroll, width } = await measure();
      await screenshot(tablet, `tablet-${role}`);
      expect(scroll, 'page width').to.be.at.most(width);
      expect(scriptErrors(tablet)).to.deep.equal([]);
      await tablet.context().close();
    });
  }

  it('shows the offline banner while the server is down; after its restart the crew carries on, still logged in (sessions survive a restart)', async () => {
    await tailleurPage();
    await page
      .locator('tq-offline-banner[offline]')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    expect(await page.locator('tq-offline-banner[offline]').count()).to.equal(0);
    // on line, the banner's words are not in the page's text either (outside crew pass 48 read them there)
    expect(await page.locator('tq-offline-banner [data-offline]').textContent()).to.equal('');
    await table.stop();
    await page.locator('tq-offline-banner[offline]').waitFor();
    expect(await page.locator('tq-offline-banner [data-offline]').textContent()).to.not.equal('');
    await screenshot(page, 'offline-banner');
    // a call confirmed while the server is down: refused, nothing sent; the words go once it answers again (outside crew pass 50)
    await page.keyboard.press('Enter');
    const unreachable = page.locator('tq-tailleur [data-error][data-code=OFFLINE]');
    await waitText(unreachable, 'The server cannot be reached: nothing was sent.');
    table = suite.table = await startDemo(7, { port: table.port, data: table.data }); // the suite closes the restarted table
    await page.locator('tq-offline-banner[offline]').waitFor({ state: 'detached', timeout: 20_000 });
    await unreachable.waitFor({ state: 'detached', timeout: 5_000 });
    await page.locator('tq-tailleur button[data-action=confirm]').waitFor();
    expect(await page.locator('tq-login').count(), 'asked to log in again').to.equal(0);
    await waitText(page.locator('#live-call [data-call]'), COUP_1.call);
  });
});
