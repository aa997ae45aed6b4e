/**
 * A supervisor opens one table's shoes and, before they are listed, another's:
 * the list shown is the second table's. The first table's list, answered
 * late, was shown under the second table's heading, and a shoe picked from
 * it replayed the wrong table's record. The same holds for surveillance's own
 * list read twice ("Refresh"): the last read asked is the one shown.
 */
import { expect } from 'chai';
import { readFixture } from '../support/fixture.ts';
import { insertLines, registerTable, reportStatus } from '../support/central-store.ts';
import { floorRig } from './support/floor-rig.ts';
import type { Route } from 'playwright-core';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { loginAs } from './support/login.ts';
import { recordShoe } from './support/recorded-shoe.ts';

const ORDINARY = readFixture('ordinary');
const HELD_MS = 1_500;

describe('the floor: the shoe list of the table opened last (Chromium, real central store)', function () {
  this.timeout(60_000);
  const shoes = new Map<string, string>();
  const rig = floorRig(async (admin, dirs) => {
    for (const [table, n] of [
      ['T1', 20],
      ['T2', 30],
      ['T3', 25],
    ] as const) {
      await registerTable(admin, table);
      const { shoe, lines } = await recordShoe(table, ORDINARY.slice(0, n), dirs, 'floor-shoe-list-latest');
      await insertLines(admin, table, shoe, lines);
      shoes.set(table, shoe);
    }
  });

  it('lists the second table’s shoes when the first table’s list comes back after it', async () => {
    for (const [table, shoe] of shoes)
      await reportStatus(rig.admin, table, { link: { connected: true, state: 'DEALING', alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe });
    const page = await openPage(rig.browser, 'tablet');
    try {
      let t1Answered = false;
      await page.route('**/api/tables/T1/shoes', async (route) => {
        const response = await route.fetch();
        await new Promise((r) => setTimeout(r, HELD_MS));
        await route.fulfill({ response });
        t1Answered = true;
      });
      await loginAs(page, rig.floor.url, 'surveillance');
      await page.locator('tq-floor-overview button[data-open=T2]').waitFor();
      await page.locator('tq-floor-overview button[data-open=T1]').click();
      await page.locator('tq-floor-overview button[data-open=T2]').click();
      const aside = page.locator('tq-floor aside[data-shoes-of=T2]');
      await aside.locator(`button[data-shoe="${shoes.get('T2')}"]`).waitFor();
      while (!t1Answered) await new Promise((r) => setTimeout(r, 100));
      await page.waitForTimeout(300); // the late answer's render, were it shown
      const listed = await aside.locator('tq-shoe-list button[data-shoe]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-shoe')));
      await screenshot(page, 'floor-shoe-list-latest');
      expect(listed).to.deep.equal([shoes.get('T2')]);
      expect(scriptErrors(page)).to.deep.equal([]);
    } finally {
      await page.context().close();
    }
  });

  // the first click scrolls the replay into view under the cards, and the second click of a double click landed on another
  // card's Replay: T1's double-clicked opened T3's shoes at 768×1024 (outside floor pass 46)
  it('opens the table whose Replay was double-clicked, not the one the first click scrolled under the pointer', async () => {
    for (const [table, shoe] of shoes)
      await reportStatus(rig.admin, table, { link: { connected: true, state: 'DEALING', alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe });
    const page = await openPage(rig.browser, 'portrait');
    try {
      await loginAs(page, rig.floor.url, 'surveillance');
      const t1 = page.locator('tq-floor-overview button[data-open=T1]');
      await page.locator('tq-floor-overview button[data-open=T3]').waitFor();
      await t1.dblclick();
      await page.locator(`tq-floor aside[data-shoes-of=T1] button[data-shoe="${shoes.get('T1')}"]`).waitFor();
      await page.waitForTimeout(300);
      expect(await page.locator('tq-floor aside[data-shoes-of]').getAttribute('data-shoes-of')).to.equal('T1');
      // and a second click that lands on another card's Replay, whatever the layout, opens nothing else
      await page.locator('tq-floor-overview button[data-open=T2]').dispatchEvent('click', { detail: 2 });
      await page.waitForTimeout(300);
      expect(await page.locator('tq-floor aside[data-shoes-of]').getAttribute('data-shoes-of')).to.equal('T1');
      expect(scriptErrors(page)).to.deep.equal([]);
    } finally {
      await page.context().close();
    }
  });

  // during an outage the replay read "No shoe recorded" beside "the central store does not answer" (outside floor pass 47)
  it('shows no shoe list, empty or another table’s, when a table’s shoes cannot be read; says why', async () => {
    for (const [table, shoe] of shoes)
      await reportStatus(rig.admin, table, { link: { connected: true, state: 'DEALING', alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe });
    const page = await openPage(rig.browser, 'tablet');
    try {
      await page.route('**/api/tables/T2/shoes', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'CENTRAL_UNREACHABLE', message: 'the central store did not answer' }),
        }),
      );
      await loginAs(page, rig.floor.url, 'surveillance');
      await page.locator('tq-floor-overview button[data-open=T1]').click();
      await page.locator(`tq-floor aside[data-shoes-of=T1] button[data-shoe="${shoes.get('T1')}"]`).waitFor();
      await page.locator('tq-floor-overview button[data-open=T2]').click();
      const aside = page.locator('tq-floor aside[data-shoes-of=T2]');
      await aside.locator('.error[role=alert]').waitFor();
      expect(await aside.locator('.error[role=alert]').textContent()).to.equal(
        'The central store does not answer: try again in a moment (the shoes are not lost)',
      );
      expect(await aside.locator('tq-shoe-list').count(), 'a shoe list, T1’s or an empty one').to.equal(0);
      expect(scriptErrors(page).filter((e) => !e.includes('503'))).to.deep.equal([]);
    } finally {
      await page.context().close();
    }
  });

  // the replay said the outage three times, with "event 1 of 0" and export links (outside floor pass 48, F8)
  it('says once in the replay that its shoe cannot be read, nothing beside it, and reads it on Refresh once the store answers', async () => {
    for (const [table, shoe] of shoes)
      await reportStatus(rig.admin, table, { link: { connected: true, state: 'DEALING', alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe });
    const page = await openPage(rig.browser, 'tablet');
    try {
      const down = (route: Route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'CENTRAL_UNREACHABLE', message: 'the central store did not answer' }),
        });
      await page.route('**/api/tables/T3/**', down);
      await loginAs(page, rig.floor.url, 'surveillance');
      await page.locator('tq-floor-overview button[data-open=T3]').click();
      const replay = page.locator('tq-floor tq-replay');
      await replay.locator('[data-replay-unread]').waitFor();
      expect(await replay.locator('[data-replay-unread]').textContent()).to.equal(
        'The central store does not answer: try again in a moment (the shoes are not lost)',
      );
      await page.waitForTimeout(500); // the verify and report answers, were they shown
      expect(await replay.locator('.error, tq-integrity, tq-timeline, nav.exports').count(), 'beside the reason').to.equal(1);
      await screenshot(page, 'floor-replay-unread');

      await page.unroute('**/api/tables/T3/**', down);
      await page.locator('tq-floor aside[data-shoes-of=T3] button.refresh').click();
      await replay.locator('tq-timeline').waitFor();
      await page.locator(`tq-floor aside[data-shoes-of=T3] button[data-shoe="${shoes.get('T3')}"]`).waitFor();
      expect(await replay.locator('[data-replay-unread]').count()).to.equal(0);
      await replay.locator('tq-integrity [data-integrity=ok]').waitFor();
      expect(scriptErrors(page).filter((e) => !e.includes('503'))).to.deep.equal([]);
    } finally {
      await page.context().close();
    }
  });
});
