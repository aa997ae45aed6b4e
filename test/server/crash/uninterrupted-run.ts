/**
 * The reference for the crash test: the same crew (shoe-driver.ts) playing
 * the same shoe on a table service that is never interrupted, cards handed
 * straight to its CardSink side as the shuffler would send them.
 */
import type { StoredEvent } from '../../../server/store/stored-event.ts';
import { shuffledShoe } from '../../../server/simulator/shuffled-shoe.ts';
import { PAYEUR, TAILLEUR, tableFixture } from '../table/table-fixture.ts';
import { nextMove } from './shoe-driver.ts';

export async function uninterruptedRun(seed: number): Promise<StoredEvent[]> {
  const f = await tableFixture();
  try {
    const shoe = shuffledShoe(seed);
    await f.table.shoeReady(`SIM-${seed}`, shoe.length);
    let pulled = 0;
    for (let moves = 0; moves < 10_000; moves++) {
      const move = nextMove(f.table.view(), pulled, shoe.length);
      switch (move.kind) {
        case 'done':
          return await f.store.readShoe(f.table.state().shoe);
        case 'wait':
          throw new Error(`the uninterrupted run has nothing to do at card ${pulled}`);
        case 'pull':
          pulled++;
          // tagged with the shuffler shoe's serial, as the link binds every card it hands on (docs/serial-protocol.md#shoe-identity)
          await f.table.storeCard({ seq: pulled, card: shoe[pulled - 1]!.card, exposed: false, serial: `SIM-${seed}` });
          if (pulled === shoe.length) await f.table.shoeEmpty(pulled);
          break;
        case 'open':
          await f.table.command({ type: 'open' }, TAILLEUR);
          break;
        case 'confirm':
          await f.table.command({ type: 'confirm', coup: move.coup }, TAILLEUR);
          break;
        case 'bet':
          await f.table.command({ type: 'bet', ...move.bet }, PAYEUR);
          break;
        default: {
          const never: never = move;
          throw new Error(`unknown move ${JSON.stringify(never)}`);
        }
      }
    }
    throw new Error('the uninterrupted run did not end');
  } finally {
    await f.cleanup();
  }
}
