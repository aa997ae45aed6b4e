/**
 * Plays a seeded shoe's first coups through the crew's API, as a table that
 * has burnt its cards and opened the bets of coup 1 (`FreshTable.ready`):
 * before each coup the payeur places that coup's bets, the tailleur pulls
 * its cards and confirms its call, then opens the bets of the next. The
 * prison tests reach their 31 après this way (seed 831: coups 4 and 5).
 */
import type { Chance } from '../../../shoe/events.ts';
import { cardsIn, type SeededCoup } from '../../support/seeded-deal.ts';
import { dealCards, type Crew } from './demo-table.ts';
import type { FreshTable } from './fresh-table.ts';
import { until } from '../../support/until.ts';

export type SeatBet = readonly [player: string, chance: Chance, amount: number];

/** Plays `coups` in order; `bets[k]`, when given, is placed before coup k + 1. */
export async function playCoups(t: FreshTable, payeur: Crew, coups: readonly SeededCoup[], bets: Record<number, readonly SeatBet[]> = {}): Promise<void> {
  for (const [k, coup] of coups.entries()) {
    if (k > 0) await t.tailleur.post('/api/bets/open');
    for (const [player, chance, amount] of bets[k] ?? []) await payeur.post('/api/bets', { player, chance, amount });
    await dealCards(t.tailleur, cardsIn(coup));
    await t.tailleur.post(`/api/coups/${k + 1}/confirm`);
  }
}

/**
 * The shuffler deals on past a call still unconfirmed, card by card and out
 * of turn (the bets of the next coup never opened), until the next coup's
 * call waits too: two calls pending.
 */
export async function dealOnToSecondCall(tailleur: Crew): Promise<void> {
  await until(
    async () => {
      const { view } = await tailleur.get('/api/table');
      if (view.pendingCalls === 2) return true;
      await dealCards(tailleur, 1, { outOfTurn: true });
      return false;
    },
    'two calls waiting',
    30_000,
  );
}
