/**
 * Surveillance in Chromium opens a recorded fixture from a file and replays
 * it to chosen cards (fixtures/apres31-insurance-prison-partager.jsonl: coup 1
 * is cards 6–13, Noir JH QH AH TH = 31, Rouge TD JD AD KH = 31, "Un après";
 * s1 insured on Couleur, s2 on Noir, s3 12345 on Inverse who then splits;
 * coup 2 is cards 14–21, "Rouge perd, la couleur gagne": s2 released, s1 paid).
 */
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import type { DemoTable } from './support/demo-table.ts';
import { loginAs } from './support/login.ts';
import { textOf, waitCount, waitText } from './support/wait.ts';
import { browserSuite } from './support/browser-suite.ts';

const FIXTURE = fileURLToPath(new URL('../../fixtures/apres31-insurance-prison-partager.jsonl', import.meta.url));

describe('dashboard: surveillance replays a fixture opened from a file (Chromium, real server)', function () {
  this.timeout(120_000);
  let browser: Browser;
  let table: DemoTable;
  let page: Page;

  const suite = browserSuite('surveillance-fixture', 6, () => page);
  before(() => {
    ({ browser, table } = suite);
  });
  /** A page of its own with the fixture opened from its file, at its last event. */
  beforeEach(async () => {
    page = await openPage(browser);
    await loginAs(page, table.url, 'surveillance');
    await page.locator('tq-surveillance input[data-open-log]').setInputFiles(FIXTURE);
    await page.locator('tq-shoe-list button[aria-current=true]').waitFor();
    await stepTo('Shoe ended');
  });
  afterEach(async () => {
    await page?.context().close();
  });

  const stepTo = async (text: string) => waitText(page.locator('tq-replay [data-step-event]'), text);
  /** From the first event (Home), card by card (→) to card `seq`. */
  const stepToCard = async (seq: number) => {
    await page.keyboard.press('Home');
    await stepTo('New shoe at table T1');
    for (let k = 1; k <= seq; k++) {
      await page.keyboard.press('ArrowRight');
      await stepTo(`Card ${k}:`);
    }
  };

  it('lists the file beside the record, and shows its last event', async () => {
    expect(await textOf(page.locator('tq-shoe-list button[aria-current=true]')))
      .to.contain('apres31-insurance-prison-partager.jsonl')
      .and.to.contain('file');
    expect(await textOf(page.locator('tq-replay [data-step-event]'))).to.contain('Shoe ended');
  });

  it('at card 13 shows the 31 après with the insured stake standing and the others in prison', async () => {
    await stepToCard(13);
    await waitText(page.locator('tq-replay tq-call [data-call]'), 'Un après');
    expect(await page.locator('tq-replay tq-rows [data-row=noir] tq-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('card')))).to.deep.equal([
      'JH',
      'QH',
      'AH',
      'TH',
    ]);
    await page.locator('tq-replay tq-settlement [data-chance=couleur] tr[data-row="s1:push"]').waitFor();
    await page.locator('tq-replay tq-settlement [data-chance=noir] tr[data-row="s2:prison"]').waitFor();
    await page.locator('tq-replay tq-settlement [data-chance=inverse] tr[data-row="s3:prison"]').waitFor();
    expect(await textOf(page.locator('tq-replay tq-settlement [data-table-total=premium]'))).to.equal('1.00');
    await waitCount(page.locator('tq-replay tq-prison tr[data-prison]'), 2);
  });

  it("three events after card 13, shows s3's partager: 61.72 back, 61.73 to the bank", async () => {
    await stepToCard(13);
    for (let k = 0; k < 3; k++) await page.keyboard.press('Shift+ArrowRight');
    await stepTo('Prison s3 on Inverse: split (partager)');
    await page.locator('tq-replay tq-settlement [data-chance=inverse] tr[data-row="s3:partager"]').waitFor();
    expect(await textOf(page.locator('tq-replay tq-settlement [data-table-total=collected]'))).to.equal('61.73');
    expect(await textOf(page.locator('tq-replay tq-settlement [data-table-total=returned]'))).to.equal('61.72');
    await waitCount(page.locator('tq-replay tq-prison tr[data-prison]'), 1);
  });

  it('at card 21 shows coup 2: s2 released from prison on Noir, s1 paid on Couleur', async () => {
    await stepToCard(21);
    await waitText(page.locator('tq-replay tq-call [data-call]'), 'Rouge perd, la couleur gagne');
    await page.locator('tq-replay tq-settlement [data-chance=noir] tr[data-row="s2:released"]').waitFor();
    await page.locator('tq-replay tq-settlement [data-chance=couleur] tr[data-row="s1:win"]').waitFor();
    expect(await textOf(page.locator('tq-replay tq-settlement [data-table-total=paid]'))).to.equal('100.00');
    expect(await textOf(page.locator('tq-replay tq-settlement [data-table-total=returned]'))).to.equal('200.00');
    await waitCount(page.locator('tq-replay tq-prison tr[data-prison]'), 0);
    await screenshot(page, 'surveillance-fixture-coup-2', true);
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
