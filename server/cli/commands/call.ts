/**
 * `tq call <card>… [--json]`: the cards of one coup in the order drawn → both
 * rows, their totals as the tailleur announces them, and the call (docs/rules.md#the-call).
 * The cards are dealt with the engine's own rule (shoe/coup.ts), so the
 * command answers exactly as the table would.
 */
import { CodedError } from '../../../shoe/coded-error.ts';
import { cardColour, cardPoints, parseCard, type Card } from '../../../shoe/card.ts';
import { announceTotal, callPhrase, couleurResult, coupResult, type CouleurResult, type CoupResult } from '../../../shoe/call.ts';
import { addPoints, EMPTY_TALLY, isComplete, nextRow, noirTotal, rougeTotal } from '../../../shoe/coup.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs, usageMessage, usageText } from '../usage.ts';

export interface DealtRow {
  cards: Card[];
  total: number;
}

export interface DealtCoup {
  noir: DealtRow;
  rouge: DealtRow;
  result: CoupResult;
  couleur: CouleurResult | null;
  call: string;
}

export const help: CommandHelp = {
  usage: ['call <card>… [--json]'],
  about:
    "The cards of one coup in the order drawn → both rows, their totals as announced, and the call\n(docs/rules.md#the-call), dealt with the engine's own rule.",
  options: [
    ['<card>…', 'cards such as TH 9S 8C QD (rank A 2-9 T J Q K, suit S H D C)'],
    ['--json', 'the coup as JSON'],
  ],
};

/** Cards that do not make exactly one coup. */
export class CoupCardsError extends CodedError {
  constructor(
    override readonly code: 'COUP_INCOMPLETE' | 'CARDS_LEFT',
    message: string,
  ) {
    super(message);
    this.name = 'CoupCardsError';
  }
}

/** Deals cards into the two rows; throws {@link CoupCardsError} unless they make exactly one coup. */
export function dealCoup(cards: readonly Card[]): DealtCoup {
  const noir: DealtRow = { cards: [], total: 0 };
  const rouge: DealtRow = { cards: [], total: 0 };
  let tally = EMPTY_TALLY;
  for (const [i, card] of cards.entries()) {
    if (isComplete(tally)) {
      const left = cards.slice(i);
      throw new CoupCardsError('CARDS_LEFT', `the coup is complete after ${i} cards; ${left.length} left over: ${left.join(' ')}`);
    }
    (nextRow(tally) === 'noir' ? noir : rouge).cards.push(card);
    tally = addPoints(tally, cardPoints(card));
  }
  noir.total = noirTotal(tally);
  rouge.total = rougeTotal(tally);
  if (!isComplete(tally)) {
    throw new CoupCardsError('COUP_INCOMPLETE', `the coup is not complete: Noir ${noir.total}, Rouge ${rouge.total} — each row needs more than 30`);
  }
  const first = cardColour(noir.cards[0]!);
  const result = coupResult(noir.total, rouge.total);
  return { noir, rouge, result, couleur: couleurResult(result, first), call: callPhrase(noir.total, rouge.total, first) };
}

/** The announcement of a completed row: units only, the second row of an après with "après". */
export function announcement(total: number, secondOfApres = false): string {
  return secondOfApres ? `${announceTotal(total)} après` : announceTotal(total);
}

/** `Noir   TH 9S 8C QD = 37 "Sept"`. */
export function rowLine(name: 'Noir' | 'Rouge', cards: readonly string[], total: number, announced: string | null): string {
  const said = announced === null ? '' : ` "${announced}"`;
  return `${name.padEnd(6)} ${cards.length > 0 ? cards.join(' ') : '(no card)'} = ${total}${said}`;
}

const WHY: Record<CoupResult, string> = {
  noir: 'Noir wins: lower total',
  rouge: 'Rouge wins: lower total',
  apres: 'après: equal totals, the coup is void',
  apres31: '31 après: free stakes go to prison unless insured',
};

export async function run(argv: string[], io: CliIo): Promise<number> {
  let values: { json?: boolean | undefined };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: argv, options: { json: { type: 'boolean' } }, allowPositionals: true }));
  } catch (e) {
    io.stderr.write(`tq call: ${usageMessage(e)}\n${usageText(help)}\n`);
    return 2;
  }
  const words = positionals.flatMap((p) => p.split(/[\s,]+/)).filter((w) => w !== '');
  if (words.length === 0) {
    io.stderr.write('tq call: give the cards of one coup in the order drawn, e.g. tq call TH 9S 8C QD 5C 7S KD QH\n');
    return 2;
  }
  let coup: DealtCoup;
  try {
    coup = dealCoup(words.map(parseCard));
  } catch (e) {
    io.stderr.write(`tq call: ${(e as Error).message}\n`);
    return 2;
  }
  if (values.json) {
    io.stdout.write(`${JSON.stringify(coup)}\n`);
    return 0;
  }
  const apres = coup.couleur === null;
  const first = coup.noir.cards[0]!;
  const colour = apres ? '' : `; first card ${first} ${cardColour(first)}: ${coup.couleur === 'couleur' ? 'Couleur' : 'Inverse'} wins`;
  io.stdout.write(
    `${[
      rowLine('Noir', coup.noir.cards, coup.noir.total, announcement(coup.noir.total)),
      rowLine('Rouge', coup.rouge.cards, coup.rouge.total, announcement(coup.rouge.total, apres)),
      `Call   "${coup.call}"   (${WHY[coup.result]}${colour})`,
    ].join('\n')}\n`,
  );
  return 0;
}
