/**
 * The list of stakes to hand back (client/hand-back.ts) after a genuine
 * reload: the shuffler announces a new shoe while a coup is being dealt; the
 * table suspends the shoe in play (its coup cut short, stakes returned) and
 * starts the new one. The views are the real table's, in the order the live
 * stream brings them.
 */
import { expect } from 'chai';
import { HandBackStore, type ViewSource } from '../../client/hand-back.ts';
import type { TableView } from '../../shoe/table-view.ts';
import { openMemoryTable, type MemoryTable } from '../support/memory-table.ts';
import { TAILLEUR } from '../server/table/table-fixture.ts';

const PAYEUR = { user: 'payeur', role: 'payeur' } as const;

describe('stakes to hand back after the shuffler reloads mid-shoe', () => {
  let memory: MemoryTable | undefined;
  afterEach(async () => {
    await memory?.close();
    memory = undefined;
  });

  it("lists the cut coup's stakes once the new shoe's view arrives, and forgets them once handed back", async () => {
    memory = await openMemoryTable();
    const { table } = memory;
    const listeners = new Set<() => void>();
    const source: ViewSource & { snapshot: { view: TableView | null } } = {
      snapshot: { view: null },
      subscribe(l) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    };
    table.subscribe(({ view }) => {
      source.snapshot = { view };
      for (const l of listeners) l();
    });
    const store = new HandBackStore(source);

    await table.shoeReady('SERIAL-A', 312);
    for (const card of ['2H', '3D', '4C', '5S', '6H']) await memory.deal(card);
    await table.command({ type: 'open' }, TAILLEUR);
    await table.command({ type: 'bet', player: 's2', chance: 'couleur', amount: 4000 }, PAYEUR);
    await table.command({ type: 'bet', player: 's7', chance: 'rouge', amount: 1500, insured: true }, PAYEUR);
    await memory.deal('TH');
    const first = table.state().shoe;
    expect(store.list).to.deep.equal([]);

    await table.shoeReady('SERIAL-B', 312);
    expect(table.state().shoe).to.not.equal(first);
    expect(store.list).to.deep.equal([
      {
        shoe: first,
        how: 'suspended',
        coup: 1,
        rows: [
          { player: 's2', chance: 'couleur', amount: 4000 },
          { player: 's7', chance: 'rouge', amount: 1500, insured: true },
        ],
      },
    ]);
    store.handedBack(first);
    expect(store.list).to.deep.equal([]);
  });
});
