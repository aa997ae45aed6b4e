/**
 * The card path, on the main thread of `tq serve` and nothing else there:
 * the durable store, the table (rules + store, one command at a time) and the
 * shuffler link (docs/serial-protocol.md: a card is ACKed once stored). What
 * serves people runs in the HTTP worker (http-supervisor.ts) and reaches the
 * table only through card-host.ts.
 *
 * A failure of the card path that is no refusal of a rule or of the store —
 * a write the disk refused (EIO, ENOSPC), a bug — leaves the table's memory
 * in doubt. The card side then stops (no ACK meanwhile: the shuffler keeps
 * the card and sends it again, docs/serial-protocol.md#cards), tells the
 * dashboards, and opens again from the record: the store repairs a torn tail,
 * the table folds the stored shoe, the link resumes from the last stored card.
 */
import { CodedError } from '../../shoe/coded-error.ts';
import type { Logger } from 'pino';
import type { Rules } from '../../shoe/rules.ts';
import type { CardSink } from '../serial/card-sink.ts';
import type { LinePort } from '../serial/line-port.ts';
import { LinkSession } from '../serial/link-session.ts';
import { TableStore } from '../store/table-store.ts';
import type { Clock } from '../table/clock.ts';
import { TableService } from '../table/table-service.ts';

export interface CardSideOptions {
  dataDir: string;
  table: string;
  rules: Rules;
  openPort: () => Promise<LinePort>;
  logger: Logger;
  clock?: Clock;
  silenceMs?: number;
}

interface Parts {
  store: TableStore;
  table: TableService;
  link: LinkSession;
  opened: OpenedHead | null;
}

/** The shoe in play's last event when the card side opened the record: what came after, this server stored itself. */
export interface OpenedHead {
  shoe: string;
  i: number;
}

export class CardSide {
  #parts: Parts;
  #restarting: Promise<void> | null = null;
  #closed = false;
  readonly #listeners = new Set<(e: { kind: 'down'; reason: string } | { kind: 'up' }) => void>();

  private constructor(
    private readonly o: CardSideOptions,
    parts: Parts,
  ) {
    this.#parts = parts;
  }

  static async open(o: CardSideOptions): Promise<CardSide> {
    let side: CardSide | undefined;
    const parts = await openParts(o, (e) => side?.failed(e));
    side = new CardSide(o, parts);
    return side;
  }

  get store(): TableStore {
    return this.#parts.store;
  }
  get table(): TableService {
    return this.#parts.table;
  }
  get link(): LinkSession {
    return this.#parts.link;
  }

  /** The shoe in play's head as this card side found it on opening the record (null: no shoe in play). */
  get opened(): OpenedHead | null {
    return this.#parts.opened;
  }

  /** Told when the card side goes down and when it is up again (a new table: subscribe again). */
  onRestart(listener: (e: { kind: 'down'; reason: string } | { kind: 'up' }) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Passes a card-path promise through, restarting the card side if it failed in a way no rule or store code names. */
  watch<T>(p: Promise<T>): Promise<T> {
    return p.catch((e: unknown) => {
      this.failed(e);
      throw e;
    });
  }

  /** A failure of the card path: refusals (coded errors) are answers, anything else restarts the card side from the record. */
  failed(e: unknown): void {
    if (e instanceof CodedError || this.#closed || this.#restarting) return;
    const reason = e instanceof Error ? e.message : String(e);
    this.o.logger.error({ err: e }, 'the card side failed: it reopens from the record');
    this.#restarting = this.restart(reason).finally(() => (this.#restarting = null));
  }

  private async restart(reason: string): Promise<void> {
    for (const l of [...this.#listeners]) l({ kind: 'down', reason });
    await closeParts(this.#parts, this.o.logger);
    for (let attempt = 0; !this.#closed; attempt++) {
      try {
        this.#parts = await openParts(this.o, (e) => this.failed(e));
        break;
      } catch (e) {
        this.o.logger.error({ err: e, attempt }, 'the card side could not reopen: trying again');
        await new Promise((r) => setTimeout(r, Math.min(5000, 200 * 2 ** attempt)));
      }
    }
    if (this.#closed) return;
    this.o.logger.info({ shoe: this.table.state().shoe, lastSeq: this.table.state().lastSeq }, 'the card side reopened from the record');
    for (const l of [...this.#listeners]) l({ kind: 'up' });
  }

  /** The link first (no ACK after), then the table (queued commands finish), then the store. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#restarting;
    await closeParts(this.#parts, this.o.logger);
  }
}

async function openParts(o: CardSideOptions, failed: (e: unknown) => void): Promise<Parts> {
  const store = await TableStore.open(o.dataDir, { table: o.table, logger: o.logger.child({ part: 'store' }) });
  try {
    const current = store.currentShoeId();
    const opened = current === null ? null : { shoe: current, i: (await store.readShoe(current)).at(-1)?.i ?? -1 };
    const table = await TableService.open({
      store,
      tableId: o.table,
      rules: o.rules,
      logger: o.logger.child({ part: 'table' }),
      ...(o.clock && { clock: o.clock }),
    });
    const link = new LinkSession({
      sink: watchedSink(table, failed),
      openPort: o.openPort,
      logger: o.logger.child({ part: 'link' }),
      ...(o.silenceMs !== undefined && { silenceMs: o.silenceMs }),
    });
    table.linkCounters(() => ({ ...link.counters }));
    await table.recordRestart();
    await link.start();
    return { store, table, link, opened };
  } catch (e) {
    await store.close().catch(() => undefined);
    throw e;
  }
}

async function closeParts(p: Parts, logger: Logger): Promise<void> {
  for (const close of [() => p.link.close(), () => p.table.close(), () => p.store.close()])
    await close().catch((e: unknown) => logger.error({ err: e }, 'error while closing the card side'));
}

/** The table as the link's sink, with every storing promise watched for a failure of the card path. */
function watchedSink(table: TableService, failed: (e: unknown) => void): CardSink {
  const watch = <T>(p: Promise<T>) =>
    p.catch((e: unknown) => {
      failed(e);
      throw e;
    });
  return {
    lastStoredSeq: () => table.lastStoredSeq(),
    storedCard: (seq) => table.storedCard(seq),
    shoeInPlay: () => table.shoeInPlay(),
    shoeReady: (serial, cards) => watch(table.shoeReady(serial, cards)),
    storeCard: (card) => watch(table.storeCard(card)),
    shoeEmpty: (lastSeq) => watch(table.shoeEmpty(lastSeq)),
    alert: (alert) => table.alert(alert),
    status: (s) => table.status(s),
  };
}
