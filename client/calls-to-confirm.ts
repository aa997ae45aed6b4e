/**
 * The calls that wait for the tailleur's confirmation, as the crew's screens
 * show them. The server's `awaitingConfirm` and `pendingCalls` also count a
 * disputed call (it holds the next coup and the end of the shoe just the
 * same), but a disputed call waits for the chef's ruling, not for a
 * confirmation (docs/rules.md, "Confirming or disputing the call"): on the floor room a dispute showed
 * the blue "to confirm" pill beside the red dispute pill for the same call.
 */
import type { TableView } from '../server/http/contract.ts';

type Calls = Pick<TableView, 'awaiting' | 'coup' | 'recent' | 'pendingCalls' | 'disputes'>;

/** How many calls wait for a confirmation: the calls pending less those in dispute. */
export function callsToConfirm(view: Calls | null | undefined): number {
  if (!view) return 0;
  return Math.max(0, view.pendingCalls - view.disputes.length);
}

/** The oldest coup whose call waits for a confirmation, not for the chef; null when none does. */
export function callToConfirm(view: Calls | null | undefined): number | null {
  if (!view || callsToConfirm(view) === 0) return null;
  if (view.awaiting?.status === 'awaiting-confirm') return view.awaiting.coup;
  const waiting = [view.coup, ...view.recent].filter((c) => c?.status === 'awaiting-confirm').map((c) => c!.coup);
  return waiting.length > 0 ? Math.min(...waiting) : null;
}
