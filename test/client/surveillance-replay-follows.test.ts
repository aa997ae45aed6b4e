/**
 * The replay of the shoe in play follows it: an outsider opened it a few
 * events in, the shoe went on and ended, and the replay stayed at the count it
 * had when opened ("Evento 1 di 1") even after "Refresh"; only a reload of the
 * page showed the new events.
 */
import { expect } from 'chai';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { waitText } from './support/wait.ts';

describe('dashboard: surveillance’s replay of the shoe in play follows it (Chromium, real server, seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('surveillance-replay-follows');

  it('shows the new events as the shoe goes on, and its end', async () => {
    const t = await tables.open(7);
    const page = await t.page('surveillance');
    const shoe = (await t.tailleur.get('/api/table')).view.shoe as string;
    const position = page.locator('tq-replay tq-timeline [data-position]');
    await waitText(position, /Event 1 of 1\b/);

    await dealCards(t.tailleur, 5);
    const events = (await t.tailleur.get('/api/table')).view.events as number;
    await waitText(position, new RegExp(`Event ${events} of ${events}\\b`));

    await (await t.table.as('chef')).post('/api/shoe/suspend', { reason: 'checked' });
    const audit = await t.table.as('surveillance');
    const stored = (await audit.get(`/api/shoes/${shoe}/events`)) as { type: string }[];
    expect(stored.at(-1)!.type).to.equal('end');
    await waitText(position, new RegExp(`Event ${stored.length} of ${stored.length}\\b`));
    await page.locator('tq-replay [data-step-event=end]').waitFor();
    // The list counts the shoe as the replay does (an outsider read 156 in one, 163 in the other).
    await waitText(page.locator(`tq-shoe-list button[data-shoe="${shoe}"] .id`), new RegExp(`· ${stored.length} events`));
  });
});
