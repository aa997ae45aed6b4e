/**
 * The floor's one LISTEN session on the central store (docs/central-store.md,
 * channels `tq_events` {"table","shoe","i"} and `tq_status` {"table"}): a
 * dedicated client, since a pooled one would lose its LISTEN when returned.
 * When that session is lost the floor shows it, tries again with a growing
 * pause, and on reconnecting re-reads every table, since notifications sent
 * meanwhile are gone for good.
 *
 * A server that stops answering without closing the connection (frozen, or a
 * cable pulled with no reset) ends nothing and errors nothing: a LISTEN
 * session only waits. So the session is asked `SELECT 1` every few seconds, and
 * one left unanswered counts as lost — before, the floor kept its "connected"
 * badge green for the whole of a PostgreSQL paused 42 s (outsider pass 39).
 */
import pg from 'pg';
import type { Logger } from 'pino';
import type { FloorBoard } from './floor-board.ts';
import type { FloorCentralState } from './floor-table.ts';

const RETRY_MS = [500, 1000, 2000, 5000] as const;
/** How often the session is asked whether the server still answers. */
export const PING_EVERY_MS = 3000;
/** An answer (or a connection) that takes longer than this counts as the server gone. */
export const ANSWER_WITHIN_MS = 5000;

export interface FloorListenerOptions {
  url: string;
  board: FloorBoard;
  logger: Logger;
  now?: () => number;
  /** Ms between two pings of the session (default PING_EVERY_MS). */
  pingEveryMs?: number;
  /** Ms a ping, a connection or a LISTEN may take before the session counts as lost (default ANSWER_WITHIN_MS). */
  answerWithinMs?: number;
}

export class FloorListener {
  #client: pg.Client | null = null;
  #state: FloorCentralState;
  #closed = false;
  #attempt = 0;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #ping: ReturnType<typeof setInterval> | undefined;
  readonly #listeners = new Set<(s: FloorCentralState) => void>();
  readonly #now: () => number;

  constructor(private readonly o: FloorListenerOptions) {
    this.#now = o.now ?? Date.now;
    this.#state = { connected: false, since: new Date(this.#now()).toISOString() };
  }

  get state(): FloorCentralState {
    return this.#state;
  }

  onState(listener: (s: FloorCentralState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Connects and listens; the first failure is thrown (the floor does not start blind). */
  async start(): Promise<void> {
    await this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    clearInterval(this.#ping);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  /** Ms a ping, a connection or a LISTEN may take. */
  get #within(): number {
    return this.o.answerWithinMs ?? ANSWER_WITHIN_MS;
  }

  async #connect(): Promise<void> {
    const within = this.#within;
    const client = new pg.Client({
      connectionString: this.o.url,
      application_name: 'tq floor (listen)',
      connectionTimeoutMillis: within,
      query_timeout: within,
    });
    client.on('notification', (n) => this.#heard(n.channel, n.payload));
    client.on('error', (e) => this.#lost(client, e));
    client.on('end', () => this.#lost(client, new Error('connection ended')));
    await client.connect();
    try {
      await client.query('LISTEN tq_events');
      await client.query('LISTEN tq_status');
    } catch (e) {
      drop(client);
      throw e;
    }
    if (this.#closed) {
      drop(client);
      return;
    }
    this.#client = client;
    this.#attempt = 0;
    this.#set({ connected: true, since: new Date(this.#now()).toISOString() });
    this.#pingWhileListening(client);
    await this.o.board.loadAll();
  }

  #pingWhileListening(client: pg.Client): void {
    clearInterval(this.#ping);
    let asking = false;
    this.#ping = setInterval(() => {
      if (asking || this.#client !== client) return;
      asking = true;
      client.query('SELECT 1').then(
        () => {
          asking = false;
        },
        (e: unknown) => {
          asking = false;
          const said = e instanceof Error ? e.message : String(e);
          this.#lost(client, new Error(said === 'Query read timeout' ? `no answer within ${this.#within / 1000} s` : said));
        },
      );
    }, this.o.pingEveryMs ?? PING_EVERY_MS);
    this.#ping.unref();
  }

  #heard(channel: string, payload: string | undefined): void {
    let body: { table?: unknown; shoe?: unknown };
    try {
      body = JSON.parse(payload ?? '') as typeof body;
    } catch {
      this.o.logger.warn({ channel, payload }, 'unreadable notification from the central store');
      return;
    }
    if (typeof body.table !== 'string') return;
    const shoe = channel === 'tq_events' && typeof body.shoe === 'string' ? body.shoe : undefined;
    void this.o.board.changed(body.table, shoe);
  }

  #lost(client: pg.Client, error: Error): void {
    if (this.#client !== client || this.#closed) return;
    this.#client = null;
    clearInterval(this.#ping);
    client.removeAllListeners('end');
    drop(client);
    this.o.logger.warn({ err: error }, 'lost the LISTEN session on the central store; retrying');
    this.#set({ connected: false, since: new Date(this.#now()).toISOString(), error: error.message });
    this.#schedule();
  }

  #schedule(): void {
    if (this.#closed) return;
    const pause = RETRY_MS[Math.min(this.#attempt++, RETRY_MS.length - 1)];
    this.#retry = setTimeout(() => {
      this.#connect().catch((e: unknown) => {
        if (this.#closed) return;
        const message = e instanceof Error ? e.message : String(e);
        if (this.#state.error !== message) this.#set({ connected: false, since: this.#state.since, error: message });
        this.#schedule();
      });
    }, pause);
  }

  #set(state: FloorCentralState): void {
    this.#state = state;
    for (const l of this.#listeners) l(state);
  }
}

/** Closes a session without waiting on the server: end() alone waits forever on one that does not answer. */
function drop(client: pg.Client): void {
  client.connection.stream.destroy();
  void client.end().catch(() => undefined);
}
