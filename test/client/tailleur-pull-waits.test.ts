/**
 * Between coups the server refuses a pull until the bets are open
 * (server/http/pull-outcome.ts); the tailleur's "pull a card" button says so
 * beforehand, disabled with the reason, as during a dispute. An outsider
 * pressed it seven times at the start of a shoe for seven refusals. Seed 7,
 * cards from the seeded shoe (test/support/seeded-deal.ts).
 */
import { expect } from 'chai';
import { screenshot } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';
import { until } from '../support/until.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;

describe('dashboard: the tailleur’s pull button between coups (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('tailleur-pull-waits');

  it('is disabled with its reason until the bets are open, then enabled', async () => {
    const t = await tables.open(7);
    await t.ready();
    const page = await t.page('tailleur');
    const pull = page.locator('tq-tailleur button[data-action=pull]');
    await page.locator('tq-tailleur button[data-action=pull]:not([disabled])').waitFor();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    await waitText(page.locator('tq-tailleur [data-pull-waits]'), /^confirm the call of coup 1/);
    expect(await pull.isDisabled()).to.equal(true);
    await t.tailleur.post('/api/coups/1/confirm');
    await waitText(page.locator('tq-tailleur [data-pull-waits]'), /^open the bets first/);
    expect(await pull.isDisabled()).to.equal(true);
    await t.tailleur.post('/api/bets/open');
    await page.locator('tq-tailleur button[data-action=pull]:not([disabled])').waitFor();
    expect(await page.locator('tq-tailleur [data-pull-waits]').count()).to.equal(0);
  });
});

describe('dashboard: the tailleur’s refused pull and held end (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('tailleur-pull-refusal-goes');

  it('takes a refused pull’s "confirm the call" away once the call is confirmed on another screen', async () => {
    const t = await tables.open(7);
    await t.ready();
    const page = await t.page('tailleur');
    await dealCards(t.tailleur, cardsIn(COUP_1));
    await waitText(page.locator('tq-tailleur [data-pull-waits]'), /^confirm the call of coup 1/);
    await page.keyboard.press('n');
    const refusal = page.locator('tq-tailleur [role=alert]', { hasText: 'confirm the call of coup 1' });
    await refusal.waitFor();
    await t.tailleur.post('/api/coups/1/confirm'); // the call confirmed from another tailleur screen
    await waitText(page.locator('tq-tailleur [data-pull-waits]'), /^open the bets first/);
    await refusal.waitFor({ state: 'detached', timeout: 5000 });
  });

  it('says the shoe ends after the call when a suspension waits for it, not "then open the bets"', async () => {
    const t = await tables.open(7);
    await t.ready();
    const page = await t.page('tailleur');
    await dealCards(t.tailleur, cardsIn(COUP_1));
    await (await t.table.as('chef')).post('/api/shoe/suspend', { reason: 'shuffler door opened' });
    const hint = page.locator('tq-tailleur [data-pull-waits]');
    const said = await waitText(hint, /the shoe then ends/);
    expect(said).to.match(/^confirm the call of coup 1 \(or dispute it\): the shoe then ends \(Suspension asked by chef \(shuffler door opened\)/);
    expect(said).not.to.include('open the bets');
  });

  it('starts the next shoe with S once the shoe has ended, asked first: Enter starts it, Esc does not', async () => {
    const t = await tables.open(7);
    const page = await t.page('tailleur');
    const before = (await t.tailleur.get('/api/table')).view.shoe as string;
    await (await t.table.as('chef')).post('/api/shoe/suspend', { reason: 'marked cards' });
    await page.locator('tq-tailleur button[data-action=start]').waitFor();
    expect(await page.locator('tq-tailleur button[data-action=start] kbd').textContent()).to.equal('S');
    // a stray S asks, and Esc lets it go: one key press after a shoe ended started the next (outsider pass 13)
    await page.keyboard.press('s');
    await waitText(page.locator('tq-tailleur [data-start-ask]'), /^Start a new shoe\?/);
    expect(await page.locator('tq-tailleur [data-start-yes]').evaluate((b) => b.matches(':focus'))).to.equal(true);
    await screenshot(page, 'tailleur-start-ask');
    await page.keyboard.press('Escape');
    await page.locator('tq-tailleur [data-start-ask]').waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    expect((await t.tailleur.get('/api/table')).view.shoe, 'no new shoe on Esc').to.equal(before);
    expect(await page.locator('tq-tailleur button[data-action=start]').evaluate((b) => b.matches(':focus')), 'back on the button').to.equal(true);
    await page.keyboard.press('s');
    await page.locator('tq-tailleur [data-start-ask]').waitFor();
    await page.keyboard.press('Enter');
    await until(async () => (await t.tailleur.get('/api/table')).view.shoe !== before, 'a new shoe', 5000);
    expect((await t.tailleur.get('/api/table')).view.phase).to.equal('burning');
  });
});
