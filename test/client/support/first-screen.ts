/** Where an element stands on the page as loaded: its box, and whether it is seen without scrolling (a tablet's first screen). */
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';

/** The element's box, failing the test when it is not drawn. */
export async function box(l: Locator, what = '') {
  const b = await l.boundingBox();
  expect(b, `${what ? `${what} ` : ''}on the screen`).to.not.equal(null);
  return b!;
}

/** The whole element is inside the viewport as loaded: seen without scrolling. */
export async function inFirstScreen(page: Page, l: Locator, what: string): Promise<void> {
  const b = await box(l, what);
  const vp = page.viewportSize()!;
  expect(await page.evaluate(() => window.scrollY), 'page not scrolled').to.equal(0);
  expect(b.y + b.height, `${what}: bottom ${b.y + b.height} within ${vp.height}`).to.be.at.most(vp.height);
}
