/**
 * Why the tailleur's N brought no card, in the crew's language. A demo pull
 * is never silent (server/http/pull-outcome.ts): its answer says whether a
 * card was stored and, if not, why; a reason the server names by its code is
 * said in the interface's language, any other (a refused or repeated card, a
 * dead line, an empty shoe) as the server wrote it.
 */
import type { LinkStatus } from '../server/http/contract.ts';
import { t } from './i18n.ts';
import { alertText } from './server-text.ts';

/** The route's answer (server/http/pull-outcome.ts, docs: server/http/API.md). */
export interface PullAnswer {
  stored: boolean;
  why?: string;
  whyCode?: 'CONFIRM_FIRST' | 'BETS_NOT_OPEN' | 'SHOE_ENDED' | 'CARD_ALERT' | 'REPEATED_CARD' | 'LINE_DOWN' | 'NO_CARD_HEARD' | 'SIM_NO_CARD';
  coup?: number;
  /** With CARD_ALERT: the link's alert that says what became of the card. */
  alert?: LinkStatus['alerts'][number];
}

/** The sentence for a pull that stored no card; null when the card was stored. */
export function pullRefusalText(r: PullAnswer): string | null {
  if (r.stored) return null;
  return t('tailleur.noCard', { why: reason(r) });
}

function reason(r: PullAnswer): string {
  switch (r.whyCode) {
    case 'BETS_NOT_OPEN':
      return t('tailleur.why.betsNotOpen');
    case 'CONFIRM_FIRST':
      return t('tailleur.why.confirmFirst', { coup: r.coup ?? '' });
    case 'SHOE_ENDED':
      return t('tailleur.why.shoeEnded');
    case 'CARD_ALERT':
      return r.alert ? alertText(r.alert) : (r.why ?? '');
    case 'REPEATED_CARD':
      return t('tailleur.why.repeatedCard');
    case 'LINE_DOWN':
      return t('tailleur.why.lineDown');
    case 'NO_CARD_HEARD':
      return t('tailleur.why.noCardHeard');
    case 'SIM_NO_CARD':
      return t('tailleur.why.simNoCard');
    case undefined:
      return r.why ?? '';
    default: {
      const never: never = r.whyCode;
      return String(never);
    }
  }
}
