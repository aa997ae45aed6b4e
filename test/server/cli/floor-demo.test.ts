/**
 * `npm run floor` (tq floor-demo) as a person runs it: it prints the URLs,
 * the floor shows every table dealing (replicated to the central store), and SIGTERM
 * stops everything — tables, shufflers, the floor and PostgreSQL — exit 0.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { TSX } from '../../../server/demo/demo-shuffler.ts';
import type { FloorTable } from '../../../server/floor/floor-table.ts';
import { until } from '../../support/until.ts';
import { Client } from '../http/support/client.ts';
import { spawnTracked } from '../../support/tracked-children.ts';

const TQ = fileURLToPath(new URL('../../../server/cli/tq.ts', import.meta.url));

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('tq floor-demo: the floor demo starts and stops cleanly', function () {
  this.timeout(60_000);
  let child: ChildProcess | undefined;
  after(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it('prints the floor and three tables, shows them dealing into the central store, and stops PostgreSQL with itself on SIGTERM', async () => {
    const proc = spawnTracked(process.execPath, ['--import', TSX, TQ, 'floor-demo', '--port', '0', '--pace', '100', '--seed', '7'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TQ_LOG_LEVEL: 'error' },
    });
    child = proc;
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const floorUrl = await until(() => /floor\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1], 'the banner', 45_000, 100);
    const tableUrls = [...out.matchAll(/table (T\d)\s+(http:\/\/127\.0\.0\.1:\d+)/g)].map((m) => [m[1], m[2]]);
    expect(tableUrls.map(([id]) => id)).to.deep.equal(['T1', 'T2', 'T3']);
    const central = /central\s+postgres:\/\/postgres@127\.0\.0\.1:(\d+)\//.exec(out);
    expect(central, out).to.not.equal(null);

    const c = new Client(floorUrl);
    await c.login('surveillance', '4444');
    const floor = await c.get('/api/floor');
    expect(floor.body.tables.map((t: { table: string }) => t.table)).to.deep.equal(['T1', 'T2', 'T3']);
    // Each table replicates what it deals: the floor sees cards arrive and the tables report in sync.
    await until(
      async () => {
        const rows = (await c.get('/api/floor')).body.tables as FloorTable[];
        return rows.every((r) => r.events > 10 && !r.stale && r.reported?.central?.state === 'in-sync' && r.reported.link?.connected === true);
      },
      'every table dealing into the central store',
      30_000,
      200,
    );
    for (const [, url] of tableUrls) expect((await fetch(`${url}/api/me`)).status).to.equal(401);

    proc.kill('SIGTERM');
    const [code] = (await once(proc, 'exit')) as [number | null];
    expect(code, out).to.equal(0);
    expect(await refused(Number(central![1])), 'PostgreSQL stopped').to.equal(true);
    expect(await refused(Number(new URL(floorUrl).port)), 'the floor stopped').to.equal(true);
  });
});
