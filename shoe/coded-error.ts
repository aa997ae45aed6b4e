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

/**
 * An error family whose codes and their sentences are one catalogue
 * (RULE_CODES, STORE_ERROR_CODES…): the message is the code's sentence, then
 * the particulars of this case. `class RuleError extends catalogueError(RULE_CODES) {}`.
 */
export function catalogueError<K extends string>(catalogue: Readonly<Record<K, string>>) {
  return class extends CodedError {
    constructor(
      readonly code: K,
      detail?: string,
      options?: ErrorOptions,
    ) {
      super(detail ? `${catalogue[code]}: ${detail}` : catalogue[code], options);
    }
  };
}
