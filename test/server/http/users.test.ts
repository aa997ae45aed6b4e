/**
 * The users file (docs/rules.md#roles): PINs hashed with scrypt, the
 * demo users written on request and refused in production.
 */
import { expect } from 'chai';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  assertNotProductionDemo,
  createDemoUsers,
  defaultUsersFile,
  DemoUsersInProductionError,
  hashPin,
  loadUsers,
  verifyPin,
} from '../../../server/http/users.ts';

describe('HTTP: the users file', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'tq-users-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('hashes a PIN as scrypt$salt$hash with a fresh salt each time, and checks it', async () => {
    const a = hashPin('1234');
    const b = hashPin('1234');
    expect(a).to.match(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(a).not.to.equal(b);
    expect(await verifyPin('1234', a)).to.equal(true);
    expect(await verifyPin('1235', a)).to.equal(false);
    expect(await verifyPin('1234', 'plain-text')).to.equal(false);
  });

  it('writes the four demo users to <data>/users.json, PINs hashed, and reads them back', async () => {
    const file = defaultUsersFile(join(dir, 'data'));
    expect(file).to.equal(join(dir, 'data', 'users.json'));
    await createDemoUsers(file);
    const text = await readFile(file, 'utf8');
    const json = JSON.parse(text) as { users: { user: string; role: string; pin: string }[] };
    expect(json.users.map((u) => [u.user, u.role])).to.deep.equal([
      ['tailleur', 'tailleur'],
      ['payeur', 'payeur'],
      ['chef', 'chef'],
      ['surveillance', 'surveillance'],
    ]);
    for (const pin of ['1111', '2222', '3333', '4444']) expect(text).not.to.contain(`"${pin}"`);
    const users = await loadUsers(file);
    expect(await users.authenticate('tailleur', '1111')).to.deep.equal({ user: 'tailleur', role: 'tailleur' });
    expect(await users.authenticate('surveillance', '4444')).to.deep.equal({ user: 'surveillance', role: 'surveillance' });
    expect(await users.authenticate('tailleur', '2222')).to.equal(undefined);
  });

  it('refuses to run in production while a demo PIN still works, with a clear error', async () => {
    const users = await createDemoUsers(join(dir, 'users.json'));
    let error: unknown;
    try {
      await assertNotProductionDemo(users, { NODE_ENV: 'production' });
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(DemoUsersInProductionError);
    expect((error as Error).message).to.match(/NODE_ENV=production.*demo users/);
    await assertNotProductionDemo(users, { NODE_ENV: 'development' });
    await assertNotProductionDemo(users, {});
  });

  it('lets production run once every demo user has its own PIN', async () => {
    const file = join(dir, 'users.json');
    await writeFile(
      file,
      JSON.stringify({
        users: [
          { user: 'tailleur', role: 'tailleur', pin: hashPin('7302') },
          { user: 'marco', role: 'chef', pin: hashPin('3333') },
        ],
      }),
    );
    await assertNotProductionDemo(await loadUsers(file), { NODE_ENV: 'production' });
  });

  it('names what is wrong in a malformed users file', async () => {
    const file = join(dir, 'users.json');
    await writeFile(file, JSON.stringify({ users: [{ user: 'x', role: 'croupier', pin: hashPin('1') }] }));
    let message = '';
    await loadUsers(file).catch((e: Error) => (message = e.message));
    expect(message).to.contain('users.0.role');
    await writeFile(file, JSON.stringify({ users: [{ user: 'x', role: 'chef', pin: '1111' }] }));
    await loadUsers(file).catch((e: Error) => (message = e.message));
    expect(message).to.contain('users.0.pin').and.contain('scrypt$');
  });
});
