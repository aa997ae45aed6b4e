/**
 * A new shoe whose first line carried prison stakes in from the suspended shoe
 * before it: the floor's card names that shoe under "In prison" (outsider pass
 * 20, F11: "In prison 90.00 (3 stakes)" before any coup, and no word of where
 * they came from). Real central store, as floor-summary.
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
const SUSPENDED: ShoeEvent[] = [...ORDINARY.slice(0, CONFIRM_2 + 1), { type: 'end', reason: 'suspended', note: 'cliente contesta' }];
const PRISON = [
  { player: 's3', chance: 'rouge', amount: 3000, level: 1 },
  { player: 's4', chance: 'noir', amount: 6000, level: 1 },
] as const;

/** T5's suspended shoe, and its next shoe linked to it, carrying two stakes in prison and its first cards burnt. */
async function recordCarried(dirs: string[]): Promise<{ shoe: string; lines: string[] }[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tq-floor-prison-carried-'));
  dirs.push(dataDir);
  const store = await TableStore.open(dataDir, { table: 'T5' });
  const first = SUSPENDED[0] as ShoeEvent & { type: 'shoe' };
  const meta = { at: '2026-11-20T20:00:00.000Z', by: 'tailleur' };
  const [old, next] = ['T5-shoe-001', 'T5-shoe-002'];
  await store.createShoe({ ...first, table: 'T5', shoe: old }, meta);
  await store.append(old, SUSPENDED.slice(1), meta);
  const linked = linkedFirstLine({ ...first, table: 'T5', shoe: next, prison: PRISON.map((p) => ({ ...p })) }, await store.readShoe(old), 1);
  await store.createShoe(linked, meta);
  await store.append(next, ORDINARY.slice(1, 4), meta);
  await store.close();
  const lines = async (shoe: string) => (await readFile(shoeFilePath(dataDir, shoe), 'utf8')).split('\n').filter((l) => l !== '');
  return [
    { shoe: old, lines: await lines(old) },
    { shoe: next, lines: await lines(next) },
  ];
}

describe('the floor names the shoe prison stakes were carried from (Chromium, real central store)', function () {
  this.timeout(60_000);
  const shoes: string[] = [];
  const rig = floorRig(async (admin, dirs) => {
    await registerTable(admin, 'T5');
    for (const { shoe, lines } of await recordCarried(dirs)) {
      await insertLines(admin, 'T5', shoe, lines);
      shoes.push(shoe);
    }
  });

  it('says under "In prison" how many stakes came from the suspended shoe, in English and Italian', async () => {
    await reportStatus(rig.admin, 'T5', { link: { connected: true, state: 'DEALING', alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe: shoes[1] });
    for (const lang of ['en', 'it'] as const) {
      const page = await openPage(rig.browser, 'tablet');
      try {
        await loginAs(page, rig.floor.url, 'surveillance', lang);
        const carried = page.locator('tq-floor tq-floor-overview li[data-table=T5] tq-floor-now [data-prison-carried]');
        await carried.waitFor({ timeout: 10_000 });
        await screenshot(page, `floor-prison-carried-${lang}`);
        expect(await carried.getAttribute('data-prison-carried-from')).to.equal('T5-shoe-001');
        expect((await carried.textContent())!.replace(/\s+/g, ' ').trim()).to.equal(
          lang === 'en' ? '2 carried from shoe shoe-001' : '2 portate dal sabot shoe-001',
        );
      } finally {
        await page.context().close();
      }
    }
  });
});
