/**
 * The payeur's prison board keeps its rows in place across a choice, and the
 * button just pressed never becomes another seat's (client/prison-order.ts,
 * client/components/tq-prison.ts). An outsider chose partager on s1, then moved
 * s5 to Rouge: rows jumped, and focus landed on another seat's button, so a
 * payeur pressing by position could act on the wrong seat. Seed 831, whose
 * coup 4 is a 31 après (read from the seeded shoe).
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { scriptErrors } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { playCoups } from './support/play-coups.ts';
import { waitCount } from './support/wait.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';
import { until } from '../support/until.ts';

const SEED = 831;
const COUPS = seededDeal(SEED, 4).coups;
const seq = COUPS[3]!.firstSeq + cardsIn(COUPS[3]!) - 1;

/** The stake id of the row holding the focused element, through the shadow roots; null when focus is in no row. */
const focusedRow = (page: Page) =>
  page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el?.closest('tr[data-stake]')?.getAttribute('data-stake') ?? null;
  });

describe('dashboard: payeur, prison rows stay in place across a choice (Chromium, simulator seed 831)', function () {
  this.timeout(180_000);
  const tables = freshTables('payeur-prison-order');

  it('lists the stakes by seat, keeps them in place after a partager and a move, and leaves no focus on another seat', async () => {
    expect(COUPS[3]!.call).to.equal('Un après');
    const t = await tables.open(SEED);
    const payeur = await t.table.as('payeur');
    await t.ready();
    await playCoups(t, payeur, COUPS, {
      3: [
        ['s5', 'noir', 1_500],
        ['s1', 'rouge', 1_000],
        ['s3', 'couleur', 2_000],
        ['s1', 'inverse', 500],
      ],
    });
    const page = await t.page('payeur');
    const rows = page.locator('tq-prison tr[data-stake]');
    await waitCount(rows, 4);
    const order = () => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-stake')));
    const id = (seat: string, chance: string) => `${seq}-${seat}-${chance}`;
    expect(await order()).to.deep.equal([id('s1', 'inverse'), id('s1', 'rouge'), id('s3', 'couleur'), id('s5', 'noir')]);

    await page.locator(`tq-prison tr[data-stake="${id('s3', 'couleur')}"] button[data-choice=partager]`).click();
    await page.locator('tq-prison [data-choice-yes]').click(); // a prison choice asks first
    await waitCount(rows, 3);
    expect(await order()).to.deep.equal([id('s1', 'inverse'), id('s1', 'rouge'), id('s5', 'noir')]);
    // the pressed button went with its row: focus is on no other seat's row
    expect(await focusedRow(page)).to.equal(null);

    const s1 = page.locator(`tq-prison tr[data-stake="${id('s1', 'rouge')}"]`);
    // s1's Inverse still waits for its choice: the menu does not offer a move onto it, which the rule would refuse after
    // "yes" (outside crew pass 49)
    const blocked = s1.locator('select[data-move-to] option[data-move-blocked]');
    expect(await blocked.evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, (o as HTMLOptionElement).disabled, o.textContent]))).to.deep.equal([
      ['inverse', true, 'Inverse: make the choice of the stake there first'],
    ]);
    // the menu as wide as the others: the greyed option's reason widened it across the row (outside crew pass 50, F8)
    const widths = await page
      .locator('tq-prison select[data-move-to]')
      .evaluateAll((ss) => ss.map((s) => [s.querySelector('[data-move-blocked]') !== null, Math.round(s.getBoundingClientRect().width)] as const));
    const plain = Math.max(...widths.filter(([b]) => !b).map(([, w]) => w));
    for (const [, w] of widths.filter(([b]) => b)) expect(w, `a menu with a chance blocked, beside ${plain} px`).to.equal(plain);
    await s1.locator('select[data-move-to]').selectOption('couleur');
    await s1.locator('button[data-choice=move]').click();
    await s1.locator('[data-choice-yes]').click(); // a prison choice asks first
    await s1.locator('[data-chosen=move]').waitFor();
    // its name still says Rouge (docs/rules.md#prison-stake-id): the row says where it came from (outsider pass 18)
    expect(await s1.locator('[data-chosen=move]').textContent()).to.equal('moved from Rouge');
    await until(async () => (await page.locator('tq-prison tr[data-prison="s1:couleur"]').count()) === 1, 'the moved stake on Couleur');
    expect(await order()).to.deep.equal([id('s1', 'inverse'), id('s1', 'rouge'), id('s5', 'noir')]);
    expect(await focusedRow(page)).to.be.oneOf([null, id('s1', 'rouge')]);
    expect(scriptErrors(page)).to.deep.equal([]);
  });
});
