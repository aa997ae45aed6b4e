/**
 * The integrity badge says what verify checked: at the demo table (no central
 * witness, no key) the seals are not checked, and the badge says so in both
 * languages — an outsider read a bare "Integrità verificata" there.
 */
import { expect } from 'chai';
import { screenshot } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { textOf, waitText } from './support/wait.ts';

describe('dashboard: surveillance’s integrity badge without a seal key (Chromium, real server, seed 7)', function () {
  this.timeout(120_000);
  const tables = freshTables('surveillance-seals-unchecked');

  it('says the chain and rules held and the seals were not checked for want of a key, in English and Italian', async () => {
    const t = await tables.open(7);
    const page = await t.page('surveillance');
    const badge = page.locator('tq-replay tq-integrity [data-integrity=ok]');
    await waitText(badge, 'Chain and rules verified; seals not checked: no key configured');
    expect(await badge.getAttribute('data-seals')).to.equal('no-key');
    await page.locator('tq-app button[data-lang=it]').click();
    await waitText(badge, 'Catena e regole verificate; sigilli non verificati: nessuna chiave configurata');
    expect(await textOf(page.locator('tq-replay tq-integrity'))).to.not.match(/Integrità verificata|Integrity verified/);
    await screenshot(page, 'surveillance-seals-unchecked-it');
  });
});
