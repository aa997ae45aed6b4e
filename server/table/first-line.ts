/**
 * A new shoe's first line (docs/shoe-log.md#events): the table, a fresh
 * shoe id, the cards, the house rules, the prison stakes carried, and the
 * shuffler's own shoe serial when the shuffler announced it.
 *
 * Prison stakes go on to the next shoe (docs/rules.md#end-of-shoe,
 * docs/shoe-log.md#prison-carry). Suspension is not "no cards left": stakes
 * still in prison when a shoe is suspended are listed on the next shoe's first
 * line. A shoe that ran empty under a house rule without end-of-shoe release
 * also leaves its prisons standing.
 */
import { v7 as uuidv7 } from 'uuid';
import type { Command } from '../../shoe/commands.ts';
import type { PrisonCarry, ShoeEvent } from '../../shoe/events.ts';
import type { Rules } from '../../shoe/rules.ts';
import type { ShoeState } from '../../shoe/state.ts';

/** What the next shoe's first line carries from `previous` (the last shoe of the table). */
export function prisonToCarry(previous: ShoeState): PrisonCarry[] {
  if (previous.phase !== 'ended') return [];
  return previous.prison.map((p) => ({ player: p.player, chance: p.chance, amount: p.amount, level: p.level }));
}

/** The `start` command for a new shoe: `carry` is what the table was given when its store held no shoe yet. */
export function startCommand(
  previous: ShoeState,
  table: { tableId: string; cards: number; rules: Rules; carry: PrisonCarry[] },
  opts: { cards?: number; serial?: string },
): Extract<Command, { type: 'start' }> {
  const prison = previous.phase === 'ended' ? prisonToCarry(previous) : table.carry;
  const command: Extract<Command, { type: 'start' }> = {
    type: 'start',
    table: table.tableId,
    shoe: uuidv7(),
    cards: opts.cards ?? table.cards,
    rules: { ...table.rules },
  };
  if (prison.length > 0) command.prison = prison;
  // The shoe log lets writers add fields: the shuffler's own shoe serial, for the audit.
  if (opts.serial !== undefined) Object.assign(command, { serial: opts.serial });
  return command;
}

/** The shuffler's shoe serial on a shoe's first line, if it has one. */
export function serialOf(first: ShoeEvent | undefined): string | undefined {
  const serial = (first as { serial?: unknown } | undefined)?.serial;
  return typeof serial === 'string' ? serial : undefined;
}
