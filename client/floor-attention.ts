/**
 * What on one table of the floor asks for the chef's or surveillance's eyes,
 * and how much (client/components/alert-severity.ts): open disputes, a call
 * waiting, the shoe before suspended, the shuffler line's alerts, the table's
 * last alert, a report gone stale. The table's card shows each in full; the
 * summary strip at the top of the floor names the tables by their worst — an
 * outsider saw two tables to a 1024×768 screen and no word of a dispute on a
 * table further down.
 */
import type { FloorTable, PreviousShoe, ReportedLink, TableView } from '../server/http/contract.ts';
import { callToConfirm } from './calls-to-confirm.ts';
import { previousToSay } from './floor-previous.ts';
import { alertSeverity, type Severity } from './components/alert-severity.ts';

type Alert = TableView['alerts'][number];

export type Attention =
  | { kind: 'stale'; reportedAt: string | null }
  | { kind: 'disputes'; n: number }
  | { kind: 'awaiting'; coup: number }
  | { kind: 'previous'; shoe: string; previous: PreviousShoe }
  | { kind: 'line'; n: number; down: boolean; last: ReportedLink['last'] }
  | { kind: 'alert'; alert: Alert };

export function severityOf(a: Attention): Severity {
  switch (a.kind) {
    case 'stale':
    case 'disputes':
      return 'serious';
    case 'awaiting':
      return 'routine';
    case 'previous':
      return a.previous.cause ? alertSeverity(a.previous.cause) : 'warning';
    case 'line':
      return a.down ? 'serious' : 'warning';
    case 'alert':
      return alertSeverity(a.alert);
  }
}

/** In the order the card shows them; a stale report hides the line's alerts, which say nothing of the line now. */
export function attentionOf(row: FloorTable): Attention[] {
  const v = row.view;
  const out: Attention[] = [];
  if (row.stale) out.push({ kind: 'stale', reportedAt: row.reportedAt });
  const disputes = v?.disputes.length ?? 0;
  if (disputes > 0) out.push({ kind: 'disputes', n: disputes });
  // a disputed call is in dispute, not also "to confirm": calls-to-confirm.ts
  const awaiting = callToConfirm(v);
  if (awaiting !== null) out.push({ kind: 'awaiting', coup: awaiting });
  const previous = previousToSay(row);
  if (previous && row.shoe) out.push({ kind: 'previous', shoe: row.shoe, previous });
  const link = row.reported?.link;
  if (!row.stale && link && link.alerts > 0) out.push({ kind: 'line', n: link.alerts, down: link.connected === false, last: link.last });
  const last = v?.alerts.at(-1);
  if (last) out.push({ kind: 'alert', alert: last });
  return out;
}

const RANK: Record<Severity, number> = { serious: 0, warning: 1, routine: 2 };

export interface TableAttention {
  table: string;
  severity: Severity;
  /** Its most pressing item first. */
  items: Attention[];
}

/** The tables with anything to say, the most serious first, in floor order within a severity. */
export function floorAttention(rows: readonly FloorTable[]): TableAttention[] {
  const tables = rows.flatMap((row) => {
    const items = attentionOf(row).sort((a, b) => RANK[severityOf(a)] - RANK[severityOf(b)]);
    return items.length > 0 ? [{ table: row.table, severity: severityOf(items[0]!), items }] : [];
  });
  return tables.sort((a, b) => RANK[a.severity] - RANK[b.severity]);
}
