/**
 * A new shoe on the table is said once, with how the shoe before it ended:
 * run out, left in play, or suspended — by a person (the chef's reason, the
 * end's note), by the rules (a card seen exposed once too often: the
 * `suspended` alert) or by the shuffler's reload (its `RELOAD` fault). The
 * shoe's own alerts do not follow into the new shoe. Another fault recorded
 * before the suspension (a server restart, a silent line) is not its cause:
 * an outsider saw the chef's reason replaced by "the table server restarted".
 */
import type { TableView } from '../server/http/contract.ts';
import type { NewAlert } from './live-store.ts';

type Alert = TableView['alerts'][number];

/** The alert that says why the shoe was suspended, when its end names no reason of a person. */
function causeOf(previous: TableView): Alert | undefined {
  const end = previous.end;
  if (end?.reason !== 'suspended' || end.note !== undefined) return undefined;
  const isCause = (a: Alert) => (end.auto ? a.kind === 'suspended' : a.kind === 'fault' && a.code === 'RELOAD');
  return [...previous.alerts].reverse().find(isCause);
}

export function newShoeNotice(previous: TableView, view: TableView): NewAlert {
  const end = previous.end;
  const causeAlert = causeOf(previous);
  const cause = causeAlert?.message ?? (end?.reason === 'suspended' ? end.note : undefined);
  const how = !end ? 'was left in play' : end.reason === 'empty' ? 'ended: no cards left' : `was suspended${cause ? `: ${cause}` : ''}`;
  return {
    key: `shoe:${view.shoe}`,
    source: 'table',
    kind: 'new-shoe',
    shoe: view.shoe,
    message: `new shoe ${view.shoe.slice(-8)}; shoe ${previous.shoe.slice(-8)} ${how}`,
    params: {
      shoe: view.shoe.slice(-8),
      previous: previous.shoe.slice(-8),
      how: !end ? 'left' : end.reason === 'empty' ? 'empty' : 'suspended',
      ...(causeAlert === undefined && cause !== undefined && { note: cause }),
    },
    ...(causeAlert !== undefined && {
      cause: {
        kind: causeAlert.kind,
        message: causeAlert.message,
        ...(causeAlert.code !== undefined && { code: causeAlert.code }),
        ...(causeAlert.params !== undefined && { params: causeAlert.params }),
      },
    }),
  };
}
