import { expect } from 'chai';
import { scryptSync } from 'node:crypto';
import { scryptAway, stopPinHasher } from '../../../server/http/pin-hasher.ts';
import { hashPin, verifyPin } from '../../../server/http/users.ts';
import { childProcesses as children } from '../../support/child-processes.ts';

describe('PIN hasher: scrypt away from the card path', () => {
  beforeEach(() => stopPinHasher());
  afterEach(() => stopPinHasher());

  it('hashes as node:crypto does, in a child process that runs at nice 10', async function () {
    if (process.platform !== 'linux') this.skip();
    const salt = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
    const before = new Set(children().map((c) => c.pid));
    const key = await scryptAway('481516', salt, 32);
    expect(key.equals(scryptSync('481516', salt, 32))).to.equal(true);
    const started = children().filter((c) => !before.has(c.pid));
    expect(started).to.have.length(1);
    expect(started[0]!.nice).to.equal(10);
  });

  it('tells a right PIN from a wrong one through the child', async () => {
    const stored = hashPin('902211');
    expect(await verifyPin('902211', stored)).to.equal(true);
    expect(await verifyPin('902212', stored)).to.equal(false);
  });

  it('fails the checks in flight when the child dies, never answering yes, and starts a new child for the next', async function () {
    if (process.platform !== 'linux') this.skip();
    const salt = Buffer.alloc(16, 7);
    // The child this call starts: the last pid listed may be any other child of this process
    // (esbuild's service), and once pids wrap around it is not the newest.
    const before = new Set(children().map((c) => c.pid));
    await scryptAway('000000', salt, 32);
    const [child, ...more] = children().filter((c) => !before.has(c.pid));
    expect(child, 'the PIN hasher child').to.not.equal(undefined);
    expect(more, 'one child started').to.deep.equal([]);
    const inFlight = scryptAway('111111', salt, 32).then(
      (key) => (key.equals(scryptSync('111111', salt, 32)) ? 'the right key' : 'a wrong key'),
      (e: Error) => e.message,
    );
    process.kill(child!.pid, 'SIGKILL');
    // Killed before or after it answered: a failure, or the true key; never anything else.
    expect(await inFlight).to.match(/^PIN hasher: exited \(SIGKILL\)$|^the right key$/);
    const again = await scryptAway('222222', salt, 32);
    expect(again.equals(scryptSync('222222', salt, 32))).to.equal(true);
  });
});
