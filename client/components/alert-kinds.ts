/** Names of alert kinds (table and shuffler line) in the interface language; unknown kinds are shown as sent. */
import { t, type Key } from '../i18n.ts';

const KINDS: Record<string, Key> = {
  'foreign-card': 'alertKind.foreign',
  'exposed-card': 'alertKind.exposed',
  suspended: 'alertKind.suspended',
  void: 'alertKind.void',
  'rule-violation': 'alertKind.rule',
  'out-of-turn': 'alertKind.outOfTurn',
  'new-shoe': 'alertKind.newShoe',
  unheld: 'alertKind.unheld',
  fault: 'alertKind.fault',
  annulled: 'alertKind.annulled',
  dispute: 'alertKind.dispute',
  gap: 'alertKind.gap',
  'bad-frame': 'alertKind.checksum',
  silent: 'alertKind.silence',
  'shuffler-error': 'alertKind.shufflerError',
  'card-refused': 'alertKind.cardRefused',
  'port-lost': 'alertKind.disconnected',
  'port-reopened': 'alertKind.reopened',
  /** The table server's card side failed and reopens from the record (server/app/card-side.ts). */
  'card-side-down': 'alertKind.cardSide',
};

/**
 * Faults the table records about itself, not about the shuffler: a server
 * that started again with a shoe in play (an outsider read a restart as
 * "shuffler fault" on the chef's banner), a shoe recovered by `tq recover`.
 */
const TABLE_FAULTS: Record<string, Key> = {
  RESTART: 'alertKind.tableRestart',
  RECOVERED: 'alertKind.recovered',
  UNSEALED: 'alertKind.unsealed',
  // what is wrong with the shuffler, not only that something is (the floor's "Shuffler fault" for a silence, outsider pass 15)
  SILENT: 'alertKind.shufflerSilent',
  SILENCE_OVER: 'floor.silenceEndedKind',
};

/** The title of an alert: its kind, or for a fault the table records about itself, that fault's. */
export function alertKindLabel(kind: string, code?: string): string {
  const key = (kind === 'fault' && code !== undefined ? TABLE_FAULTS[code] : undefined) ?? KINDS[kind];
  return key ? t(key) : kind;
}
