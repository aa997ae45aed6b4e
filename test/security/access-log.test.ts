/**
 * Found when probed as an attacker: anyone unauthenticated adds lines to the access log, and
 * the chef's dashboard read and parsed the whole file on the server's thread
 * (1 M lines: 10–13 s; `/api/me` stalled 17 s). The log is now read from its
 * end a page at a time, its lines counted a chunk at a time, the CSV streamed,
 * and the file rotated past a size. Figures: test/bench/access-log.bench.ts.
 */
import { expect } from 'chai';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { AccessLog } from '../../server/http/access-log.ts';
import { STALL_LIMIT_MS } from './support/stall.ts';
import { startServer } from '../server/http/support/server.ts';
import { writeFloodedAccessLog } from './support/big-access-log.ts';

const ROOT = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

describe('security: a flooded access log', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(ROOT, 'tq-access-flood-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('pages through the log newest first, across rotated files, every entry once', async () => {
    const file = join(dir, 'access.jsonl');
    const log = new AccessLog({ file, rotation: { maxBytes: 20_000, keep: 3 } });
    try {
      for (let k = 0; k < 1000; k++) await log.record({ kind: 'login-failed', user: `u${k}` }, '10.0.0.1');
      expect(existsSync(`${file}.1`) && existsSync(`${file}.3`), 'rotated files').to.equal(true);
      expect(existsSync(`${file}.4`), 'a fourth rotated file').to.equal(false);
      for (const f of [file, `${file}.1`, `${file}.2`, `${file}.3`]) expect(statSync(f).size).to.be.at.most(20_000 + 200);
      const seen: string[] = [];
      let before: string | undefined;
      let total = 0;
      do {
        const page = await log.page(37, before);
        seen.push(...page.entries.map((e) => e.user));
        total = page.total;
        before = page.before;
      } while (before !== undefined);
      const kept = seen.length;
      expect(kept).to.equal(total);
      expect(seen).to.deep.equal(Array.from({ length: kept }, (_, k) => `u${999 - k}`));
      expect(kept, 'the oldest dropped with the rotation').to.be.within(500, 999);
    } finally {
      await log.close();
    }
  });

  it(`opens the dashboard on 1,000,000 lines without holding /api/me (no event-loop stall of ${STALL_LIMIT_MS} ms)`, async () => {
    const file = join(dir, 'access.jsonl');
    await writeFloodedAccessLog(file, 1_000_000);
    const access = new AccessLog({ file });
    const server = await startServer({ access });
    try {
      const chef = await server.as('chef');
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const me: number[] = [];
      let reading = true;
      const pinging = (async () => {
        while (reading) {
          const t = performance.now();
          expect((await chef.get('/api/me')).status).to.equal(200);
          me.push(performance.now() - t);
        }
      })();
      const page = await chef.get('/api/access-log');
      const second = await chef.get(`/api/access-log?limit=5000&before=${page.body.before}`);
      reading = false;
      await pinging;
      delay.disable();
      expect(page.status).to.equal(200);
      expect(page.body.entries).to.have.length(200);
      expect(page.body.entries[0].kind).to.equal('login');
      expect(page.body.entries[1].user).to.equal('guess999999');
      expect(page.body.total).to.equal(1_000_001);
      expect(second.body.entries[0].user).to.equal('guess999800');
      expect(delay.max / 1e6, `longest stall ms; /api/me max ${Math.max(...me).toFixed(1)} ms over ${me.length}`).to.be.below(STALL_LIMIT_MS);
    } finally {
      await server.close();
      await access.close();
    }
  });
});
