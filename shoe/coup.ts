/**
 * Dealing a coup (docs/rules.md#dealing-the-rows): cards go left to right into the upper row
 * (Noir) until its total passes 30, then into the lower row (Rouge) the same
 * way. Both the table's state machine and the simulator deal through
 * {@link addPoints}, so the rule lives in one place; it works on plain numbers
 * because the simulator deals millions of coups.
 */

/** A row stops as soon as its total exceeds this: "trente". */
export const ROW_STOP = 30;

/**
 * Progress of a coup packed in one number: noir total + 64 × rouge total.
 * 0 is an empty coup. Totals never exceed 40, so 6 bits each suffice.
 */
export type CoupTally = number;

export const EMPTY_TALLY: CoupTally = 0;

export function noirTotal(tally: CoupTally): number {
  return tally & 63;
}

export function rougeTotal(tally: CoupTally): number {
  return tally >> 6;
}

/** True once both rows have passed 30. */
export function isComplete(tally: CoupTally): boolean {
  return tally >> 6 > ROW_STOP;
}

/** The row the next card goes to. */
export function nextRow(tally: CoupTally): 'noir' | 'rouge' {
  return (tally & 63) > ROW_STOP ? 'rouge' : 'noir';
}

/** Adds one card's points to the row it falls in. Never call on a complete tally. */
export function addPoints(tally: CoupTally, points: number): CoupTally {
  return (tally & 63) > ROW_STOP ? tally + (points << 6) : tally + points;
}
