/**
 * The purple banner at the top of the payeur's screen after a 31 après. Before
 * the call was confirmed it read "7 prison choices wait for the payeur" while
 * every row said "choice after the call is confirmed": no money moves on a call
 * that may still be annulled (docs/rules.md#prison-choice), so until the call
 * is confirmed or ruled the banner says the choices wait for that.
 */
import type { TableView } from '../server/http/contract.ts';
import { t, type Key } from './i18n.ts';

/** The end a call waits for (docs/rules.md#held-end), and whether the table returns its prisons when the shuffler is empty (`endOfShoeRelease`). */
export interface EndWaiting {
  reason: NonNullable<TableView['held']>['reason'];
  release: boolean;
}

/**
 * The banner's text for the prison board's rows, or null when no choice is open. `endHeld`: an end waits for that
 * call (docs/rules.md#held-end) and then for the choices it opens, which the banner says, and what the end does to the
 * stakes left; an empty shoe under the end-of-shoe release does not wait, and no choice opens (outsider pass 13).
 */
export function prisonWaitingText(prison: TableView['prison'], endHeld: EndWaiting | false = false): string | null {
  const open = prison.filter((p) => p.choosable);
  const ready = open.filter((p) => !p.waitsForCall).length;
  const waiting = open.length - ready;
  const forCall = endHeld === false ? 'payeur.prisonWaitsForCall' : endsAfter(endHeld);
  const now = endHeld === false || (endHeld.reason === 'empty' && endHeld.release) ? 'payeur.prisonWaiting' : 'payeur.prisonWaitingThenEnd';
  const parts = [...(ready > 0 ? [t(now, { n: ready })] : []), ...(waiting > 0 ? [t(forCall, { n: waiting })] : [])];
  return parts.length === 0 ? null : parts.join(' · ');
}

/**
 * What becomes of the stakes when the end takes effect (docs/rules.md#end-of-shoe): a suspension returns no prison
 * stake, even under the end-of-shoe release — it waits for the choices, and the stakes left go on to the next shoe; an
 * empty shoe returns them in full under the release, at once. "They go on as they stand" before a held suspension at a
 * table with the release read as a promise of the release, or said nothing (outside crew pass 43); the choice itself
 * was lost to the suspension (outside crew pass 45).
 */
function endsAfter({ reason, release }: EndWaiting): Key {
  if (reason === 'suspended') return 'payeur.prisonChoicesThenSuspended';
  return release ? 'payeur.prisonEndsEmptyReleased' : 'payeur.prisonChoicesThenEmptyCarried';
}

/** The end a table view's calls wait for, as the banner takes it: false when none is held. */
export function endWaiting(v: Pick<TableView, 'held' | 'rules'>): EndWaiting | false {
  return v.held ? { reason: v.held.reason, release: v.rules.endOfShoeRelease } : false;
}
