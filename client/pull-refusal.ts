/**
 * Why the tailleur's N brought no card, in the crew's language. A demo pull
 * is never silent (server/http/pull-outcome.ts): its answer says whether a
 * card was stored and, if not, why; a reason the server names by its code is
 * said in the interface's language, any other (a refused or repeated card, a
 * dead line, an empty shoe) as the server wrote it.
 */
import { t } from './i18n.ts';

export interface PullAnswer {
  stored: boolean;
  why?: string;
  whyCode?: 'CONFIRM_FIRST' | 'BETS_NOT_OPEN' | 'SHOE_ENDED';
  coup?: number;
}

/** The sentence for a pull that stored no card; null when the card was stored. */
export function pullRefusalText(r: PullAnswer): string | null {
  if (r.stored) return null;
  const why =
    r.whyCode === 'BETS_NOT_OPEN'
      ? t('tailleur.why.betsNotOpen')
      : r.whyCode === 'CONFIRM_FIRST'
        ? t('tailleur.why.confirmFirst', { coup: r.coup ?? '' })
        : r.whyCode === 'SHOE_ENDED'
          ? t('tailleur.why.shoeEnded')
          : (r.why ?? '');
  return t('tailleur.noCard', { why });
}
