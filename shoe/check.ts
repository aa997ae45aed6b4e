/**
 * Whether an event may happen in a state: the rules of docs/rules.md as guards.
 * `decide` refuses a command with the RuleError thrown here; `replayShoe`
 * turns it into an alert and skips the event, so a bad log never stops a replay.
 */
import { isCard } from './card.ts';
import { sameCall } from './call.ts';
import { choicesHoldEnd, suspensionDue } from './end-of-shoe.ts';
import { RuleError } from './errors.ts';
import { isChance, WITNESS_STATES, type EventOf, type ShoeEvent } from './events.ts';
import { openChoiceOn } from './move-onto.ts';
import { pullBlocked } from './pull.ts';
import { rulesProblem, stakeLimit } from './rules.ts';
import { dealingCoup, unconfirmedCoup, type Coup, type PrisonStake, type ShoeState } from './state.ts';

const AFTER_END: ReadonlySet<ShoeEvent['type']> = new Set(['confirm', 'dispute', 'resolve', 'fault', 'hold', 'end']);

export interface CheckOptions {
  /**
   * The log comes from a system that never confirms calls (replay.ts): bets
   * open for the next coup without waiting for the last call's confirmation.
   * The table itself never sets it.
   */
  unconfirmedCalls?: boolean;
}

