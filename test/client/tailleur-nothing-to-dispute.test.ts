/**
 * D with cards on the table and no call waiting says so. An outsider playing
 * tailleur pressed D while coup 1 was being dealt: nothing happened and
 * nothing was said. The words go once a call can be disputed. Seed 7, cards
 * from the seeded shoe. V with no card to void says so too.
 */
import { expect } from 'chai';
import { screenshot, scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf, waitText } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;

describe('dashboard: the tailleur’s D with no call to dispute (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('tailleur-nothing-to-dispute');

  for (const [lang, words] of [
    ['en', 'No call to dispute'],
    ['it', 'Nessun annuncio da contestare'],
  ] as const) {
    it(`says “${words}” while the coup is being dealt (${lang}), and no longer once its call waits`, async () => {
      const t = await tables.open(7);
      await t.ready();
      await dealCards(t.tailleur, 2); // coup 1 under way, no call yet
      const page = await t.page('tailleur');
      await page.locator(`tq-app button[data-lang=${lang}]`).click();
      await page.locator('#live-rows tq-card').nth(1).waitFor();
      await page.keyboard.press('d');
      const notice = page.locator('tq-tailleur [data-notice]');
      await notice.waitFor();
      expect(await textOf(notice)).to.equal(words);
      await screenshot(page, `tailleur-no-call-to-dispute-${lang}`);
      expect(await notice.getAttribute('role')).to.equal('status');
      expect(await page.locator('tq-dispute-dialog dialog[open]').count()).to.equal(0);

      await dealCards(t.tailleur, cardsIn(COUP_1) - 2);
      await waitText(page.locator('#live-call [data-call]'), COUP_1.call);
      await notice.waitFor({ state: 'detached' });
      expect(scriptErrors(page)).to.deep.equal([]);
    });
  }

  // V after a confirmed coup did nothing and said nothing (outside crew pass 45, F5)
  it('says “No card to void” on V once the coup is confirmed, and no longer once a card can be voided', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    await t.tailleur.post('/api/coups/1/confirm');
    const page = await t.page('tailleur');
    await waitText(page.locator('#live-call [data-call]'), COUP_1.call);
    await page.keyboard.press('v');
    const notice = page.locator('tq-tailleur [data-notice]');
    await waitText(notice, 'No card to void: only the card just drawn, before its call is confirmed');
    expect(await page.locator('tq-void-dialog dialog[open]').count()).to.equal(0);
    await t.tailleur.post('/api/bets/open');
    await dealCards(t.tailleur, 1);
    await notice.waitFor({ state: 'detached' });
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  // Enter and O pressed with the dispute dialog up did nothing and said nothing (outside crew pass 48)
  it('says in the open dispute dialog that the page keys wait for it, and Enter there confirms nothing', async () => {
    const t = await tables.open(7);
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    const page = await t.page('tailleur');
    await waitText(page.locator('#live-call [data-call]'), COUP_1.call);
    await page.keyboard.press('d');
    await page.locator('tq-dispute-dialog dialog[open]').waitFor();
    const said = page.locator('tq-dispute-dialog [data-keys-wait]');
    expect(await said.count()).to.equal(0);
    await page.keyboard.press('Enter');
    await waitText(said, 'Choose the call announced (1–5), or Esc to close it: the other keys wait until it is closed');
    await page.keyboard.press('o');
    await screenshot(page, 'tailleur-dispute-keys-wait');
    expect((await t.tailleur.get('/api/table')).view.pendingCalls, 'Enter confirmed the call behind the dialog').to.equal(1);
    // the number of the call the cards say: no dispute, and said so (outside crew pass 50)
    const cardsSayKey = (await page.locator('tq-dispute-dialog button:has([data-cards-say]) kbd').textContent())!;
    await page.keyboard.press(cardsSayKey);
    await waitText(
      page.locator('tq-dispute-dialog [data-cards-say-key]'),
      'That is the call the cards say: a dispute names the call announced when it was another. Confirm it instead (Esc, then Enter)',
    );
    expect((await t.tailleur.get('/api/table')).view.disputes, 'no dispute sent').to.deep.equal([]);
    await page.keyboard.press('Escape');
    await page.locator('tq-dispute-dialog dialog[open]').waitFor({ state: 'detached' });
    // opened again, it starts without the words
    await page.keyboard.press('d');
    await page
      .locator('tq-dispute-dialog dialog[open]')
      .waitFor()
      .catch(async (e: Error) => {
        // once in ~30 CI runs D did not open it again: say what the page showed instead
        const shown = await page.locator('tq-tailleur').evaluate((el) => {
          let focus = document.activeElement;
          while (focus?.shadowRoot?.activeElement) focus = focus.shadowRoot.activeElement;
          return {
            notice: el.shadowRoot?.querySelector('[data-notice]')?.textContent ?? null,
            error: el.shadowRoot?.querySelector('[role=alert]')?.textContent ?? null,
            focus: focus?.tagName ?? null,
            busy: (el as unknown as { busy: boolean }).busy,
          };
        });
        throw new Error(`${e.message}\nthe page showed ${JSON.stringify(shown)}`);
      });
    expect(await said.count()).to.equal(0);
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
