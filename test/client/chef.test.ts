/**
 * The chef de table in Chromium against the real table server (simulator
 * seed 7, whose coup 1 the tests read from the seeded shoe: Noir 33, Rouge 32,
 * first card black — "Rouge gagne, la couleur perd"). The tailleur, on their own screen, disputes the call as
 * "Rouge perd et couleur" (D, then 4); the chef sees both calls side by side
 * with the cards, rules that the cards stand, then suspends the shoe, and the
 * tailleur's screen shows the suspension.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables, type FreshTable } from './support/fresh-table.ts';
import { textOf, waitCount, waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;
const ANNOUNCED = 'Rouge perd et couleur';
const REASON = `Cards checked on the layout: Noir ${COUP_1.noirTotals.at(-1)}, Rouge ${COUP_1.rougeTotals.at(-1)}`;

describe('dashboard: chef de table (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('chef');
  let chef: Page;
  let tailleurPage: Page;

  /** Seed 7 with coup 1 dealt, the chef's and the tailleur's pages open on it. */
  async function coupOneDealt(): Promise<FreshTable> {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    chef = await t.page('chef');
    tailleurPage = await t.page('tailleur');
    return t;
  }
  /** …and the tailleur's dispute of its call (D, then 4) already sent over HTTP. */
  async function coupOneDisputed(): Promise<FreshTable> {
    const t = await coupOneDealt();
    await t.tailleur.post('/api/coups/1/dispute', { announced: ANNOUNCED });
    return t;
  }
  /** …and the chef's ruling that the cards stand. */
  async function coupOneResolved(): Promise<FreshTable> {
    const t = await coupOneDisputed();
    await (await t.table.as('chef')).post('/api/coups/1/resolve', { ruling: 'cards', reason: REASON });
    return t;
  }
  it('the tailleur disputes the call with D and picks what was announced', async () => {
    const t = await coupOneDealt();
    await waitText(tailleurPage.locator('#live-call [data-call]'), COUP_1.call);
    await tailleurPage.keyboard.press('d');
    await tailleurPage.locator('tq-dispute-dialog dialog[open]').waitFor();
    await screenshot(tailleurPage, 'tailleur-dispute-dialog');
    await tailleurPage.keyboard.press('4');
    await tailleurPage.locator('#live-call [data-status=disputed]').waitFor();
    const { view } = await t.tailleur.get('/api/table');
    expect(view.disputes.map((c: { dispute?: { announced: string } }) => c.dispute?.announced)).to.deep.equal([ANNOUNCED]);
  });

  it('shows the dispute with both calls side by side and the cards, and resolves it with a ruling and a reason', async () => {
    await coupOneDisputed();
    const card = chef.locator('tq-dispute-card [data-dispute="1"]');
    await card.waitFor();
    expect(await textOf(card.locator('[data-announced]'))).to.equal(ANNOUNCED);
    expect(await textOf(card.locator('[data-cards-call]'))).to.equal(COUP_1.call);
    await waitCount(card.locator('[data-row=noir] tq-card'), COUP_1.noir.length);
    await waitCount(card.locator('[data-row=rouge] tq-card'), COUP_1.rouge.length);
    expect(await textOf(card.locator('.side.announced .muted'))).to.match(/^by tailleur at \d\d:\d\d:\d\d$/);
    await screenshot(chef, 'chef-dispute', true);

    await card.locator('input[value=cards]').check();
    await card.locator('textarea[name=reason]').fill(REASON);
    await card.locator('button[type=submit]').click();
    await waitCount(chef.locator('tq-dispute-card'), 0);
    await chef.locator('[data-no-disputes]').waitFor();
    await chef.locator('tq-call [data-status=resolved]').waitFor();
    await waitText(chef.locator('tq-call .meta'), /by chef at \d\d:\d\d:\d\d/);
  });

  it('lists who did what and when, the ruling included', async () => {
    await coupOneResolved();
    const resolve = chef.locator('tq-activity li[data-event=resolve]');
    await resolve.waitFor();
    const text = await textOf(resolve);
    expect(text).to.match(/^\d\d:\d\d:\d\d\s*chef\s*Coup 1 ruled by the chef de table: the cards stand — /);
    expect(text.endsWith(REASON), text).to.equal(true);
    expect(await textOf(chef.locator('tq-activity li[data-event=dispute]')))
      .to.contain('tailleur')
      .and.to.contain(`«${ANNOUNCED}»`);
  });

  it('suspends the shoe with a reason, asked twice, and the tailleur sees it', async () => {
    await coupOneResolved();
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
