/**
 * Surveillance in Chromium against the real table server: a shoe is played
 * and stored (simulator seed 6: burn JS 8H 4S 2C 9S; coup 1 Noir 5C KH AC AS
 * 4C KS = 31, Rouge 4S TS AC 8S 2H 6C = 31, "Un après"; coup 2 Noir 4C 9H QS
 * 5S 2H 5H = 35, Rouge 3D 2D KH 3S JH 5S = 33, "Rouge gagne, la couleur
 * perd"), then replayed from the shoe list to chosen cards, each step showing
 * the state the server computed at that point.
 */
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { until } from '../support/until.ts';
import { dealCards, type DemoTable } from './support/demo-table.ts';
import { loginAs } from './support/login.ts';
import { textOf, waitCount, waitText } from './support/wait.ts';
import { browserSuite } from './support/browser-suite.ts';

describe('dashboard: surveillance replay (Chromium, real server, simulator seed 6)', function () {
  this.timeout(120_000);
  let browser: Browser;
  let table: DemoTable;
  let page: Page;
  let shoe: string;

  const suite = browserSuite('surveillance', 6, () => page);
  before(async () => {
    ({ browser, table } = suite);
    const tailleur = await table.as('tailleur');
    const payeur = await table.as('payeur');
    await dealCards(tailleur, 5);
    await tailleur.post('/api/bets/open');
    await payeur.post('/api/bets', { player: 's1', chance: 'rouge', amount: 10000, insured: true });
    await payeur.post('/api/bets', { player: 's2', chance: 'noir', amount: 20000 });
    await tailleur.post('/api/bets/close');
    await dealCards(tailleur, 12);
    await tailleur.post('/api/coups/1/confirm');
    await payeur.post('/api/prison/choice', { player: 's2', chance: 'noir', action: 'partager' });
    await tailleur.post('/api/bets/open');
    await payeur.post('/api/bets', { player: 's3', chance: 'inverse', amount: 5000 });
    await tailleur.post('/api/bets/close');
    await dealCards(tailleur, 12);
    const done = await tailleur.post('/api/coups/2/confirm');
    shoe = done.view.shoe;
    page = await openPage(browser);
    await loginAs(page, table.url, 'surveillance');
  });

  const step = () => textOf(page.locator('tq-replay [data-step-event]'));
  const rowCards = (name: string) => page.locator(`tq-replay tq-rows [data-row=${name}] tq-card`);

  it('lists the stored shoe by table and date, opens it at its last event with a verified integrity badge', async () => {
    await page.locator(`tq-shoe-list button[data-shoe="${shoe}"]`).click();
    await page.locator('tq-integrity [data-integrity=ok]').waitFor();
    await waitText(page.locator('tq-replay [data-step-event]'), 'Call of coup 2 confirmed « Rouge gagne, la couleur perd »');
    expect(await textOf(page.locator('tq-shoe-list h3'))).to.equal('Table T1');
  });

  it('steps card by card from the start to card 9 and shows the table as it was then', async () => {
    await page.keyboard.press('Home');
    await waitText(page.locator('tq-replay [data-step-event]'), 'New shoe at table T1');
    for (let seq = 1; seq <= 9; seq++) {
      await page.keyboard.press('ArrowRight');
      await waitText(page.locator('tq-replay [data-step-event]'), `Card ${seq}:`);
    }
    expect(await step()).to.match(/Card 9: A ♠ — by shuffler at/);
    await waitCount(rowCards('noir'), 4);
    expect(await rowCards('noir').evaluateAll((cards) => cards.map((c) => c.getAttribute('card')))).to.deep.equal(['5C', 'KH', 'AC', 'AS']);
    expect(await textOf(page.locator('tq-replay [data-total=noir]'))).to.equal('17');
    await waitCount(rowCards('rouge'), 0);
    // the bets as they stood, closed before the first card
    await waitCount(page.locator('tq-replay tq-stakes tr[data-stake]'), 2);
    expect(await textOf(page.locator('tq-replay tq-stakes tr[data-stake="s1:rouge"]')))
      .to.contain('100.00')
      .and.to.contain('1.00');
    expect(await textOf(page.locator('tq-replay tq-activity li.current'))).to.contain('Card 9');
    await screenshot(page, 'surveillance-card-9');
  });

  it('at the last card of coup 1 shows the 31 après and its settlement, the partager after it', async () => {
    for (let seq = 10; seq <= 17; seq++) {
      await page.keyboard.press('ArrowRight');
      await waitText(page.locator('tq-replay [data-step-event]'), `Card ${seq}:`);
    }
    await waitText(page.locator('tq-replay tq-call [data-call]'), 'Un après');
    await page.locator('tq-replay tq-settlement [data-chance=noir] tr[data-row="s2:prison"]').waitFor();
    await page.locator('tq-replay tq-settlement [data-chance=rouge] tr[data-row="s1:push"]').waitFor();
    expect(await textOf(page.locator('tq-replay tq-settlement [data-table-total=premium]'))).to.equal('1.00');
    await waitCount(page.locator('tq-replay tq-prison tr[data-prison]'), 1);
    // event by event (Shift →) past the confirmation to the payeur's partager
    for (let k = 0; k < 2; k++) await page.keyboard.press('Shift+ArrowRight');
    await waitText(page.locator('tq-replay [data-step-event]'), 'Prison s2 on Noir: partager');
    await page.locator('tq-replay tq-settlement [data-chance=noir] tr[data-row="s2:partager"]').waitFor();
    expect(await textOf(page.locator('tq-replay tq-settlement [data-table-total=collected]'))).to.equal('100.00');
    expect(await textOf(page.locator('tq-replay tq-settlement [data-table-total=returned]'))).to.equal('100.00');
    await waitCount(page.locator('tq-replay tq-prison tr[data-prison]'), 0);
  });

  it('plays to the end and shows the scoreboard, the deck check, the frequencies and working exports', async () => {
    await page.locator('tq-timeline select').selectOption('8');
    await page.locator('tq-timeline [data-step=play]').click();
    await waitText(page.locator('tq-replay [data-step-event]'), 'Card 29:', 15_000);
    await until(async () => (await page.locator('tq-timeline [data-step=play]').getAttribute('aria-label')) === 'play / pause', 'the end of play');
    await page.keyboard.press('End');
    await waitText(page.locator('tq-replay [data-step-event]'), 'Call of coup 2 confirmed');
    expect(await page.locator('tq-scoreboard [data-road="Rouge / Noir"] .cell').evaluateAll((c) => c.map((x) => x.getAttribute('data-kind')))).to.deep.equal([
      'none',
      'rouge',
    ]);
    expect(
      await page.locator('tq-scoreboard [data-road="Couleur / Inverse"] .cell').evaluateAll((c) => c.map((x) => x.getAttribute('data-kind'))),
    ).to.deep.equal(['none', 'inverse']);
    expect(await textOf(page.locator('tq-deck-check td[data-card="4S"]'))).to.equal('2'); // seq 3, burnt, and seq 12
    expect(await textOf(page.locator('tq-deck-check td[data-card="AC"]'))).to.equal('2'); // seq 8 and 14
    expect(await textOf(page.locator('tq-frequencies tr[data-freq=apres31]')))
      .to.contain('50.00 %')
      .and.to.contain('2.19 %');
    for (const kind of ['log', 'csv', 'html']) {
      const href = await page.locator(`tq-replay a[data-export=${kind}]`).getAttribute('href');
      const res = await page.request.get(new URL(href!, table.url).href);
      expect(res.status(), `${kind} export`).to.equal(200);
    }
    await screenshot(page, 'surveillance-end', true);
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
