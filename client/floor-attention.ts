/**
 * What on one table of the floor asks for the chef's or surveillance's eyes,
 * and how much (client/components/alert-severity.ts): open disputes, a call
 * waiting, the shoe before suspended, the shuffler line's alerts, the table's
 * current alerts, a report gone stale. The table's card shows each in full; the
 * summary strip at the top of the floor names the tables by their worst — an
 * outsider saw two tables to a 1024×768 screen and no word of a dispute on a
 * table further down.
 */
import type { FloorTable, PreviousShoe, ReportedLink, TableView } from '../server/http/contract.ts';
import { callToConfirm } from './calls-to-confirm.ts';
import { playResumed, previousToSay } from './floor-previous.ts';
import { ruledDisputes, type RuledDispute } from './floor-ruled.ts';
import { endedSilences, recordedSilence } from './floor-silence.ts';
import {
  ALERT_CURRENT_MS,
  ALERT_SHOWN_MS,
  BEHIND_SERIOUS_MS,
  BEHIND_SHOWN_MS,
  behindFor,
  coupAlertOver,
  coupsOnFromShoeBefore,
  shownLongEnough,
  staleSpells,
} from './floor-windows.ts';
import { alertSeverity, type Severity } from './components/alert-severity.ts';

type Alert = TableView['alerts'][number];

export type Attention =
  | { kind: 'stale'; reportedAt: string | null }
  /** `since`: when the oldest of them was made (its age was nowhere on the floor, outsider pass 41, F5). */
  | { kind: 'disputes'; n: number; since?: string }
  | { kind: 'awaiting'; coup: number }
  | { kind: 'previous'; shoe: string; previous: PreviousShoe; resumed?: true }
  | { kind: 'line'; n: number; down: boolean; last: ReportedLink['last'] }
  | { kind: 'held'; held: NonNullable<TableView['held']> }
  /**
   * `before`: the alert is of the table's shoe before this one, carried across the new shoe (its id). `settled`: a
   * restart of the table server the table has dealt on from for ALERT_SHOWN_MS.
   */
  | { kind: 'alert'; alert: Alert; before?: string; settled?: true }
  /** A suspension asked, held, then withdrawn (the view's `unheld` alert): said while its alert is current. */
  | { kind: 'withdrawn'; alert: Alert; before?: string }
  /** The shuffler's last silence, over: how long and until when (its SILENCE_OVER in the record, or ReportedLink.lastSilence: floor-silence.ts). */
  | { kind: 'silence-ended'; from: string; to: string }
  /**
   * The table's events have not all reached the central store for a while (FloorTable.behindSince): what the floor shows
   * of it is that old. `serious` past BEHIND_SERIOUS_MS.
   */
  | { kind: 'behind'; n: number; since: string; serious: boolean }
  /** The table's reports stopped, then came back: its last report before and its first after (FloorTable.lastStale). */
  | { kind: 'stale-ended'; from: string; to: string }
  /** The table's record was behind long enough to be said, then caught up (FloorTable.lastBehind, .earlierBehind). */
  | { kind: 'behind-ended'; from: string; to: string }
  /** A dispute the chef has ruled (floor-ruled.ts). */
  | { kind: 'ruled'; ruled: RuledDispute }
  /** Stakes of ended shoes not marked handed back while the new shoe plays on (floor-money.ts `handBackTotal`). */
  | { kind: 'hand-back'; amount: number; stakes: number };

export function severityOf(a: Attention): Severity {
  switch (a.kind) {
    case 'stale':
    case 'disputes':
      return 'serious';
    case 'behind':
      return a.serious ? 'serious' : 'warning';
    case 'awaiting':
      return 'routine';
    case 'held':
    case 'withdrawn':
    case 'silence-ended':
    case 'stale-ended':
    case 'behind-ended':
    case 'ruled':
    case 'hand-back':
      return 'warning';
    case 'previous':
      return a.previous.cause ? alertSeverity(a.previous.cause) : 'warning';
    case 'line':
      return a.down ? 'serious' : 'warning';
    case 'alert':
      return atMostWarning(alertSeverity(a.alert), a.before !== undefined || a.settled === true);
  }
}

/**
 * An alert of the shoe before, shown while the new shoe's first coups are dealt, is amber at most: the shoe it troubled
 * is over, and "Table server restarted" stayed red ten minutes into the next shoe (outsider pass 21, N6). So is a
 * restart the table has dealt on from for two minutes: it stayed red eleven minutes of ordinary play (outsider pass 22, G6).
 */
function atMostWarning(s: Severity, settled: boolean): Severity {
  return settled && s === 'serious' ? 'warning' : s;
}

