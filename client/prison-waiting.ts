/**
 * The purple banner at the top of the payeur's screen after a 31 après. Before
 * the call was confirmed it read "7 prison choices wait for the payeur" while
 * every row said "choice after the call is confirmed": no money moves on a call
 * that may still be annulled (docs/rules.md#prison-choice), so until the call
 * is confirmed or ruled the banner says the choices wait for that.
 */
import type { TableView } from '../server/http/contract.ts';
import { t } from './i18n.ts';

/**
 * The banner's text for the prison board's rows, or null when no choice is open. `endHeld`: an end waits for that
 * call (docs/rules.md#held-end), so its confirmation ends the shoe and no choice opens: "wait for the call to be
 * confirmed" promised the players a choice that never came (outsider pass 13).
 */
export function prisonWaitingText(prison: TableView['prison'], endHeld = false): string | null {
  const open = prison.filter((p) => p.choosable);
  const ready = open.filter((p) => !p.waitsForCall).length;
  const waiting = open.length - ready;
  const forCall = endHeld ? 'payeur.prisonEndsWithCall' : 'payeur.prisonWaitsForCall';
  const parts = [...(ready > 0 ? [t('payeur.prisonWaiting', { n: ready })] : []), ...(waiting > 0 ? [t(forCall, { n: waiting })] : [])];
  return parts.length === 0 ? null : parts.join(' · ');
}
