/**
 * `tq users add|set-pin|remove|list` run as the crew would run it: the real
 * CLI process, the PIN piped in or typed at a terminal prompt (a real
 * pseudo-terminal), never on the command line; a changed PIN or a removed
 * user ends that user's sessions on a running table server, and on a
 * stopped one when it starts.
 */
import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningTable } from '../../../server/app/table-server.ts';
import { loadUsers, verifyPin } from '../../../server/http/users.ts';
import { until } from '../../support/until.ts';
import { startTableOn } from '../app/table-server-support.ts';
import { Client } from '../http/support/client.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TQ = join(ROOT, 'server/cli/tq.ts');

/** `tq users …` as its own process, `stdin` piped in. */
function tq(args: string[], stdin = ''): Promise<{ status: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', TQ, 'users', ...args], { cwd: ROOT, env: { ...process.env, TQ_DATA: '' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status: status ?? -1, out, err }));
    child.stdin.end(stdin);
  });
}

describe('tq users', function () {
  this.timeout(60_000);
  let dir: string;
  const usersFile = () => join(dir, 'users.json');

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-users-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('adds a user with the PIN piped in: stored as a scrypt hash, the file readable by its owner only', async () => {
    const r = await tq(['add', 'marco', '--role', 'chef', '--data', dir], '482915\n');
    expect(r, r.err).to.include({ status: 0, out: `added marco (chef) to ${usersFile()}\n` });
    const text = await readFile(usersFile(), 'utf8');
    expect(text).not.to.contain('482915');
    const [entry] = JSON.parse(text).users;
    expect(entry).to.include({ user: 'marco', role: 'chef' });
    expect(await verifyPin('482915', entry.pin)).to.equal(true);
    expect((await stat(usersFile())).mode & 0o777).to.equal(0o600);
    expect((await (await loadUsers(usersFile())).authenticate('marco', '482915'))?.role).to.equal('chef');
  });

  it('refuses a PIN shorter than 6 digits, or not all digits, saying why, and changes nothing', async () => {
    for (const [pin, why] of [
      ['1234', 'a PIN must be at least 6 digits; this one has 4'],
      ['12345a', 'a PIN is digits only (0-9)'],
      ['', 'no PIN given'],
    ] as const) {
      const r = await tq(['add', 'anna', '--role', 'payeur', '--data', dir], `${pin}\n`);
      expect(r.status).to.equal(2);
      expect(r.err).to.equal(`tq users: ${why}\n`);
    }
    expect(await stat(usersFile()).catch(() => 'absent')).to.equal('absent');
  });

  it('refuses a PIN on the command line', async () => {
    const r = await tq(['add', 'anna', '--role', 'payeur', '--data', dir, '--pin', '482915']);
    expect(r.status).to.equal(2);
    expect(r.err).to.match(/^tq users: a PIN is never given on the command line/);
    expect(await stat(usersFile()).catch(() => 'absent')).to.equal('absent');
  });

  it('lists names and roles, never a hash; refuses a taken name, an unknown user and an unknown role', async () => {
    await tq(['add', 'anna', '--role', 'payeur', '--data', dir], '111111\n');
    await tq(['add', 'luca', '--role', 'surveillance', '--data', dir], '222222\n');
    const list = await tq(['list', '--data', dir]);
    expect(list.out).to.equal('anna                 payeur\nluca                 surveillance\n');
    const json = await tq(['list', '--json', '--data', dir]);
    expect(JSON.parse(json.out)).to.deep.equal([
      { user: 'anna', role: 'payeur' },
      { user: 'luca', role: 'surveillance' },
    ]);
    expect(list.out + json.out).not.to.match(/scrypt|[0-9a-f]{32}/);
    expect((await tq(['add', 'anna', '--role', 'chef', '--data', dir], '333333\n')).err).to.equal(
      'tq users: anna already exists: change its PIN with `tq users set-pin anna`\n',
    );
    expect((await tq(['set-pin', 'nobody', '--data', dir], '333333\n')).err).to.equal('tq users: no user nobody (`tq users list` shows who there is)\n');
    expect((await tq(['add', 'x', '--role', 'croupier', '--data', dir])).err).to.match(
      /^tq users: --role must be one of tailleur, payeur, chef, surveillance\n/,
    );
  });

  it('asks for the PIN twice at a terminal, without echoing it', function () {
    if (spawnSync('python3', ['--version']).status !== 0) this.skip();
    // python3's pty runs the CLI on a real terminal and types as a person would, after each prompt.
    const script = `
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
seen = b''
def until(text):
    global seen
    while text not in seen:
        chunk = os.read(fd, 1024)
        if not chunk: raise SystemExit('EOF before ' + text.decode())
        seen += chunk
until(b'not shown): ')
os.write(fd, b'739104\\r')
until(b'again: ')
os.write(fd, b'739104\\r')
try:
    while True:
        chunk = os.read(fd, 1024)
        if not chunk: break
        seen += chunk
except OSError:
    pass
sys.stdout.write(seen.decode())
sys.exit(os.waitpid(pid, 0)[1] >> 8)
`;
    const r = spawnSync('python3', ['-c', script, process.execPath, '--import', 'tsx', TQ, 'users', 'add', 'sara', '--role', 'tailleur', '--data', dir], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status, r.stdout + r.stderr).to.equal(0);
    expect(r.stdout).to.contain('new PIN for sara (6+ digits, not shown): ');
    expect(r.stdout).to.contain(`added sara (tailleur) to ${usersFile()}`);
    expect(r.stdout, 'the PIN is never echoed').not.to.contain('739104');
  });

  describe('with the table server running on the data directory', () => {
    let table: RunningTable | undefined;
    afterEach(() => table?.close());

    const loggedIn = async (user: string, pin: string) => {
      const c = new Client(table!.url);
      await c.login(user, pin);
      return c;
    };

    it('ends the sessions of a user whose PIN changes, and only theirs; the new PIN logs in, the old one no longer', async () => {
      await tq(['add', 'marco', '--role', 'chef', '--data', dir], '482915\n');
      await tq(['add', 'anna', '--role', 'payeur', '--data', dir], '111111\n');
      table = await startTableOn(dir);
      const [marco, anna] = [await loggedIn('marco', '482915'), await loggedIn('anna', '111111')];
      const r = await tq(['set-pin', 'marco', '--data', dir], '905531\n');
      expect(r.out).to.equal(`new PIN for marco in ${usersFile()}; its sessions end (a running server notices within a second)\n`);
      await until(async () => (await marco.get('/api/me')).status === 401, "marco's session to end");
      expect((await anna.get('/api/me')).status).to.equal(200);
      expect((await new Client(table.url).post('/api/login', { user: 'marco', pin: '482915' })).status).to.equal(401);
      await loggedIn('marco', '905531');
      const log = (await readFile(join(dir, 'access.jsonl'), 'utf8'))
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(log.find((e) => e.kind === 'session-revoked')).to.include({ user: 'marco', role: 'chef', address: 'server' });
    });

    it('ends the sessions of a removed user, who can no longer log in', async () => {
      await tq(['add', 'luca', '--role', 'surveillance', '--data', dir], '222222\n');
      table = await startTableOn(dir);
      const luca = await loggedIn('luca', '222222');
      expect((await tq(['remove', 'luca', '--data', dir])).status).to.equal(0);
      await until(async () => (await luca.get('/api/me')).status === 401, "luca's session to end");
      expect((await new Client(table.url).post('/api/login', { user: 'luca', pin: '222222' })).status).to.equal(401);
    });

    it('ends them at the next start when the PIN changed while the server was stopped', async () => {
      await tq(['add', 'marco', '--role', 'chef', '--data', dir], '482915\n');
      table = await startTableOn(dir);
      const marco = await loggedIn('marco', '482915');
      await table.close();
      await tq(['set-pin', 'marco', '--data', dir], '482915\n'); // even the same PIN: a new salt, a new hash
      table = await startTableOn(dir);
      const again = Object.assign(new Client(table.url), { cookie: marco.cookie });
      expect((await again.get('/api/me')).status).to.equal(401);
      expect(JSON.parse(await readFile(join(dir, 'sessions.json'), 'utf8')).sessions).to.deep.equal([]);
    });
  });
});
