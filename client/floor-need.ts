/**
 * Which tables need the floor now, as the summary strip counts them: a table
 * whose only matters are over — a spell over (a shuffler's silence, reports
 * stopped, a record behind), a dispute ruled, a suspension withdrawn — is
 * remembered on its card for ten minutes, but asks nothing of anyone. Counted
 * with the rest, "3 tables need you" stayed ten minutes after an outage was
 * resolved (outside floor pass 43, F7); such tables are counted apart, as recent.
 */
import { severityOf, type Attention, type TableAttention } from './floor-attention.ts';
import type { Severity } from './components/alert-severity.ts';

const REMEMBERED: ReadonlySet<Attention['kind']> = new Set(['silence-ended', 'stale-ended', 'behind-ended', 'ruled', 'withdrawn']);

/** Whether a matter is over and only remembered. */
export function remembered(a: Attention): boolean {
  return REMEMBERED.has(a.kind);
}

/** The worst of a table's matters still open, serious or warning; null when it needs no one now. */
export function needNow(x: TableAttention): Exclude<Severity, 'routine'> | null {
  const open = x.items.filter((a) => !remembered(a)).map(severityOf);
  return open.includes('serious') ? 'serious' : open.includes('warning') ? 'warning' : null;
}

export interface FloorNeed {
  serious: number;
  warning: number;
  /** Tables whose worst matter is routine (a call waiting). */
  routine: number;
  /** Tables that need no one now, with a matter over still remembered. */
  recent: number;
}

export function floorNeed(tables: readonly TableAttention[]): FloorNeed {
  const now = tables.map(needNow);
  return {
    serious: now.filter((s) => s === 'serious').length,
    warning: now.filter((s) => s === 'warning').length,
    routine: tables.filter((x) => x.severity === 'routine').length,
    recent: tables.filter((x, i) => now[i] === null && x.items.some(remembered)).length,
  };
}
