/**
 * A real listening server for the HTTP tests: createApp on 127.0.0.1, port 0,
 * over the real table on a store in memory (or a table the test opened), the
 * demo users, and a logger whose JSON lines are kept for assertions. `close`
 * ends every connection, SSE included, then the table.
 */
import { pino } from 'pino';
import { createApp, type AppOptions } from '../../../../server/http/app.ts';
import { listen } from '../../../../server/http/listen.ts';
import { storeArchive } from '../../../../server/http/store-archive.ts';
import { DEMO_USERS, hashPin, userStore, type UserStore } from '../../../../server/http/users.ts';
import type { TableService } from '../../../../server/table/table-service.ts';
import { openMemoryTable } from '../../../support/memory-table.ts';
import { Client } from './client.ts';

let demoUsers: UserStore | undefined;

/** The demo users, hashed once for the whole run (scrypt is slow on purpose). */
export function testUsers(): UserStore {
  return (demoUsers ??= userStore({ users: DEMO_USERS.map(({ user, role, pin }) => ({ user, role, pin: hashPin(pin) })) }));
}

export interface TestServer {
  table: TableService;
  /** The table's data directory, when the server opened the table. */
  dir: string | undefined;
  url: string;
  /** Every log line written, parsed. */
  logs: Record<string, unknown>[];
  client(): Client;
  /** A client already logged in as the demo user of that name. */
  as(user: 'tailleur' | 'payeur' | 'chef' | 'surveillance'): Promise<Client>;
  /** The shuffler hands the table its next card; resolves once it is stored. */
  deal(card: string, exposed?: boolean): Promise<void>;
  dealAll(cards: readonly string[]): Promise<void>;
  /** Live and link listeners the app still holds on the table: 0 once every stream has closed. */
  listenerCount(): { live: number; link: number };
  close(): Promise<void>;
}

export async function startServer(
  options: Partial<Omit<AppOptions, 'table' | 'logger'>> & { table?: TableService; archive?: boolean } = {},
): Promise<TestServer> {
  const own = options.table ? null : await openMemoryTable();
  const table = options.table ?? own!.table;
  const counts = countListeners(table);
  const logs: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
  const archive = options.surveillance ?? (own && options.archive !== false ? storeArchive(own.store, own.dir) : undefined);
  const app = createApp({ users: testUsers(), clientDir: '/nonexistent-client-dir', ...options, table, logger, ...(archive && { surveillance: archive }) });
  const listening = await listen(app);
  const pins = Object.fromEntries(DEMO_USERS.map((u) => [u.user, u.pin]));
  const deal = async (card: string, exposed = false) => table.storeCard({ seq: table.state().lastSeq + 1, card, exposed });
  return {
    table,
    dir: own?.dir,
    url: listening.url,
    logs,
    client: () => new Client(listening.url),
    async as(user) {
      const c = new Client(listening.url);
      await c.login(user, pins[user]!);
      return c;
    },
    deal,
    async dealAll(cards) {
      for (const card of cards) await deal(card);
    },
    listenerCount: () => ({ ...counts }),
    async close() {
      await listening.close();
      await (own ? own.close() : table.close());
    },
  };
}

/** Counts the listeners the app adds to the table and takes off again, through the table's own subscribe and onLink. */
function countListeners(table: TableService): { live: number; link: number } {
  const counts = { live: 0, link: 0 };
  const counted =
    <L>(key: keyof typeof counts, add: (listener: L) => () => void) =>
    (listener: L): (() => void) => {
      const off = add(listener);
      counts[key]++;
      let on = true;
      return () => {
        if (on) counts[key]--;
        on = false;
        off();
      };
    };
  table.subscribe = counted('live', table.subscribe.bind(table));
  table.onLink = counted('link', table.onLink.bind(table));
  return counts;
}

export interface Crew {
  server: TestServer;
  tailleur: Client;
  payeur: Client;
  chef: Client;
}

/** A server of its own for each test of the suite, the tailleur, payeur and chef logged in; closed after the test. */
export function crewPerTest(options: Parameters<typeof startServer>[0] = {}): Crew {
  const crew = {} as Crew;
  beforeEach(async () => {
    crew.server = await startServer(options);
    [crew.tailleur, crew.payeur, crew.chef] = await Promise.all([crew.server.as('tailleur'), crew.server.as('payeur'), crew.server.as('chef')]);
  });
  afterEach(() => crew.server.close());
  return crew;
}
