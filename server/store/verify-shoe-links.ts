/**
 * One chain per table, across shoes (docs/shoe-log.md#shoe-chain): each shoe
 * recorded with an `ordinal` names its predecessor's id, last event and hash
 * on its first line. Checked on any copy of a table's record — the table's
 * files (`tq verify --data`) or the central archive (`tq verify --central`):
 * a predecessor missing, cut before the event its successor names, rewritten
 * there, not ended, or followed by two shoes, is a failure — the defect of
 * the owner of a copy removed a whole shoe or its end
 * and nothing failed. Shoes recorded before the link existed (no `ordinal`)
 * are checked as before, shoe by shoe.
 */

export type ShoeLinkProblemKind = 'shoe-missing' | 'shoe-cut' | 'chain-break' | 'unended-shoe' | 'chain-fork';

export interface ShoeLinkProblem {
  /** The shoe the problem is in (for a missing shoe: the missing one). */
  shoe: string;
  index: number | null;
  kind: ShoeLinkProblemKind;
  message: string;
}

/** What the check needs of each shoe of one table: its first line (parsed) and its last event. */
export interface ShoeEnds {
  shoe: string;
  first: Record<string, unknown> | null;
  last: { i: number; hash: string; type: string } | null;
}

interface Link {
  ordinal: number;
  previous: { shoe: string; i: number; hash: string } | null;
}

/** The shoe's link, or null for a shoe recorded before links (or a first line unreadable: reported by the shoe's own verify). */
export function linkOf(first: Record<string, unknown> | null): Link | null {
  if (first === null || first.type !== 'shoe' || typeof first.ordinal !== 'number') return null;
  const p = first.previous as { shoe?: unknown; i?: unknown; hash?: unknown } | undefined;
  const previous = p && typeof p.shoe === 'string' && typeof p.i === 'number' && typeof p.hash === 'string' ? { shoe: p.shoe, i: p.i, hash: p.hash } : null;
  return { ordinal: first.ordinal, previous };
}

export function verifyShoeLinks(shoes: readonly ShoeEnds[]): ShoeLinkProblem[] {
  const problems: ShoeLinkProblem[] = [];
  const byId = new Map(shoes.map((s) => [s.shoe, s]));
  const successor = new Map<string, string>();
  const ordinals = new Map<number, string>();
  for (const s of shoes) {
    const link = linkOf(s.first);
    if (link === null) continue;
    const named = ordinals.get(link.ordinal);
    if (named !== undefined)
      problems.push({
        shoe: s.shoe,
        index: 0,
        kind: 'chain-fork',
        message: `shoe ${named} already holds ordinal ${link.ordinal}: the table's chain of shoes forks`,
      });
    ordinals.set(link.ordinal, s.shoe);
    const p = link.previous;
    if (p === null) {
      if (link.ordinal > 1)
        problems.push({
          shoe: s.shoe,
          index: 0,
          kind: 'chain-break',
          message: `shoe number ${link.ordinal} names no previous shoe: its first line was rewritten`,
        });
      continue;
    }
    const other = successor.get(p.shoe);
    if (other !== undefined)
      problems.push({ shoe: s.shoe, index: 0, kind: 'chain-fork', message: `shoe ${other} already follows shoe ${p.shoe}: the table's chain of shoes forks` });
    successor.set(p.shoe, s.shoe);
    const before = byId.get(p.shoe);
    if (before === undefined) {
      problems.push({
        shoe: p.shoe,
        index: null,
        kind: 'shoe-missing',
        message: `shoe ${s.shoe} (number ${link.ordinal}) follows this shoe, ended at event ${p.i}; this copy of the record has no such shoe: it was removed`,
      });
      continue;
    }
    const last = before.last;
    const held = last === null ? -1 : last.i;
    if (held < p.i) {
      problems.push({
        shoe: p.shoe,
        index: held + 1,
        kind: 'shoe-cut',
        message: `events ${held + 1} to ${p.i} are missing: shoe ${s.shoe}, which follows, records this shoe's last event as ${p.i}: they were removed`,
      });
      continue;
    }
    if (held > p.i) {
      problems.push({
        shoe: p.shoe,
        index: p.i + 1,
        kind: 'chain-break',
        message: `events ${p.i + 1} to ${held} follow event ${p.i}, which shoe ${s.shoe} records as this shoe's last: they were added after it`,
      });
      continue;
    }
    if (last!.hash !== p.hash) {
      problems.push({
        shoe: p.shoe,
        index: p.i,
        kind: 'chain-break',
        message: `event ${p.i}'s hash is not the one shoe ${s.shoe} records for it: this shoe was rewritten`,
      });
    } else if (last!.type !== 'end') {
      problems.push({ shoe: p.shoe, index: p.i, kind: 'unended-shoe', message: `the shoe has no end, yet shoe ${s.shoe} followed it: its end was removed` });
    }
    const previousLink = linkOf(before.first);
    if (previousLink !== null && previousLink.ordinal + 1 !== link.ordinal)
      problems.push({
        shoe: s.shoe,
        index: 0,
        kind: 'chain-break',
        message: `shoe number ${link.ordinal} follows shoe number ${previousLink.ordinal}: the shoes between are missing`,
      });
  }
  return problems;
}
