/**
 * The HTTP side's own fold (server/app/remote-table.ts) lists the stakes to
 * hand back like the table does (shoe/hand-back.ts): after its `hello` (a
 * restart of the HTTP side, or of the whole server) it reads the previous
 * shoe from the record, and a `handed-back` event the card side posts drops
 * the entry (docs/shoe-log.md#handed-back).
 */
import { expect } from 'chai';
import { RemoteTable } from '../../../server/app/remote-table.ts';
import type { RecordReader } from '../../../server/app/record-reader.ts';
import { openMemoryTable, type MemoryTable } from '../../support/memory-table.ts';
import { until } from '../../support/until.ts';
import { TAILLEUR } from '../table/table-fixture.ts';

const PAYEUR = { user: 'payeur', role: 'payeur' } as const;

describe("the HTTP side's fold lists the stakes to hand back", () => {
  let memory: MemoryTable | undefined;
  afterEach(async () => {
    await memory?.close();
    memory = undefined;
  });

  it('reads the previous shoe from the record after its hello, and drops the entry at the handed-back event', async () => {
    memory = await openMemoryTable();
    const { table, store } = memory;
    await table.shoeReady('SERIAL-A', 312);
    for (const card of ['2H', '3D', '4C', '5S', '6H']) await memory.deal(card);
    await table.command({ type: 'open' }, TAILLEUR);
    await table.command({ type: 'bet', player: 's2', chance: 'couleur', amount: 4000 }, PAYEUR);
    await memory.deal('TH');
    const first = table.state().shoe;
    await table.shoeReady('SERIAL-B', 312);
    const second = table.state().shoe;

    const record = { readShoe: (id: string) => store.readShoe(id), refresh: async () => {}, settled: async () => {} } as unknown as RecordReader;
    const remote = new RemoteTable('T1', () => {}, record);
    remote.receive({ kind: 'hello', events: await store.readShoe(second), simulator: false, link: { connected: true, alerts: [] } });
    await until(() => (remote.view().handBack ?? []).length === 1, 'the previous shoe read from the record', 2000);
    expect(remote.view().handBack).to.deep.equal(table.view().handBack);
    expect(remote.view().handBack?.[0]).to.include({ shoe: first, coup: 1 });

    const [marked] = await table.command({ type: 'handed-back', shoe: first }, PAYEUR);
    remote.receive({ kind: 'event', shoe: second, event: marked! });
    expect(remote.view().handBack).to.deep.equal([]);
  });
});
