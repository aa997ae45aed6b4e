/**
 * The stake entry's chance list shows its whole name at every screen size the payeur uses, in
 * both languages: at 1366 and 1024 it read "Couleu" and "Invers", the seat field wide beside it
 * (outsider pass 11).
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';

/** The room the chosen name has inside the list (its width less padding and the arrow), and the longest name's width. */
async function room(page: Page): Promise<{ inside: number; longest: number }> {
  return page.locator('tq-stake-entry select[name=chance]').evaluate((el) => {
    const select = el as HTMLSelectElement;
    const style = getComputedStyle(select);
    const probe = document.createElement('span');
    probe.style.font = style.font;
    probe.style.position = 'absolute';
    probe.style.whiteSpace = 'nowrap';
    document.body.appendChild(probe);
    let longest = 0;
    for (const o of Array.from(select.options)) {
      probe.textContent = o.text;
      longest = Math.max(longest, probe.getBoundingClientRect().width);
    }
    probe.remove();
    const arrow = 30; // the arrow and the gap before it, as Chromium draws them (a name cut by 4 px read "Couleu")
    return { inside: select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - arrow, longest };
  });
}

describe('dashboard: the payeur’s chance names fit their list (Chromium, real server)', function () {
  this.timeout(120_000);
  const tables = freshTables('payeur-chance-names-fit');

  for (const [width, height] of [
    [1366, 768],
    [1280, 800],
    [1024, 768],
  ] as const)
    it(`shows "Couleur" and "Inverse" whole at ${width}×${height}, in English and in Italian`, async () => {
      const t = await tables.open(7);
      const page = await t.page('payeur');
      await page.setViewportSize({ width, height });
      for (const lang of ['en', 'it'] as const) {
        await page.locator(`tq-app button[data-lang=${lang}]`).click();
        await page.locator('tq-stake-entry select[name=chance]').selectOption('couleur');
        const { inside, longest } = await room(page);
        expect(inside, `${width}, ${lang}: ${Math.round(longest)} px of name in ${Math.round(inside)} px`).to.be.at.least(longest);
      }
      await screenshot(page, `payeur-chance-fit-${width}`);
    });
});
