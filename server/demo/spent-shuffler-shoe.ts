/**
 * The demo restarted after the chef suspended a shoe and the tailleur began
 * the next: the simulated shuffler remembers (demo-shuffler.json) the
 * shuffler shoe the suspended table shoe was dealt from, and the table never
 * deals a spent shuffler shoe again (docs/serial-protocol.md#shoe-identity).
 * Resuming it would only bring a SHOE_REFUSED fault; as a crew would load a
 * freshly shuffled shoe, the demo's shuffler starts its next shoe at once.
 */
import { simSeed, simShoeSerial } from '../simulator/shoe-sequence.ts';
import { writeShufflerState, type ShufflerState } from '../simulator/shuffler-state-file.ts';

/** What the demo's start needs of the table: its shoe in play and the shuffler shoe its previous shoe spent. */
export interface SpentShoeTable {
  readonly inPlay: boolean;
  lastStoredSeq(): number;
  spentBy(serial: string): string | undefined;
}

/**
 * When the table's shoe in play has no card and `saved` is the shuffler shoe
 * its previous shoe spent, writes the seed's next shoe, nothing dealt, to the
 * shuffler's memory (before the shuffler reads it) and says so; else null.
 */
export async function skipSpentShoe(table: SpentShoeTable, saved: ShufflerState | null, statePath: string): Promise<string | null> {
  if (saved === null || !table.inPlay || table.lastStoredSeq() !== 0) return null;
  const spentBy = table.spentBy(simShoeSerial(simSeed(saved.seed), saved.shoe));
  if (spentBy === undefined) return null;
  const next: ShufflerState = { seed: saved.seed, shoe: saved.shoe + 1, dealt: 0, acked: 0 };
  await writeShufflerState(statePath, next);
  return `shoe ${saved.shoe} of seed ${saved.seed} was spent by the previous table shoe ${spentBy}: starting shoe ${next.shoe}`;
}
