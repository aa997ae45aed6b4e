/**
 * The end of a shuffler silence, in the shoe's record beside its start: a
 * `SILENT` fault is stored when the line falls silent with a shoe in play, and
 * the first frame after it stores a `SILENCE_OVER` fault naming how long it
 * lasted (docs/shoe-log.md#extensions). The floor and the crew's screens then
 * read the whole silence from the record, for two coups as any alert, and a
 * restart of the table server in between does not lose it; before, its end
 * lived only in the link's memory (outsider pass 20, F8).
 */
import type { Command } from '../../shoe/commands.ts';
import type { Alert, ShoeState } from '../../shoe/state.ts';

/** The silence still open in the shoe's record: its newest SILENT fault with no SILENCE_OVER after it. */
export function openSilence(state: ShoeState): Alert | null {
  // newest first; a shoe's alerts are tens, and this is read only when a silence may have ended
  const alerts = state.alerts.toArray();
  for (let k = alerts.length - 1; k >= 0; k--) {
    const a = alerts[k]!;
    if (a.kind !== 'fault') continue;
    if (a.code === 'SILENCE_OVER') return null;
    if (a.code === 'SILENT') return a;
  }
  return null;
}

/**
 * The fault to store on a frame heard at `at`, when the record holds an open
 * silence. `from` is the shuffler's last frame before it as the link saw it;
 * after a restart the link did not, and the silence is counted from its first
 * SILENT fault's time less the seconds that fault names.
 */
export function silenceOver(state: ShoeState, at: string, from: string | null): Command | null {
  const open = openSilence(state);
  if (open === null) return null;
  const start = from ?? firstSilentFrom(state, open);
  const s = start === null ? null : Math.max(0, Math.round((Date.parse(at) - Date.parse(start)) / 1000));
  const text = s === null ? 'the shuffler spoke again after its silence' : `the shuffler spoke again after ${s} s silent (its last frame before ${start})`;
  return { type: 'fault', code: 'SILENCE_OVER', text };
}

/** When the silence began, by the record alone: the first SILENT fault of the run the open one ends, less the seconds it names. */
function firstSilentFrom(state: ShoeState, open: Alert): string | null {
  const alerts = state.alerts.toArray();
  let first = open;
  for (let k = alerts.indexOf(open) - 1; k >= 0; k--) {
    const a = alerts[k]!;
    if (a.kind !== 'fault' || (a.code !== 'SILENT' && a.code !== 'SILENCE_OVER')) continue;
    if (a.code === 'SILENCE_OVER') break;
    first = a;
  }
  const s = Number(first.params?.s);
  if (first.at === undefined || !Number.isFinite(s)) return null;
  return new Date(Date.parse(first.at) - s * 1000).toISOString();
}
