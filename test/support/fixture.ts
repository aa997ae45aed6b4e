/**
 * Reading a fixture shoe log (docs/shoe-log.md) and replaying it, plus the money sums
 * the fixture tests state by hand: each player's net and the bank's take, and the
 * shapes in which they state a coup: its cards, outcome and settlement rows.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Chance, ShoeEvent } from '../../shoe/events.ts';
import { replayShoe } from '../../shoe/replay.ts';
import { parseShoeLog } from '../../shoe/shoe-log.ts';
import type { SettlementRow } from '../../shoe/settlement-row.ts';
import type { Coup, ShoeState } from '../../shoe/state.ts';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures');

export function fixtureText(name: string): string {
  return readFileSync(join(FIXTURES, `${name}.jsonl`), 'utf8');
}

/** The events of fixtures/<name>.jsonl, read as a shoe log (docs/shoe-log.md) (a malformed line throws with its number). */
export function readFixture(name: string): ShoeEvent[] {
  return parseShoeLog(fixtureText(name));
}

export function replayFixture(name: string): { events: ShoeEvent[]; state: ShoeState } {
  const events = readFixture(name);
  return { events, state: replayShoe(events).state };
}

/** Every settlement row of the shoe: each coup's, then the end-of-shoe release. */
export function allRows(state: ShoeState): SettlementRow[] {
  return [...state.coups.flatMap((c) => c.settlement), ...state.release];
}

/** Each player's result over the shoe: the sum of the nets of their rows. */
export function netByPlayer(state: ShoeState): Record<string, number> {
  const nets: Record<string, number> = {};
  for (const r of allRows(state)) nets[r.player] = (nets[r.player] ?? 0) + r.net;
  return nets;
}

/**
 * What the bank gained, from the physical columns only: collected and premiums
 * less what it paid, plus what it still holds in prison at the end, less what
 * it held in prison when the shoe began.
 */
export function bankTake(state: ShoeState): number {
  const sum = (xs: readonly { amount: number }[]) => xs.reduce((t, x) => t + x.amount, 0);
  const moved = allRows(state).reduce((t, r) => t + r.collected + r.premium - r.paid, 0);
  return moved + sum(state.prison) - sum(state.carriedPrison);
}

export function coup(state: ShoeState, n: number): Coup {
  const c = state.coups[n - 1];
  if (!c) throw new Error(`no coup ${n}: the shoe has ${state.coups.length}`);
  return c;
}

/** A coup's totals, result and call, for one deep-equal assertion. */
export function outcomeOf(c: Coup) {
  return { noir: c.noir.total, rouge: c.rouge.total, result: c.result, couleur: c.couleur, call: c.call };
}

/** The money columns of a row, in the order a payeur reads them. */
export function money(r: SettlementRow) {
  return {
    player: r.player,
    chance: r.chance,
    amount: r.amount,
    outcome: r.outcome,
    paid: r.paid,
    collected: r.collected,
    returned: r.returned,
    premium: r.premium,
    level: r.level,
    net: r.net,
  };
}

/** The money of a settlement row as a test states it: who, on what, how much, its outcome, and only the sums that are not zero. */
export function settled(
  player: string,
  chance: string,
  amount: number,
  outcome: string,
  sums: { paid?: number; collected?: number; returned?: number; premium?: number; level?: number; net: number },
): ReturnType<typeof money> {
  const { paid = 0, collected = 0, returned = 0, premium = 0, level = 0, net } = sums;
  return { player, chance, amount, outcome, paid, collected, returned, premium, level, net } as ReturnType<typeof money>;
}

/** The one row of `player` on `chance` in coup `n`. */
export function rowOf(state: ShoeState, n: number, player: string, chance: Chance): SettlementRow {
  const rows = coup(state, n).settlement.filter((r) => r.player === player && r.chance === chance);
  if (rows.length !== 1) throw new Error(`coup ${n}: ${rows.length} rows for ${player} on ${chance}`);
  return rows[0]!;
}

/**
 * What a fixture test states about one coup: the seqs of the cards that made each row (so a
 * skipped or voided card shows), its outcome, and for some players, on some chances, the
 * money columns of their row that the test cares about.
 */
export interface CoupExpectation {
  seqs: { noir: number[]; rouge: number[] };
  outcome: ReturnType<typeof outcomeOf>;
  money: Record<string, Partial<Record<Chance, Partial<ReturnType<typeof money>>>>>;
}

/**
 * Asserts coup `n` of the replayed shoe as `expected` states it: seqs and outcome exactly,
 * each named row by the columns given (the others are left to the tests that state them).
 */
export function expectCoup(state: ShoeState, n: number, expected: CoupExpectation): void {
  const c = coup(state, n);
  const seqs = (row: Coup['noir']) => row.cards.map((card) => card.seq);
  expect({ noir: seqs(c.noir), rouge: seqs(c.rouge) }, `coup ${n}: seqs`).to.deep.equal(expected.seqs);
  expect(outcomeOf(c), `coup ${n}: outcome`).to.deep.equal(expected.outcome);
  for (const [player, chances] of Object.entries(expected.money)) {
    for (const [chance, columns] of Object.entries(chances) as [Chance, Partial<ReturnType<typeof money>>][]) {
      expect(money(rowOf(state, n, player, chance)), `coup ${n}: ${player} on ${chance}`).to.deep.include(columns);
    }
  }
}

export function violations(state: ShoeState): string[] {
  return state.alerts.filter((a) => a.kind === 'rule-violation').map((a) => a.message);
}
