/**
 * The chef de table reloads the page in the middle of a ruling. An outsider
 * chose "Annul the coup", typed the reason, reloaded: the choice and the reason
 * were gone, "The cards stand" chosen again, and the red dispute band did not
 * come back (the page counted its alert as already seen). The draft survives
 * the reload (client/dispute-draft.ts) and goes once ruled; the band is read
 * from the table's open disputes. Seed 7, cards from the seeded shoe.
 */
import { expect } from 'chai';
import { CALLS } from '../../client/french.ts';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf, waitCount, waitText } from './support/wait.ts';
import { until } from '../support/until.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;
const ANNOUNCED = CALLS.find((c) => c !== COUP_1.call)!;
const REASON = 'Card 7 seen face up on the layout';

describe('dashboard: the chef’s ruling across a reload (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('chef-dispute-reload');

  it('keeps the chosen ruling and its reason, and the dispute band, after a reload; forgets the draft once ruled', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    const chef = await t.page('chef');
    await t.tailleur.post('/api/coups/1/dispute', { announced: ANNOUNCED });
    const card = chef.locator('tq-dispute-card [data-dispute="1"]');
    await card.waitFor();
    await card.locator('input[value=annul]').check();
    // Resolve without a reason: said in words, and the box to type it in takes the focus (outside crew pass 52)
    await card.locator('button[data-resolve]').click();
    await waitText(card, 'Type the reason for the ruling in the box above');
    await until(() => card.locator('textarea[name=reason]').evaluate((el) => el.matches(':focus')), 'the reason box focused');
    await card.locator('textarea[name=reason]').fill(REASON);

    await chef.reload();
    await card.waitFor();
    expect(await card.locator('input[value=annul]').isChecked()).to.equal(true);
    expect(await card.locator('input[value=cards]').isChecked()).to.equal(false);
    expect(await card.locator('textarea[name=reason]').inputValue()).to.equal(REASON);
    // the dispute is still up in red, though its alert was seen before the reload
    const band = chef.locator('tq-alert-banner .band[data-open-dispute="1"]');
    await band.waitFor();
    expect(await textOf(band)).to.contain(`«${ANNOUNCED}»`);

    // an annulment is asked first, yes focused: Esc keeps the dispute open, Enter on yes annuls (outsider pass 14)
    await card.locator('button[data-resolve]').click();
    const yes = card.locator('button[data-annul-yes]');
    await yes.waitFor();
    expect(await textOf(card.locator('[data-annul-ask] span'))).to.match(/^Annul coup 1\? Every stake goes back to its player/);
    expect(await yes.evaluate((b) => b.matches(':focus')), 'yes focused').to.equal(true);
    await chef.keyboard.press('Escape');
    await card.locator('[data-annul-ask]').waitFor({ state: 'detached' });
    await chef.waitForTimeout(300);
    expect((await t.tailleur.get('/api/table')).view.disputes, 'Esc ruled nothing').to.have.length(1);
    await card.locator('button[data-resolve]').click();
    await yes.waitFor();
    await chef.keyboard.press('Enter');
    await waitCount(chef.locator('tq-dispute-card'), 0);
    await waitCount(band, 0);
    const { view } = await t.tailleur.get('/api/table');
    expect(view.recent.find((c: { coup: number }) => c.coup === 1)).to.have.nested.property('resolution.ruling', 'annul');
    const drafts = await chef.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('tq.dispute-draft:')));
    expect(drafts).to.deep.equal([]);
    expect(scriptErrors(chef)).to.deep.equal([]);
  });

  it('shows the open dispute once when it arrives while the page is open', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    const chef = await t.page('chef');
    await chef.locator('tq-table-status').waitFor();
    await t.tailleur.post('/api/coups/1/dispute', { announced: ANNOUNCED });
    await chef.locator('tq-dispute-card [data-dispute="1"]').waitFor();
    await chef.locator('tq-alert-banner .band[data-open-dispute="1"]').waitFor();
    await screenshot(chef, 'chef-dispute-band');
    // the new dispute's own flashing alert gives way to the band: one band, not two
    expect(await chef.locator('tq-alert-banner .band[data-alert=dispute]').count()).to.equal(1);
  });
});
