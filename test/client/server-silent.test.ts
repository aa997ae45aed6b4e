/**
 * A table server that stops answering without dropping the stream (held: a
 * hung process, a network path gone quiet) is said on the crew's screens as
 * the server unreachable, the actions disabled, and live again once it
 * answers. The stream's 15 s comment never reaches the page, so a held server
 * left every screen "connected"; the floor's did the same (outsider pass 32).
 */
import { expect } from 'chai';
import { screenshot } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';

describe('dashboard: a table server that stops answering (Chromium, `tq demo` held with SIGSTOP)', function () {
  this.timeout(120_000);
  const tables = freshTables('server-silent');

  it('says the server cannot be reached within 15 s and a beat, disables the actions, and is live again once it answers', async () => {
    const t = await tables.open(7);
    await t.ready();
    const tailleur = await t.page('tailleur');
    const banner = tailleur.locator('tq-offline-banner[offline]');
    const close = tailleur.locator('tq-tailleur button[data-action=close]');
    await tailleur.locator('tq-table-status [data-phase=open]').waitFor();
    expect(await banner.count()).to.equal(0);
    expect(await close.isEnabled(), 'close the bets, while the server answers').to.equal(true);
    const held = Date.now();
    process.kill(t.table.pid, 'SIGSTOP');
    try {
      await banner.waitFor({ timeout: 25_000 });
      expect(Date.now() - held, 'said within three beats and the check').to.be.below(22_000);
      expect(await close.isDisabled(), 'close the bets, while it does not').to.equal(true);
      await screenshot(tailleur, 'server-silent');
    } finally {
      process.kill(t.table.pid, 'SIGCONT');
    }
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    await tailleur.locator('tq-table-status [data-phase=open]').waitFor();
    expect(await close.isEnabled(), 'close the bets, once it answers again').to.equal(true);
  });
});