export function check(state: ShoeState, event: ShoeEvent, options: CheckOptions = {}): void {
  if (event.type === 'shoe') {
    if (state.phase !== 'idle') throw new RuleError('SHOE_ALREADY_STARTED');
    return checkShoe(event);
  }
  if (state.phase === 'idle') throw new RuleError('SHOE_NOT_STARTED');
  if (state.phase === 'ended' && !AFTER_END.has(event.type)) throw new RuleError('SHOE_ENDED', `${event.type} after the end`);
  // the suspension the rules impose waits for the prison choices too (docs/rules.md#held-end)
  if (suspensionDue(state) && !AFTER_END.has(event.type) && event.type !== 'choice')
    throw new RuleError('SHOE_ENDED', `${event.type} after the last coup allowed with an exposed card`);

  switch (event.type) {
    case 'card':
      return checkCard(state, event);
    case 'void':
      return checkVoid(state, event);
    case 'open':
      if (state.phase === 'burning') throw new RuleError('BURN_NOT_DONE', `${state.burnLeft} still to burn`);
      if (state.phase === 'open') throw new RuleError('BETS_ALREADY_OPEN');
      if (state.phase === 'closed') throw new RuleError('COUP_IN_PROGRESS');
      // a dispute is the chef's to rule, not a call to confirm (docs/rules.md#dispute-no-pull)
      if (!options.unconfirmedCalls && pullBlocked(state)) throw new RuleError('DISPUTE_OPEN', `coup ${pullBlocked(state)!.coup}`);
      if (!options.unconfirmedCalls && unconfirmedCoup(state)) throw new RuleError('CALL_NOT_CONFIRMED', `coup ${unconfirmedCoup(state)!.coup}`);
      // the shoe ends once the prison choices are made: no bets for a coup it will not deal (docs/rules.md#held-end)
      if (!options.unconfirmedCalls && state.held) throw new RuleError('END_HELD', heldText(state.held));
      return;
    case 'bet':
      return checkBet(state, event);
    case 'withdraw':
    case 'insure':
      return checkStakeChange(state, event);
    case 'close':
      if (state.phase !== 'open') throw new RuleError('BETS_CLOSED', 'bets are not open');
      return;
    case 'choice':
      return checkChoice(state, event, options);
    case 'confirm': {
      const coup = completedCoup(state, event.coup);
      if (coup.status === 'disputed') throw new RuleError('DISPUTED', `coup ${coup.coup}`);
      if (coup.status !== 'awaiting-confirm') throw new RuleError('ALREADY_CONFIRMED', `coup ${coup.coup}`);
      if (event.call !== undefined && !sameCall(event.call, coup.call!)) {
        throw new RuleError('CALL_MISMATCH', `coup ${coup.coup}: stored "${event.call}", the cards say "${coup.call}"`);
      }
      return;
    }
    case 'dispute': {
      const coup = completedCoup(state, event.coup);
      if (coup.status !== 'awaiting-confirm') throw new RuleError(coup.status === 'disputed' ? 'DISPUTED' : 'ALREADY_CONFIRMED', `coup ${coup.coup}`);
      if (typeof event.announced !== 'string' || event.announced.trim() === '') throw new RuleError('INVALID_EVENT', 'a dispute names what was announced');
      if (sameCall(event.announced, coup.call!)) throw new RuleError('ANNOUNCED_IS_CALL', `"${event.announced}"`);
      return;
    }
    case 'resolve': {
      const coup = completedCoup(state, event.coup);
      if (coup.status !== 'disputed') throw new RuleError('NO_DISPUTE', `coup ${coup.coup}`);
      if (event.ruling !== 'cards' && event.ruling !== 'annul') throw new RuleError('INVALID_EVENT', 'a ruling is "cards" or "annul"');
      if (typeof event.reason !== 'string' || event.reason.trim() === '') throw new RuleError('INVALID_EVENT', 'a ruling gives its reason');
      if (event.ruling === 'annul' && state.lastSeq !== coup.rouge.cards.at(-1)?.seq) {
        throw new RuleError('ANNUL_TOO_LATE', `coup ${coup.coup}: card ${state.lastSeq} was drawn after it`);
      }
      return;
    }
    case 'fault':
      return;
    case 'hold':
      if (event.reason !== 'empty' && event.reason !== 'suspended') throw new RuleError('INVALID_EVENT', 'a held end is "empty" or "suspended"');
      if (state.end) throw new RuleError('SHOE_ENDED');
      if (event.again) {
        // the chef's own suspension asked once more, for another reason: it stands in the first's place (docs/rules.md#held-end)
        if (!state.held) throw new RuleError('NOTHING_HELD');
        if (state.held.reason === 'empty' || event.reason !== 'suspended') throw new RuleError('SUSPENSION_PENDING', heldText(state.held));
      } else if (state.held) throw new RuleError('SUSPENSION_PENDING', heldText(state.held));
      if (!unconfirmedCoup(state) && !choicesHoldEnd(state, event.reason))
        throw new RuleError('INVALID_EVENT', 'an end is held only while a call or a prison choice waits');
      return;
    case 'unhold':
      // only the chef's own request can be taken back: an empty shuffler stays empty (docs/rules.md#held-end)
      if (!state.held) throw new RuleError('NOTHING_HELD');
      if (state.held.reason === 'empty') throw new RuleError('EMPTY_HELD', heldText(state.held));
      return;
    case 'witness':
      if (!(WITNESS_STATES as readonly string[]).includes(event.state))
        throw new RuleError('INVALID_EVENT', `a witness event is one of ${WITNESS_STATES.join(', ')}`);
      if (state.end) throw new RuleError('SHOE_ENDED');
      return;
    case 'handed-back':
      if (typeof event.shoe !== 'string' || event.shoe === '' || event.shoe === state.shoe)
        throw new RuleError('INVALID_EVENT', 'a hand-back names an earlier shoe of the table');
      if (event.rows !== undefined && !Array.isArray(event.rows)) throw new RuleError('INVALID_EVENT', 'the rows handed back are a list');
      if (state.handedBack.includes(event.shoe)) throw new RuleError('ALREADY_HANDED_BACK', `shoe ${event.shoe}`);
      return;
    case 'end':
      if (event.reason !== 'empty' && event.reason !== 'suspended') throw new RuleError('INVALID_EVENT', 'an end is "empty" or "suspended"');
      if (state.end) throw new RuleError('SHOE_ENDED');
      return;
    default: {
      const never: never = event;
      throw new RuleError('INVALID_EVENT', `unknown event ${JSON.stringify(never)}`);
    }
  }
}

