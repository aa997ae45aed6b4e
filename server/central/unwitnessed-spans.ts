/**
 * Play the shoe's own record says was not witnessed (docs/central-store.md#unwitnessed):
 * `witness` `lost` … `restored` (or the shoe's last event) — dealt while the
 * central store could not be reached, acknowledged or not — and `unsealed`
 * markers, events the table found unsealed on start and did not sign. Either
 * longer than the seal interval fails verification: that play could have been
 * rewritten on the table's box before anyone else saw it.
 * Shoes without `witness` events are not parsed again (a text search first).
 */

export interface UnwitnessedProblem {
  index: number;
  kind: 'dealt-unwitnessed' | 'unsealed-at-restart';
  message: string;
}

type Line = Record<string, unknown>;

/** Whether a shoe's text may hold `witness` events (then its lines are worth checking). */
export function mayHoldWitnessEvents(text: string): boolean {
  return text.includes('"type":"witness"');
}

export function unwitnessedSpans(events: readonly Line[], lateAfterS: number): UnwitnessedProblem[] {
  const problems: UnwitnessedProblem[] = [];
  const atOf = (e: Line | undefined) => (typeof e?.at === 'string' ? Date.parse(e.at) : Number.NaN);
  let lost: { index: number; since: number; acknowledged: boolean } | null = null;
  const close = (endIndex: number, endAt: number, restored: boolean) => {
    if (lost === null) return;
    const seconds = Math.round((endAt - lost.since) / 1000);
    if (seconds > lateAfterS)
      problems.push({
        index: lost.index,
        kind: 'dealt-unwitnessed',
        message: `events ${lost.index} to ${endIndex} were dealt while the central witness was unreachable, for ${seconds} s${restored ? '' : ' (not restored in this shoe)'}${lost.acknowledged ? ', acknowledged by the chef de table' : ''}: play the witness did not see being made`,
      });
    lost = null;
  };
  events.forEach((e, k) => {
    if (e.type !== 'witness') return;
    if (e.state === 'lost') {
      const since = typeof e.since === 'string' ? Date.parse(e.since) : atOf(e);
      lost ??= { index: k, since: Number.isNaN(since) ? atOf(e) : since, acknowledged: false };
    } else if (e.state === 'dealing-unwitnessed' && lost !== null) lost.acknowledged = true;
    else if (e.state === 'restored') close(k, atOf(e), true);
    else if (e.state === 'unsealed' && typeof e.from === 'number') {
      const seconds = Math.round((atOf(e) - atOf(events[e.from])) / 1000);
      if (!(seconds <= lateAfterS))
        problems.push({
          index: e.from,
          kind: 'unsealed-at-restart',
          message: `events ${e.from} to ${String(e.to)} were found unsealed when the table started, ${seconds} s after the first of them was dealt: the table did not see them being made and did not sign them`,
        });
    }
  });
  close(events.length - 1, atOf(events.at(-1)), false);
  return problems;
}

/** Each span of play the table found unsealed when it started (its `unsealed` markers), and how long after the first of it was dealt. */
export interface FoundUnsealed {
  from: number;
  to: number;
  seconds: number;
}

/**
 * Every `unsealed` marker of a shoe, within the seal interval or not: one within it is no failure, but the seals after it
 * vouch for that play as the table found it on starting, not as it saw it made. The surveillance's badge said "chain, rules
 * and seals" over it with no word (outside crew pass 47).
 */
export function foundUnsealed(events: readonly Line[]): FoundUnsealed[] {
  const atOf = (e: Line | undefined) => (typeof e?.at === 'string' ? Date.parse(e.at) : Number.NaN);
  return events.flatMap((e) =>
    e.type === 'witness' && e.state === 'unsealed' && typeof e.from === 'number' && typeof e.to === 'number'
      ? [{ from: e.from, to: e.to, seconds: Math.max(0, Math.round((atOf(e) - atOf(events[e.from])) / 1000)) }]
      : [],
  );
}
