/**
 * The order of the prison board's rows. The table keeps its stakes in the
 * order they changed: a stake moved to another chance went to the bottom, and
 * rows jumped under a payeur choosing seat after seat (an outsider's pass,
 * partager on s1 then a move on s5). By seat (s2 before s10), then level, then
 * the stake's id, which stays with it when it is moved or deepened
 * (docs/rules.md#prison-stake-id): a choice leaves the other rows where they were.
 */
import type { PrisonStake } from '../server/http/contract.ts';

const byName = new Intl.Collator('en', { numeric: true });

export function prisonOrder<T extends Pick<PrisonStake, 'id' | 'player' | 'level'>>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => byName.compare(a.player, b.player) || a.level - b.level || byName.compare(a.id, b.id));
}
