/**
 * Verify's check of shoe identity (docs/serial-protocol.md#shoe-identity):
 * a table shoe holds the cards of one shuffler shoe. The record names it —
 * the first line's `serial` when a SHOE frame started the shoe, and the
 * `serial` the link put on each card — so a card naming another serial is
 * a card of another shoe (a new shoe that filled itself with the
 * previous shoe's cards), and so is one shuffler shoe named by two table
 * shoes (checked across the data directory: `otherShoeProblems`).
 * Cards recorded with no `serial` (older records, cards typed in) are not
 * judged: the check proves what the record says, it does not guess.
 */
import type { VerifyProblem } from './verify-shoe.ts';

interface Named {
  type?: unknown;
  serial?: unknown;
}

/** The serials a shoe's events name, and a problem at the first card naming another serial than the shoe's (with the count). */
export function shufflerShoeCheck(events: readonly object[], positions: readonly number[]): { serials: string[]; problems: VerifyProblem[] } {
  let shoe: string | undefined;
  const serials = new Set<string>();
  let first: { index: number; seq: unknown; serial: string } | null = null;
  let others = 0;
  for (let k = 0; k < events.length; k++) {
    const e = events[k] as Named;
    if (typeof e.serial !== 'string' || (e.type !== 'shoe' && e.type !== 'card')) continue;
    serials.add(e.serial);
    shoe ??= e.serial;
    if (e.serial === shoe) continue;
    others++;
    first ??= { index: positions[k] ?? k, seq: (e as { seq?: unknown }).seq, serial: e.serial };
  }
  if (first === null) return { serials: [...serials], problems: [] };
  const more = others > 1 ? `, and ${others - 1} more card${others === 2 ? '' : 's'} of another shoe after it` : '';
  const message = `card ${String(first.seq)} comes from the shuffler's shoe ${first.serial}, but this shoe is shuffler shoe ${shoe}${more}`;
  return { serials: [...serials], problems: [{ index: first.index, kind: 'other-shoe', message }] };
}

/** Across a data directory's shoes, in the order they were recorded: a shuffler shoe named by an earlier table shoe is a problem of the later one. */
export function otherShoeProblems(shoes: readonly { shoe: string | null; serials?: readonly string[] }[]): Map<number, VerifyProblem[]> {
  const holder = new Map<string, string>();
  const found = new Map<number, VerifyProblem[]>();
  shoes.forEach((s, k) => {
    for (const serial of s.serials ?? []) {
      const earlier = holder.get(serial);
      if (earlier === undefined) {
        holder.set(serial, s.shoe ?? '(unknown shoe)');
        continue;
      }
      const problem: VerifyProblem = {
        index: null,
        kind: 'other-shoe',
        message: `holds cards of the shuffler's shoe ${serial}, which shoe ${earlier} holds: one shuffler shoe is dealt into one table shoe`,
      };
      found.set(k, [...(found.get(k) ?? []), problem]);
    }
  });
  return found;
}
