/**
 * Surveillance's list of shoes follows the table: the shoe in play ending and
 * a new shoe starting show without pressing "Refresh". Seen playing a whole
 * shoe as the crew: after the chef's suspension and a new shoe, the list still showed only
 * the old shoe, "in play".
 */
import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatTime } from '../../client/format.ts';
import { screenshot } from './support/chromium.ts';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitCount, waitText } from './support/wait.ts';

describe('dashboard: surveillance’s shoe list follows the table (Chromium, real server, seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('surveillance-shoe-list');

  it('shows the suspended shoe as ended and the new shoe, unasked', async () => {
    const t = await tables.open(7);
    const page = await t.page('surveillance');
    const first = (await t.tailleur.get('/api/table')).view.shoe as string;
    await waitCount(page.locator('tq-shoe-list button[data-shoe]'), 1);

    const chef = await t.table.as('chef');
    await chef.post('/api/shoe/suspend', { reason: 'Shuffler door opened' });
    await waitText(page.locator(`tq-shoe-list button[data-shoe="${first}"] .muted`), 'Shoe suspended');
    await t.tailleur.post('/api/shoe/start');
    await waitCount(page.locator('tq-shoe-list button[data-shoe]'), 2);
    const second = (await t.tailleur.get('/api/table')).view.shoe as string;
    expect(second).to.not.equal(first);
    await page.locator(`tq-shoe-list button[data-shoe="${second}"]`).waitFor();
  });

  it('counts the events of the shoe in play as the table does, not as the index last wrote them', async () => {
    const t = await tables.open(7);
    const page = await t.page('surveillance');
    const shoe = (await t.tailleur.get('/api/table')).view.shoe as string;
    const entry = page.locator(`tq-shoe-list button[data-shoe="${shoe}"] .id`);
    await entry.waitFor();
    await dealCards(t.tailleur, 5);
    const events = (await t.tailleur.get('/api/table')).view.events as number;
    await waitText(entry, new RegExp(`· ${events} events`));
  });

  it("shows each shoe's own span on its own entry: its first line's time to its last line's, the shoe in play without an end", async () => {
    // Checked after an outside tester read a shoe's times as the previous shoe's (see test/server/http/shoe-list-times.test.ts).
    const t = await tables.open(7);
    const page = await t.page('surveillance');
    const chef = await t.table.as('chef');
    const audit = await t.table.as('surveillance');
    const ids: string[] = [];
    for (let k = 0; k < 3; k++) {
      if (k > 0) {
        await sleep(1_100); // a second apart, so no two spans read alike
        await t.tailleur.post('/api/shoe/start');
      }
      ids.push((await t.tailleur.get('/api/table')).view.shoe as string);
      if (k === 2) break;
      await sleep(1_100);
      await chef.post('/api/shoe/suspend', { reason: 'checked' });
    }
    await waitCount(page.locator('tq-shoe-list button[data-shoe]'), 3);
    for (const id of ids) {
      const events = (await audit.get(`/api/shoes/${id}/events`)) as { type: string; at: string }[];
      const last = events.at(-1)!;
      const span = `${formatTime(events[0]!.at, 'en')}${last.type === 'end' ? ` – ${formatTime(last.at, 'en')}` : ''}`;
      const shown = page.locator(`tq-shoe-list button[data-shoe="${id}"] > .span`);
      await waitText(shown, span);
      expect((await shown.textContent())?.trim()).to.equal(span);
      const idLine = page.locator(`tq-shoe-list button[data-shoe="${id}"] .id`);
      expect(await idLine.textContent()).to.contain(id);
      // The id heads its own entry, above its times: an outsider read each id with the span of the entry below it.
      const [idBox, spanBox] = [(await idLine.boundingBox())!, (await shown.boundingBox())!];
      expect(idBox.y + idBox.height, `${id}: id above its span`).to.be.at.most(spanBox.y + 1);
    }
    await screenshot(page, 'surveillance-shoe-list-spans');
  });
});
