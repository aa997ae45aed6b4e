/**
 * The shuffler's shoe a table shoe is bound to (docs/serial-protocol.md#shoe-identity):
 * the SHOE frame's serial, on the first line when that frame started the
 * shoe, and on every card the link bound to it (`"serial"` on the `card`
 * line, an addition the shoe log allows: docs/shoe-log.md). A card bound to
 * another shuffler shoe, or to another table shoe, is refused: the defect of
 * was the previous shoe's cards stored in a new one.
 */
import type { ShoeEvent } from '../../shoe/events.ts';
import type { DealtCard } from '../serial/card-sink.ts';
import { OtherShoeError } from './table-errors.ts';

/** The shuffler's serial a card line names, if any. */
export function cardSerial(event: ShoeEvent): string | undefined {
  const serial = (event as { serial?: unknown }).serial;
  return typeof serial === 'string' ? serial : undefined;
}

/** Refuses a card the link bound to another table shoe, or to another shuffler shoe than `serial`. */
export function checkCardShoe(card: DealtCard, shoe: string, serial: string | undefined): void {
  if (card.shoe !== undefined && card.shoe !== shoe)
    throw new OtherShoeError(`card ${card.seq} ${card.card} was dealt for shoe ${card.shoe}, not for shoe ${shoe} in play: not stored`);
  if (card.serial !== undefined && serial !== undefined && card.serial !== serial)
    throw new OtherShoeError(
      `card ${card.seq} ${card.card} comes from the shuffler's shoe ${card.serial}; shoe ${shoe} is shuffler shoe ${serial}: not stored`,
    );
}

/** The events as recorded: a card with the shuffler's serial when the link knew it. */
export function withSerial(events: readonly ShoeEvent[], serial: string | undefined): ShoeEvent[] {
  if (serial === undefined) return [...events];
  return events.map((e) => (e.type === 'card' ? { ...e, serial } : e));
}

/**
 * Refuses a SHOE frame of the shuffler's shoe an earlier table shoe was dealt
 * from (`spentBy`): after a suspension the shuffler still holds that shoe's
 * remaining cards, and a restart had the new table shoe take them from card 1.
 */
export function refuseSpentShoe(serial: string, spentBy: string | undefined): void {
  if (spentBy !== undefined)
    throw new OtherShoeError(`the shuffler's shoe ${serial} was dealt into table shoe ${spentBy}: it feeds no other shoe; load a freshly shuffled shoe`);
}
