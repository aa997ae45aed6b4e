/**
 * The surveillance room's picture of every table, kept current from the
 * central store: a table is re-read when the store says it changed (a
 * notification from floor-listener.ts), and its staleness is re-judged on a
 * timer, since a silent table sends nothing. Each table's latest shoe is kept
 * folded through the rules, reading only the events it has not seen yet, so a
 * busy floor costs one small query per change. Re-reads of one table never
 * overlap: a change heard during a re-read asks for one more after it.
 */
import type { Logger } from 'pino';
import { replayShoe } from '../../shoe/replay.ts';
import type { ShoeState } from '../../shoe/state.ts';
import { tableView } from '../../shoe/table-view.ts';
import { GENESIS_PREV } from '../store/stored-event.ts';
import { chainedPrefix } from './chained-prefix.ts';
import { floorMoney } from './floor-money.ts';
import type { CentralReader } from './central-reader.ts';
import { readPreviousShoe } from './previous-shoe.ts';
import { floorRulings } from './floor-rulings.ts';
import { EARLIER_STALE_KEPT, readReportedStatus, STALE_AFTER_MS, type FloorTable } from './floor-table.ts';

interface Watched {
  row: FloorTable;
  /** The folded state of `row.shoe` and the last index folded. */
  state: ShoeState | null;
  lastIndex: number;
  /** Status row age by the database's clock, and when we read it (our clock). */
  statusAge: { ageMs: number; readAt: number } | null;
  running: Promise<void> | null;
  again: boolean;
  /** The hash of event `lastIndex`: the next one read must chain to it. */
  lastHash: string;
  /** Notifications may have been missed: find the table's shoe again, from the tables. */
  rediscover: boolean;
  /** A later shoe a notification named: switched to only once the table's rows hold it. */
  hinted: string | null;
  /** Its status row changed (or may have) since last read: events alone do not re-read it. */
  statusDirty: boolean;
  /** The latest report of the run of reports behind that `row.behindSince` began, if it is running. */
  behindSeen?: string;
}

/**
 * A spell behind is kept as the table's last (`lastBehind`) only when reports said it behind for this long: the moment
 * after each card is a report behind too, and its catching up a second later replaced a two-minute spell, which the
 * page (client/floor-windows.ts BEHIND_SHOWN_MS, the same 5 s) then did not say; and a floor held 30 s, seeing one such
 * report before and an in-sync one after, made up a 30 s spell (outsider pass 38).
 */
export const BEHIND_KEPT_MS = 5_000;

/** How late a tick may run before the board takes it that this process was held (see FloorBoard.tick). */
export const LATE_TICK_MS = 1000;

export interface FloorBoardOptions {
  logger: Logger;
  staleAfterMs?: number;
  now?: () => number;
}

export class FloorBoard {
  readonly #tables = new Map<string, Watched>();
  readonly #listeners = new Set<(row: FloorTable) => void>();
  #discovering: Promise<void> | null = null;
  #discoverAgain = false;
  readonly #logger: Logger;
  readonly #staleMs: number;
  readonly #now: () => number;

  constructor(
    private readonly reader: CentralReader,
    o: FloorBoardOptions,
  ) {
    this.#logger = o.logger;
    this.#staleMs = o.staleAfterMs ?? STALE_AFTER_MS;
    this.#now = o.now ?? Date.now;
  }

  get staleAfterMs(): number {
    return this.#staleMs;
  }

