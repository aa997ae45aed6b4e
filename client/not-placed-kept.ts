/**
 * The stakes not placed, kept in the tab's sessionStorage with the coup they
 * were typed for: a page reload emptied the list, though its chips were still
 * on the layout unrecorded (outsider pass 13). The list shows only while its
 * coup is the one taking stakes (coup-of-stakes.ts), so a kept list of an
 * earlier coup is never shown again.
 */
import type { Addition } from './components/tq-additions.ts';
import type { NotPlaced } from './components/tq-not-placed.ts';
import { readKept, writeKept } from './tab-kept.ts';

const KEY = 'tq.payeur.notPlaced';

export interface KeptNotPlaced {
  /** coup-of-stakes.ts: `shoe:coup`. */
  said: string;
  entries: NotPlaced[];
  /** An over-maximum stake asked about and waiting for its second Enter (`seat|chance|cents`): a reload lost it (outsider pass 14). */
  overMax?: string;
  /** Additions asked and waiting for Add: a reload lost them too; they come back listed as not added. */
  additions?: Addition[];
}

export function keptNotPlaced(): KeptNotPlaced | null {
  return readKept(KEY, (raw) => {
    const kept = raw as Partial<KeptNotPlaced> | null;
    if (typeof kept?.said !== 'string' || !Array.isArray(kept.entries)) return null;
    const entries = kept.entries.filter(
      (n): n is NotPlaced =>
        typeof n?.key === 'string' &&
        typeof n.player === 'string' &&
        typeof n.chance === 'string' &&
        typeof n.typed === 'string' &&
        typeof n.refusal?.text === 'string',
    );
    const additions = (Array.isArray(kept.additions) ? kept.additions : []).filter(
      (a): a is Addition => typeof a?.player === 'string' && typeof a.chance === 'string' && Number.isInteger(a.cents) && typeof a.coup === 'string',
    );
    return {
      said: kept.said,
      entries,
      ...(typeof kept.overMax === 'string' && kept.overMax !== '' && { overMax: kept.overMax }),
      ...(additions.length > 0 && { additions }),
    };
  });
}

export function keepNotPlaced(kept: KeptNotPlaced): void {
  writeKept(KEY, kept);
}
