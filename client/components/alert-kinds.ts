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

export function alertKindLabel(kind: string): string {
  const key = KINDS[kind];
  return key ? t(key) : kind;
}
