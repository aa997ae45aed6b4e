/**
 * Verify says whether it checked the seals: the table's own verify reads its
 * files (chain and rules) and never a seal, so on a table without a central
 * witness (the demo) there is no key to check them with, and surveillance must
 * not read "ok" as "sealed" (an outsider saw a bare "Integrità verificata").
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storeArchive } from '../../../server/http/store-archive.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { steppingClock } from '../../../server/table/clock.ts';
import { TableService } from '../../../server/table/table-service.ts';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { startServer, type TestServer } from './support/server.ts';

describe('HTTP verify: what it says of the seals', () => {
  let dir: string;
  let store: TableStore;
  let server: TestServer | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-verify-seals-'));
    store = await TableStore.open(dir, { table: 'T1' });
  });
  afterEach(async () => {
    await server?.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function verifyOfNewShoe(witnessed: boolean) {
    const table = await TableService.open({ store, tableId: 'T1', rules: VENICE_RULES, clock: steppingClock() });
    server = await startServer({ table, surveillance: storeArchive(store, dir, witnessed) });
    const shoe = (await (await server.as('tailleur')).post('/api/shoe/start')).body.view.shoe as string;
    return (await (await server.as('surveillance')).get(`/api/shoes/${shoe}/verify`)).body;
  }

  it('a table without a central witness: chain and rules ok, seals not checked for want of a key', async () => {
    expect(await verifyOfNewShoe(false)).to.deep.equal({ ok: true, problems: [], seals: 'no-key' });
  });

  it('a witnessed table: its seals are checked centrally, not by its own verify', async () => {
    expect(await verifyOfNewShoe(true)).to.deep.include({ ok: true, seals: 'elsewhere' });
  });
});
