/**
 * The surveillance room in Chromium: the floor overview fed by a real central
 * store, a table's row moving when its events arrive, and a row opening the
 * same replay as at the table.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { RecordedShoe } from '../support/central-store.ts';
import { insertLines, recordFixture, registerTable, reportStatus, sealAt } from '../support/central-store.ts';
import { floorRig } from './support/floor-rig.ts';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { loginAs } from './support/login.ts';

describe('floor dashboard (Chromium)', function () {
  this.timeout(60_000);
  let page: Page | undefined;
  let shoes: RecordedShoe[] = [];
  /** T2's shoe is in play: its lines reach the central store a batch at a time, whichever test sends them. */
  let t2Sent = 120;
  const sendT2 = async (n: number) => {
    const t2 = shoes[1]!;
    await insertLines(rig.admin, 'T2', t2.shoe, t2.lines.slice(t2Sent, t2Sent + n));
    t2Sent += n;
    expect(t2Sent, 'T2 has lines enough').to.be.at.most(t2.lines.length);
  };

  const rig = floorRig(async (admin, dirs) => {
    shoes = await Promise.all([recordFixture('ordinary', 'T1'), recordFixture('foreign-card', 'T2'), recordFixture('void-card', 'T3')]);
    dirs.push(...shoes.map((s) => s.dataDir));
    for (const s of shoes) {
      await registerTable(admin, s.table);
      await insertLines(admin, s.table, s.shoe, s.table === 'T2' ? s.lines.slice(0, t2Sent) : s.lines);
      if (s.table !== 'T2') await sealAt(admin, s.table, s.shoe, s.lines.at(-1)!, true);
    }
    const link = { connected: true, state: 'DEALING', alerts: 0 };
    await reportStatus(admin, 'T1', { link, central: { state: 'in-sync', behind: 0 }, shoe: shoes[0]!.shoe });
    await reportStatus(admin, 'T2', { link, central: { state: 'behind', behind: 7 }, shoe: shoes[1]!.shoe });
    await reportStatus(admin, 'T3', { link, central: { state: 'down', behind: 40, downSince: '2026-11-23T08:00:00.000Z' }, shoe: shoes[2]!.shoe }, 90_000);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page)
      await screenshot(page, `failed-floor-${(this.currentTest.title ?? '').slice(0, 40).replace(/\W+/g, '-')}`, true);
  });

  it('lists every table live, and opens a table’s shoe in the replay', async () => {
    page = await openPage(rig.browser);
    // the login offers only the roles the floor lets in (it offered the tailleur and the payeur, then refused them)
    await page.goto(rig.floor.url);
    await page.locator('tq-login button[data-role]').first().waitFor();
    expect(await page.locator('tq-login button[data-role]').evaluateAll((els) => els.map((e) => e.getAttribute('data-role')))).to.deep.equal([
      'chef',
      'surveillance',
    ]);
    expect(await page.locator('tq-login input[name=user]').inputValue()).to.equal('surveillance');
    await loginAs(page, rig.floor.url, 'surveillance');
    await page.locator('tq-app [data-site=floor]').waitFor();
    const rows = page.locator('tq-floor-overview li[data-table]');
    await rows.nth(2).waitFor();
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-table')))).to.deep.equal(['T1', 'T2', 'T3']);
    await page.locator('tq-floor-overview li[data-table=T1] [data-replication=in-sync]').waitFor();
    await page.locator('tq-floor-overview li[data-table=T2] [data-replication=behind]').waitFor();
    await page.locator('tq-floor-overview li[data-table=T3] [data-stale]').waitFor();
    // the stale badge's time says what it is (outsider pass 21, N6)
    expect(await page.locator('tq-floor-overview li[data-table=T3] [data-stale]').textContent()).to.match(/^STALE \d+ s, since \d\d:\d\d:\d\d( [AP]M)?$/);
    // its report is stale: its replication's last word in grey, as such (an outsider saw a stale table still "in sync" in green)
    const t3 = page.locator('tq-floor-overview li[data-table=T3] [data-replication=last-known][data-last=down]');
    await t3.waitFor({ state: 'attached' });
    // short, as the card's other "last known": "not known now (last reported: …)" was cut at 768 px (outside floor pass 46)
    expect(await t3.textContent()).to.match(/^last known: down since \d\d:\d\d:\d\d( [AP]M)?$/);
    // a card under 900 px says it in its STALE badge's title, the line kept for the last event's time (outside floor pass 50, F4)
    expect(await page.locator('tq-floor-overview li[data-table=T3] [data-stale]').getAttribute('title')).to.match(/· last known: down since \d\d:\d\d:\d\d/);
    await page.locator(`tq-floor-overview li[data-table=T2] [data-events="${t2Sent}"]`).waitFor();
    await page.locator('tq-floor-overview li[data-table=T2] [data-last-alert=foreign-card]').waitFor();
    // T2's coup is being dealt: the call of the coup before it stays in sight
    const previous = page.locator('tq-floor-overview li[data-table=T2] tq-floor-now [data-previous-call]');
    await previous.waitFor();
    const dealt = Number(await page.locator('tq-floor-overview li[data-table=T2] tq-floor-now [data-coup]').getAttribute('data-coup'));
    expect(await previous.getAttribute('data-previous-call')).to.equal(String(dealt - 1));
    // routine states are grey, not the red of alarms: the bets closed while a coup is dealt, a shoe run out (outsider pass 6)
    expect(await page.locator('tq-floor-overview li[data-table=T2] [data-phase=closed]').getAttribute('class')).to.match(/\bneutral\b/);
    expect(await page.locator('tq-floor-overview li[data-table=T1] [data-end=empty]').getAttribute('class')).to.match(/\bneutral\b/);
    await page.locator('tq-floor-overview li[data-table=T1] [data-no-alerts]').waitFor();

    await sendT2(80);
    await page.locator(`tq-floor-overview li[data-table=T2] [data-events="${t2Sent}"]`).waitFor();

    await page.locator('tq-floor-overview button[data-open=T1]').click();
    await page.locator(`tq-shoe-list button[data-shoe="${shoes[0]!.shoe}"]`).waitFor();
    await page.locator('tq-replay tq-integrity [data-integrity=ok]').waitFor();
    const log = await page.locator('tq-replay a[data-export=log]').getAttribute('href');
    expect(log).to.equal(`/api/tables/T1/shoes/${shoes[0]!.shoe}/log`);
    await screenshot(page, 'floor-overview', true);
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('follows the shoe in play in the replay as its events reach the central store', async () => {
    page = await openPage(rig.browser);
    await loginAs(page, rig.floor.url, 'surveillance');
    const t2 = shoes[1]!;
    await page.locator('tq-floor-overview button[data-open=T2]').click();
    await page.locator('tq-replay tq-integrity [data-integrity=ok]').waitFor();
    await page.locator('tq-replay tq-timeline [data-position]', { hasText: `Event ${t2Sent} of ${t2Sent}` }).waitFor();
    await sendT2(60);
    await page.locator('tq-replay tq-timeline [data-position]', { hasText: `Event ${t2Sent} of ${t2Sent}` }).waitFor();
    const step = await page.locator('tq-replay [data-step-event]').getAttribute('data-step-event');
    expect(step).to.equal((JSON.parse(t2.lines[t2Sent - 1]!) as { type: string }).type);
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('counts the shoe in play in the list as the replay does, as its events arrive', async () => {
    // An outsider read "156 events" in the list beside "Event 163 of 163" in the replay: the list was read once.
    page = await openPage(rig.browser);
    await loginAs(page, rig.floor.url, 'surveillance');
    await page.locator('tq-floor-overview button[data-open=T2]').click();
    const entry = page.locator(`tq-shoe-list button[data-shoe="${shoes[1]!.shoe}"] .id`);
    await entry.filter({ hasText: `· ${t2Sent} events` }).waitFor();
    await sendT2(20);
    await page.locator('tq-replay tq-timeline [data-position]', { hasText: `Event ${t2Sent} of ${t2Sent}` }).waitFor();
    await entry.filter({ hasText: `· ${t2Sent} events` }).waitFor({ timeout: 10_000 });
    expect(scriptErrors(page)).to.deep.equal([]);
  });

  it('lets the chef watch the floor too', async () => {
    page = await openPage(rig.browser);
    await loginAs(page, rig.floor.url, 'chef');
    await page.locator('tq-floor-overview li[data-table=T3]').waitFor();
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
