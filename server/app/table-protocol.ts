/**
 * The messages between the card side (the main thread: serial link, table,
 * rules, durable store) and the HTTP side (a worker thread: HTTP, SSE,
 * uploads, reports, the access log, the central witness). Card→ACK must never
 * wait for anything that serves people (docs/serial-protocol.md: the shuffler
 * waits for each ACK), so the two share no object: the card side posts what
 * it stored, the HTTP side folds it into its own copy of the shoe, and asks
 * for changes by message (server/app/README.md#the-card-side-and-the-http-side).
 *
 * Commands travel as the `Command` object itself: a command the rules learn
 * later needs no change here.
 */
import { CodedError } from '../../shoe/coded-error.ts';
import { RuleError, type RuleCode } from '../../shoe/errors.ts';
import type { StoredEvent } from '../store/stored-event.ts';
import { StoreError, type StoreErrorCode } from '../store/store-errors.ts';
import { TableClosedError } from '../table/table-errors.ts';
import type { LinkStatus } from '../table/table.ts';

/**
 * What the HTTP side may ask of the card side: the table's two ways to change
 * it, the demo's simulated shuffler, and `dealGuard`: the reasons, decided on
 * the HTTP side (the central witness's bound on unwitnessed play), for which
 * the table must refuse to open a coup now (server/table/deal-guards.ts); an
 * empty list lifts them.
 */
export const CARD_CALLS = ['command', 'startShoe', 'simDeal', 'dealGuard'] as const;
export type CardCall = (typeof CARD_CALLS)[number];

/** An error as it crosses: enough to rebuild the same class and code, so the HTTP mapping (server/http/errors.ts) answers the same. */
export interface WireError {
  name: string;
  code?: string;
  message: string;
}

/** Card side → HTTP side. */
export type CardMessage =
  /**
   * On every (re)start of either side: the shoe in play's stored events (the HTTP side folds them) and the link status;
   * `opened`, the shoe's head when the card side opened the record (the sealer signs what came after: this server stored it).
   */
  | { kind: 'hello'; events: StoredEvent[]; link: LinkStatus; simulator: boolean; opened?: { shoe: string; i: number } | null }
  /** One stored event, in order, after it is on disk; `counters`: the link's counters now. */
  | { kind: 'event'; shoe: string; event: StoredEvent; counters?: Record<string, number> }
  | { kind: 'link'; status: LinkStatus }
  | { kind: 'result'; id: number; ok: true; value: unknown }
  | { kind: 'result'; id: number; ok: false; error: WireError }
  /** The card side failed (a store that cannot write, say) and reopens from the record; a `hello` follows. */
  | { kind: 'card-side-down'; reason: string; at: string }
  /** Shut down: close HTTP, the sessions file, the access log and the witness, then answer `closed`. */
  | { kind: 'close' };

/** HTTP side → card side. A `simDeal` is answered by a `result` like any call: its value is whether a card was pulled. */
export type HttpMessage =
  | { kind: 'call'; id: number; method: CardCall; args: unknown[] }
  /** The HTTP side listens (first start and every restart). */
  | { kind: 'listening'; url: string }
  | { kind: 'closed' };

export function isCardCall(method: unknown): method is CardCall {
  return (CARD_CALLS as readonly unknown[]).includes(method);
}

export function toWire(e: unknown): WireError {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    return { name: e.name, message: e.message, ...(typeof code === 'string' && { code }) };
  }
  return { name: 'Error', message: String(e) };
}

/** A coded error of a class this side does not rebuild: same code, same message. */
export class RemoteCodedError extends CodedError {
  constructor(
    override readonly code: string,
    message: string,
    name: string,
  ) {
    super(message);
    this.name = name;
  }
}

/** The error the card side threw, as the same class where it matters to the HTTP mapping. */
export function fromWire(w: WireError): Error {
  let e: Error;
  if (w.name === 'RuleError' && w.code !== undefined) e = new RuleError(w.code as RuleCode);
  else if (w.name === 'StoreError' && w.code !== undefined) e = new StoreError(w.code as StoreErrorCode);
  else if (w.name === 'TableClosedError') e = new TableClosedError();
  else if (w.code !== undefined) return new RemoteCodedError(w.code, w.message, w.name);
  else return Object.assign(new Error(w.message), { name: w.name });
  e.message = w.message;
  return e;
}
