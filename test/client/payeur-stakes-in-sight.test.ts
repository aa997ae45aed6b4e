/**
 * On the payeur's landscape tablet (1024×768) the stakes on the table are in
 * sight while he types the next one: outsider passes 12 and 13 found the list
 * wholly below the screen, under the keys' help and rows two buttons high.
 */
import { expect } from 'chai';
import { screenshot } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { payeurAtOpenBets } from './support/payeur-page.ts';

const CHANCES = ['rouge', 'noir', 'couleur', 'inverse'] as const;

describe('dashboard: the payeur’s stakes in sight on a landscape tablet (Chromium, real server, simulator seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-stakes-in-sight');

  for (const italian of [false, true])
    it(`shows four stakes, insured or not, under the entry without scrolling${italian ? ' (in Italian)' : ''}`, async () => {
      const { t, page } = await payeurAtOpenBets(tables, 7, { italian });
      const crew = await t.table.as('payeur');
      for (let i = 0; i < 4; i++) await crew.post('/api/bets', { player: `s${i + 1}`, chance: CHANCES[i], amount: 10_000 + 500 * i, insured: i % 2 === 1 });
      await page.locator('tq-stakes tr[data-stake="s4:inverse"]').waitFor();
      await page.keyboard.press('F2');
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled, 'F2 keeps the page at its top').to.equal(0);
      for (let i = 0; i < 4; i++) {
        const row = (await page.locator(`tq-stakes tr[data-stake="s${i + 1}:${CHANCES[i]}"]`).boundingBox())!;
        expect(row.y + row.height, `s${i + 1}'s row ends inside the 768 px screen`).to.be.at.most(768);
        expect(row.height, `s${i + 1}'s row is one button high`).to.be.below(52);
        const buttons = await page.locator(`tq-stakes tr[data-stake="s${i + 1}:${CHANCES[i]}"] button`).evaluateAll((bs) =>
          bs.map((b) => {
            const panel = (b.getRootNode() as ShadowRoot).host.getBoundingClientRect();
            const r = b.getBoundingClientRect();
            return { left: r.left - panel.left, right: panel.right - r.right };
          }),
        );
        for (const b of buttons) expect(Math.min(b.left, b.right), `s${i + 1}'s buttons inside the list`).to.be.at.least(0);
      }
      await screenshot(page, `payeur-stakes-in-sight${italian ? '-it' : ''}`);
    });
});
