/**
 * The floor demo's crew (`tq floor-demo --pace`): every `paceMs` one action,
 * as a tailleur and a payeur would take it, so the demo tables look like
 * tables in play — calls confirmed, bets opened and placed, money moving —
 * instead of a shuffler dealing on its own clock.
 *
 * It never pulls a card while a dispute waits for the chef de table
 * (the view's `pullBlocked`, docs/rules.md#dispute-no-pull), exactly as the
 * tailleur's pull is refused: QA saw the old self-pacing shuffler deal
 * through an open dispute. A dispute made by hand on a demo table waits there
 * until the chef rules; it never confirms a disputed call.
 */
import { CHANCES } from '../../shoe/events.ts';
import { pullBlocked } from '../../shoe/pull.ts';
import type { Logger } from 'pino';
import type { Actor } from '../table/table.ts';
import type { TableService } from '../table/table-service.ts';

const TAILLEUR: Actor = { user: 'tailleur', role: 'tailleur' };
const PAYEUR: Actor = { user: 'payeur', role: 'payeur' };

/** What one step did, for tests and debug logs. */
export type CrewAction = 'waits-for-chef' | 'start' | 'confirm' | 'open' | 'bet' | 'pull' | 'idle';

export interface PacedCrewParts {
  table: Pick<TableService, 'state' | 'view' | 'command' | 'startShoe'>;
  /** Asks the shuffler for one card (DemoShuffler.deal); `newShoe` as /api/sim/deal passes it. */
  deal(newShoe: boolean): boolean;
}

/** One action of the crew, the first that applies. `n` picks the seat, chance and amount of a bet (deterministic). */
export async function crewStep(parts: PacedCrewParts, n: number): Promise<CrewAction> {
  const { table } = parts;
  if (pullBlocked(table.state())) return 'waits-for-chef';
  const v = table.view();
  if (v.phase === 'idle' || v.phase === 'ended') {
    await table.startShoe(TAILLEUR);
    return 'start';
  }
  const waiting = v.awaitingConfirm;
  if (waiting !== null && (v.awaiting ?? v.coup)?.status === 'awaiting-confirm') {
    await table.command({ type: 'confirm', coup: waiting }, TAILLEUR);
    return 'confirm';
  }
  if (v.phase === 'waiting' && waiting === null && v.burnLeft === 0) {
    await table.command({ type: 'open' }, TAILLEUR);
    return 'open';
  }
  // no stake on a coup the shoe's last cards cannot finish: it would be annulled and its stakes left to hand back
  // (docs/rules.md#few-cards), and the demo's floor showed them piling up shoe after shoe (outside floor pass 48, F10)
  if (v.phase === 'open' && v.stakes.length < 3 && v.fewCards === null) {
    const chance = CHANCES[n % CHANCES.length]!;
    await table.command({ type: 'bet', player: `s${1 + (n % 12)}`, chance, amount: 1000 * (1 + (n % 5)) }, PAYEUR);
    return 'bet';
  }
  if (v.phase === 'waiting' && v.burnLeft === 0) return 'idle';
  return parts.deal(v.lastSeq === 0) ? 'pull' : 'idle';
}

/** Runs `crewStep` every `paceMs` until stopped; a refused step is logged, never fatal. */
export function startPacedCrew(parts: PacedCrewParts, paceMs: number, logger: Logger): () => void {
  let n = 0;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    crewStep(parts, n++)
      .then((action) => logger.debug({ action }, 'paced crew'))
      .catch((e: unknown) => logger.debug({ err: e }, 'paced crew: step refused'))
      .finally(() => (busy = false));
  }, paceMs);
  return () => clearInterval(timer);
}
