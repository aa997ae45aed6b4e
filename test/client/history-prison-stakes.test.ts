/**
 * The payeur's "Storia del sabot" after a 31 après, in Chromium against the
 * demo table on seed 831, whose coup 4 is a 31 après (read from the seeded
 * shoe): the stakes it sent to prison read as held with their level, where
 * they read −500,00, −300,00, −5.000,00 as if collected.
 */
import { expect } from 'chai';
import { screenshot } from './support/chromium.ts';
import { freshTables } from './support/fresh-table.ts';
import { playCoups, type SeatBet } from './support/play-coups.ts';
import { textOf } from './support/wait.ts';
import { seededDeal } from '../support/seeded-deal.ts';

const SEED = 831;
const COUPS = seededDeal(SEED, 4).coups;

describe('dashboard: payeur, prison stakes in the shoe’s history (Chromium, simulator seed 831)', function () {
  this.timeout(180_000);
  const tables = freshTables('history-prison-stakes');

  it('names the stakes a 31 après sent to prison with their level, no minus', async () => {
    expect(COUPS[3]!.call).to.equal('Un après');
    const t = await tables.open(SEED);
    const payeur = await t.table.as('payeur');
    await t.ready();
    await playCoups(t, payeur, COUPS, {
      3: [
        ['s1', 'rouge', 50_000],
        ['s1', 'noir', 30_000],
        ['s2', 'couleur', 500_000],
      ],
    });
    const page = await t.page('payeur');
    await page.locator('tq-app button[data-lang=it]').click();
    const s1 = page.locator('tq-payeur tq-history tr[data-coup="4"] + tr.seats [data-seat=s1]');
    await s1.waitFor();
    await s1.scrollIntoViewIfNeeded();
    await screenshot(page, 'history-prison-stakes');
    expect(await textOf(s1)).to.equal('s1 Rouge in prigione (livello 1) 500,00 Noir in prigione (livello 1) 300,00');
    expect(await textOf(page.locator('tq-payeur tq-history tr[data-coup="4"] + tr.seats [data-seat=s2]'))).to.equal(
      's2 Couleur in prigione (livello 1) 5.000,00',
    );
    // The seat's balance beside what it has in prison: −800,00, of which 800,00 in prison, not lost.
    expect(await textOf(page.locator('tq-payeur tq-history tr[data-balance=s1] [data-in-prison]'))).to.equal('800,00');
    expect(await textOf(page.locator('tq-payeur tq-history tr[data-balance=s2] [data-in-prison]'))).to.equal('5.000,00');
    // and which rule the result counts by, beside the coup lines that count chips (outside crew pass 52)
    expect(await textOf(page.locator('tq-payeur tq-history [data-balance-rule]'))).to.equal(
      'Il risultato conta una posta come persa quando va in prigione, e come riavuta quando ne esce; le righe di ogni colpo contano le fiches quando si muovono.',
    );
  });

  it('keeps each seat of a coup in one piece when its line wraps: an over-maximum return never starts under another seat', async () => {
    // an outsider read 'Couleur oltre il massimo, restituita 1.025,00' at the start of a line, under another seat's figures (pass 8)
    const t = await tables.open(SEED);
    const payeur = await t.table.as('payeur');
    await t.ready();
    const seats = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];
    await playCoups(t, payeur, COUPS.slice(0, 1), {
      // short seats between long ones, as in the outsider's coup: a seat's return wraps to the next line
      0: seats.flatMap((s, k): SeatBet[] =>
        k % 3 === 0
          ? [[s, 'rouge', 1_000 * (k + 1)]]
          : k % 3 === 1
            ? [[s, 'couleur', 602_500]]
            : [
                [s, 'noir', 602_500],
                [s, 'couleur', 602_500],
              ],
      ),
    });
    const page = await t.page('payeur');
    await page.locator('tq-app button[data-lang=it]').click();
    const row = page.locator('tq-payeur tq-history tr[data-coup="1"] + tr.seats');
    await row.locator('[data-seat=s8]').waitFor();
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'history-seats-wrapped');
    const boxes = await row
      .locator('[data-seat]')
      .evaluateAll((els) => els.map((e) => ({ seat: e.getAttribute('data-seat'), ...e.getBoundingClientRect().toJSON() })));
    expect(new Set(boxes.map((b) => b.top)).size, 'the seats fill more than one line').to.be.greaterThan(1);
    for (const a of boxes)
      for (const b of boxes) {
        if (a.seat === b.seat) continue;
        const overlap = a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        expect(overlap, `${a.seat} and ${b.seat} share a line's space`).to.equal(false);
      }
  });
});
