/**
 * A shuffler's silence once over, kept on the floor as the table's other
 * remembered spells are (reports stopped, a record behind: floor-attention.ts):
 * ten minutes of the floor's clock from its end, said with how long and until
 * when. Its end as the shoe records it (SILENCE_OVER, server/table/silence-over.ts)
 * went from the card as any alert about a coup, two coups on (some five
 * minutes at the demo's pace), and said no time of day (outside floor pass 43, F3).
 */
import type { FloorTable, TableView } from '../server/http/contract.ts';
import { ALERT_CURRENT_MS } from './floor-windows.ts';

type Alert = TableView['alerts'][number];

/** A silence over: from the shuffler's last frame before it to its first after. */
export interface SilenceOver {
  kind: 'silence-ended';
  from: string;
  to: string;
}

/** The silence a SILENCE_OVER fault of the record names (its time and its seconds), or null when it names neither. */
export function recordedSilence(a: Alert): SilenceOver | null {
  if (a.kind !== 'fault' || a.code !== 'SILENCE_OVER' || a.at === undefined) return null;
  const s = Number(a.params?.s);
  if (!Number.isFinite(s)) return null;
  return { kind: 'silence-ended', from: new Date(Date.parse(a.at) - s * 1000).toISOString(), to: a.at };
}

/** Two ends this close are one silence, said by the record and by the link (each with its own clock reading). */
const SAME_END_MS = 2_000;

/** The most silences over a card says: more in ten minutes is one long fault, as for its other spells. */
export const SILENCES_SAID = 3;

/**
 * The table's silences over whose end is under ten minutes old, newest first, at most {@link SILENCES_SAID}: the record first
 * (this shoe's, or the one before's as the floor carries its alerts), which a restart of the table server does not lose,
 * then those the floor server heard the table report (`silences`), whatever shoe they fell in, then the link's memory of a
 * silence between shoes. Only the last was said, so a new silence replaced the one before within a minute, and one went
 * when its shoe ended (outside floor pass 50, F2). A silence over that the link alone remembers from before the shoe
 * before this one ended is that shoe's or older: the record said it then, and it led the strip two shoes later (outsider pass 24, F3).
 */
export function endedSilences(row: Pick<FloorTable, 'view' | 'reported' | 'previous' | 'silences'>, now: number): SilenceOver[] {
  // the shoe before's too: a new shoe begun five minutes after it took it from the floor (outside floor pass 44, F2)
  const alerts = [...(row.previous?.carried?.alerts ?? []), ...(row.view?.alerts ?? [])];
  const recorded = alerts.map(recordedSilence).filter((x): x is SilenceOver => x !== null);
  const heard = (row.silences ?? []).map((s): SilenceOver => ({ kind: 'silence-ended', from: s.from, to: s.to }));
  const link = linkSilence(row);
  const out: SilenceOver[] = [];
  for (const s of [...recorded.reverse(), ...heard, ...(link ? [link] : [])]) {
    if (now - Date.parse(s.to) >= ALERT_CURRENT_MS) continue;
    if (out.some((o) => Math.abs(Date.parse(o.to) - Date.parse(s.to)) < SAME_END_MS)) continue;
    out.push(s);
  }
  return out.sort((a, b) => Date.parse(b.to) - Date.parse(a.to)).slice(0, SILENCES_SAID);
}

function linkSilence(row: Pick<FloorTable, 'reported' | 'previous'>): SilenceOver | null {
  const s = row.reported?.link?.lastSilence;
  if (!s) return null;
  const ended = row.previous?.at;
  if (ended !== undefined && Date.parse(s.to) < Date.parse(ended)) return null;
  return { kind: 'silence-ended', from: s.from, to: s.to };
}

/**
 * A shuffler's silence still going on, counted to `now` from its last frame as the table reports it (`lastFrameAt`): its
 * SILENT fault is recorded once the shuffler has said nothing for `s` seconds, and the floor's pill said "15 s without a
 * word" through a 44 s freeze (outside floor pass 48, F4). Without a last frame before the fault, the recorded seconds.
 */
export function silenceSoFar(a: Alert, lastFrameAt: string | undefined, now: number): Alert {
  if (a.kind !== 'fault' || a.code !== 'SILENT' || a.at === undefined || lastFrameAt === undefined) return a;
  const s = Number(a.params?.s);
  const [recorded, frame] = [Date.parse(a.at), Date.parse(lastFrameAt)];
  if (!Number.isFinite(s) || Number.isNaN(recorded) || Number.isNaN(frame) || frame > recorded) return a;
  return { ...a, params: { ...a.params, s: Math.max(s, Math.floor((now - frame) / 1000)) } };
}
