/**
 * The table's alert band is coloured by the alert's severity (alert-severity.ts),
 * as the floor's pills are: a card drawn out of turn is a warning (amber), a
 * dispute is serious (red). Seen playing a whole shoe as the crew: every band but a
 * void's, an annulment's and a new shoe's was red, and every band, amber ones
 * included, flashed red for six seconds, so a routine alert read as a dispute.
 */
import { expect } from 'chai';
import type { Locator } from 'playwright-core';
import { dealCards } from './support/demo-table.ts';
import { freshTables } from './support/fresh-table.ts';
import { cardsIn, seededDeal } from '../support/seeded-deal.ts';

const COUP_1 = seededDeal(7, 1).coups[0]!;

/** Every background colour the band takes: its own and its flash's keyframes, as rgb() strings. */
async function coloursOf(band: Locator): Promise<string[]> {
  // no named function inside: tsx's keepNames would wrap it in a __name the page lacks
  return band.evaluate((el) => {
    const probe = document.createElement('span');
    el.appendChild(probe);
    const out = [getComputedStyle(el).backgroundColor];
    for (const a of el.getAnimations())
      for (const f of (a.effect as KeyframeEffect).getKeyframes()) {
        if (typeof f.backgroundColor !== 'string') continue;
        probe.style.color = f.backgroundColor;
        out.push(getComputedStyle(probe).color);
      }
    probe.remove();
    return out;
  });
}

/** Red: the red channel well above the other two. */
const isRed = (rgb: string) => {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number) as [number, number, number];
  return r > 120 && g < 60 && b < 60;
};

describe('dashboard: the alert band’s colour is the alert’s severity (Chromium, real server)', function () {
  this.timeout(120_000);
  const tables = freshTables('alert-banner-colour');

  it('shows a card out of turn in amber, never flashing red, and a dispute in red', async () => {
    const t = await tables.open(7);
    const page = await t.page('tailleur');
    await dealCards(t.tailleur, 5); // the burn; the bets are not open
    await dealCards(t.tailleur, 1, { outOfTurn: true });
    const band = page.locator('tq-alert-banner .band[data-alert=out-of-turn]');
    await band.waitFor();
    expect(await band.getAttribute('class')).to.contain('warn');
    const amber = await coloursOf(band);
    expect(amber.filter(isRed), `out-of-turn colours ${amber.join(', ')}`).to.deep.equal([]);

    await dealCards(t.tailleur, cardsIn(COUP_1) - 1); // the rest of coup 1: its call waits
    await t.tailleur.post('/api/coups/1/dispute', { announced: COUP_1.call === 'Rouge perd et couleur' ? 'Rouge gagne et couleur' : 'Rouge perd et couleur' });
    const red = page.locator('tq-alert-banner .band[data-alert=dispute]');
    await red.waitFor();
    expect((await coloursOf(red)).some(isRed), 'a dispute is red').to.equal(true);
  });

  it('keeps a dispute’s words readable beside its buttons on the tailleur’s portrait tablet (768 px)', async () => {
    const t = await tables.open(7);
    const page = await t.page('tailleur', 'portrait');
    await dealCards(t.tailleur, 5);
    await dealCards(t.tailleur, 1, { outOfTurn: true }); // a first alert, so the band has its count and acknowledge-all buttons
    await dealCards(t.tailleur, cardsIn(COUP_1) - 1);
    await t.tailleur.post('/api/coups/1/dispute', { announced: COUP_1.call === 'Rouge perd et couleur' ? 'Rouge gagne et couleur' : 'Rouge perd et couleur' });
    const band = page.locator('tq-alert-banner .band[data-alert=dispute]');
    await band.locator('[data-alert-count]').waitFor();
    const msg = (await band.locator('.msg').boundingBox())!;
    expect(msg.width, 'the message’s width').to.be.at.least(250);
    for (const button of await band.locator('button').all()) {
      const b = (await button.boundingBox())!;
      const overlap = msg.x < b.x + b.width && b.x < msg.x + msg.width && msg.y < b.y + b.height && b.y < msg.y + msg.height;
      expect(overlap, `the message overlaps the button « ${await button.textContent()} »`).to.equal(false);
    }
  });

  it('says why the chef suspended the shoe in the suspended band, on the payeur’s page', async () => {
    const t = await tables.open(7);
    const page = await t.page('payeur', 'tablet');
    await (await t.table.as('chef')).post('/api/shoe/suspend', { reason: 'Shuffler door opened' });
    const band = page.locator('tq-alert-banner [data-alert=suspended]');
    await band.waitFor();
    expect((await band.locator('[data-suspend-reason]').textContent())?.trim()).to.equal('Shuffler door opened');
  });
});
