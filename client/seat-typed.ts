/**
 * The seat a payeur means by what he typed. Seat ids are the table's own
 * (shoe/seats.ts, `GET /api/seats`), `s1`…`s12` by default; a fast payeur types
 * "S4" (Shift or Caps Lock), "s 4" or just "4", and each was refused as "no
 * such seat" (outsider pass 12). What names exactly one seat is that seat;
 * anything else is left as typed, for the server to refuse.
 */
export function seatTyped(typed: string, seats: readonly string[]): string {
  const text = typed.trim();
  if (seats.length === 0 || seats.includes(text)) return text;
  const compact = text.replace(/\s+/g, '').toLowerCase();
  const sameLetters = seats.filter((s) => s.toLowerCase() === compact);
  if (sameLetters.length === 1) return sameLetters[0]!;
  if (/^\d+$/.test(compact)) {
    const numbered = seats.filter((s) => Number(/\d+$/.exec(s)?.[0] ?? Number.NaN) === Number(compact));
    if (numbered.length === 1) return numbered[0]!;
  }
  return text;
}
