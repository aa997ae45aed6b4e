/**
 * A table whose crew has not yet marked two shoes' stakes handed back: the
 * floor's card lists each, and their total first (outsider pass 20, F10: seven
 * entries piled up with no total). Real central store, as floor-summary.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { shoeFilePath } from '../../server/store/data-dir.ts';
import { TableStore } from '../../server/store/table-store.ts';
import { linkedFirstLine } from '../../server/table/shoe-link.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { insertLines, registerTable, reportStatus } from '../support/central-store.ts';
import { readFixture } from '../support/fixture.ts';
import { floorRig } from './support/floor-rig.ts';
import { openPage, screenshot } from './support/chromium.ts';
import { loginAs } from './support/login.ts';

const ORDINARY = readFixture('ordinary');
const CONFIRM_2 = ORDINARY.findIndex((e) => e.type === 'confirm' && e.coup === 2);
const CLOSE_3 = ORDINARY.findIndex((e, i) => i > CONFIRM_2 && e.type === 'close');
/** Coup 3's stakes placed and its first two cards dealt, then the chef suspended the shoe: its stakes go back. */
const CUT: ShoeEvent[] = [...ORDINARY.slice(0, CLOSE_3 + 3), { type: 'end', reason: 'suspended', note: 'cliente contesta' }];

/** Two shoes of T3 both suspended with stakes on coup 3, the second linked to the first (shoe-link.ts); nothing marked handed back. */
async function recordTwo(dirs: string[]): Promise<{ shoe: string; lines: string[] }[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tq-floor-hand-back-total-'));
  dirs.push(dataDir);
  const store = await TableStore.open(dataDir, { table: 'T3' });
  const first = CUT[0] as ShoeEvent & { type: 'shoe' };
  const meta = { at: '2026-11-20T20:00:00.000Z', by: 'tailleur' };
  const [old, next] = ['T3-shoe-001', 'T3-shoe-002'];
  await store.createShoe({ ...first, table: 'T3', shoe: old }, meta);
  await store.append(old, CUT.slice(1), meta);
  await store.createShoe(linkedFirstLine({ ...first, table: 'T3', shoe: next }, await store.readShoe(old), 1), meta);
  await store.append(next, CUT.slice(1), meta);
  await store.close();
  const lines = async (shoe: string) => (await readFile(shoeFilePath(dataDir, shoe), 'utf8')).split('\n').filter((l) => l !== '');
  return [
    { shoe: old, lines: await lines(old) },
    { shoe: next, lines: await lines(next) },
  ];
}

describe('the floor adds up what a table has to hand back (Chromium, real central store)', function () {
  this.timeout(60_000);
  const shoes: string[] = [];
  const rig = floorRig(async (admin, dirs) => {
    await registerTable(admin, 'T3');
    for (const { shoe, lines } of await recordTwo(dirs)) {
      await insertLines(admin, 'T3', shoe, lines);
      shoes.push(shoe);
    }
  });

  it('says the total of both shoes’ stakes on one line, each shoe in its title, in English and Italian', async () => {
    await reportStatus(rig.admin, 'T3', { link: { connected: true, state: 'READY', alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe: shoes[1] });
    for (const lang of ['en', 'it'] as const) {
      const page = await openPage(rig.browser, 'tablet');
      try {
        await loginAs(page, rig.floor.url, 'surveillance', lang);
        const card = page.locator('tq-floor tq-floor-overview li[data-table=T3] tq-floor-now');
        const total = card.locator('[data-hand-back-total]');
        await total.waitFor({ timeout: 10_000 });
        await screenshot(page, `floor-hand-back-total-${lang}`);
        // each shoe's amount in the line's data and title, their total on the line
        const shoesSaid = ((await total.getAttribute('data-hand-back-shoes')) ?? '').split(' ').filter(Boolean);
        expect(shoesSaid).to.have.length(2);
        const amounts = shoesSaid.map((x) => Number(x.split(':')[1]));
        expect(Number(await total.getAttribute('data-hand-back-total'))).to.equal(amounts[0]! + amounts[1]!);
        const words = (await total.textContent())!.replace(/\s+/g, ' ').trim();
        // from how many shoes said on the line, each shoe's stakes in the title: 170.00 from two shoes read as one shoe's (outsider pass 27)
        expect(words).to.match(lang === 'en' ? /^To hand back [\d.,]+ \(2 shoes\)$/ : /^Da restituire [\d.,]+ \(2 sabot\)$/);
        const title = (await total.getAttribute('title')) ?? '';
        for (const shoe of shoes) expect(title, 'each shoe named in the title').to.contain(shoe.slice(-8));
        // one line, whatever the shoes: the label beside the amount
        const [label, amount] = await total.locator('th, td').evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().top));
        expect(Math.abs(label! - amount!)).to.be.below(2);
        // and the money within its card: "(6 poste, 2 sabot)" ran it 13 px past the card's edge at 1024 px
        const [money, li] = await Promise.all(
          [card.locator('.money'), page.locator('tq-floor tq-floor-overview li[data-table=T3]')].map((l) => l.evaluate((e) => e.getBoundingClientRect().right)),
        );
        expect(money, 'the money’s right edge').to.be.at.most(li! + 0.5);
        // and in the strip: the shoe in play has settled coups, and those stakes are still not marked handed back; only
        // the gold row said it while 390.00 piled up over four shoes (outside floor pass 48, F2)
        const chip = page.locator('tq-floor-summary [data-summary-table=T3]');
        const sum = /^[\d.,]+/.exec(((await total.locator('td').first().textContent()) ?? '').trim())?.[0];
        expect(await chip.getAttribute('title')).to.contain(
          `${lang === 'en' ? 'To hand back' : 'Da restituire'} ${sum} (6 ${lang === 'en' ? 'stakes' : 'poste'})`,
        );
      } finally {
        await page.context().close();
      }
    }
  });
});
