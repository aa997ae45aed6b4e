/**
 * A command that breaks a rule of the game is refused with a RuleError whose
 * `code` names the rule. The server maps every RuleError to HTTP 409 in one place.
 */
import { CodedError } from './coded-error.ts';
export const RULE_CODES = {
  SHOE_NOT_STARTED: 'no shoe is in play',
  SHOE_ENDED: 'the shoe has ended',
  SHOE_ALREADY_STARTED: 'a shoe is already in play',
  BETS_CLOSED: 'les jeux sont faits: nothing may be placed, withdrawn or moved',
  BETS_ALREADY_OPEN: 'bets are already open',
  BURN_NOT_DONE: 'the five burn cards have not all been drawn',
  CALL_NOT_CONFIRMED: 'the call of the last coup is not confirmed yet',
  COUP_IN_PROGRESS: 'bets are already closed: the cards of this coup come next',
  BELOW_MINIMUM: 'a stake under the table minimum is refused',
  BAD_AMOUNT: 'amounts are positive whole cents',
  STAKE_TOO_LARGE: 'a stake is at most 1000 times the table maximum',
  NO_STAKE: 'there is no free stake there',
  STAKE_CHANGED: 'the stake on that seat and chance changed since the payeur saw it (another terminal?): look at it again before adding',
  NO_PRISON_STAKE: 'there is no imprisoned stake there',
  INSURE_PRISON: 'an imprisoned stake cannot be insured',
  CHOICE_NOT_OPEN: 'the choice exists only at the 31 après that imprisoned or deepened the stake',
  STAKE_NOT_NAMED: 'the seat has more than one stake in prison on that chance: the choice names one (stake)',
  CHOICE_BEFORE_CONFIRM: 'a prison choice waits until the call of its 31 après is confirmed or ruled by the chef de table',
  DISPUTE_OPEN: 'a dispute waits for the chef de table: no card is pulled until he rules',
  SUSPENSION_PENDING: 'a suspension already waits for the last call or the prison choices: it is written once none waits',
  END_HELD: 'the shoe ends once the prison choices are made: no bets open for a coup it will not deal',
  NOTHING_HELD: 'no suspension waits for the last call: there is nothing to withdraw',
  EMPTY_HELD: 'the end that waits is the shuffler’s (the shoe is empty): only a suspension asked by the chef de table can be withdrawn',
  MOVE_SAME_CHANCE: 'a prison stake can only be moved to another chance',
  MOVE_ONTO_OPEN_CHOICE: 'the seat’s stake already in prison on that chance still waits for its choice: make that choice first, then move this stake onto it',
  VOID_NOT_LAST: 'only the card just drawn can be voided',
  VOID_AFTER_CONFIRM: 'the call using this card is already confirmed or acted on (dispute, prison choice)',
  DUPLICATE_SEQ: 'that card number is already recorded',
  SEQ_GAP: 'cards must arrive in the shuffler order without gaps',
  NO_COUP: 'there is no such coup',
  COUP_NOT_COMPLETE: 'the coup is not complete',
  ALREADY_HANDED_BACK: 'the stakes of that shoe are already handed back',
  ALREADY_CONFIRMED: 'the call of this coup is already confirmed',
  NO_DISPUTE: 'there is no open dispute on this coup',
  DISPUTED: 'the call is disputed: the chef de table resolves it',
  COUP_ANNULLED: 'the coup was annulled',
  ANNUL_TOO_LATE: 'a coup can be annulled only before the next card is drawn',
  CALL_MISMATCH: 'the call stored disagrees with the cards',
  VOID_FOREIGN: 'a foreign card is never counted, so it is not voided',
  ANNOUNCED_IS_CALL: 'the announcement matches the call: confirm it instead',
  INVALID_EVENT: 'the event is not valid',
} as const;

export type RuleCode = keyof typeof RULE_CODES;

export class RuleError extends CodedError {
  constructor(
    override readonly code: RuleCode,
    detail?: string,
  ) {
    super(detail ? `${RULE_CODES[code]}: ${detail}` : RULE_CODES[code]);
    this.name = 'RuleError';
  }
}
