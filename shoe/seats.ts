/**
 * The seats of the layout, named by the table (docs/rules.md: a stake belongs
 * to a seat). A seat id is short plain ASCII — a letter then letters, digits,
 * `-` or `_` — so two ids that look alike are alike: no control, zero-width or
 * right-to-left characters, nothing a spreadsheet or a page could read as
 * markup, and never a name like `__proto__`.
 */
export const SEAT_ID = /^[A-Za-z][A-Za-z0-9_-]{0,15}$/;

/** The twelve seats of the Venice layout when the table names no others. */
export const DEFAULT_SEATS: readonly string[] = Array.from({ length: 12 }, (_, k) => `s${k + 1}`);

export function isSeatId(id: unknown): id is string {
  return typeof id === 'string' && SEAT_ID.test(id);
}

/**
 * Characters never stored in free text (reasons, notes, announced calls):
 * controls (line breaks included), format characters — zero-width spaces and
 * joiners, bidi embeddings, overrides and isolates, the BOM — and the line and
 * paragraph separators. They can make two texts look the same or reorder what
 * a reader sees.
 */
export const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

export function hasHiddenCharacter(text: string): boolean {
  return HIDDEN_CHARACTER.test(text);
}
