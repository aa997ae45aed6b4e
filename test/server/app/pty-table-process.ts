/**
 * A table server (startTableServer, as `tq serve` runs it) on the host end of
 * a PTY pair, with `tq shuffler` as its own process on the other end dealing
 * a card every `paceMs`, and the crew over the HTTP API: for the tests of the
 * two sides of the server (server/app/README.md#the-card-side-and-the-http-side).
 * The tailleur's confirmations are made on the card side, so the dealing goes
 * on whatever happens to the HTTP side.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'mocha';
import { pino } from 'pino';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import type { TableView } from '../../../shoe/table-view.ts';
import { startTableServer, type RunningTable } from '../../../server/app/table-server.ts';
import { TSX } from '../../../server/demo/demo-shuffler.ts';
import { createDemoUsers } from '../../../server/http/users.ts';
import type { PtyPair } from '../../../server/serial/pty-pair.ts';
import type { LinkStatus } from '../../../server/table/table.ts';
import { ptyPairOrSkip } from '../../support/pty.ts';
import { TAILLEUR } from '../table/table-fixture.ts';

const TQ = fileURLToPath(new URL('../../../server/cli/tq.ts', import.meta.url));

export interface PtyTableProcess {
  server: RunningTable;
  shuffler: ChildProcess;
  /** What the shuffler printed. */
  log(): string;
  /** GET /api/table as the tailleur (logging in again when the HTTP side lost the session); null when nothing answers. */
  table(): Promise<{ view: TableView; link: LinkStatus } | null>;
  close(): Promise<void>;
}

export async function ptyTableProcess(test: Context, o: { seed: number; paceMs: number }): Promise<PtyTableProcess> {
  const pair: PtyPair = await ptyPairOrSkip(test);
  const dir = await mkdtemp(join(tmpdir(), 'tq-sides-'));
  let server: RunningTable | undefined;
  let shuffler: ChildProcess | undefined;
  let off = () => {};
  const close = async () => {
    off();
    if (shuffler && shuffler.exitCode === null) shuffler.kill('SIGKILL');
    await server?.close();
    await pair.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const users = await createDemoUsers(join(dir, 'users.json'));
    const config = {
      dataDir: dir,
      serial: pair.hostPath,
      baud: 9600,
      port: 0,
      host: '127.0.0.1',
      table: 'T1',
      rules: { ...VENICE_RULES, exposedCoupLimit: 100 },
      mockSerial: false,
      logLevel: 'silent' as const,
    };
    const running = await startTableServer({ config, users, usersFile: join(dir, 'users.json'), logger: pino({ level: 'silent' }), clientDir: '/nonexistent' });
    server = running;
    // The tailleur confirms each call as it comes (on the card side: the table in use now, a new one after a restart).
    const confirmed = new Set<string>();
    let unsubscribe = () => {};
    const follow = () => {
      unsubscribe();
      const table = running.table;
      unsubscribe = table.subscribe(({ shoe, view }) => {
        const coup = view.awaitingConfirm;
        if (coup === null || confirmed.has(`${shoe}:${coup}`)) return;
        confirmed.add(`${shoe}:${coup}`);
        table.command({ type: 'confirm', coup }, TAILLEUR).catch(() => confirmed.delete(`${shoe}:${coup}`));
      });
    };
    follow();
    const offRestart = running.card.onRestart((e) => e.kind === 'up' && follow());
    off = () => {
      unsubscribe();
      offRestart();
    };
    const sim = spawn(
      process.execPath,
      ['--import', TSX, TQ, 'shuffler', '--port', pair.shufflerPath, '--seed', String(o.seed), '--pace', String(o.paceMs), '--resend-ms', '150'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    shuffler = sim;
    let log = '';
    sim.stderr!.setEncoding('utf8').on('data', (t: string) => (log += t));
    let cookie: string | undefined;
    const get = () => fetch(`${running.url}/api/table`, { headers: { cookie: cookie ?? '' } });
    return {
      server: running,
      shuffler: sim,
      log: () => log,
      async table() {
        try {
          let res = await get();
          if (res.status === 401) {
            const login = await fetch(`${running.url}/api/login`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ user: 'tailleur', pin: '1111' }),
            });
            cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
            res = await get();
          }
          return res.ok ? ((await res.json()) as { view: TableView; link: LinkStatus }) : null;
        } catch {
          return null;
        }
      },
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}
