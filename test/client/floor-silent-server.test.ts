/**
 * A floor server that stops answering without dropping its stream (held: a
 * hung process, a network path gone quiet) is said on every surveillance
 * screen: the tables greyed, "Floor offline since" its last word. Held 30 s,
 * it left "Central store connected" and every card live (outsider pass 32).
 * The floor is a process of its own here, `tq floor`, so it can be held
 * (SIGSTOP) as a whole, then let go (SIGCONT).
 */
import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TSX } from '../../server/demo/demo-shuffler.ts';
import { DEMO_USERS, hashPin, writeUsersFile } from '../../server/http/users.ts';
import { readFixture } from '../support/fixture.ts';
import { insertLines, registerTable, reportStatus } from '../support/central-store.ts';
import { until } from '../support/until.ts';
import { floorRig } from './support/floor-rig.ts';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { loginAs } from './support/login.ts';
import { recordShoe } from './support/recorded-shoe.ts';

const TQ = fileURLToPath(new URL('../../server/cli/tq.ts', import.meta.url));
const ORDINARY = readFixture('ordinary');
const offline = 'tq-floor tq-floor-summary [data-summary-offline]';

describe('the floor: its own server fallen silent (Chromium, real central store, `tq floor` held)', function () {
  this.timeout(90_000);
  let shoe = '';
  let floor: ChildProcess | undefined;
  const rig = floorRig(async (admin, dirs) => {
    await registerTable(admin, 'T1');
    const recorded = await recordShoe('T1', ORDINARY.slice(0, 30), dirs, 'floor-silent-server');
    await insertLines(admin, 'T1', recorded.shoe, recorded.lines);
    shoe = recorded.shoe;
  });

  afterEach(() => {
    floor?.kill('SIGCONT');
    floor?.kill('SIGTERM');
  });

  it('greys the tables and says since its last word when the floor stops answering, and is live again once it answers', async () => {
    await reportStatus(rig.admin, 'T1', { link: { connected: true, state: 'DEALING', alerts: 0 }, central: { state: 'in-sync', behind: 0 }, shoe });
    const dir = await mkdtemp(join(tmpdir(), 'tq-floor-silent-'));
    rig.dirs.push(dir);
    const users = join(dir, 'users.json');
    await writeUsersFile(users, { users: DEMO_USERS.map(({ user, role, pin }) => ({ user, role, pin: hashPin(pin) })) });
    const proc = spawn(process.execPath, ['--import', TSX, TQ, 'floor', '--port', '0', '--central', rig.server.url, '--data', dir, '--users', users], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TQ_LOG_LEVEL: 'warn' },
    });
    floor = proc;
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const url = await until(() => /the surveillance room on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1], 'the floor listening', 30_000, 100);

    const page = await openPage(rig.browser, 'tablet');
    try {
      await loginAs(page, url, 'surveillance');
      await page.locator('tq-floor-overview li[data-table=T1]').waitFor();
      expect(await page.locator(offline).count()).to.equal(0);

      const held = Date.now();
      proc.kill('SIGSTOP');
      await page.locator(offline).waitFor({ timeout: 25_000 });
      const said = Date.now() - held;
      expect(await page.locator('tq-floor-overview').getAttribute('offline'), 'the cards greyed').to.equal('');
      await page.locator('tq-offline-banner[offline]').waitFor();
      // since the floor's last word: at most one beat (5 s) before it was held, not when the page noticed
      const since = (await page.locator(offline).textContent())!.match(/since (\d\d):(\d\d):(\d\d)/)!;
      const sinceAt = new Date(held);
      sinceAt.setHours(Number(since[1]), Number(since[2]), Number(since[3]), 0);
      expect(held - sinceAt.getTime(), 'the last word before the hold, ms').to.be.within(-1_000, 6_000);
      await screenshot(page, 'floor-silent-server');

      proc.kill('SIGCONT');
      await page.locator(offline).waitFor({ state: 'detached', timeout: 30_000 });
      expect(await page.locator('tq-floor-overview').getAttribute('offline')).to.equal(null);
      expect(said, 'said within 15 s of silence and a beat').to.be.below(22_000);
      expect(scriptErrors(page)).to.deep.equal([]);
    } finally {
      await page.context().close();
    }
  });
});
