/**
 * How much an alert asks of the floor, shown by colour (a
 * silent shuffler had the same amber pill as a routine call waiting):
 * `serious` (red) — the table cannot be trusted to go on: a silent or lost
 * line, a shuffler fault or refusal, a foreign card, a suspension, a dispute,
 * a rule broken; `warning` (amber) — look when you can: an exposed or voided
 * card, a gap, a damaged frame, a card out of turn, an annulled coup;
 * `routine` (blue) — the ordinary course of play: a call waiting, a line open again.
 */
export type Severity = 'serious' | 'warning' | 'routine';

const BY_KIND: Record<string, Severity> = {
  silent: 'serious',
  'port-lost': 'serious',
  'shuffler-error': 'serious',
  'card-refused': 'serious',
  fault: 'serious',
  suspended: 'serious',
  'foreign-card': 'serious',
  'rule-violation': 'serious',
  dispute: 'serious',
  'exposed-card': 'warning',
  void: 'warning',
  gap: 'warning',
  'bad-frame': 'warning',
  'out-of-turn': 'warning',
  annulled: 'warning',
  'port-reopened': 'routine',
  'new-shoe': 'routine',
  unheld: 'routine',
};

/**
 * A fault the link itself recovers from (a gap filled by RESEND, a silence over) is a warning; every other fault is serious.
 * A coup cut short because the shuffler ran out of cards is the ordinary end of a shoe (docs/rules.md#end-of-shoe):
 * routine — amber, it ranked above a table's reports gone missing on every new shoe (outsider pass 39, F1).
 */
export function alertSeverity(a: { kind: string; code?: string; params?: Readonly<Record<string, string | number>> }): Severity {
  // play found unsealed at a restart, within the seal interval: no failure, but said (client/server-text-en.ts)
  if (a.kind === 'fault' && (a.code === 'GAP' || a.code === 'SILENCE_OVER' || a.code === 'UNSEALED')) return 'warning';
  if (a.kind === 'annulled' && a.code === 'CUT_SHORT' && a.params?.how === 'empty') return 'routine';
  return BY_KIND[a.kind] ?? 'warning';
}

/** The badge class of a severity (shared-styles.ts: bad, warn; the floor's own info). */
export const SEVERITY_CLASS: Record<Severity, string> = { serious: 'bad', warning: 'warn', routine: 'info' };
