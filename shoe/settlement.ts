/**
 * Settling a coup once its call is known (docs/rules.md#settlement-outcomes,
 * docs/rules.md#prison-levels): every free stake wins,
 * loses, pushes or enters prison; every prison stake goes down a level, is
 * released, is lost, waits, or is deepened — or split when it is already at the
 * deepest level (Venice: "al quarto Après l'importo rimasto … sarà diviso").
 */
import { winningChances, type CouleurResult, type CoupResult } from './call.ts';
import type { Rules } from './rules.ts';
import { halfAt31, insurancePremium } from './rules.ts';
import { prisonStakeId } from './prison-id.ts';
import { row, splitHalves, type SettlementRow } from './settlement-row.ts';
import type { FreeStake, PrisonStake } from './state.ts';

export interface CoupSettlement {
  rows: SettlementRow[];
  prison: PrisonStake[];
}

export function settleCoup(
  coup: number,
  result: CoupResult,
  couleur: CouleurResult | null,
  stakes: readonly FreeStake[],
  prison: readonly PrisonStake[],
  rules: Rules,
  /** The card that completed the coup: a stake it imprisons is named after it (shoe/prison-id.ts). */
  seq = 0,
): CoupSettlement {
  const winners = winningChances(result, couleur);
  const rows: SettlementRow[] = [];
  const nextPrison = prisonBuilder();

  for (const s of stakes) {
    const plays = Math.min(s.amount, rules.max);
    const excess = s.amount - plays;
    const premium = s.insured ? insurancePremium(s.amount, rules) : 0;
    const { player, chance, amount, insured } = s;
    if (result === 'apres' || (result === 'apres31' && s.insured)) {
      rows.push(row({ player, chance, amount, insured, premium, outcome: 'push', net: 0 - premium }));
    } else if (result === 'apres31' && halfAt31(rules)) {
      // The variant without prison: half the stake goes to the bank at once, half back (the bank keeps an odd cent).
      const { returned, collected } = splitHalves(plays);
      rows.push(row({ player, chance, amount, insured, premium, outcome: 'partager', returned: excess + returned, collected, net: -collected - premium }));
    } else if (result === 'apres31') {
      const stake = prisonStakeId(seq, player, chance);
      rows.push(row({ player, chance, amount, insured, premium, outcome: 'prison', level: 1, returned: excess, net: -plays - premium, stake }));
      nextPrison.add({ id: stake, player, chance, amount: plays, level: 1, choosable: true, coup });
    } else if (winners.has(chance)) {
      rows.push(row({ player, chance, amount, insured, premium, outcome: 'win', paid: plays, returned: excess, net: plays - premium }));
    } else {
      rows.push(row({ player, chance, amount, insured, premium, outcome: 'lose', collected: plays, returned: excess, net: -plays - premium }));
    }
  }

  for (const p of prison) {
    const { player, chance, amount, level } = p;
    const stake = p.id;
    if (result === 'apres') {
      rows.push(row({ player, chance, amount, outcome: 'push', level, stake }));
      nextPrison.add(prisonStake(p, level, false, p.coup));
    } else if (result === 'apres31') {
      if (level >= rules.maxPrisonLevel) {
        const { returned, collected } = splitHalves(amount);
        rows.push(row({ player, chance, amount, outcome: 'partager', returned, collected, net: returned, forced: true, stake }));
      } else {
        rows.push(row({ player, chance, amount, outcome: 'prison', level: level + 1, stake }));
        nextPrison.add(prisonStake(p, level + 1, true, coup));
      }
    } else if (winners.has(chance)) {
      if (level <= 1) {
        rows.push(row({ player, chance, amount, outcome: 'released', returned: amount, net: amount, stake }));
      } else {
        rows.push(row({ player, chance, amount, outcome: 'prison-down', level: level - 1, stake }));
        nextPrison.add(prisonStake(p, level - 1, false, p.coup));
      }
    } else {
      rows.push(row({ player, chance, amount, outcome: 'lost-in-prison', collected: amount, level, stake }));
    }
  }
  return { rows, prison: nextPrison.list };
}

function prisonStake(p: PrisonStake, level: number, choosable: boolean, coup: number | undefined): PrisonStake {
  const stake: PrisonStake = { id: p.id, player: p.player, chance: p.chance, amount: p.amount, level, choosable };
  if (coup !== undefined) stake.coup = coup;
  return stake;
}

/**
 * The prison a settlement builds, merged as addPrison merges but through an
 * index by seat, chance and level: adding a stake costs the same however many
 * are there (a scan per stake made a coup with thousands of
 * prison stakes quadratic).
 */
function prisonBuilder(): { list: PrisonStake[]; add(stake: PrisonStake): void } {
  const list: PrisonStake[] = [];
  const byKey = new Map<string, PrisonStake>();
  return {
    list,
    add(stake) {
      const key = `${stake.player}\u0000${stake.chance}\u0000${stake.level}`;
      const same = byKey.get(key);
      if (same) {
        same.amount += stake.amount;
        same.choosable = same.choosable || stake.choosable;
      } else {
        const copy = { ...stake };
        list.push(copy);
        byKey.set(key, copy);
      }
    },
  };
}

/**
 * Adds a stake to the prison, merging it with the same player's stake of the
 * same level on the same chance (a moved stake joining one already there).
 */
export function addPrison(prison: PrisonStake[], stake: PrisonStake): void {
  const same = prison.find((p) => p.player === stake.player && p.chance === stake.chance && p.level === stake.level);
  if (same) {
    same.amount += stake.amount;
    same.choosable = same.choosable || stake.choosable;
  } else {
    prison.push({ ...stake });
  }
}

/**
 * A coup annulled (shoe ran out mid-coup, or the chef's ruling): stakes and
 * insurance premiums go back; prison stakes stay as they were.
 */
export function annulCoup(stakes: readonly FreeStake[], prison: readonly PrisonStake[], rules: Rules): SettlementRow[] {
  return [
    ...stakes.map((s) =>
      row({
        player: s.player,
        chance: s.chance,
        amount: s.amount,
        outcome: 'returned',
        returned: s.amount,
        insured: s.insured || undefined,
        ...(s.insured && { premiumBack: insurancePremium(s.amount, rules) }),
      }),
    ),
    ...prison.map((p) => row({ player: p.player, chance: p.chance, amount: p.amount, outcome: 'push', level: p.level, stake: p.id })),
  ];
}

/** Venice's end-of-shoe rule: prisons returned at full value when the shuffler is empty. */
export function releaseAtEndOfShoe(prison: readonly PrisonStake[]): SettlementRow[] {
  return prison.map((p) =>
    row({ player: p.player, chance: p.chance, amount: p.amount, outcome: 'returned', returned: p.amount, level: 0, net: p.amount, stake: p.id }),
  );
}
