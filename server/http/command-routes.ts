/**
 * API.md "Commands": each route checks the role (permissions.ts), validates
 * its body with zod (schemas.ts), turns it into a Command of shoe/commands.ts
 * and hands it to the table with the actor {user, role}. The answer is the
 * events stored and the view after them. One JSON log line per command,
 * refused or not.
 */
import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import type { Command } from '../../shoe/commands.ts';
import { RuleError } from '../../shoe/errors.ts';
import { pullBlocked } from '../../shoe/pull.ts';
import type { StoredEvent } from '../store/stored-event.ts';
import type { Actor, Table } from '../table/table.ts';
import { actorOf } from './auth.ts';
import { BadRequestError, NotFoundError, toHttp } from './errors.ts';
import { handBackCommand } from './hand-back-command.ts';
import { allow, type RouteKey } from './permissions.ts';
import { pullAfterEndReason, pullBeforeBetsReason, SIM_NO_CARD, watchPull } from './pull-outcome.ts';
import * as s from './schemas.ts';

type Handler = (req: Request, actor: Actor) => Promise<StoredEvent[]>;

/** The demo's simulated shuffler, asked for one card at a time (not part of the table's contract). */
export interface SimulatedShuffler {
  /** Pulls one card; false when the shoe has none left. `newShoe`: begin the next shoe first (the table's shoe has no card yet). */
  deal(newShoe?: boolean): boolean | Promise<boolean>;
}

