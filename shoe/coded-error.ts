/**
 * The base of every error this system names: a stable `code` a caller can
 * act on (the HTTP layer maps codes to statuses in one place,
 * server/http/errors.ts; the CLI prints the message), and a message for people.
 */
export abstract class CodedError extends Error {
  abstract readonly code: string;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}
