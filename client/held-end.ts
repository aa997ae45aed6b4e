/**
 * An end asked for while calls wait (docs/rules.md#held-end) in the crew's words: who asked it, why, and
 * the calls it waits for, or the prison choices once no call is left. The status band shows it to every role; a second suspension is answered with it.
 * `short`: the floor card's one line, the reason right after "held" so a cut line still says both (outsider pass 30 read "Suspension: Inspector…"; pass 22 only
 * "Suspension asked by ch…").
 */
import type { TableView } from '../server/http/contract.ts';
import { t } from './i18n.ts';

export function heldEndText(held: NonNullable<TableView['held']>, short = false): string {
  const params = { by: held.by ?? '–', note: held.note ?? '–', coups: held.waitsFor.join(', '), n: held.choices };
  // no call left to wait for: the prison choices its 31 après opened (docs/rules.md#held-end)
  if (held.waitsFor.length === 0 && held.choices > 0) {
    if (short) return t(held.reason === 'empty' ? 'crew17.heldShort.emptyChoices' : 'crew17.heldShort.suspendedChoices', params);
    return t(held.reason === 'empty' ? 'crew17.held.emptyChoices' : 'crew17.held.suspendedChoices', params);
  }
  // a 31 après's call: its choices come after it, then the end (the tailleur's and the chef's screens said the end came with the call, outside crew pass 47)
  if (held.choices > 0) {
    if (short) return t(held.reason === 'empty' ? 'crew17.heldShort.emptyCallChoices' : 'crew17.heldShort.suspendedCallChoices', params);
    return t(held.reason === 'empty' ? 'crew17.held.emptyCallChoices' : 'crew17.held.suspendedCallChoices', params);
  }
  if (short) return t(held.reason === 'empty' ? 'crew17.heldShort.empty' : 'crew17.heldShort.suspended', params);
  return t(held.reason === 'empty' ? 'crew17.held.empty' : 'crew17.held.suspended', params);
}
