/**
 * The house edge of the table's own rules, by simulation (docs/rules.md#31-apres,
 * docs/rules.md#prison-levels, docs/rules.md#forced-split,
 * docs/rules.md#end-of-shoe, docs/rules.md#insurance). One
 * player a chance, one unit staked fresh on every coup, three policies:
 *
 * - `leave`: a stake sent to prison is left there (never moved or split by
 *   choice), so it goes down a level on a win, is lost on a loss, is deepened
 *   by another 31 après and split by force past the deepest level, and is
 *   returned at the end of the shoe when the house rule says so;
 * - `partager`: at the 31 après that imprisons the fresh stake the player takes
 *   half back at once;
 * - `insured`: every fresh stake insured, so a 31 après is a push and the
 *   premium is the only cost.
 *
 * The shoes come in already shuffled (card codes); the dealing is the engine's
 * own dealer (shoe-dealer.ts), the money follows settlement.ts rule for rule,
 * and a test plays the same shoes through decide/evolve to the cent. Nothing is
 * allocated per coup: a shoe adds to typed arrays of counts and moments, from
 * which {@link edgeReport} makes the estimates (edge-estimate.ts).
 */
import { CHANCES } from '../events.ts';
import type { Rules } from '../rules.ts';
import { halfAt31, insurancePremium } from '../rules.ts';
import { splitHalves } from '../settlement-row.ts';
import { createDealStats, dealShoe, type DealStats } from '../shoe-dealer.ts';
import { OUTCOMES } from './chance-outcomes.ts';

export const POLICIES = ['leave', 'partager', 'insured'] as const;
export type Policy = (typeof POLICIES)[number];

/** What becomes of a stake imprisoned under the `leave` policy. */
export const FATES = ['lost', 'forced-split', 'returned-at-end', 'still-in-prison'] as const;
export type Fate = (typeof FATES)[number] | `released-after-${number}`;
/** Releases are counted by the wins they took, 1 … MAX_WINS_COUNTED (the last bucket holds the rest). */
export const MAX_WINS_COUNTED = 8;

const C = CHANCES.length;
const P = POLICIES.length;
/** Moments kept per policy and chance, of Z = net − C (the part of the net that is not the symmetric win/loss). */
const Z_SUM = 0,
  Z_SQ = 1,
  Z_C = 2,
  Z_X = 3,
  MOMENTS = 4;
const PRISON_MONEY = C * 4;
/** Fate counters per chance: imprisoned, lost, forced, returned, then releases by wins. */
const IMPRISONED = 0,
  LOST = 1,
  FORCED = 2,
  RETURNED = 3,
  RELEASED = 4,
  FATE_SLOTS = RELEASED + MAX_WINS_COUNTED;

export interface EdgeTally {
  readonly rules: Rules;
  /** The stake every policy places on every coup, in cents. */
  readonly unit: number;
  readonly premium: number;
  shoes: number;
  coups: number;
  /** Player net by policy and chance (cents), index policy × 4 + chance. */
  readonly net: Float64Array;
  /** Σ Z, Σ Z², Σ Z·C, Σ Z·X per shoe, by policy and chance (see edge-estimate.ts). */
  readonly moments: Float64Array;
  /** Σ C, Σ C², Σ C·X per chance, then Σ X, Σ X² (X: completed coups of the shoe). */
  readonly control: Float64Array;
  readonly fates: Float64Array;
  /** The `leave` policy's prison, per chance: bit k set = a stake at level k + 1. */
  readonly prison: Uint8Array;
  /** Wins each of those stakes has seen, per chance and level slot. */
  readonly prisonWins: Uint8Array;
  readonly deal: DealStats;
  /** Per-shoe scratch: wins, losses, après and 31 après per chance, then prison money per chance. */
  readonly shoeCounts: Float64Array;
}

/** A shoe never holds more coups than this (312 cards, rows of at least four cards). */
const TRACE_CAPACITY = 128;

export function createEdgeTally(rules: Rules, unit = 1000): EdgeTally {
  if (!Number.isInteger(unit) || unit < rules.min || unit > rules.max) {
    throw new RangeError(`the unit stake must be whole cents between the table's minimum ${rules.min} and maximum ${rules.max}, not ${unit}`);
  }
  if (rules.maxPrisonLevel > 7) throw new RangeError('the simulator follows at most 7 prison levels');
  return {
    rules,
    unit,
    premium: insurancePremium(unit, rules),
    shoes: 0,
    coups: 0,
    net: new Float64Array(P * C),
    moments: new Float64Array(P * C * MOMENTS),
    control: new Float64Array(C * 3 + 2),
    fates: new Float64Array(C * FATE_SLOTS),
    prison: new Uint8Array(C),
    prisonWins: new Uint8Array(C * 8),
    deal: createDealStats(TRACE_CAPACITY),
    shoeCounts: new Float64Array(C * 5),
  };
}

