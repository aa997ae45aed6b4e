/**
 * Ending a pool on the central store (server/central/central-connect.ts
 * `endPool`): the floor, the tests and `tq` stop their PostgreSQL clients
 * before the server they talk to goes; pg-pool's `end()` resolves when it has
 * only asked its connections to close, and a server stopped then terminated one
 * of them with no one listening (CI, stop 30: "terminating connection due to
 * administrator command", uncaught, in a floor suite's after hook).
 */
import { expect } from 'chai';
import { centralPool, endPool } from '../../../server/central/central-connect.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './central-server.ts';

describe('ending a pool on the central store', () => {
  let server: ThrowawayPostgres;
  before(async () => {
    server = await startThrowawayPostgres();
  });
  after(async () => {
    await server?.destroy();
  });

  /** A pool opening `n` connections that counts how many have closed. */
  async function poolOf(n: number) {
    const pool = centralPool(server.url, { max: n });
    const counts = { connected: 0, ended: 0 };
    pool.on('connect', (client) => {
      counts.connected++;
      client.on('end', () => counts.ended++);
    });
    await Promise.all(Array.from({ length: n }, () => pool.query('SELECT pg_sleep(0.02)')));
    return { pool, counts };
  }

  it('resolves only once every idle connection has closed', async () => {
    const { pool, counts } = await poolOf(3);
    await endPool(pool);
    expect(counts.connected, 'the pool opened three connections').to.equal(3);
    expect(counts.ended, 'connections closed when endPool resolved').to.equal(3);
  });

  it('waits for a connection in use to be given back, then closes it too', async () => {
    const { pool, counts } = await poolOf(2);
    const busy = await pool.connect();
    let released = false;
    setTimeout(() => {
      released = true;
      busy.release();
    }, 100);
    await endPool(pool);
    expect(released, 'endPool resolved before the busy connection was given back').to.equal(true);
    expect(counts.ended).to.equal(2);
  });

  it('resolves at once for a pool that never connected', async () => {
    const pool = centralPool(server.url);
    await endPool(pool);
    expect(pool.totalCount).to.equal(0);
  });
});
