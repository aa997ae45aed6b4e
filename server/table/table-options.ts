/**
 * What a table is opened with (table-service.ts): its store and id, the house
 * rules each new shoe's first line carries, and what the first shoe starts
 * from when the store holds none yet.
 */
import type { Logger } from 'pino';
import type { PrisonCarry } from '../../shoe/events.ts';
import type { Rules } from '../../shoe/rules.ts';
import type { TableStore } from '../store/table-store.ts';
import type { Clock } from './clock.ts';

export interface TableOptions {
  store: TableStore;
  tableId: string;
  /** House rules written on each new shoe's first line. */
  rules: Rules;
  clock?: Clock;
  logger?: Logger;
  /** Prison stakes for the first shoe started when the store holds no shoe yet (a table taken over from another record). */
  carry?: PrisonCarry[];
  /** Cards in a shoe when neither the shuffler nor the tailleur says (docs/rules.md: 312). */
  cards?: number;
}
