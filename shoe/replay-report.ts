/**
 * The audit of a recorded shoe (`tq replay --json`): the log replayed through
 * the rules, coup by coup with its call and settlement, each player's net
 * result, what is still in prison, how the shoe ended and every alert.
 *
 * A player's `net` is the sum of the engine's `net` over their settlement
 * rows — a stake counts as handed to the bank when it is lost or enters
 * prison and as handed back when released, split or returned; premiums count
 * against the player — including the end-of-shoe release, which Venice pays
 * when the shuffler is empty (docs/rules.md#end-of-shoe) and which is also listed on its own.
 */
import type { CouleurResult, CoupResult } from './call.ts';
import type { Chance, ShoeEvent } from './events.ts';
import { replayShoe } from './replay.ts';
import type { SettlementRow } from './settlement-row.ts';
import type { AlertKind, Coup, ShoeState } from './state.ts';

export interface ReportCoup {
  coup: number;
  noir: number;
  rouge: number;
  /** `null` while the log stops in the middle of the coup. */
  result: CoupResult | 'annulled' | null;
  couleur: CouleurResult | null;
  call: string | null;
  /** True when no one confirmed the call (or the chef's ruling on it): e.g. a log from a system without confirmations. */
  unconfirmed: boolean;
  settlement: SettlementRow[];
}

export interface ReportAlert {
  kind: AlertKind;
  seq?: number;
  coup?: number;
  message: string;
}

export interface ReplayReport {
  coups: ReportCoup[];
  players: Record<string, { net: number }>;
  /** Stakes still in prison when the log ends. */
  prison: { id: string; player: string; chance: Chance; amount: number; level: number }[];
  /** Rows of the end of the shoe: stakes never dealt and prisons released. */
  release: SettlementRow[];
  end: 'empty' | 'suspended' | null;
  alerts: ReportAlert[];
}

export function replayReport(events: readonly ShoeEvent[]): ReplayReport {
  return reportOf(replayShoe(events).state);
}

/** The report of a state already replayed. */
export function reportOf(state: ShoeState): ReplayReport {
  // Player names come from the log: a Map, then own properties only, so a
  // player called `__proto__` is a player and never the object's prototype.
  const nets = new Map<string, number>();
  const count = (r: SettlementRow) => nets.set(r.player, (nets.get(r.player) ?? 0) + r.net);
  for (const coup of state.coups) coup.settlement.forEach(count);
  state.release.forEach(count);
  const players = Object.fromEntries([...nets].map(([player, net]) => [player, { net }])) as Record<string, { net: number }>;

  return {
    coups: state.coups.map(reportCoup),
    players,
    prison: state.prison.map(({ id, player, chance, amount, level }) => ({ id, player, chance, amount, level })),
    release: state.release.map(ordered),
    end: state.end?.reason ?? null,
    alerts: state.alerts.map(({ kind, seq, coup, message }) => ({
      kind,
      ...(seq !== undefined && { seq }),
      ...(coup !== undefined && { coup }),
      message,
    })),
  };
}

function reportCoup(c: Coup): ReportCoup {
  const annulled = c.status === 'annulled';
  return {
    coup: c.coup,
    noir: c.noir.total,
    rouge: c.rouge.total,
    result: annulled ? 'annulled' : (c.result ?? null),
    couleur: annulled ? null : (c.couleur ?? null),
    call: annulled ? null : (c.call ?? null),
    unconfirmed: c.status === 'awaiting-confirm' || c.status === 'disputed',
    settlement: c.settlement.map(ordered),
  };
}

/** The row with its fields in the report's order: who, what, then the money. */
function ordered({ player, chance, amount, outcome, paid, collected, returned, premium, level, ...rest }: SettlementRow): SettlementRow {
  return { player, chance, amount, outcome, paid, collected, returned, premium, level, ...rest };
}
