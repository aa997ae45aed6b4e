/**
 * Surveillance in Chromium against the real table server: a shoe is played
 * and stored once for the suite (simulator seed 6: coup 1 a 31 après, coup 2
 * "Rouge gagne, la couleur perd", the cards read from the seeded shoe), then
 * replayed from the shoe list to chosen cards, each step showing the state the
 * server computed at that point. The shoe is only read: each test opens its
 * own page on it, so it passes alone and in any order.
 */
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { until } from '../support/until.ts';
import { dealCards, type DemoTable } from './support/demo-table.ts';
import { printed } from '../support/deck.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';
import { loginAs } from './support/login.ts';
import { textOf, waitCount, waitText } from './support/wait.ts';
import { browserSuite } from './support/browser-suite.ts';

const SEED_6 = seededDeal(6, 2);
const [COUP_1, COUP_2] = [SEED_6.coups[0]!, SEED_6.coups[1]!];
/** Noir's cards of coup 1 by card 9 (coup 1 starts at card 6). */
const NOIR_BY_9 = COUP_1.noir.slice(0, 9 - COUP_1.firstSeq + 1);
const LAST_OF_COUP_1 = COUP_1.firstSeq + cardsIn(COUP_1) - 1;
const LAST_CARD = SEED_6.nextSeq - 1;
const count = (card: string) => SEED_6.cards.slice(0, LAST_CARD).filter((c) => c === card).length;

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
    await dealCards(tailleur, cardsIn(COUP_1));
    await tailleur.post('/api/coups/1/confirm');
    await payeur.post('/api/prison/choice', { player: 's2', chance: 'noir', action: 'partager' });
    await tailleur.post('/api/bets/open');
    await payeur.post('/api/bets', { player: 's3', chance: 'inverse', amount: 5000 });
    await tailleur.post('/api/bets/close');
    await dealCards(tailleur, cardsIn(COUP_2));
    const done = await tailleur.post('/api/coups/2/confirm');
    shoe = done.view.shoe;
  });
  /** A page of its own, the shoe opened from the list at its last event. */
  beforeEach(async () => {
    page = await openPage(browser);
    await loginAs(page, table.url, 'surveillance');
    await page.locator(`tq-shoe-list button[data-shoe="${shoe}"]`).click();
    await page.locator('tq-integrity [data-integrity=ok]').waitFor();
    await waitText(page.locator('tq-replay [data-step-event]'), 'Call of coup 2 confirmed');
  });
  afterEach(async () => {
    await page?.context().close();
  });

  const step = () => textOf(page.locator('tq-replay [data-step-event]'));
  /** From the first event (Home), card by card (→) to card `seq`. */
  const stepToCard = async (seq: number) => {
    await page.keyboard.press('Home');
    await waitText(page.locator('tq-replay [data-step-event]'), 'New shoe at table T1');
    for (let k = 1; k <= seq; k++) {
      await page.keyboard.press('ArrowRight');
      await waitText(page.locator('tq-replay [data-step-event]'), `Card ${k}:`);
    }
  };
  const rowCards = (name: string) => page.locator(`tq-replay tq-rows [data-row=${name}] tq-card`);

  it('lists the stored shoe by table and date, opens it at its last event with a verified integrity badge', async () => {
    await waitText(page.locator('tq-replay [data-step-event]'), `Call of coup 2 confirmed «${COUP_2.call}»`);
    expect(await textOf(page.locator('tq-shoe-list h3'))).to.equal('Table T1');
    // its time is a full date: "on", not "at" (Italian "il", not "alle"; outsider pass 26, N1)
    expect(await step()).to.match(/— by tailleur on \d{1,2}\/\d{1,2}\/\d{4}/);
  });

  it('steps card by card from the start to card 9 and shows the table as it was then', async () => {
    await stepToCard(9);
    expect(await step()).to.contain(`Card 9: ${printed(SEED_6.cards[8]!)} — by shuffler on`);
    await waitCount(rowCards('noir'), NOIR_BY_9.length);
    expect(await rowCards('noir').evaluateAll((cards) => cards.map((c) => c.getAttribute('card')))).to.deep.equal(NOIR_BY_9);
    expect(await textOf(page.locator('tq-replay [data-total=noir]'))).to.equal(String(COUP_1.noirTotals[NOIR_BY_9.length - 1]));
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
    await stepToCard(LAST_OF_COUP_1);
    await waitText(page.locator('tq-replay tq-call [data-call]'), COUP_1.call);
    await page.locator('tq-replay tq-settlement [data-chance=noir] tr[data-row="s2:prison"]').waitFor();
    await page.locator('tq-replay tq-settlement [data-chance=rouge] tr[data-row="s1:push"]').waitFor();
    expect(await textOf(page.locator('tq-replay tq-settlement [data-table-total=premium]'))).to.equal('1.00');
    await waitCount(page.locator('tq-replay tq-prison tr[data-prison]'), 1);
    // event by event (Shift →) past the confirmation to the payeur's partager
    for (let k = 0; k < 2; k++) await page.keyboard.press('Shift+ArrowRight');
    await waitText(page.locator('tq-replay [data-step-event]'), 'Prison s2 on Noir: split (partager)');
    await page.locator('tq-replay tq-settlement [data-chance=noir] tr[data-row="s2:partager"]').waitFor();
    expect(await textOf(page.locator('tq-replay tq-settlement [data-table-total=collected]'))).to.equal('100.00');
    expect(await textOf(page.locator('tq-replay tq-settlement [data-table-total=returned]'))).to.equal('100.00');
    await waitCount(page.locator('tq-replay tq-prison tr[data-prison]'), 0);
  });

  it('plays to the end and shows the scoreboard, the deck check, the frequencies and working exports', async () => {
    await stepToCard(LAST_OF_COUP_1);
    await page.locator('tq-timeline select').selectOption('8');
    await page.locator('tq-timeline [data-step=play]').click();
    await waitText(page.locator('tq-replay [data-step-event]'), `Card ${LAST_CARD}:`, 15_000);
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
    for (const card of new Set(SEED_6.cards.slice(0, LAST_CARD))) {
      expect(await textOf(page.locator(`tq-deck-check td[data-card="${card}"]`)), card).to.equal(String(count(card)));
    }
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
