/**
 * A table with coup 1 dealt and its call waiting, driven as the server drives it (decideAtTable, with the end it may hold
 * in memory): the held end's and its withdrawal's tests start from it.
 */
import type { Command } from '../../shoe/commands.ts';
import { decideAtTable } from '../../shoe/decide.ts';
import type { WaitingEnd } from '../../shoe/end-of-shoe.ts';
import { RuleError } from '../../shoe/errors.ts';
import { evolve } from '../../shoe/evolve.ts';
import { Harness, ROWS } from './table-harness.ts';

export function waitingCall(at: string) {
  const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
  t.coup(ROWS.r37, ROWS.b36);
  let waiting: WaitingEnd | null = null;
  const atTable = (command: Command, by: string) => {
    const out = decideAtTable(t.state, command, { at, by }, waiting);
    waiting = out.waiting;
    for (const e of out.events) t.state = evolve(t.state, e);
    t.log.push(...out.events);
    return out.events;
  };
  const refusal = (command: Command, by = 'chef') => {
    try {
      atTable(command, by);
    } catch (e) {
      if (e instanceof RuleError) return e.code;
      throw e;
    }
    throw new Error(`${JSON.stringify(command)} was accepted`);
  };
  return { t, atTable, refusal };
}
