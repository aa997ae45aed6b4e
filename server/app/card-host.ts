/**
 * The card side's end of the table protocol (table-protocol.ts): posts every
 * stored event and link change to the HTTP side, in order, and runs the
 * commands it sends through the table's queue like any other. Posting is a
 * structured clone of a small object; nothing here waits for the HTTP side,
 * so a slow, busy or dead HTTP worker never holds up a card's ACK. Posts are
 * made once the card thread's current work is done (setImmediate, in order):
 * the clone, and the HTTP worker it wakes, come after the ACK they follow.
 */
import type { Logger } from 'pino';
import type { Command } from '../../shoe/commands.ts';
import type { SimulatedShuffler } from '../http/command-routes.ts';
import type { Actor, StartOptions } from '../table/table.ts';
import type { CardSide } from './card-side.ts';
import { isCardCall, toWire, type CardMessage, type HttpMessage } from './table-protocol.ts';

/** How often the link's counters (frames, ACKs…) are sent when only they changed. */
const COUNTERS_EVERY_MS = 1000;

export interface CardHostOptions {
  side: CardSide;
  post: (m: CardMessage) => void;
  logger: Logger;
  simulator?: SimulatedShuffler;
}

export interface CardHost {
  /** A message from the HTTP side. */
  receive(m: HttpMessage): void;
  /** Posts at once what waits for the next turn: before the HTTP side is told to close, so it sees every stored event first. */
  drain(): void;
  /** Stops posting (the HTTP side is gone). */
  detach(): void;
}

export function hostCard(o: CardHostOptions): CardHost {
  const { side, logger } = o;
  const queued: CardMessage[] = [];
  let detached = false;
  const flush = () => {
    for (const m of queued.splice(0)) if (!detached) o.post(m);
  };
  const post = (m: CardMessage) => {
    if (queued.push(m) === 1) setImmediate(flush);
  };
  let unsubscribe = () => {};
  /** The HTTP side's reasons to refuse opening a coup ('dealGuard'), held as a guard on the table in play. */
  let remoteReasons: string[] = [];
  const remoteGuard = () => (remoteReasons.length === 0 ? null : remoteReasons.join('; '));
  let lastCounters = '';
  const counters = () => ({ ...side.link.counters }) as Record<string, number>;

  /** Subscribes to the table in play and sends the HTTP side its shoe; events stored meanwhile follow the hello. */
  const greet = () => {
    unsubscribe();
    const held: CardMessage[] = [];
    let greeted = false;
    const send = (m: CardMessage) => (greeted ? post(m) : held.push(m));
    const table = side.table;
    const offEvents = table.onStored(({ shoe, event }) => send({ kind: 'event', shoe, event, counters: counters() }));
    const offLink = table.onLink((status) => send({ kind: 'link', status }));
    const offGuard = table.refuseToDealWhen(remoteGuard);
    unsubscribe = () => {
      offEvents();
      offLink();
      offGuard();
    };
    const shoe = table.state().shoe;
    table
      .eventsSince(shoe, -1)
      .catch(() => [])
      .then((events) => {
        post({ kind: 'hello', events: shoe === '' ? [] : events, link: table.linkStatus(), simulator: o.simulator !== undefined, opened: side.opened });
        greeted = true;
        for (const m of held.splice(0)) post(m);
      });
  };

  const offRestart = side.onRestart((e) => {
    if (e.kind === 'down') {
      unsubscribe();
      post({ kind: 'card-side-down', reason: e.reason, at: new Date().toISOString() });
    } else greet();
  });
  const timer = setInterval(() => {
    const now = JSON.stringify(counters());
    if (now === lastCounters) return;
    lastCounters = now;
    post({ kind: 'link', status: side.table.linkStatus() });
  }, COUNTERS_EVERY_MS);
  timer.unref();
  greet();

  const answer = (id: number, p: Promise<unknown>) =>
    p.then(
      (value) => post({ kind: 'result', id, ok: true, value }),
      (e: unknown) => post({ kind: 'result', id, ok: false, error: toWire(e) }),
    );

  return {
    receive(m) {
      if (m.kind !== 'call') return;
      if (!isCardCall(m.method)) {
        post({ kind: 'result', id: m.id, ok: false, error: { name: 'Error', message: `no such call: ${String(m.method)}` } });
        return;
      }
      switch (m.method) {
        case 'command':
          answer(m.id, side.watch(side.table.command(m.args[0] as Command, m.args[1] as Actor)));
          return;
        case 'startShoe':
          answer(m.id, side.watch(side.table.startShoe(m.args[0] as Actor, (m.args[1] ?? {}) as StartOptions)));
          return;
        case 'simDeal': {
          const deal = async () => {
            try {
              return (await o.simulator?.deal(m.args[0] === true)) ?? false;
            } catch (e) {
              logger.error({ err: e }, 'the simulated shuffler failed to deal');
              return false;
            }
          };
          answer(m.id, deal());
          return;
        }
        case 'dealGuard':
          remoteReasons = Array.isArray(m.args[0]) ? m.args[0].filter((r): r is string => typeof r === 'string') : [];
          answer(m.id, Promise.resolve(true));
          return;
        default:
          m.method satisfies never;
      }
    },
    drain: flush,
    detach() {
      detached = true;
      clearInterval(timer);
      unsubscribe();
      offRestart();
    },
  };
}
