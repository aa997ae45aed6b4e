/**
 * A refusal reads as a sentence in the crew's language: the server's code
 * (BETS_ALREADY_OPEN, DISPUTE_OPEN, SHOE_ENDED) was appended to the Italian
 * text, "Le puntate sono già aperte (BETS_ALREADY_OPEN)". The code stays on
 * the box for support, in its data-code and its tooltip.
 */
import { expect } from 'chai';
import { SERVER_EN } from '../../client/server-text-en.ts';
import { SERVER_IT } from '../../client/server-text-it.ts';
import { screenshot } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf } from './support/wait.ts';

describe('dashboard: a refusal without its code in the text (Chromium, real server)', function () {
  this.timeout(120_000);
  const tables = freshTables('refusal-code');

  for (const [lang, words] of [
    ['it', SERVER_IT],
    ['en', SERVER_EN],
  ] as const)
    it(`says the bets are already open in the crew's language (${lang}) alone, the code in data-code and title`, async () => {
      const t = await tables.open(7);
      await t.ready();
      const page = await t.page('tailleur');
      await page.locator(`tq-app button[data-lang=${lang}]`).click();
      await page.locator('tq-table-status [data-phase=open]').waitFor();
      await page.keyboard.press('o');
      const error = page.locator('tq-tailleur [data-error]');
      await error.waitFor();
      await screenshot(page, `refusal-code-${lang}`);
      expect(await textOf(error)).to.equal(words['error.BETS_ALREADY_OPEN']);
      expect(await error.getAttribute('data-code')).to.equal('BETS_ALREADY_OPEN');
      expect(await error.getAttribute('title')).to.equal('BETS_ALREADY_OPEN');
    });
});
