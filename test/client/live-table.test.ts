/**
 * The live table a crew can trust, in Chromium against the real server and
 * simulator. Every test has a table of its own (fresh-table.ts), so they pass
 * in any order. The coups come from the seeded shoe (test/support/seeded-deal.ts):
 * seed 7's coup 1 is Noir 33, Rouge 32, "Rouge gagne, la couleur perd"; seed
 * 6's coup 1 is a 31 après ("Un après"), its coup 2 "Rouge gagne, la couleur perd".
 */
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { closeAll, freshTable } from './support/fresh-table.ts';
import { dealOnToSecondCall } from './support/play-coups.ts';
import { textOf, waitCount, waitText } from './support/wait.ts';
import { until } from '../support/until.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const SEED_7_COUP_1 = seededDeal(7, 1).coups[0]!;
const SEED_6 = seededDeal(6, 2);
const [SEED_6_COUP_1, SEED_6_COUP_2] = [SEED_6.coups[0]!, SEED_6.coups[1]!];

/** Controls whose text or value does not fit, and anything that scrolls sideways, through every shadow root. */
async function truncated(page: Page): Promise<string[]> {
  // a string, not a function: the test runner's transform would name the function's inner arrows with a helper the page lacks
  return page.evaluate(`(() => {
    const out = [];
    const visit = (root) => {
      for (const h of Array.from(root.querySelectorAll('*'))) {
        if (h.shadowRoot) visit(h.shadowRoot);
        if (!h.offsetParent && h.tagName !== 'BODY') continue;
        const style = getComputedStyle(h);
        const control = ['INPUT', 'SELECT', 'BUTTON'].includes(h.tagName);
        const scrolls = ['auto', 'scroll', 'hidden'].includes(style.overflowX);
        if ((control || scrolls) && h.scrollWidth > h.clientWidth + 1 && h.getAttribute('type') !== 'checkbox') {
          out.push(h.tagName.toLowerCase() + '.' + h.className + ' "' + (h.textContent || h.value || '').trim().slice(0, 30) + '" ' + h.scrollWidth + '>' + h.clientWidth);
        }
      }
    };
    visit(document);
    if (document.documentElement.scrollWidth > window.innerWidth) out.push('page ' + document.documentElement.scrollWidth + '>' + window.innerWidth);
    return out;
  })()`);
}

