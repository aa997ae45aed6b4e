/**
 * An end asked for while calls wait (docs/rules.md#held-end) in the crew's words: who asked it, why, and
 * the calls it waits for. The status band shows it to every role; a second suspension is answered with it.
 */
import type { TableView } from '../server/http/contract.ts';
import { t } from './i18n.ts';

export function heldEndText(held: NonNullable<TableView['held']>): string {
  const params = { by: held.by ?? '–', note: held.note ?? '–', coups: held.waitsFor.join(', ') };
  return t(held.reason === 'empty' ? 'crew17.held.empty' : 'crew17.held.suspended', params);
}
