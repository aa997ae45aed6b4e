/**
 * How the table's shoe before the one in play ended, for the floor: the
 * table screens greet a new shoe with a banner saying the shoe before it was
 * suspended, by whom and why, and the floor showed the new shoe with no word
 * of it. The new shoe's first line names the shoe before (docs/shoe-log.md,
 * server/table/shoe-link.ts); that shoe is read once from the central store,
 * only as far as its hash chain holds, and kept beside the new one for all of it.
 */
import { activeAlerts } from '../../shoe/active-alerts.ts';
import { standingHold } from '../../shoe/end-of-shoe.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { endedHandBack, type HandBack } from '../../shoe/hand-back.ts';
import { replayShoe } from '../../shoe/replay.ts';
import type { Alert, ShoeState } from '../../shoe/state.ts';
import { GENESIS_PREV, type StoredEvent } from '../store/stored-event.ts';
import type { CentralReader } from './central-reader.ts';
import { chainedPrefix } from './chained-prefix.ts';
import { floorRulings, type FloorRuling } from './floor-rulings.ts';

/** The alert that says why the shoe was suspended (a shuffler fault, too many exposed coups), as the table raised it. */
export interface PreviousCause {
  kind: string;
  message: string;
  code?: string;
  params?: Readonly<Record<string, string | number>>;
}

export interface PreviousShoe {
  shoe: string;
  /** empty: its cards ran out; suspended: ended early; left: never ended (the table moved on with it in play). */
  how: 'empty' | 'suspended' | 'left';
  /** The chef's reason, as typed with the suspension. */
  note?: string;
  /** Who asked for the end (the chef who held it, else who wrote it), and when it was written. */
  by?: string;
  at?: string;
  cause?: PreviousCause;
  /**
   * What its end left to go back to the players (shoe/hand-back.ts), as the table screens list it "To hand back" until
   * a `handed-back` event of a later shoe marks it (docs/shoe-log.md#handed-back): the floor counts it (floor-money.ts).
   */
  handBack?: HandBack;
  /**
   * Its alerts that may still be current when the new shoe starts, and its last coup, so the floor keeps them in sight
   * across the new shoe (client/floor-attention.ts): the coup the shuffler's last card cut short was on the floor for
   * the second between the end and the next shoe's first line, then gone (outsider pass 17).
   */
  carried?: { lastCoup: number; alerts: Alert[] };
  /** Its disputes the chef ruled, the newest first, and its last coup: the floor keeps a ruling in sight into the new shoe (floor-rulings.ts). */
  ruled?: { lastCoup: number; rulings: FloorRuling[] };
}

/** The most alerts carried: the floor lists three a table (client/floor-attention.ts). */
const CARRIED_MOST = 6;

/** Alerts about its last two coups (an alert about a coup is over two coups later), or about no coup: the floor's window of play judges those. */
function carried(state: ShoeState, lastCoup: number): PreviousShoe['carried'] {
  const alerts = activeAlerts(state, CARRIED_MOST).filter((a) => a.coup === undefined || a.coup >= lastCoup - 1);
  return alerts.length > 0 ? { lastCoup, alerts } : undefined;
}

/** How `events` (one shoe, as stored) ended. */
export function previousShoe(shoe: string, events: readonly StoredEvent[]): PreviousShoe {
  const state = replayShoe(events as readonly ShoeEvent[]).state;
  const end = events.findLast((e) => e.type === 'end');
  const handBack = endedHandBack(state);
  const lastCoup = state.coups.at(-1)?.coup ?? 0;
  const carry = carried(state, lastCoup);
  const rulings = floorRulings(state);
  const ruled = rulings.length > 0 ? { lastCoup, rulings } : undefined;
  if (!state.end || !end) return { shoe, how: 'left', ...(handBack && { handBack }), ...(carry && { carried: carry }), ...(ruled && { ruled }) };
  const hold = standingHold(events);
  const out: PreviousShoe = { shoe, how: state.end.reason, at: end.at, ...(ruled && { ruled }) };
  const by = hold?.by ?? end.by;
  if (by !== undefined) out.by = by;
  const note = state.end.note ?? hold?.note;
  if (note !== undefined) out.note = note;
  if (handBack) out.handBack = handBack;
  if (carry) out.carried = carry;
  if (state.end.reason === 'suspended') {
    // the table's own alert says why (a shuffler's reload, too many exposed coups) when it raised the end; else the chef's note does, as he typed it
    const a = state.alerts.toArray().findLast((x) => x.kind === 'fault' || x.kind === 'suspended');
    if (a && (note === undefined || (a.index ?? -1) >= end.i - 1))
      out.cause = { kind: a.kind, message: a.message, ...(a.code !== undefined && { code: a.code }), ...(a.params !== undefined && { params: a.params }) };
  }
  return out;
}

/** The shoe `first` (a shoe's first stored line) names as the table's previous one, read from the central store; null without a link or a readable chain. */
export async function readPreviousShoe(reader: CentralReader, table: string, first: StoredEvent | undefined): Promise<PreviousShoe | null> {
  const link = first?.type === 'shoe' ? first.previous : undefined;
  if (!link) return null;
  const read = await reader.events(table, link.shoe);
  const chained = read.slice(0, chainedPrefix(read, -1, GENESIS_PREV));
  if (chained.length === 0) return null;
  return previousShoe(link.shoe, chained);
}