export function commandRoutes(table: Table, logger: Logger, seats: readonly string[], simulator?: SimulatedShuffler): Router {
  const router = Router();
  const seatSet = new Set(seats);
  /** A stake names one of the table's seats (API.md "Seats"): any other id is a 400 naming the field. */
  const seated = <T extends { player: string }>(body: T): T => {
    if (!seatSet.has(body.player)) throw new BadRequestError('player', `player must be one of the table's seats (${seats.join(', ')})`);
    return body;
  };

  /** API.md "Seats": the seat ids a stake may name, for the payeur's entry to read "S4" or "4" as the seat s4. */
  router.get('/api/seats', allow('table.view'), (_req, res) => {
    res.json({ seats });
  });

  /** Runs a command for the session's actor, logging what happened to it. */
  const run = (key: RouteKey, handler: Handler) => async (req: Request, res: Response) => {
    const actor = actorOf(res);
    const started = performance.now();
    const log = { command: key, user: actor.user, role: actor.role, requestId: res.locals.requestId as string };
    try {
      const events = await handler(req, actor);
      logger.info({ ...log, outcome: 'stored', events: events.map((e) => e.i), ms: Math.round((performance.now() - started) * 100) / 100 }, 'command');
      res.json({ events, view: table.view() });
    } catch (error) {
      logger.info({ ...log, outcome: 'refused', code: toHttp(error).body.error }, 'command');
      throw error;
    }
  };

  const command = (key: RouteKey, toCommand: (req: Request) => Command) => run(key, (req, actor) => table.command(toCommand(req), actor));

  router.post(
    '/api/shoe/start',
    allow('shoe.start'),
    run('shoe.start', (req, actor) => {
      const { cards } = s.startBody.parse(req.body ?? {});
      return table.startShoe(actor, cards === undefined ? {} : { cards });
    }),
  );

  router.post(
    '/api/bets/open',
    allow('bets.open'),
    command('bets.open', () => ({ type: 'open' })),
  );
  router.post(
    '/api/bets/close',
    allow('bets.close'),
    command('bets.close', () => ({ type: 'close' })),
  );

  router.post(
    '/api/coups/:coup/confirm',
    allow('coup.confirm'),
    command('coup.confirm', (req) => ({ type: 'confirm', coup: s.coupParams.parse(req.params).coup })),
  );

  router.post(
    '/api/coups/:coup/dispute',
    allow('coup.dispute'),
    command('coup.dispute', (req) => {
      const { coup } = s.coupParams.parse(req.params);
      return { type: 'dispute', coup, ...s.disputeBody.parse(req.body ?? {}) };
    }),
  );

  router.post(
    '/api/cards/:seq/void',
    allow('card.void'),
    command('card.void', (req) => {
      const { seq } = s.seqParams.parse(req.params);
      return { type: 'void', seq, ...s.voidBody.parse(req.body ?? {}) };
    }),
  );

  router.post(
    '/api/bets',
    allow('bets.place'),
    command('bets.place', (req) => {
      const { player, chance, amount, insured, held } = seated(s.betBody.parse(req.body ?? {}));
      return { type: 'bet', player, chance, amount, ...(insured && { insured }), ...(held !== undefined && { held }) };
    }),
  );

  router.post(
    '/api/bets/withdraw',
    allow('bets.withdraw'),
    command('bets.withdraw', (req) => ({ type: 'withdraw', ...seated(s.stakeBody.parse(req.body ?? {})) })),
  );
  router.post(
    '/api/bets/insure',
    allow('bets.insure'),
    command('bets.insure', (req) => ({ type: 'insure', ...seated(s.stakeBody.parse(req.body ?? {})) })),
  );

  router.post(
    '/api/prison/choice',
    allow('prison.choice'),
    command('prison.choice', (req) => {
      const { player, chance, action, to, stake } = seated(s.choiceBody.parse(req.body ?? {}));
      const named = stake === undefined ? {} : { stake };
      return action === 'move' ? { type: 'choice', player, chance, action, to, ...named } : { type: 'choice', player, chance, action, ...named };
    }),
  );

  router.post(
    '/api/coups/:coup/resolve',
    allow('coup.resolve'),
    command('coup.resolve', (req) => {
      const { coup } = s.coupParams.parse(req.params);
      return { type: 'resolve', coup, ...s.resolveBody.parse(req.body ?? {}) };
    }),
  );

  /** The chef's reason travels in the `end` event's `note`, so the record says why the shoe stopped. */
  router.post(
    '/api/shoe/suspend',
    allow('shoe.suspend'),
    command('shoe.suspend', (req) => {
      const { reason, again } = s.suspendBody.parse(req.body ?? {});
      return { type: 'end', reason: 'suspended', note: reason, ...(again && { again }) };
    }),
  );

  /** The chef withdraws the suspension held for the last call (docs/rules.md#unhold): the shoe then goes on. */
  router.post(
    '/api/shoe/unhold',
    allow('shoe.unhold'),
    command('shoe.unhold', (req) => {
      const { note } = s.unholdBody.parse(req.body ?? {});
      return note === undefined ? { type: 'unhold' } : { type: 'unhold', note };
    }),
  );

  /**
   * The payeur or the chef says the chips an ended shoe left on the layout are back with the players
   * (shoe/hand-back.ts): a `handed-back` event of the shoe in play, naming that shoe and its rows, so
   * every screen drops the entry (docs/shoe-log.md#handed-back). Twice is 409 `ALREADY_HANDED_BACK`.
   */
  router.post(
    '/api/shoe/handed-back',
    allow('shoe.handed-back'),
    command('shoe.handed-back', (req) => {
      const { shoe } = s.handedBackBody.parse(req.body ?? {});
      return handBackCommand(table, shoe);
    }),
  );

  /** The chef acknowledges dealing on without the central witness (docs/central-store.md#unwitnessed); recorded in the shoe. */
  router.post(
    '/api/witness/unwitnessed',
    allow('witness.unwitnessed'),
    command('witness.unwitnessed', () => ({ type: 'witness', state: 'dealing-unwitnessed' })),
  );

  /** Whether this table has a simulated shuffler: the tailleur's screen shows its pull button only then (a real table showed it greyed, outsider pass 10). */
  router.get('/api/sim', allow('sim.deal'), (_req, res) => {
    res.json({ simulator: simulator !== undefined });
  });

  /** Demo only: ask the simulated shuffler for one card; it arrives through the link like any card. */
  router.post('/api/sim/deal', allow('sim.deal'), async (req, res) => {
    if (!simulator) throw new NotFoundError('this table has no simulated shuffler');
    // No card while a dispute waits for the chef (shoe/pull.ts): refused before the shuffler is asked.
    const blocked = pullBlocked(table.state());
    if (blocked) throw new RuleError(blocked.code, `coup ${blocked.coup}`);
    const { outOfTurn } = s.simDealBody.parse(req.body ?? {});
    const early = pullAfterEndReason(table.view()) ?? (outOfTurn === true ? null : pullBeforeBetsReason(table.view()));
    if (early !== null) return void res.json({ events: [], view: table.view(), dealt: false, stored: false, ...early });
    const pull = watchPull(table);
    const v = table.view();
    // The table started a shoe with no card yet (after a suspension or a run-out shoe): the shuffler begins a new one.
    const dealt = await simulator.deal(v.phase !== 'idle' && v.phase !== 'ended' && v.lastSeq === 0);
    // Never a silent pull: the answer says whether a card was stored, and if not, why.
    const outcome = dealt ? await pull.settle() : SIM_NO_CARD;
    res.json({ events: [], view: table.view(), dealt, ...outcome });
  });

  return router;
}
