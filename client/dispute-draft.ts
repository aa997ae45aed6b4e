/**
 * The chef de table's ruling on a dispute as it is being written, kept in the
 * tab's sessionStorage by shoe and coup: a reload mid-ruling used to lose the
 * choice and the reason and fall back to "the cards stand" (an outsider's
 * pass). A draft goes once the dispute is ruled, here or on another screen.
 */
export type Ruling = 'cards' | 'annul';
export interface DisputeDraft {
  ruling: Ruling;
  reason: string;
}

const PREFIX = 'tq.dispute-draft:';

function store(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // storage refused (privacy settings): drafts live only as long as the page
  }
}

const keyOf = (shoe: string, coup: number) => `${PREFIX}${shoe}:${coup}`;

export function loadDraft(shoe: string, coup: number): DisputeDraft | null {
  try {
    const d = JSON.parse(store()?.getItem(keyOf(shoe, coup)) ?? 'null') as Partial<DisputeDraft> | null;
    if (!d || (d.ruling !== 'cards' && d.ruling !== 'annul')) return null;
    return { ruling: d.ruling, reason: typeof d.reason === 'string' ? d.reason : '' };
  } catch {
    return null;
  }
}

export function saveDraft(shoe: string, coup: number, draft: DisputeDraft): void {
  try {
    store()?.setItem(keyOf(shoe, coup), JSON.stringify(draft));
  } catch {
    // storage full or refused: the draft stays on the page only
  }
}

/** Forgets every draft but those of the disputes still open in the shoe in play. */
export function keepDrafts(shoe: string, openCoups: readonly number[]): void {
  const s = store();
  if (!s) return;
  const keep = new Set(openCoups.map((c) => keyOf(shoe, c)));
  const stale: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX) && !keep.has(k)) stale.push(k);
  }
  for (const k of stale) s.removeItem(k);
}

export function clearDraft(shoe: string, coup: number): void {
  try {
    store()?.removeItem(keyOf(shoe, coup));
  } catch {
    // nothing kept
  }
}
