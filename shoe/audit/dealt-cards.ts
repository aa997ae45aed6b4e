/**
 * The cards of a shoe log in the order the shuffler dealt them, for the shuffle
 * audit, which reads thousands of shoes and needs nothing but the cards. It
 * reads through the shoe log's line reader (shoe-log.ts: every line must be a
 * JSON object, or it is an error naming its line), checks the `shoe` line in
 * full and every `card` line's notation and order; the other lines are not
 * checked field by field, which is what makes it fast.
 */
import { ALL_CARDS, cardCode, parseCard } from '../card.ts';
import { parseEvent, ShoeLogError } from '../shoe-log.ts';
import { parseLine, parseShoeLogText } from '../shoe-log-lines.ts';
import type { AuditShoe } from './audit-shoe.ts';

/** Card codes by their written form as the table writes it (`TH`); other notations go through parseCard. */
const CODE_BY_TEXT = new Map(ALL_CARDS.map((card, code) => [card as string, code]));

export function dealtCards(text: string, id: string): AuditShoe {
  const { lines, unterminated } = parseShoeLogText(text);
  if (unterminated !== null && unterminated.text.trim() !== '') lines.push(parseLine(unterminated.text, unterminated.line));
  const codes: number[] = [];
  let burn: number | null = null;
  for (const l of lines) {
    if (l.kind === 'unreadable') throw new ShoeLogError(l.line, l.reason);
    const e = l.event as { type?: unknown; seq?: unknown; card?: unknown };
    if (burn === null) {
      if (e.type !== 'shoe') throw new ShoeLogError(l.line, 'the first event of a shoe log is its "shoe" line');
      const shoe = parseEvent(l.event, l.line);
      burn = shoe.type === 'shoe' ? shoe.rules.burn : 0;
      continue;
    }
    if (e.type !== 'card') continue;
    if (e.seq !== codes.length + 1) throw new ShoeLogError(l.line, `card number ${String(e.seq)} where ${codes.length + 1} was expected`);
    const known = typeof e.card === 'string' ? CODE_BY_TEXT.get(e.card) : undefined;
    if (known !== undefined) {
      codes.push(known);
      continue;
    }
    try {
      codes.push(cardCode(parseCard(String(e.card))));
    } catch (err) {
      throw new ShoeLogError(l.line, (err as Error).message);
    }
  }
  if (burn === null) throw new ShoeLogError(1, 'empty: a shoe log starts with its "shoe" line');
  return { id, cards: Uint8Array.from(codes), burn };
}
