/**
 * The chef de table's ruling on a dispute as it is being written, kept in the
 * tab's sessionStorage by shoe and coup: a reload mid-ruling used to lose the
 * choice and the reason and fall back to "the cards stand" (an outsider's
 * pass). A draft goes once the dispute is ruled, here or on another screen.
 */
import { forgetKept, readKept, writeKept } from './tab-kept.ts';

export type Ruling = 'cards' | 'annul';
export interface DisputeDraft {
  ruling: Ruling;
  reason: string;
}

const PREFIX = 'tq.dispute-draft:';

const keyOf = (shoe: string, coup: number) => `${PREFIX}${shoe}:${coup}`;

export function loadDraft(shoe: string, coup: number): DisputeDraft | null {
  return readKept(keyOf(shoe, coup), (raw) => {
    const d = raw as Partial<DisputeDraft> | null;
    if (!d || (d.ruling !== 'cards' && d.ruling !== 'annul')) return null;
    return { ruling: d.ruling, reason: typeof d.reason === 'string' ? d.reason : '' };
  });
}

export function saveDraft(shoe: string, coup: number, draft: DisputeDraft): void {
  writeKept(keyOf(shoe, coup), draft);
}

/** Forgets every draft but those of the disputes still open in the shoe in play. */
export function keepDrafts(shoe: string, openCoups: readonly number[]): void {
  forgetKept(PREFIX, new Set(openCoups.map((c) => keyOf(shoe, c))));
}

export function clearDraft(shoe: string, coup: number): void {
  writeKept(keyOf(shoe, coup), null);
}