describe('the live table the crew can trust (Chromium, real server and simulator)', function () {
  this.timeout(120_000);
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  afterEach(async function () {
    await closeAll(this.currentTest?.state === 'failed' ? `live-${this.currentTest.title}` : null);
  });
  after(async () => {
    await browser?.close();
  });

  it('shows a settlement greyed "do not pay" until its call is confirmed, "disputed" while disputed, and an annulled coup without gold', async () => {
    const t = await freshTable(browser, 7);
    const payeur = await t.page('payeur', 'tablet');
    const crew = await t.table.as('payeur');
    await t.ready();
    await crew.post('/api/bets', { player: 's1', chance: 'rouge', amount: 10_000 });
    await crew.post('/api/bets', { player: 's2', chance: 'noir', amount: 5_000 });
    await dealCards(t.tailleur, cardsIn(SEED_7_COUP_1));
    const settlement = payeur.locator('tq-settlement [data-standing]');
    await until(async () => (await settlement.getAttribute('data-standing')) === 'provisional', 'a provisional settlement');
    expect(await textOf(payeur.locator('tq-payeur tq-standing .standing'))).to.contain('Do not pay: awaiting confirmation');
    await screenshot(payeur, 'live-payeur-provisional');

    await t.tailleur.post('/api/coups/1/dispute', { announced: 'Noir gagne' });
    await until(async () => (await settlement.getAttribute('data-standing')) === 'disputed', 'a disputed settlement');
    expect(await textOf(payeur.locator('tq-payeur tq-standing .standing'))).to.contain('Disputed: do not pay');

    const chef = await t.table.as('chef');
    await chef.post('/api/coups/1/resolve', { ruling: 'annul', reason: 'cards misplaced' });
    await until(async () => (await settlement.getAttribute('data-standing')) === 'annulled', 'an annulled settlement');
    expect(await payeur.locator('tq-settlement .chance.won').count()).to.equal(0);
    expect(await textOf(payeur.locator('tq-call [data-status]'))).to.equal('annulled');
    expect(await payeur.locator('tq-call .waiting').count()).to.equal(0); // never "Dealing…" for a coup that is over
    expect(await payeur.locator('tq-call .call.annulled').count()).to.equal(1);
    await screenshot(payeur, 'live-payeur-annulled');

    await t.tailleur.post('/api/bets/open');
    await crew.post('/api/bets', { player: 's1', chance: 'rouge', amount: 10_000 });
    expect(scriptErrors(payeur)).to.deep.equal([]);
  });

  it("flags a stake over the maximum before it is placed, confirms an addition's new total, and asks once before a withdrawal", async () => {
    const t = await freshTable(browser, 6);
    const payeur = await t.page('payeur', 'tablet');
    await t.ready();
    await payeur.locator('tq-table-status [data-phase=open]').waitFor();
    const entry = payeur.locator('tq-stake-entry');
    await entry.locator('input[name=player]').fill('s1');
    await entry.locator('input[name=amount]').fill('6000');
    await waitText(entry.locator('[data-over-max]'), '6,000.00 plays 5,000.00, 1,000.00 is returned');
    expect(await payeur.locator('tq-stakes tr[data-stake]').count()).to.equal(0); // said before, not placed
    await entry.locator('input[name=amount]').fill('100');
    await entry.locator('input[name=amount]').press('Enter');
    await waitText(payeur.locator('tq-stakes tr[data-stake="s1:rouge"] td.num'), '100.00');
    await entry.locator('input[name=player]').fill('s1');
    await entry.locator('input[name=amount]').fill('4950');
    await entry.locator('input[name=amount]').press('Enter');
    await waitText(entry.locator('[data-add-confirm]'), 's1 already has 100.00 on Rouge: the stake becomes 5,050.00');
    await waitText(entry.locator('[data-over-max]'), '5,050.00 plays 5,000.00, 50.00 is returned');
    await screenshot(payeur, 'live-payeur-add-over-max');
    expect(await truncated(payeur)).to.deep.equal([]); // the payeur's tablet, 1024×768: no field cut
    expect(await textOf(payeur.locator('tq-stakes tr[data-stake="s1:rouge"] td.num'))).to.equal('100.00');
    await entry.locator('input[name=amount]').press('Enter');
    await waitText(payeur.locator('tq-stakes tr[data-stake="s1:rouge"] td.num'), '5,050.00');

    await payeur.locator('tq-stakes tr[data-stake="s1:rouge"] button[data-withdraw]').click();
    await waitText(payeur.locator('tq-stakes [data-withdraw-ask]'), 'Withdraw 5,050.00 of s1 on Rouge?');
    expect(await payeur.locator('tq-stakes tr[data-stake]').count()).to.equal(1);
    await payeur.locator('tq-stakes button[data-withdraw-yes]').click();
    await waitCount(payeur.locator('tq-stakes tr[data-stake]'), 0);

    // closed bets: placing is disabled, and so are the stakes' buttons
    await entry.locator('input[name=player]').fill('s2');
    await entry.locator('input[name=amount]').fill('100');
    await t.tailleur.post('/api/bets/close');
    await entry.locator('button[type=submit][disabled]').waitFor();
  });

  it('makes a 31 après unmistakable on every screen, signals the prison choice at the top, and marks the choice made', async () => {
    const t = await freshTable(browser, 6);
    const [payeur, tailleur, chef] = [await t.page('payeur', 'tablet'), await t.page('tailleur'), await t.page('chef')];
    const crew = await t.table.as('payeur');
    await t.ready();
    await crew.post('/api/bets', { player: 's1', chance: 'rouge', amount: 10_000, insured: true });
    await crew.post('/api/bets', { player: 's2', chance: 'noir', amount: 20_000 });
    await crew.post('/api/bets', { player: 's3', chance: 'couleur', amount: 5_000 });
    await dealCards(t.tailleur, cardsIn(SEED_6_COUP_1));
    for (const p of [payeur, tailleur, chef]) await waitText(p.locator('tq-call [data-apres31]'), '31 après: prison');
    // no choice can be made before the call stands: the banner says what they wait for, as the rows do
    await waitText(payeur.locator('[data-prison-waiting]'), '2 prison choices wait for the call to be confirmed');
    expect(await textOf(payeur.locator('[data-prison-waiting]'))).to.not.contain('wait for the payeur');
    await screenshot(tailleur, 'live-tailleur-31-apres');
    await screenshot(payeur, 'live-payeur-31-apres-waiting');
    // A prison choice waits for the call (docs/rules.md#prison-choice): no buttons until the tailleur confirms.
    await payeur.locator('tq-prison tr[data-prison="s2:noir"] [data-waits-for-call]').waitFor();
    expect(await payeur.locator('tq-prison button[data-choice]').count()).to.equal(0);
    await t.tailleur.post('/api/coups/1/confirm');
    await waitText(payeur.locator('[data-prison-waiting]'), '2 prison choices wait for the payeur');
    // nothing is won on a 31 après: not "Confirmed: pay" (outsider pass 7)
    await waitText(
      payeur.locator('tq-payeur tq-standing .standing'),
      'Confirmed: nothing is won; the prison choices are open (partager gives half back) · Coup 1',
    );

    await payeur.locator('tq-prison tr[data-prison="s2:noir"] select[data-move-to]').selectOption('inverse');
    await payeur.locator('tq-prison tr[data-prison="s2:noir"] button[data-choice=move]').click();
    await payeur.locator('tq-prison [data-choice-yes]').click(); // a prison choice asks first
    await payeur.locator('tq-prison tr[data-prison="s2:inverse"] [data-chosen=move]').waitFor();
    expect(await payeur.locator('tq-prison tr[data-prison="s2:inverse"] button').count()).to.equal(0); // one choice per 31 après
    await payeur.locator('tq-prison tr[data-prison="s3:couleur"] button[data-choice=leave]').click(); // Leave moves nothing: not asked
    await payeur.locator('tq-prison tr[data-prison="s3:couleur"] [data-chosen=leave]').waitFor();
    await waitCount(payeur.locator('[data-prison-waiting]'), 0);
    expect(await textOf(payeur.locator('tq-prison tr[data-prison="s2:inverse"] [data-level]'))).to.equal('1');

    // the insured stake stood: carried to the next coup, its insurance not renewed
    await t.tailleur.post('/api/bets/open');
    await payeur.locator('tq-stakes tr[data-stake="s1:rouge"] [data-carried]').waitFor();
    await payeur.locator('tq-stakes tr[data-stake="s1:rouge"] [data-not-renewed]').waitFor();
    // said over the stakes, with one button to insure it again (outside crew pass 43, F2)
    await waitText(
      payeur.locator('tq-stakes [data-lapsed]'),
      'Insured on the last coup, carried uninsured (insurance is bought per coup): s1 Rouge Insure it again',
    );
    await screenshot(payeur, 'live-payeur-carried', true);
    // its buttons inside the stakes' panel at 1024×768, carried and lapsed badges and all (outside crew pass 44, F3)
    const list = (await payeur.locator('tq-stakes').boundingBox())!;
    const withdraw = (await payeur.locator('tq-stakes tr[data-stake="s1:rouge"] [data-withdraw]').boundingBox())!;
    expect(withdraw.x + withdraw.width, 'Withdraw inside the stakes list').to.be.at.most(list.x + list.width);
    await payeur.locator('tq-stakes [data-renew-all]').dblclick();
    await waitCount(payeur.locator('tq-stakes [data-lapsed]'), 0);
    await waitText(payeur.locator('tq-stakes tr[data-stake="s1:rouge"] [data-premium]'), '1.00');
    const insured = (await t.tailleur.get('/api/table')).view.stakes.filter((s: { insured?: boolean }) => s.insured);
    expect(insured.map((s: { player: string; chance: string }) => `${s.player}:${s.chance}`)).to.deep.equal(['s1:rouge']);
    expect(await payeur.locator('tq-stakes [role=alert]').count(), 'the double click insured once, with no refusal').to.equal(0);
  });

  it("keeps the shoe's history on the payeur's, tailleur's and chef's pages: last coups, seat balances, stakes per chance", async () => {
    const t = await freshTable(browser, 6);
    const [payeur, tailleur] = [await t.page('payeur', 'tablet'), await t.page('tailleur', 'portrait')];
    const crew = await t.table.as('payeur');
    await t.ready();
    await crew.post('/api/bets', { player: 's1', chance: 'rouge', amount: 10_000, insured: true });
    await crew.post('/api/bets', { player: 's2', chance: 'rouge', amount: 2_500 });
    await waitText(payeur.locator('tq-stakes [data-stake-total=rouge]'), '125.00');
    await dealCards(t.tailleur, cardsIn(SEED_6_COUP_1));
    await t.tailleur.post('/api/coups/1/confirm');
    await t.tailleur.post('/api/bets/open');
    await crew.post('/api/bets', { player: 's3', chance: 'noir', amount: 1_000 });
    await dealCards(t.tailleur, cardsIn(SEED_6_COUP_2)); // Rouge wins; not confirmed yet
    await payeur.locator('tq-history tr[data-coup="2"][data-standing=provisional]').waitFor();
    await payeur.locator('tq-history tr[data-coup="1"][data-standing=payable]').waitFor();
    // s1: premium 1.00 at the 31 après, then 100.00 won (not confirmed yet); s3 loses 10.00 (not confirmed yet)
    await waitText(payeur.locator('tq-history tr[data-balance=s1] [data-net]'), '-1.00');
    await waitText(payeur.locator('tq-history tr[data-balance=s1] [data-provisional]'), '+100.00');
    await waitText(payeur.locator('tq-history tr[data-balance=s3] [data-provisional]'), '-10.00');
    await tailleur.locator('tq-history tr[data-coup="2"]').waitFor();
    const chef = await t.page('chef');
    await chef.locator('tq-history tr[data-coup="2"][data-standing=provisional]').waitFor();
    await waitText(chef.locator('tq-history tr[data-balance=s1] [data-net]'), '-1.00');
    await screenshot(payeur, 'live-payeur-history', true);
    await screenshot(tailleur, 'live-tailleur-history', true);
    await screenshot(chef, 'live-chef-history', true);
  });

  it('tells the tailleur how many calls wait and which to confirm first, alerts a card out of turn, and keeps the actions in reach on a portrait tablet', async () => {
    const t = await freshTable(browser, 7);
    const tailleur = await t.page('tailleur', 'portrait');
    await t.ready();
    await dealCards(t.tailleur, cardsIn(SEED_7_COUP_1)); // coup 1 complete, its call waits
    await tailleur.locator('button[data-action=open][disabled]').waitFor(); // no "faites vos jeux" while a call waits
    // the shuffler deals on: coup 2 starts before its bets were opened, and completes with coup 1 still unconfirmed
    await dealOnToSecondCall(t.tailleur);
    await waitText(tailleur.locator('[data-pending-calls="2"]'), '2 calls wait for confirmation: confirm them in order');
    await waitText(tailleur.locator('button[data-action=confirm]'), 'Confirm coup 1 (1 / 2)');
    await tailleur.locator('tq-alert-banner [data-alert=out-of-turn]').waitFor();
    expect(await textOf(tailleur.locator('tq-alert-banner [data-alert=out-of-turn]'))).to.contain('before the bets were opened');
    await screenshot(tailleur, 'live-tailleur-portrait-two-calls');
    for (const action of ['confirm', 'dispute', 'open', 'close', 'void', 'pull']) {
      const box = await tailleur.locator(`button[data-action=${action}]`).boundingBox();
      expect(box, action).to.not.equal(null);
      expect(box!.y + box!.height, `${action} button within the screen`).to.be.at.most(1024);
    }
    expect(await truncated(tailleur)).to.deep.equal([]);
    await tailleur.keyboard.press('Enter');
    await waitText(tailleur.locator('button[data-action=confirm]'), 'Confirm coup 2');
    expect(await textOf(tailleur.locator('button[data-action=confirm]'))).to.not.contain('1 / 2');
  });

  it("keeps the chef's annulment while the dispute is open (no card pulled), and clears a dispute's banner once he has ruled", async () => {
    const t = await freshTable(browser, 7);
    const [chef, tailleur] = [await t.page('chef'), await t.page('tailleur')];
    await t.ready();
    await dealCards(t.tailleur, cardsIn(SEED_7_COUP_1));
    await t.tailleur.post('/api/coups/1/dispute', { announced: 'Rouge perd et couleur' });
    const card = chef.locator('tq-dispute-card [data-dispute="1"]');
    await card.locator('input[value=annul]').waitFor();
    await tailleur.locator('tq-alert-banner [data-alert=dispute]').waitFor();
    // No card while the dispute is open (docs/rules.md#dispute-no-pull): the pull is refused, the button disabled with why, the annulment stays.
    const pulled = await t.tailleur.post('/api/sim/deal').then(
      () => 'pulled',
      (e: Error) => e.message,
    );
    expect(pulled).to.contain('409').and.to.contain('DISPUTE_OPEN');
    await tailleur.locator('tq-tailleur [data-pull-blocked="1"]').waitFor();
    expect(await card.locator('input[value=annul]').count()).to.equal(1);
    await waitCount(tailleur.locator('tq-alert-banner .band'), 1);
    await screenshot(chef, 'live-chef-dispute-open', true);
    await screenshot(tailleur, 'live-tailleur-pull-blocked');

    await card.locator('textarea[name=reason]').fill('Cards checked: Rouge 32 wins');
    await card.locator('button[type=submit]').click();
    await waitCount(chef.locator('tq-dispute-card'), 0);
    await waitCount(tailleur.locator('tq-alert-banner [data-alert=dispute]'), 0);
    await waitCount(tailleur.locator('tq-alert-banner [data-alert-count]'), 0);
    await waitCount(tailleur.locator('tq-tailleur [data-pull-blocked]'), 0);
  });

  it('says the server cannot be reached and disables the actions instead of showing "connected"', async () => {
    const t = await freshTable(browser, 7);
    const tailleur = await t.page('tailleur');
    await t.ready();
    await tailleur.locator('tq-table-status [data-line=up]').waitFor();
    await tailleur.locator('button[data-action=pull]:not([disabled])').waitFor();
    await t.table.stop();
    await tailleur.locator('tq-table-status [data-offline]').waitFor();
    expect(await tailleur.locator('tq-table-status [data-line=up]').count()).to.equal(0);
    for (const action of ['confirm', 'open', 'close', 'void', 'pull']) await tailleur.locator(`button[data-action=${action}][disabled]`).waitFor();
    await screenshot(tailleur, 'live-tailleur-offline');
  });

  it('gives a log opened from a file a neutral "no hash chain" label, tells the live shoe from the replayed one, and explains every scoreboard mark', async () => {
    const t = await freshTable(browser, 7);
    const page = await t.page('surveillance');
    await page.locator('tq-table-status [data-mode=live]').waitFor();
    await waitText(page.locator('tq-table-status [data-mode=live]'), /^Live · /);
    // stepped back in the shoe in play, the bar is the table now, later than the replay (outsider pass 9)
    await t.ready(); // the burn and the bets opened: events to step back through
    await until(async () => (await t.tailleur.get('/api/table')).view.phase === 'open', 'the bets open');
    await waitText(page.locator('tq-timeline [data-position]'), /^Event (\d+) of \1$/);
    await page.keyboard.press('Home');
    await waitText(page.locator('tq-table-status [data-mode=live]'), /^At the table now, later than the replay · /);
    await page.keyboard.press('End');
    await waitText(page.locator('tq-table-status [data-mode=live]'), /^Live · /);
    await page.locator('input[data-open-log]').setInputFiles(new URL('../../fixtures/four-31-apres-forced-split.jsonl', import.meta.url).pathname);
    await page.locator('tq-integrity [data-integrity=no-chain]').waitFor();
    expect(await page.locator('tq-integrity [data-integrity=bad]').count()).to.equal(0);
    await waitText(page.locator('tq-table-status [data-mode=replay]'), /Replay · file/);
    // the bar over a replay of another shoe says it is the table now, not that shoe's header (outsider pass 8)
    await waitText(page.locator('tq-table-status [data-mode=live]'), /At the table now, not the shoe replayed/);
    expect(await page.locator('tq-table-status[apart]').count()).to.equal(1);
    await page.keyboard.press('End');
    const legend = page.locator('tq-scoreboard [data-legend] li');
    await waitCount(legend.first(), 1);
    expect(await legend.count()).to.equal(3);
    expect(await textOf(legend.nth(2)))
      .to.contain('31: a 31 après')
      .and.to.contain('that many après in a row');
    const size = await legend.first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).to.be.at.least(14);
    await screenshot(page, 'live-surveillance-file', true);
  });

  it("says a new shoe has started and how the last one ended, without the old shoe's alerts, and deals it", async () => {
    const t = await freshTable(browser, 7);
    const tailleur = await t.page('tailleur', 'portrait');
    await dealCards(t.tailleur, 6, { outOfTurn: true }); // card 6 comes before the bets were opened: an alert of this shoe
    await tailleur.locator('tq-alert-banner [data-alert=out-of-turn]').waitFor();
    const chef = await t.table.as('chef');
    await chef.post('/api/shoe/suspend', { reason: 'shuffler door opened' });
    await tailleur.locator('tq-alert-banner [data-alert=suspended]').first().waitFor();
    await tailleur.locator('button[data-action=start]').click();
    await tailleur.locator('button[data-start-yes]').click(); // asked first (outsider pass 13)
    await waitText(tailleur.locator('tq-alert-banner [data-alert=new-shoe]'), /New shoe .* was suspended/);
    await waitCount(tailleur.locator('tq-alert-banner [data-alert=out-of-turn]'), 0);
    await waitCount(tailleur.locator('tq-alert-banner [data-alert=suspended]'), 0);
    await tailleur.keyboard.press('n');
    await tailleur.locator('tq-table-status [data-phase=burning]').waitFor();
    await until(async () => (await t.tailleur.get('/api/table')).view.lastSeq === 1, 'the first card of the new shoe');
    await screenshot(tailleur, 'live-tailleur-new-shoe');
    expect(scriptErrors(tailleur)).to.deep.equal([]);
  });
});
