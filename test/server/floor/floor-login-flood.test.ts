/**
 * The floor's logins under a flood (server/floor/floor-app.ts, limited as a
 * table's are: server/http/login-limiter.ts): the chef's name, guessed from
 * many addresses, keeps its count through a flood of 10,000 made-up names
 * from new addresses (fixed earlier for the tables
 * only), and the chef on the room's own machine is neither delayed nor
 * turned away with 429 while the PIN checks are full.
 *
 * Each request comes from its own loopback address (127.x.y.z), as guessers
 * on many machines would. The users store checks PINs by plain comparison
 * (the limiter is what is under test, not scrypt), slowly where a test needs
 * the PIN-check queue full.
 */
import { expect } from 'chai';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { createFloorApp } from '../../../server/floor/floor-app.ts';
import type { CentralReader } from '../../../server/floor/central-reader.ts';
import type { FloorBoard } from '../../../server/floor/floor-board.ts';
import type { FloorListener } from '../../../server/floor/floor-listener.ts';
import { listen } from '../../../server/http/listen.ts';
import { DEMO_USERS, type UserStore } from '../../../server/http/users.ts';

const CHEF_PIN = '3333';

function floorUsersStore(slowMs: () => number): UserStore {
  const byName = new Map(DEMO_USERS.map((u) => [u.user, u]));
  return {
    accounts: DEMO_USERS.map(({ user, role }) => ({ user, role })),
    stamp: (user) => (byName.has(user) ? `stamp-${user}` : undefined),
    async authenticate(user, pin) {
      const ms = slowMs();
      if (ms > 0) await sleep(ms);
      const u = byName.get(user);
      return u && u.pin === pin ? { user: u.user, role: u.role } : undefined;
    },
    hasDemoUsers: async () => true,
  };
}

interface Answer {
  status: number;
  error: string;
}

/** POST /api/login from `from` (a loopback address), a fresh connection each time. */
function login(url: string, from: string, user: string, pin: string): Promise<Answer> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ user, pin });
    const req = request(
      { host: '127.0.0.1', port, path: '/api/login', method: 'POST', localAddress: from, agent: false, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (t: string) => (text += t));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, error: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs `jobs` at most `width` at a time. */
async function pooled<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const k = next++;
        out[k] = await jobs[k]!();
      }
    }),
  );
  return out;
}

describe('the floor login limiter under a flood', function () {
  this.timeout(180_000);
  let close = async () => {};
  let slow = 0;

  async function floor(): Promise<string> {
    const app = createFloorApp({
      reader: {} as CentralReader,
      board: {} as FloorBoard,
      listener: {} as FloorListener,
      users: floorUsersStore(() => slow),
      logger: pino({ level: 'silent' }),
      clientDir: '/nonexistent',
    });
    const listening = await listen(app);
    close = () => listening.close();
    return listening.url;
  }

  afterEach(async () => {
    await close();
    close = async () => {};
    slow = 0;
  });

  it("keeps the chef's count of wrong PINs through 10,000 made-up names from new addresses", async () => {
    const url = await floor();
    // Nine guesses at the chef's PIN from nine machines: one short of delaying the name.
    for (let k = 1; k <= 9; k++) expect((await login(url, `127.0.1.${k}`, 'chef', '0000')).status).to.equal(401);

    // The flood: 10,000 made-up names, 19 from each new address (the 20th wrong PIN would lock the address).
    const names = Array.from({ length: 10_000 }, (_, k) => k);
    const flood = await pooled(
      names.map((k) => () => login(url, `127.2.${Math.floor(k / 19 / 250)}.${(Math.floor(k / 19) % 250) + 1}`, `guess-${k}`, '0000')),
      6,
    );
    expect(flood.filter((a) => a.status !== 401)).to.deep.equal([]);

    // The tenth guess delays the name; an eleventh, from yet another machine, is refused without its PIN checked.
    expect((await login(url, '127.0.1.10', 'chef', '0000')).status).to.equal(401);
    const eleventh = await login(url, '127.0.1.11', 'chef', CHEF_PIN);
    expect(eleventh.status).to.equal(401);
    expect(eleventh.error).to.match(/too many wrong PINs for chef/);
  });

  it('lets the chef in from the machine the chef used before, never 429, while a flood fills the PIN checks', async () => {
    const url = await floor();
    expect((await login(url, '127.0.0.1', 'chef', CHEF_PIN)).status).to.equal(200);
    slow = 50;
    const flood = Array.from({ length: 40 }, (_, k) => login(url, `127.3.0.${k + 1}`, `guess-${k}`, '0000'));
    await sleep(20);
    const chef = await Promise.all(Array.from({ length: 4 }, () => login(url, '127.0.0.1', 'chef', CHEF_PIN)));
    const answers = await Promise.all(flood);
    expect(answers.filter((a) => a.status === 429).length, 'flood logins turned away as too many at once').to.be.greaterThan(0);
    expect(chef.map((a) => a.status)).to.deep.equal([200, 200, 200, 200]);
  });
});