  /** Every table, sorted by id. */
  rows(): FloorTable[] {
    return [...this.#tables.values()].map((w) => w.row).sort((a, b) => (a.table < b.table ? -1 : 1));
  }

  has(table: string): boolean {
    return this.#tables.has(table);
  }

  subscribe(listener: (row: FloorTable) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Reads the list of tables and re-reads each one (at start, and after the notifications may have been missed). */
  async loadAll(): Promise<void> {
    for (const t of await this.reader.tables()) {
      if (!this.#tables.has(t.table)) {
        const row: FloorTable = {
          table: t.table,
          registeredAt: t.registeredAt,
          reported: null,
          reportedAt: null,
          stale: true,
          shoe: null,
          events: 0,
          lastEventAt: null,
          view: null,
          money: null,
          previous: null,
        };
        this.#tables.set(t.table, {
          row,
          state: null,
          lastIndex: -1,
          statusAge: null,
          running: null,
          again: false,
          lastHash: GENESIS_PREV,
          rediscover: true,
          hinted: null,
          statusDirty: true,
        });
      }
    }
    for (const w of this.#tables.values()) Object.assign(w, { rediscover: true, statusDirty: true });
    await Promise.all([...this.#tables.keys()].map((table) => this.changed(table)));
  }

  /**
   * Something of `table` may have changed: its events (with the shoe a
   * notification named), or without a shoe, its status. Resolves once the
   * table has been re-read. Any role may notify (docs/central-store.md): what was named
   * is only a hint to re-read. Shoes only move forward (ids are uuid v7,
   * time-ordered): a shoe named before the one shown is ignored, a later one is
   * switched to only if the table's own rows hold it.
   */
  changed(table: string, shoe?: string): Promise<void> {
    const w = this.#tables.get(table);
    if (!w) return this.#discover();
    if (shoe === undefined) w.statusDirty = true;
    else if (w.row.shoe === null || shoe > w.row.shoe) w.hinted = w.hinted !== null && w.hinted > shoe ? w.hinted : shoe;
    if (w.running) {
      w.again = true;
      return w.running;
    }
    w.running = (async () => {
      do {
        w.again = false;
        try {
          await this.#reread(w);
        } catch (e) {
          this.#logger.warn({ err: e, table }, 'could not re-read a table from the central store');
        }
      } while (w.again);
      w.running = null;
    })();
    return w.running;
  }

  /**
   * A table not seen yet: the tables are listed again, and re-read only if
   * one is new. A made-up name costs no more than that listing, and a flood
   * of them one listing at a time (with one more after, for names heard meanwhile).
   */
  #discover(): Promise<void> {
    if (this.#discovering) {
      this.#discoverAgain = true;
      return this.#discovering;
    }
    const run = async () => {
      try {
        do {
          this.#discoverAgain = false;
          if ((await this.reader.tables()).some((t) => !this.#tables.has(t.table))) await this.loadAll();
        } while (this.#discoverAgain);
      } catch (e) {
        this.#logger.warn({ err: e }, 'could not list the tables of the central store');
      } finally {
        this.#discovering = null;
      }
    };
    this.#discovering = run();
    return this.#discovering;
  }

  /** When {@link tick} last ran, by this board's clock. */
  #lastTick: number | null = null;

  /**
   * Called every `intervalMs`: re-judges staleness by the clock ({@link sweep}). A tick more than {@link LATE_TICK_MS}
   * late means this process was held (a freeze, a long pause): the tables' reports kept reaching the store meanwhile, and
   * their notifications wait behind this timer, so every table's status is read again instead; judged by the clock, all
   * four tables of a frozen demo read stale, then "back", though none had stopped. Resolves once that is done.
   */
  tick(intervalMs: number): Promise<void> {
    const now = this.#now();
    const lateMs = this.#lastTick === null ? 0 : now - this.#lastTick - intervalMs;
    this.#lastTick = now;
    // still reading every table again after a hold: the clock judges nothing until that is done. A tick on time during it
    // judged tables by reports read before the hold, turned one stale, and the read then made up a spell (outside floor
    // pass 50, F1: a floor held 30 s while a login slowed it)
    if (this.#catchingUp !== null) return this.#catchingUp;
    if (lateMs <= LATE_TICK_MS) {
      this.sweep();
      return Promise.resolve();
    }
    this.#logger.info({ lateMs }, 'the floor was held: every table’s status read again');
    const done = Promise.all([...this.#tables.keys()].map((table) => this.changed(table))).then(() => undefined);
    this.#catchingUp = done.finally(() => {
      this.#catchingUp = null;
    });
    return this.#catchingUp;
  }

  /** The tables read again after a hold ({@link tick}), while that lasts. */
  #catchingUp: Promise<void> | null = null;

  /** Re-judges staleness by the clock; tables whose verdict changed are pushed. */
  sweep(): void {
    for (const w of this.#tables.values()) {
      const stale = this.#isStale(w.statusAge);
      if (stale !== w.row.stale) this.#publish(w, { ...w.row, stale });
    }
  }

  /**
   * The status is read again when it changed, and whenever the clock alone would judge the table stale: a floor held 30 s
   * heard a table's events before its own late tick and turned it stale without reading its report, then made up a spell
   * (outside floor pass 46, F2). What is read is kept (`statusAge`) only as the row is published: a sweep between the two
   * saw the fresh report, turned the table back without a word, and its spell was lost (outside floor pass 46, F1).
   */
  async #reread(w: Watched): Promise<void> {
    const statusRead = w.statusDirty || this.#isStale(w.statusAge);
    try {
      await this.#rereadRow(w, statusRead);
    } catch (e) {
      if (statusRead) w.statusDirty = true; // what was read is not kept: read it again next time
      throw e;
    }
  }

  async #rereadRow(w: Watched, statusRead: boolean): Promise<void> {
    const table = w.row.table;
    let { reported, reportedAt } = w.row;
    let statusAge = w.statusAge;
    if (statusRead) {
      w.statusDirty = false; // before reading: a change heard during the read asks for one more
      const status = await this.reader.status(table);
      statusAge = status ? { ageMs: status.ageMs, readAt: this.#now() } : null;
      reported = status ? readReportedStatus(status.status) : null;
      reportedAt = status?.updatedAt ?? null;
    }

    let shoe = w.rediscover ? null : w.row.shoe;
    const hinted = w.hinted;
    w.rediscover = false;
    w.hinted = null;
    // The shoe the table says is in play (its own status row), once it has reached us; else the latest started.
    if (shoe === null) shoe = reported?.shoe && (await this.reader.hasShoe(table, reported.shoe)) ? reported.shoe : await this.reader.lastShoe(table);
    else if (reported?.shoe != null && reported.shoe > shoe && (await this.reader.hasShoe(table, reported.shoe))) shoe = reported.shoe;
    if (hinted !== null && (shoe === null || hinted > shoe) && (await this.reader.hasShoe(table, hinted))) shoe = hinted;
    if (shoe !== w.row.shoe) {
      w.state = null;
      w.lastIndex = -1;
      w.lastHash = GENESIS_PREV;
    }
    let [lastEventAt, previous] = shoe === w.row.shoe ? [w.row.lastEventAt, w.row.previous] : [null, null];
    if (shoe !== null) {
      const read = await this.reader.events(table, shoe, w.lastIndex);
      const fresh = read.slice(0, chainedPrefix(read, w.lastIndex, w.lastHash));
      if (fresh.length < read.length) {
        this.#logger.warn(
          { table, shoe, i: read[fresh.length]!.i },
          'an event in the central store does not follow the chain: not shown (tq verify --central)',
        );
      }
      if (fresh.length > 0) {
        if (fresh[0]!.i === 0) previous = await readPreviousShoe(this.reader, table, fresh[0]).catch(() => null);
        w.state = replayShoe(fresh, w.state ?? undefined).state;
        w.lastIndex = fresh.at(-1)!.i;
        w.lastHash = fresh.at(-1)!.hash;
        lastEventAt = fresh.at(-1)!.at ?? lastEventAt;
      }
    }
    const stale = this.#isStale(statusAge);
    // back from a stale spell: said from the last report before it to the first after
    const before = w.row.reportedAt;
    const back = w.row.stale && !stale && before !== null && reportedAt !== null && reportedAt !== before ? { from: before, to: reportedAt } : null;
    const { behindSince: wasBehind, ...row } = w.row;
    const behindSince = reported?.central?.state === 'behind' ? (wasBehind ?? reportedAt) : null;
    const seen = w.behindSeen;
    if (behindSince !== null && reportedAt !== null) w.behindSeen = reportedAt;
    else delete w.behindSeen;
    // caught up: said from its first report behind to its first in sync (a spell over left no trace, outsider pass 32),
    // when reports said it behind for BEHIND_KEPT_MS or more; a shorter spell leaves the last one said as it was
    const reportedBehindMs = wasBehind !== undefined && seen !== undefined ? Date.parse(seen) - Date.parse(wasBehind) : 0;
    const caughtUp =
      wasBehind !== undefined && behindSince === null && !stale && reportedAt !== null && reportedBehindMs >= BEHIND_KEPT_MS
        ? { from: wasBehind, to: reportedAt }
        : null;
    w.statusAge = statusAge;
    const silences = heardSilence(w.row.silences, reported?.link?.lastSilence);
    this.#publish(w, {
      ...row,
      reported,
      reportedAt,
      stale,
      ...(back && { lastStale: back }),
      ...(back && w.row.lastStale && { earlierStale: keptBefore(w.row.lastStale, w.row.earlierStale) }),
      ...(caughtUp && { lastBehind: caughtUp }),
      ...(caughtUp && w.row.lastBehind && { earlierBehind: keptBefore(w.row.lastBehind, w.row.earlierBehind) }),
      ...(behindSince !== null && { behindSince }),
      ...(silences && { silences }),
      shoe,
      events: w.lastIndex + 1,
      lastEventAt,
      view: w.state ? tableView(w.state) : null,
      ruled: w.state ? floorRulings(w.state) : [],
      money: w.state ? floorMoney(w.state, previous?.handBack ?? null) : null,
      previous,
    });
  }

  #isStale(statusAge: Watched['statusAge']): boolean {
    if (!statusAge) return true;
    return statusAge.ageMs + (this.#now() - statusAge.readAt) > this.#staleMs;
  }

  #publish(w: Watched, row: FloorTable): void {
    w.row = row;
    for (const l of this.#listeners) l(row);
  }
}

/** The silences kept with a newly reported last one before them, at most EARLIER_STALE_KEPT + 1; as they were when it is one of them. */
function heardSilence(kept: { from: string; to: string }[] | undefined, last: { from: string; to: string } | undefined) {
  if (last === undefined || kept?.some((s) => s.to === last.to)) return kept;
  return [last, ...(kept ?? [])].slice(0, EARLIER_STALE_KEPT + 1);
}

/** The spells before a new last one: the one it replaces first, then those kept before it, at most EARLIER_STALE_KEPT. */
function keptBefore<S>(last: S, earlier: readonly S[] = []): S[] {
  return [last, ...earlier].slice(0, EARLIER_STALE_KEPT);
}
