/**
 * A legal shoe log of about `lines` lines, for the benches that upload and
 * read back long logs: a seeded six-deck shoe dealt coup by coup through the
 * rules (`decide`), each coup with many bets placed and withdrawn while the
 * bets are open (a busy table with indecisive players), each call confirmed.
 */
import type { Command } from '../../shoe/commands.ts';
import { decide } from '../../shoe/decide.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { evolve } from '../../shoe/evolve.ts';
import { VENICE_RULES } from '../../shoe/rules.ts';
import { formatShoeLog } from '../../shoe/shoe-log.ts';
import { INITIAL_STATE } from '../../shoe/state.ts';
import { tableView } from '../../shoe/table-view.ts';
import { shuffledShoe } from '../../server/simulator/shuffled-shoe.ts';

export function legalLongLog(lines: number, seed = 'long'): string {
  const cards = shuffledShoe(seed).map((c) => c.card);
  const events: ShoeEvent[] = [];
  let state = INITIAL_STATE;
  const run = (command: Command) => {
    for (const e of decide(state, command, { at: '2026-11-25T12:00:00.000Z', by: 'bench' })) {
      state = evolve(state, e);
      events.push(e);
    }
  };
  const rules = { ...VENICE_RULES, exposedCoupLimit: 1000 };
  run({ type: 'start', table: 'T1', shoe: 'long', cards: cards.length, rules });
  let seq = 0;
  for (let k = 0; k < rules.burn; k++) run({ type: 'card', seq: ++seq, card: cards[seq - 1]! });
  const coups = 29; // about how many coups a shoe deals
  const pairs = Math.max(1, Math.floor(lines / coups / 2) - 4);
  while (seq < cards.length && state.phase !== 'ended') {
    run({ type: 'open' });
    for (let k = 0; k < pairs; k++) {
      const player = `s${(k % 12) + 1}`;
      const chance = (['rouge', 'noir', 'couleur', 'inverse'] as const)[Math.floor(k / 12) % 4]!;
      run({ type: 'bet', player, chance, amount: 500 });
      run({ type: 'withdraw', player, chance });
    }
    while (seq < cards.length && tableView(state).awaitingConfirm === null && (state.phase as string) !== 'ended')
      run({ type: 'card', seq: ++seq, card: cards[seq - 1]! });
    const coup = tableView(state).awaitingConfirm;
    if (coup !== null) run({ type: 'confirm', coup });
  }
  if (state.phase !== 'ended') run({ type: 'end', reason: 'empty' });
  return formatShoeLog(events);
}
