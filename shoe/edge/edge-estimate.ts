/**
 * The edge and its standard error from an {@link EdgeTally}, with a control
 * variate (README, "House edge"): a fresh stake's plain win or loss is
 * symmetric — swapping the Noir and Rouge rows of any coup, or the colours of
 * a whole shoe, is another shoe exactly as likely, so the sum C of +1 per win
 * and −1 per loss of a chance's fresh stakes has expectation exactly 0. It is
 * also nearly all of the net's noise. Subtracting β·C (β fitted by least
 * squares) leaves the estimate unbiased and its variance that of the part of
 * the net the 31 après makes, about forty times smaller.
 *
 * Shoes are the independent units: the edge is a ratio (net over fresh stakes,
 * both random per shoe), so its standard error is the delta method's over
 * per-shoe residuals d = Z − γ·C − R·X.
 */
import { CHANCES, type Chance } from '../events.ts';
import { FATES, LAYOUT, MAX_WINS_COUNTED, POLICIES, type EdgeTally, type Policy } from './house-edge.ts';

export interface EdgeFigure {
  /** House edge: the bank's gain as a fraction of the fresh stakes. */
  edge: number;
  /** Its standard error, with the control variate. */
  se: number;
  /** The standard error plain averaging gives on the same shoes. */
  sePlain: number;
  /** The player's net over all shoes, in cents. */
  net: number;
}

export interface EdgeReport {
  shoes: number;
  coups: number;
  unit: number;
  edge: Record<Policy, Record<Chance, EdgeFigure>>;
  /** What became of the stakes the `leave` policy left in prison, per chance: counts and fractions. */
  prison: Record<Chance, { imprisoned: number; fates: Record<string, number> }>;
}

export function edgeReport(t: EdgeTally): EdgeReport {
  const { C, MOMENTS, Z_SUM, Z_SQ, Z_C, Z_X } = LAYOUT;
  const n = t.shoes;
  const sX = t.control[C * 3]!;
  const sXX = t.control[C * 3 + 1]!;
  const stakes = sX * t.unit;
  const edge = {} as Record<Policy, Record<Chance, EdgeFigure>>;
  POLICIES.forEach((policy, p) => {
    edge[policy] = {} as Record<Chance, EdgeFigure>;
    CHANCES.forEach((chance, c) => {
      const m = (p * C + c) * MOMENTS;
      const sZ = t.moments[m + Z_SUM]!,
        sZZ = t.moments[m + Z_SQ]!,
        sZC = t.moments[m + Z_C]!,
        sZX = t.moments[m + Z_X]!;
      const sC = t.control[c * 3]!,
        sCC = t.control[c * 3 + 1]!,
        sCX = t.control[c * 3 + 2]!;
      // Y = C + Z. With the control: the net is Z + (1 − γ')·C … written as Z − γ·C, γ the slope of Z on C.
      const r0 = sZ / sX;
      const gamma = sCC > 0 ? (sZC - r0 * sCX) / sCC : 0;
      const r = (sZ - gamma * sC) / sX;
      const sumD2 = sZZ + gamma * gamma * sCC + r * r * sXX - 2 * gamma * sZC - 2 * r * sZX + 2 * gamma * r * sCX;
      // Plain: Y = Z + C, ratio estimate over the same shoes.
      const sY = sZ + sC,
        sYY = sZZ + 2 * sZC + sCC,
        sYX = sZX + sCX;
      const rPlain = sY / sX;
      const sumPlain = sYY + rPlain * rPlain * sXX - 2 * rPlain * sYX;
      const inflate = n > 1 ? n / (n - 1) : NaN;
      edge[policy][chance] = {
        edge: -r / t.unit,
        se: Math.sqrt(Math.max(0, sumD2) * inflate) / stakes,
        sePlain: Math.sqrt(Math.max(0, sumPlain) * inflate) / stakes,
        net: t.net[p * C + c]!,
      };
    });
  });
  return { shoes: n, coups: t.coups, unit: t.unit, edge, prison: prisonFates(t) };
}

function prisonFates(t: EdgeTally): EdgeReport['prison'] {
  const { FATE_SLOTS, IMPRISONED, LOST, FORCED, RETURNED, RELEASED } = LAYOUT;
  const out = {} as EdgeReport['prison'];
  CHANCES.forEach((chance, c) => {
    const f = c * FATE_SLOTS;
    const imprisoned = t.fates[f + IMPRISONED]!;
    let still = 0;
    for (let b = t.prison[c]!; b !== 0; b >>= 1) still += b & 1;
    const counts: Record<string, number> = {};
    for (let k = 1; k <= MAX_WINS_COUNTED; k++) counts[`released-after-${k}${k === MAX_WINS_COUNTED ? '+' : ''}`] = t.fates[f + RELEASED + k - 1]!;
    const [lost, forced, returned, stillIn] = FATES;
    counts[lost] = t.fates[f + LOST]!;
    counts[forced] = t.fates[f + FORCED]!;
    counts[returned] = t.fates[f + RETURNED]!;
    counts[stillIn] = still;
    const fates: Record<string, number> = {};
    for (const [k, v] of Object.entries(counts)) fates[k] = imprisoned > 0 ? v / imprisoned : 0;
    out[chance] = { imprisoned, fates };
  });
  return out;
}
