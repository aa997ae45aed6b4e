/**
 * The floor's LISTEN session against a PostgreSQL that stops answering without
 * closing anything (every process of the server stopped with SIGSTOP, as a
 * frozen VM or a pulled cable would leave it): the floor must say the store is
 * unreachable, not keep its "connected" badge (outsider pass 39).
 */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import pino from 'pino';
import { centralPool, endPool } from '../../../server/central/central-connect.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../server/central/throwaway-postgres.ts';
import type { FloorBoard } from '../../../server/floor/floor-board.ts';
import { FloorListener } from '../../../server/floor/floor-listener.ts';
import type { FloorCentralState } from '../../../server/floor/floor-table.ts';
import { until } from '../../support/until.ts';

/** The postmaster and every process it started: what `kill -STOP` on a whole server stops. */
function serverProcesses(backendPid: number): number[] {
  const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  const postmaster = parentOf(backendPid);
  const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8').trim().split(/\s+/).map(Number);
  return [postmaster, ...children];
}

/** A backend may end between listing and signalling (the pool that found the pid closes its own). */
function signal(pids: readonly number[], sig: 'SIGSTOP' | 'SIGCONT'): void {
  for (const pid of pids) {
    try {
      process.kill(pid, sig);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
    }
  }
}

describe('the floor’s LISTEN session', function () {
  this.timeout(60_000);
  let server: ThrowawayPostgres;
  let listener: FloorListener | undefined;
  let frozen: number[] = [];
  const loads: number[] = [];
  const board = { loadAll: async () => void loads.push(Date.now()), changed: async () => {} } as unknown as FloorBoard;

  before(async () => {
    server = await startThrowawayPostgres();
  });

  after(async () => {
    signal(frozen, 'SIGCONT');
    await listener?.close();
    await server?.destroy();
  });

  it('counts a server that stops answering as unreachable, and comes back when it answers again', async () => {
    listener = new FloorListener({ url: server.url, board, logger: pino({ level: 'silent' }), pingEveryMs: 200, answerWithinMs: 600 });
    const states: FloorCentralState[] = [];
    listener.onState((s) => states.push(s));
    await listener.start();
    expect(listener.state.connected).to.equal(true);

    const admin = centralPool(server.url, { max: 1 });
    const { rows } = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = 'tq floor (listen)'");
    await endPool(admin);
    frozen = serverProcesses(rows[0]!.pid);
    signal(frozen, 'SIGSTOP');

    await until(() => !listener!.state.connected, 'the floor to count the frozen store as unreachable', 5000);
    expect(states.find((s) => !s.connected)?.error).to.equal('no answer within 0.6 s');
    // while frozen, every new connection times out: it stays unreachable, and says since the first loss
    const since = listener.state.since;
    await new Promise((r) => setTimeout(r, 2000));
    expect(listener.state).to.include({ connected: false, since });

    const loadsBefore = loads.length;
    signal(frozen, 'SIGCONT');
    frozen = [];
    await until(() => listener!.state.connected, 'the session back once the store answers', 15_000);
    // notifications sent meanwhile are lost: every table is read again
    await until(() => loads.length > loadsBefore, 'every table read again');
    expect(states.map((s) => s.connected).filter((c, k, all) => c !== all[k - 1])).to.deep.equal([true, false, true]);
  });
});
