/**
 * A real listening server for the HTTP tests: createApp on 127.0.0.1, port 0,
 * with the fake table (or any Table), the demo users and a logger whose JSON
 * lines are kept for assertions. `close` ends every connection, SSE included.
 */
import { pino } from 'pino';
import { createApp, type AppOptions } from '../../../../server/http/app.ts';
import { listen } from '../../../../server/http/listen.ts';
import { DEMO_USERS, hashPin, userStore, type UserStore } from '../../../../server/http/users.ts';
import type { Table } from '../../../../server/table/table.ts';
import { FakeTable } from '../../../support/fake-table.ts';
import { Client } from './client.ts';

let demoUsers: UserStore | undefined;

/** The demo users, hashed once for the whole run (scrypt is slow on purpose). */
export function testUsers(): UserStore {
  return (demoUsers ??= userStore({ users: DEMO_USERS.map(({ user, role, pin }) => ({ user, role, pin: hashPin(pin) })) }));
}

export interface TestServer<T extends Table = FakeTable> {
  table: T;
  url: string;
  /** Every log line written, parsed. */
  logs: Record<string, unknown>[];
  client(): Client;
  /** A client already logged in as the demo user of that name. */
  as(user: 'tailleur' | 'payeur' | 'chef' | 'surveillance'): Promise<Client>;
  close(): Promise<void>;
}

export async function startServer<T extends Table = FakeTable>(
  options: Partial<Omit<AppOptions, 'table' | 'logger'>> & { table?: T; archive?: boolean } = {},
): Promise<TestServer<T>> {
  const table = (options.table ?? new FakeTable()) as T;
  const logs: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
  const archive = options.surveillance ?? (options.archive !== false && table instanceof FakeTable ? table.archive() : undefined);
  const app = createApp({
    users: testUsers(),
    clientDir: '/nonexistent-client-dir',
    ...options,
    table,
    logger,
    ...(archive && { surveillance: archive }),
    ...(table instanceof FakeTable && table.simulator && !options.simulator && { simulator: table.simulator }),
  });
  const listening = await listen(app);
  const pins = Object.fromEntries(DEMO_USERS.map((u) => [u.user, u.pin]));
  return {
    table,
    url: listening.url,
    logs,
    client: () => new Client(listening.url),
    async as(user) {
      const c = new Client(listening.url);
      await c.login(user, pins[user]!);
      return c;
    },
    async close() {
      await listening.close();
      await table.close();
    },
  };
}
