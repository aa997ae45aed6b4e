/**
 * Outcomes observed in a shoe beside their exact six-deck probabilities
 * (surveillance's report,
 * server/http/API.md). `apres` counts every tie, the 31 après included, as the exact
 * values do: rouge + noir + apres = 1.
 */
import type { ShoeState } from './state.ts';

export const EXACT_FREQUENCIES = { apres31: 0.021891, apres: 0.109599, rouge: 0.445201, noir: 0.445201 } as const;

type Outcome = keyof typeof EXACT_FREQUENCIES;

export interface Frequencies {
  /** Coups whose two rows were completed (annulled ones included: the cards fell all the same). */
  coups: number;
  counts: Record<Outcome, number>;
  /** counts / coups, or null before the first coup. */
  observed: Record<Outcome, number | null>;
  exact: typeof EXACT_FREQUENCIES;
  note: string;
}

export function frequencies(state: ShoeState): Frequencies {
  const counts: Record<Outcome, number> = { apres31: 0, apres: 0, rouge: 0, noir: 0 };
  let coups = 0;
  for (const c of state.coups) {
    if (c.result === undefined) continue;
    coups += 1;
    if (c.result === 'apres31') counts.apres31 += 1;
    if (c.result === 'apres31' || c.result === 'apres') counts.apres += 1;
    else counts[c.result] += 1;
  }
  const share = (n: number) => (coups === 0 ? null : Math.round((n / coups) * 1e6) / 1e6);
  return {
    coups,
    counts,
    observed: { apres31: share(counts.apres31), apres: share(counts.apres), rouge: share(counts.rouge), noir: share(counts.noir) },
    exact: EXACT_FREQUENCIES,
    note: 'apres counts every tie, 31 après included; exact values are for a six-deck shoe',
  };
}
