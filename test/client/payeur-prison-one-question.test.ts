/**
 * One prison question at a time, and the first never dropped unseen (client/components/tq-prison.ts). An outsider
 * clicked a choice on s2's row, then Move on s3's: s2's question vanished without a word, though its chips may already
 * have been pushed. The open question stays until it is answered or cancelled; the second row says it was not
 * asked, for Leave too. Leave itself is not asked: it moves nothing (outside crew pass 42, F7). Seed 6, whose coup 1
 * is a 31 après (read from the seeded shoe).
 */
import { expect } from 'chai';
import { scriptErrors, screenshot } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { playCoups } from './support/play-coups.ts';
import { textOf, waitCount, waitText } from './support/wait.ts';
import { seededDeal } from '../support/seeded-deal.ts';
import { until } from '../support/until.ts';

const SEED = 6;
const COUPS = seededDeal(SEED, 1).coups;

describe('dashboard: payeur, one prison question at a time (Chromium, simulator seed 6)', function () {
  this.timeout(180_000);
  const tables = freshTables('payeur-prison-one-question');

  for (const [italian, said] of [
    [false, 'Not asked: answer the question on s2 Noir first (Yes or Cancel).'],
    [true, 'Non chiesto: rispondere prima alla domanda su s2 Noir (Sì o Annulla).'],
  ] as const) {
    it(`keeps s2's question when Move is clicked on s3, and says s3 was not asked (${italian ? 'Italian' : 'English'})`, async () => {
      expect(COUPS[0]!.call).to.equal('Un après');
      const t = await tables.open(SEED);
      const payeur = await t.table.as('payeur');
      await t.ready();
      await playCoups(t, payeur, COUPS, {
        0: [
          ['s2', 'noir', 30_000],
          ['s3', 'rouge', 20_000],
        ],
      });
      const page = await t.page('payeur');
      if (italian) await page.locator('tq-app button[data-lang=it]').click();
      const row = (seat: string) => page.locator(`tq-prison tr[data-prison^="${seat}:"]`);
      await waitCount(page.locator('tq-prison button[data-choice=leave]'), 2);
      await row('s2').locator('button[data-choice=partager]').click();
      await row('s2').locator('[data-choice-ask=partager]').waitFor();
      await row('s3').locator('button[data-choice=leave]').click();
      await waitText(row('s3').locator('[data-choice-wait]'), said);
      await row('s3').locator('button[data-choice=move]').click();
      await waitText(row('s3').locator('[data-choice-wait]'), said);
      expect(await row('s2').locator('[data-choice-ask=partager]').count(), "s2's question still asked").to.equal(1);
      expect(await row('s3').locator('[data-choice-ask]').count(), 's3 not asked').to.equal(0);
      // the focus goes back to the question still asked: Enter answers it
      const focused = () =>
        page.evaluate(() => {
          let el: Element | null = document.activeElement;
          while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
          return `${el?.closest('tr[data-prison]')?.getAttribute('data-prison')} ${el?.hasAttribute('data-choice-yes')}`;
        });
      await until(async () => (await focused()) === 's2:noir true', "focus on s2's Yes", 5000);
      await screenshot(page, `payeur-prison-one-question-${italian ? 'it' : 'en'}`);
      // s2 answered: its choice made, s3's line goes and s3 can be asked
      await row('s2').locator('[data-choice-yes]').click();
      await until(async () => !(await t.tailleur.get('/api/table')).view.prison.some((p: { player: string }) => p.player === 's2'), 's2 shared', 5000);
      await waitCount(row('s3').locator('[data-choice-wait]'), 0);
      await row('s3').locator('button[data-choice=move]').click();
      await row('s3').locator('[data-choice-ask=move]').waitFor();
      expect(await textOf(row('s3').locator('[data-choice-ask=move] .ask'))).to.contain('s3');
      // cancelled, then Leave: sent at its one click, with no question
      await row('s3').locator('[data-choice-cancel]').click();
      await row('s3').locator('button[data-choice=leave]').click();
      await row('s3').locator('[data-chosen=leave]').waitFor();
      expect(await page.locator('tq-prison [data-choice-ask]').count(), 'no question for Leave').to.equal(0);
      expect(scriptErrors(page)).to.deep.equal([]);
    });
  }
});