function checkShoe(event: EventOf<'shoe'>): void {
  const problem = rulesProblem(event.rules);
  if (problem !== null)
    throw new RuleError(
      'INVALID_EVENT',
      `the shoe line carries every rule setting (burn, min, max, insurance, maxPrisonLevel, exposedCoupLimit, endOfShoeRelease): ${problem}`,
    );
  if (!Number.isInteger(event.cards) || event.cards < 1) throw new RuleError('INVALID_EVENT', 'cards is the number of cards in the shoe');
  for (const p of event.prison ?? []) {
    if (
      !isChance(p.chance) ||
      !Number.isInteger(p.amount) ||
      p.amount <= 0 ||
      p.amount > stakeLimit(event.rules) ||
      !Number.isInteger(p.level) ||
      p.level < 1
    ) {
      throw new RuleError('INVALID_EVENT', `carried prison stake ${JSON.stringify(p)}`);
    }
  }
}

function checkCard(state: ShoeState, event: EventOf<'card'>): void {
  if (!Number.isInteger(event.seq) || event.seq < 1) throw new RuleError('INVALID_EVENT', `card number ${String(event.seq)}`);
  if (event.seq <= state.lastSeq) throw new RuleError('DUPLICATE_SEQ', `card ${event.seq}`);
  if (event.seq !== state.lastSeq + 1) throw new RuleError('SEQ_GAP', `expected card ${state.lastSeq + 1}, got ${event.seq}`);
  if (typeof event.card !== 'string' || !isCard(event.card)) throw new RuleError('INVALID_EVENT', `"${String(event.card)}" is not a card`);
}

function checkVoid(state: ShoeState, event: EventOf<'void'>): void {
  if (state.undo?.seq === event.seq) return;
  const drawn = Number.isInteger(event.seq) && event.seq >= 1 ? state.cards.at(event.seq - 1) : undefined;
  if (drawn?.status === 'foreign') throw new RuleError('VOID_FOREIGN', `card ${event.seq}`);
  if (drawn && event.seq === state.lastSeq && drawn.coup !== undefined) {
    throw new RuleError('VOID_AFTER_CONFIRM', `card ${event.seq} completed coup ${drawn.coup}`);
  }
  if (drawn && event.seq === state.lastSeq && drawn.status === 'burn') {
    throw new RuleError('VOID_AFTER_CONFIRM', `card ${event.seq} was the last burn card and the bets have been opened since`);
  }
  throw new RuleError('VOID_NOT_LAST', `card ${event.seq}; the last card drawn is ${state.lastSeq}`);
}

function checkAmount(amount: unknown): void {
  if (!Number.isSafeInteger(amount) || (amount as number) <= 0) throw new RuleError('BAD_AMOUNT', String(amount));
}

function checkPlayer(event: { player: unknown; chance: unknown }): void {
  if (typeof event.player !== 'string' || event.player.trim() === '') throw new RuleError('INVALID_EVENT', 'a stake names its player');
  if (!isChance(event.chance)) throw new RuleError('INVALID_EVENT', `"${String(event.chance)}" is not a chance`);
}

function checkBet(state: ShoeState, event: EventOf<'bet'>): void {
  if (state.phase !== 'open') throw new RuleError('BETS_CLOSED');
  checkPlayer(event);
  checkAmount(event.amount);
  const held = state.stakes.find((s) => s.player === event.player && s.chance === event.chance)?.amount ?? 0;
  if (event.amount > stakeLimit(state.rules) - held) {
    throw new RuleError('STAKE_TOO_LARGE', `${event.player} on ${event.chance}: ${held} held, ${event.amount} more, at most ${stakeLimit(state.rules)}`);
  }
  if (held + event.amount < state.rules.min) {
    throw new RuleError('BELOW_MINIMUM', `${held + event.amount} < ${state.rules.min} on ${event.chance}`);
  }
}

