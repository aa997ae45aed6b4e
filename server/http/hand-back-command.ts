/**
 * The `handed-back` command a payeur or chef asks for (docs/shoe-log.md#handed-back): it names an
 * ended shoe whose chips are back with the players, with the rows the screens listed, taken from
 * the table's own view (shoe/hand-back.ts) so the record holds what was actually shown. A shoe that
 * left nothing is a 404; one already handed back goes on to the rules, which answer
 * `ALREADY_HANDED_BACK`.
 */
import type { Command } from '../../shoe/commands.ts';
import type { Table } from '../table/table.ts';
import { NotFoundError } from './errors.ts';

export function handBackCommand(table: Pick<Table, 'view' | 'state'>, shoe: string): Command {
  const entry = table.view().handBack?.find((h) => h.shoe === shoe);
  if (!entry && !table.state().handedBack.includes(shoe)) throw new NotFoundError(`shoe ${shoe} left nothing to hand back`);
  // the rows as recorded (docs/shoe-log.md#handed-back): where each came from is the screens' reading, not part of the record
  const rows = entry?.rows.map(({ from: _from, ...row }) => row);
  return rows ? { type: 'handed-back', shoe, rows } : { type: 'handed-back', shoe };
}