/** In the order the card shows them; a stale report hides the line's alerts, which say nothing of the line now. */
export function attentionOf(row: FloorTable, now = Date.now()): Attention[] {
  const v = row.view;
  const out: Attention[] = [];
  if (row.stale) out.push({ kind: 'stale', reportedAt: row.reportedAt });
  const behind = behindFor(row, now);
  if (behind !== null && row.behindSince !== undefined)
    out.push({ kind: 'behind', n: row.reported?.central?.behind ?? 0, since: row.behindSince, serious: behind >= BEHIND_SERIOUS_MS });
  const disputes = v?.disputes.length ?? 0;
  if (disputes > 0) {
    const since = (v?.disputes ?? [])
      .map((c) => c.dispute?.at)
      .filter((at): at is string => at !== undefined)
      .sort()[0];
    out.push({ kind: 'disputes', n: disputes, ...(since !== undefined && { since }) });
  }
  // a disputed call is in dispute, not also "to confirm": calls-to-confirm.ts
  const awaiting = callToConfirm(v);
  if (awaiting !== null) out.push({ kind: 'awaiting', coup: awaiting });
  // a held end is said in the strip too: it was only inside the card (outsider pass 15)
  if (v?.held) out.push({ kind: 'held', held: v.held });
  const previous = previousToSay(row, now);
  if (previous && row.shoe) out.push({ kind: 'previous', shoe: row.shoe, previous, ...(playResumed(row) && { resumed: true as const }) });
  // owed to players from an ended shoe, not marked handed back once the new shoe has settled a coup: only a gold money row
  // said it, and 390.00 piled up over four shoes (outside floor pass 48, F2)
  const owed = row.money?.handBackTotal;
  if (owed && owed.amount > 0 && playResumed(row)) out.push({ kind: 'hand-back', amount: owed.amount, stakes: owed.stakes });
  const link = row.reported?.link;
  if (!row.stale && link && link.alerts > 0) out.push({ kind: 'line', n: link.alerts, down: link.connected === false, last: link.last });
  const current = currentAlerts(row, now);
  for (const ruled of ruledDisputes(row, now)) out.push({ kind: 'ruled', ruled });
  // the table's reports gone missing, or its record behind, then back: before its own alerts of the same weight, as a
  // shuffler's silence over put "No reports 40 s" under "+1 more" and off the strip (outsider pass 41, F2). A record
  // behind before a stale spell: a stalled link is both, and "Behind 120 s" went under "No reports 31 s" (outsider pass 38)
  // the spells before the last too: "Behind 21 s" went when a "Behind 6 s" followed (outside floor pass 45, F2)
  const spells: Attention[] = [];
  for (const caughtUp of behind === null ? [row.lastBehind, ...(row.earlierBehind ?? [])] : [])
    if (caughtUp && Date.parse(caughtUp.to) - Date.parse(caughtUp.from) >= BEHIND_SHOWN_MS && now - Date.parse(caughtUp.to) < ALERT_CURRENT_MS)
      spells.push({ kind: 'behind-ended', from: caughtUp.from, to: caughtUp.to });
  // the spells before the last too: a newer one replaced the one before (outside floor pass 44, F1)
  // kept while the table is stale again: a page opened during an outage said "No alerts." of tables whose spells an
  // open page still showed (outside floor pass 49, F1)
  for (const back of [row.lastStale, ...(row.earlierStale ?? [])])
    if (back && now - Date.parse(back.to) < ALERT_CURRENT_MS) spells.push({ kind: 'stale-ended', from: back.from, to: back.to });
  // the newest spell first, whichever its kind (a record behind first when both ended together): the strip named an older
  // "Behind 22 s" while a newer "No reports 32 s" was under "+1 more" (outside floor pass 46, F5)
  // a silence over, this shoe's or the one before's, is said as a spell over, ten minutes from its end (floor-silence.ts),
  // after the table's own spells of an end as late: the reports gone or the record behind say more than the shuffler's pause
  const silences = endedSilences(row, now);
  out.push(...spells.sort((a, b) => spellEnd(b) - spellEnd(a)), ...silences);
  // an open dispute's own alert is that dispute, said by its count and time above (what was announced in that chip's title):
  // said twice, it took one of a card's two lines and put a spell over under "+1 more" (outside floor pass 44)
  const open = new Set((v?.disputes ?? []).map((c) => c.coup));
  for (const { alert, before } of current) {
    if (alert.kind === 'dispute' && before === undefined && alert.coup !== undefined && open.has(alert.coup)) continue;
    if (alert.kind === 'unheld') out.push({ kind: 'withdrawn', alert, ...(before !== undefined && { before }) });
    else out.push({ kind: 'alert', alert, ...(before !== undefined && { before }), ...(settledRestart(alert, row, now) && { settled: true as const }) });
  }
  return out;
}

/** When a spell over ended (its `to`); 0 for any other item. */
function spellEnd(a: Attention): number {
  return a.kind === 'behind-ended' || a.kind === 'stale-ended' ? Date.parse(a.to) : 0;
}

/** A restart of the table server two minutes old, the table having recorded events since. */
function settledRestart(a: Alert, row: FloorTable, now: number): boolean {
  if (a.kind !== 'fault' || a.code !== 'RESTART' || a.at === undefined || now - Date.parse(a.at) < ALERT_SHOWN_MS) return false;
  return a.index !== undefined && (row.view?.events ?? 0) > a.index + 1;
}

