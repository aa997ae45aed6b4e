/**
 * Two calls waiting (the shuffler dealt on), the older one disputed: it
 * waits for the chef, the newer one for Enter. The tailleur's screen titled
 * that call "still waits for confirmation" and counted it among "2 calls wait
 * for confirmation", though Enter cannot confirm it: it waits for the chef's
 * ruling (docs/rules.md#dispute-no-pull). Seed 7, cards from the seeded shoe
 * (test/support/seeded-deal.ts).
 */
import { expect } from 'chai';
import { CALLS } from '../../client/french.ts';
import { openPage, scriptErrors } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { dealOnToSecondCall } from './support/play-coups.ts';
import { loginAs } from './support/login.ts';
import { textOf } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';
import { until } from '../support/until.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;

describe('dashboard: the tailleur’s disputed call while the next coup is dealt (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('tailleur-disputed-pending');

  /** Coup 1 dealt and left unconfirmed, coup 2 dealt after it, then coup 1 disputed. */
  async function disputedThenNext(t: Awaited<ReturnType<typeof tables.open>>) {
    await t.ready();
    await dealCards(t.tailleur, cardsIn(COUP_1));
    // the shuffler deals on: coup 2 completes with coup 1's call unconfirmed, then the tailleur disputes coup 1
    await dealOnToSecondCall(t.tailleur);
    await t.tailleur.post('/api/coups/1/dispute', { announced: CALLS.find((c) => c !== COUP_1.call)! });
  }

  it('confirms the newer call with Enter while the older one waits for the chef', async () => {
    const t = await tables.open(7);
    await disputedThenNext(t);
    const page = await openPage(tables.browser(), 'table');
    try {
      await loginAs(page, t.table.url, 'tailleur', 'en');
      const confirm = page.locator('tq-tailleur button[data-action=confirm]');
      await until(async () => !(await confirm.isDisabled()), 'the Confirm button enabled for coup 2', 10_000);
      expect(await textOf(confirm)).to.contain('Confirm coup 2');
      await page.keyboard.press('Enter');
      await until(
        async () => {
          const { view } = await t.tailleur.get('/api/table');
          return view.pendingCalls === 1 && view.disputes.length === 1;
        },
        'coup 2 confirmed, coup 1 still disputed',
        10_000,
      );
      const { view } = await t.tailleur.get('/api/table');
      expect(view.disputes.map((d: { coup: number }) => d.coup)).to.deep.equal([1]);
      expect(scriptErrors(page)).to.deep.equal([]);
    } finally {
      await page.context().close();
    }
  });

  for (const [language, disputed, toConfirm] of [
    ['en', 'Coup 1: its call is disputed, waiting for the chef de table’s ruling', 'waits for confirmation'],
    ['it', 'Colpo 1: l’annuncio è contestato, attende la decisione del capo tavolo', 'attende ancora conferma'],
  ] as const) {
    it(`names the older call disputed, not to confirm, and does not count it among the calls to confirm (${language})`, async () => {
      const t = await tables.open(7);
      await disputedThenNext(t);
      const page = await openPage(tables.browser(), 'table');
      try {
        await loginAs(page, t.table.url, 'tailleur', language);
        const pending = page.locator('tq-tailleur [data-pending="1"] h2');
        await pending.waitFor();
        expect(await textOf(pending))
          .to.equal(disputed)
          .and.not.contain(toConfirm);
        expect(await page.locator('tq-tailleur [data-pending-calls]').count(), 'a count of calls to confirm with the disputed one in it').to.equal(0);
        expect(scriptErrors(page)).to.deep.equal([]);
      } finally {
        await page.context().close();
      }
    });
  }
});