function checkStakeChange(state: ShoeState, event: EventOf<'withdraw' | 'insure'>): void {
  if (state.phase !== 'open') throw new RuleError('BETS_CLOSED');
  checkPlayer(event);
  if (!state.stakes.some((s) => s.player === event.player && s.chance === event.chance)) {
    const jailed = state.prison.some((p) => p.player === event.player && p.chance === event.chance);
    if (event.type === 'insure' && jailed) throw new RuleError('INSURE_PRISON', `${event.player} on ${event.chance}`);
    throw new RuleError('NO_STAKE', `${event.player} on ${event.chance}`);
  }
}

/**
 * docs/rules.md#prison-choice: a choice names its stake (docs/rules.md#prison-stake-id),
 * or the seat has exactly one stake in prison on that chance (old logs);
 * and it waits for the call of its 31 après to be confirmed or ruled, so no
 * money moves on a call that may still be annulled.
 */
function checkChoice(state: ShoeState, event: EventOf<'choice'>, options: CheckOptions): void {
  if (state.phase !== 'waiting' && state.phase !== 'open') throw new RuleError('BETS_CLOSED');
  checkPlayer(event);
  if (!['leave', 'move', 'partager'].includes(event.action)) throw new RuleError('INVALID_EVENT', `choice "${String(event.action)}"`);
  const mine = state.prison.filter((p) => p.player === event.player && p.chance === event.chance);
  if (mine.length === 0) throw new RuleError('NO_PRISON_STAKE', `${event.player} on ${event.chance}`);
  let named: PrisonStake;
  if (event.stake === undefined) {
    if (mine.length > 1) throw new RuleError('STAKE_NOT_NAMED', `${event.player} on ${event.chance}: ${mine.map((p) => p.id).join(', ')}`);
    named = mine[0]!;
  } else {
    const found = mine.find((p) => p.id === event.stake);
    if (!found) throw new RuleError('NO_PRISON_STAKE', `stake ${String(event.stake)} of ${event.player} on ${event.chance}`);
    named = found;
  }
  if (!named.choosable) throw new RuleError('CHOICE_NOT_OPEN', `${event.player} on ${event.chance} (${named.id})`);
  const coup = named.coup === undefined ? undefined : state.coups[named.coup - 1];
  if (!options.unconfirmedCalls && coup && coup.status !== 'confirmed' && coup.status !== 'resolved') {
    throw new RuleError('CHOICE_BEFORE_CONFIRM', `coup ${coup.coup} is ${coup.status === 'disputed' ? 'disputed' : 'not confirmed yet'}`);
  }
  if (event.action === 'move') {
    if (!isChance(event.to)) throw new RuleError('INVALID_EVENT', 'a move names the chance it goes to');
    if (event.to === event.chance) throw new RuleError('MOVE_SAME_CHANCE', event.to);
    // It would merge with that stake and share its open choice (shoe/move-onto.ts)
    const open = openChoiceOn(state, named, event.to);
    if (open) throw new RuleError('MOVE_ONTO_OPEN_CHOICE', `${event.player}'s stake ${open.id} on ${event.to} is still to choose`);
  }
}

/** Who asked for the end that waits, and why, for the refusal of a second one. */
export function heldText(held: NonNullable<ShoeState['held']>): string {
  return `${held.reason === 'empty' ? 'the shoe is empty' : 'suspension'}${held.by ? ` asked by ${held.by}` : ''}${held.note ? ` (${held.note})` : ''}`;
}

function completedCoup(state: ShoeState, n: number): Coup {
  const coup = state.coups[n - 1];
  if (!Number.isInteger(n) || coup === undefined) throw new RuleError('NO_COUP', `coup ${String(n)}`);
  if (coup === dealingCoup(state)) throw new RuleError('COUP_NOT_COMPLETE', `coup ${n}`);
  if (coup.status === 'annulled') throw new RuleError('COUP_ANNULLED', `coup ${n}`);
  return coup;
}