/** Deals one shoe of card codes and settles every policy's stakes on every chance. */
export function playShoe(codes: Uint8Array, t: EdgeTally): void {
  const deal = t.deal;
  deal.traced = 0;
  dealShoe(codes, t.rules, deal);
  const trace = deal.trace!;
  const n = deal.traced;
  const counts = t.shoeCounts.fill(0);
  const unit = t.unit;
  const half = splitHalves(unit).returned;
  const levels = t.rules.maxPrisonLevel;
  const deepest = 1 << (levels - 1);
  const mask = (1 << levels) - 1;
  const prison = t.prison;
  const wins = t.prisonWins;
  const fates = t.fates;
  const outcomes = OUTCOMES;
  // Without prison (the half-stake variant), a 31 après costs what partager costs and nothing is held.
  const jail = halfAt31(t.rules) ? 4 : 3;

  for (let i = 0; i < n; i++) {
    const packed = outcomes[trace[i]!]!;
    for (let c = 0; c < C; c++) {
      const symbol = (packed >> (2 * c)) & 3;
      counts[c * 4 + symbol]!++;
      let held = prison[c]!;
      if (held === 0 && symbol !== jail) continue;
      // The `leave` policy's prison (settlement.ts): a win releases level 1 and
      // brings the others down, a loss takes them all, a 31 après deepens them
      // (splitting the deepest by force) and imprisons the fresh stake.
      const f = c * FATE_SLOTS;
      const w = c * 8;
      if (symbol === 0) {
        if ((held & 1) !== 0) {
          counts[PRISON_MONEY + c]! += unit;
          fates[f + RELEASED + Math.min(wins[w]! + 1, MAX_WINS_COUNTED) - 1]!++;
        }
        held >>= 1;
        for (let k = 0; k < levels - 1; k++) wins[w + k] = wins[w + k + 1]! + 1;
      } else if (symbol === 1) {
        fates[f + LOST]! += bitCount(held);
        held = 0;
      } else if (symbol === 3) {
        if ((held & deepest) !== 0) {
          counts[PRISON_MONEY + c]! += half;
          fates[f + FORCED]!++;
        }
        held = ((held << 1) & mask) | 1;
        for (let k = levels - 1; k > 0; k--) wins[w + k] = wins[w + k - 1]!;
        wins[w] = 0;
        fates[f + IMPRISONED]!++;
      }
      prison[c] = held;
    }
  }
  endShoe(t, n, half);
}

function bitCount(bits: number): number {
  let count = 0;
  for (let b = bits; b !== 0; b >>= 1) count += b & 1;
  return count;
}

/**
 * The end of the shoe: the shuffler is empty (a coup cut short was annulled by
 * the dealer, its stakes returned), prisons are returned in full when the house
 * rule says so and otherwise carried into the next shoe; then the shoe's nets
 * go into the totals and moments.
 */
function endShoe(t: EdgeTally, coups: number, half: number): void {
  const { unit, premium, counts } = { unit: t.unit, premium: t.premium, counts: t.shoeCounts };
  const x = coups;
  const control = t.control;
  for (let c = 0; c < C; c++) {
    if (t.rules.endOfShoeRelease && t.prison[c] !== 0) {
      const held = bitCount(t.prison[c]!);
      counts[PRISON_MONEY + c]! += held * unit;
      t.fates[c * FATE_SLOTS + RETURNED]! += held;
      t.prison[c] = 0;
    }
    const won = counts[c * 4]!;
    const lost = counts[c * 4 + 1]!;
    const apres31 = counts[c * 4 + 3]!;
    const symmetric = (won - lost) * unit;
    // Z: each policy's net beyond the symmetric win/loss of its fresh stakes.
    const z = [halfAt31(t.rules) ? -apres31 * (unit - half) : -apres31 * unit + counts[PRISON_MONEY + c]!, -apres31 * (unit - half), -premium * x];
    for (let p = 0; p < P; p++) {
      const zp = z[p]!;
      t.net[p * C + c]! += symmetric + zp;
      const m = (p * C + c) * MOMENTS;
      t.moments[m + Z_SUM]! += zp;
      t.moments[m + Z_SQ]! += zp * zp;
      t.moments[m + Z_C]! += zp * symmetric;
      t.moments[m + Z_X]! += zp * x;
    }
    control[c * 3]! += symmetric;
    control[c * 3 + 1]! += symmetric * symmetric;
    control[c * 3 + 2]! += symmetric * x;
  }
  control[C * 3]! += x;
  control[C * 3 + 1]! += x * x;
  t.coups += x;
  t.shoes++;
}

/** Layout of the arrays, for the estimates. */
export const LAYOUT = { C, P, MOMENTS, Z_SUM, Z_SQ, Z_C, Z_X, FATE_SLOTS, IMPRISONED, LOST, FORCED, RETURNED, RELEASED } as const;