/** The most a card lists; the strip names the worst. */
const MOST_ALERTS = 3;

/** A current alert, and the shoe before this one when it is that shoe's. */
export interface CurrentAlert {
  alert: Alert;
  before?: string;
}

/**
 * The table's alerts that still ask for the floor's eyes, the newest first, one per kind and code: raised in the last
 * ten minutes of its play, and a silence of the shuffler until it spoke again (however long that takes). The floor showed only the newest, so a
 * table's "restarted" went at the next card out of turn; and a shuffler silent once stayed "Shuffler fault" in the
 * summary long after it spoke again (outsider pass 15). Two coups later an alert about a coup is over, once it has been
 * on the floor for ALERT_SHOWN_MS.
 *
 * The shoe before's alerts count too (server/floor/previous-shoe.ts): a new shoe starts a second after the last one
 * ends, and the coup its end cut short was on the floor for that second only (outsider pass 17). Two coups later
 * counts across the shoes: the new shoe's first coup is one coup after the old shoe's last.
 */
export function currentAlerts(row: FloorTable, now: number): CurrentAlert[] {
  const spoke = row.reported?.link?.lastFrameAt;
  // ten minutes of the table's own play (its last event), so a table idle since keeps what last happened at it
  const ref = row.lastEventAt ? Date.parse(row.lastEventAt) : now;
  const silence = (a: Alert) => a.kind === 'fault' && a.code === 'SILENT';
  // an alert about a coup is over two coups later: an annulment stayed amber ten coups after the ruling (outsider pass 15)
  const inPlay = row.view?.coup?.coup;
  const p = row.previous;
  const coupsSince = (x: CurrentAlert) =>
    x.alert.coup === undefined
      ? undefined
      : x.before !== undefined
        ? coupsOnFromShoeBefore(x.alert.coup, p?.carried?.lastCoup ?? x.alert.coup, inPlay)
        : inPlay === undefined
          ? undefined
          : inPlay - x.alert.coup;
  const stale = staleSpells(row, now);
  const over = (x: CurrentAlert) => {
    const a = x.alert;
    if (silence(a)) return a.at !== undefined && spoke !== undefined && Date.parse(spoke) > Date.parse(a.at);
    const at = a.at === undefined ? undefined : Date.parse(a.at);
    // an alert of the shoe before about no coup (a silence over, a restart) goes once shown: its shoe is over
    if (x.before !== undefined && a.coup === undefined && shownLongEnough(at, now, stale)) return true;
    return coupAlertOver(at, coupsSince(x), now, ref, stale);
  };
  // the cause of a suspension the card says already in its "new shoe" notice (floor-previous.ts)
  const said = previousToSay(row, now)?.cause;
  const sameAsSaid = (a: Alert) => said !== undefined && a.kind === said.kind && a.code === said.code && a.message === said.message;
  const carried: CurrentAlert[] = p ? (p.carried?.alerts ?? []).filter((a) => !sameAsSaid(a)).map((alert) => ({ alert, before: p.shoe })) : [];
  const seen = new Set<string>();
  const out: CurrentAlert[] = [];
  for (const x of [...carried, ...(row.view?.alerts ?? []).map((alert) => ({ alert }))].reverse()) {
    const kind = `${x.alert.kind}:${x.alert.code ?? ''}`;
    // a silence over in the record, this shoe's or carried, is a spell over, kept as long as one (floor-silence.ts)
    if (recordedSilence(x.alert) !== null) seen.add(kind);
    if (seen.has(kind) || over(x)) continue;
    seen.add(kind);
    out.push(x);
    if (out.length === MOST_ALERTS) break;
  }
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
export function floorAttention(rows: readonly FloorTable[], now = Date.now()): TableAttention[] {
  const tables = rows.flatMap((row) => {
    const items = attentionOf(row, now).sort((a, b) => RANK[severityOf(a)] - RANK[severityOf(b)] || over(a) - over(b));
    return items.length > 0 ? [{ table: row.table, severity: severityOf(items[0]!), items }] : [];
  });
  return tables.sort((a, b) => RANK[a.severity] - RANK[b.severity] || over(a.items[0]!) - over(b.items[0]!));
}

/**
 * 1 for a spell already over, or the shoe before's suspension once play has resumed, said for ten minutes: after what is
 * going on now of the same colour. The strip named a
 * table's past "No reports 23 s" first and another table's suspension of a minute ago second (outside floor pass 47).
 */
function over(a: Attention): number {
  const silenceOver = a.kind === 'alert' && a.alert.kind === 'fault' && a.alert.code === 'SILENCE_OVER';
  const suspensionPast = a.kind === 'previous' && a.resumed === true;
  return a.kind === 'stale-ended' || a.kind === 'behind-ended' || a.kind === 'silence-ended' || silenceOver || suspensionPast ? 1 : 0;
}
