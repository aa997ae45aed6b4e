/**
 * Surveillance's list of shoes (GET /api/shoes, tq-shoe-list) gives each
 * shoe its own span: its first line's `at` to its last line's `at`, no end
 * for the shoe in play. Checked after an outside tester read a shoe's times
 * as the previous shoe's; the times here are the tester's: a shoe suspended
 * at 22:51:23 and the next started at once, suspended at 22:52:57, and the
 * next started at 22:52:59. Both readers of the record are checked: the card
 * side's store and the HTTP side's reader of the data directory.
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordReader } from '../../../server/app/record-reader.ts';
import { storeArchive } from '../../../server/http/store-archive.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { TableService } from '../../../server/table/table-service.ts';
import type { Actor } from '../../../server/table/table.ts';
import { VENICE_RULES } from '../../../shoe/rules.ts';

const CHEF: Actor = { user: 'chef', role: 'chef' };
const TAILLEUR: Actor = { user: 'tailleur', role: 'tailleur' };

describe("surveillance's list of shoes: each shoe's own times", () => {
  let dir = '';
  let store: TableStore | null = null;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-shoe-list-times-'));
  });
  afterEach(async () => {
    await store?.close();
    store = null;
    await rm(dir, { recursive: true, force: true });
  });

  it("lists each shoe from its first line's `at` to its last line's, the shoe in play without an end", async () => {
    let now = '2026-11-26T22:46:24.000Z';
    store = await TableStore.open(dir, { table: 'T1' });
    const table = await TableService.open({ store, tableId: 'T1', rules: VENICE_RULES, clock: () => new Date(now) });
    const ids: string[] = [];
    for (const [start, end] of [
      ['2026-11-26T22:46:24.000Z', '2026-11-26T22:51:23.100Z'],
      ['2026-11-26T22:51:23.400Z', '2026-11-26T22:52:57.000Z'],
      ['2026-11-26T22:52:59.000Z', null],
    ] as const) {
      now = start;
      await table.startShoe(TAILLEUR);
      ids.push(table.view().shoe);
      if (end === null) continue;
      now = end;
      await table.command({ type: 'end', reason: 'suspended', note: 'checked' }, CHEF);
    }
    await table.close();

    const expected = await Promise.all(
      ids.map(async (id) => {
        const events = await store!.readShoe(id);
        const last = events.at(-1)!;
        return { id, startedAt: events[0]!.at, ...(last.type === 'end' && { endedAt: last.at }) };
      }),
    );
    expect(expected.map((e) => [e.startedAt, e.endedAt])).to.deep.equal([
      ['2026-11-26T22:46:24.000Z', '2026-11-26T22:51:23.100Z'],
      ['2026-11-26T22:51:23.400Z', '2026-11-26T22:52:57.000Z'],
      ['2026-11-26T22:52:59.000Z', undefined],
    ]);
    for (const reader of [store, await RecordReader.open(dir)]) {
      const listed = await storeArchive(reader, dir).listShoes();
      expect(listed.map(({ id, startedAt, endedAt }) => ({ id, startedAt, ...(endedAt !== undefined && { endedAt }) }))).to.deep.equal(expected);
    }
  });
});
