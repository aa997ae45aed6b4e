/** Errors of the table service that are not rules of the game (those are RuleError). */
import { CodedError } from '../../shoe/coded-error.ts';

/** A command came after the table was closed (shutdown in progress). */
export class TableClosedError extends CodedError {
  override readonly code = 'TABLE_CLOSED';
  constructor() {
    super('the table is closed: the server is shutting down');
    this.name = 'TableClosedError';
  }
}

/** A card the shuffler link bound to another shoe than the one in play (docs/serial-protocol.md#shoe-identity): never stored. */
export class OtherShoeError extends CodedError {
  override readonly code = 'OTHER_SHOE';
  constructor(message: string) {
    super(message);
    this.name = 'OtherShoeError';
  }
}
