/**
 * The login limiter's rules, with explicit addresses and a fake clock: the
 * guesser's own address is locked, guessers on many addresses delay the name,
 * and the real user on an address they have logged in from is never held.
 */
import { expect } from 'chai';
import { LoginLimiter } from '../../../server/http/login-limiter.ts';

const WRONG = async () => undefined;
const RIGHT = async () => ({ user: 'chef' });

describe('login limiter', () => {
  let now: number;
  let limiter: LoginLimiter;
  beforeEach(() => {
    now = 0;
    limiter = new LoginLimiter({ now: () => now });
  });

  it('a guesser on one address locks only that address for that user, and the real user logs in elsewhere', async () => {
    for (let k = 0; k < 5; k++) expect((await limiter.attempt('chef', '10.0.0.66', WRONG)).kind).to.equal('wrong');
    expect(await limiter.attempt('chef', '10.0.0.66', RIGHT)).to.deep.equal({ kind: 'locked', scope: 'address-user', until: 30_000 });
    expect((await limiter.attempt('chef', '10.0.0.5', RIGHT)).kind).to.equal('ok');
  });

  it('an address guessing many names is locked as a whole after 20 wrong PINs', async () => {
    for (let k = 0; k < 20; k++) await limiter.attempt(`name${k}`, '10.0.0.66', WRONG);
    expect(await limiter.attempt('payeur', '10.0.0.66', RIGHT)).to.deep.equal({ kind: 'locked', scope: 'address', until: 30_000 });
  });

  it('guessers on many addresses delay the name, escalating, but never the address the user logged in from', async () => {
    expect((await limiter.attempt('chef', '10.0.0.5', RIGHT)).kind).to.equal('ok');
    for (let k = 0; k < 10; k++) await limiter.attempt('chef', `10.0.1.${k}`, WRONG);
    expect(await limiter.attempt('chef', '10.0.2.1', RIGHT)).to.deep.equal({ kind: 'locked', scope: 'user', until: 60_000 });
    expect((await limiter.attempt('chef', '10.0.0.5', RIGHT)).kind, 'the real user at their tablet').to.equal('ok');
    for (let k = 0; k < 10; k++) await limiter.attempt('chef', `10.0.3.${k}`, WRONG);
    now = 60_000;
    for (let k = 0; k < 10; k++) await limiter.attempt('chef', `10.0.4.${k}`, WRONG);
    expect(await limiter.attempt('chef', '10.0.5.1', RIGHT)).to.deep.equal({ kind: 'locked', scope: 'user', until: 60_000 + 120_000 });
  });

  it('caps a lock at 15 minutes and forgets a guesser after 15 quiet minutes', async () => {
    for (let round = 0; round < 8; round++) {
      for (let k = 0; k < 5; k++) await limiter.attempt('chef', '10.0.0.66', WRONG);
      const locked = await limiter.attempt('chef', '10.0.0.66', RIGHT);
      expect(locked.kind).to.equal('locked');
      if (locked.kind === 'locked') {
        expect(locked.until - now).to.be.at.most(15 * 60_000);
        now = locked.until;
      }
    }
    now += 15 * 60_000 + 1;
    await limiter.attempt('chef', '10.0.0.66', WRONG);
    for (let k = 0; k < 4; k++) await limiter.attempt('chef', '10.0.0.66', WRONG);
    expect(await limiter.attempt('chef', '10.0.0.66', RIGHT)).to.deep.equal({ kind: 'locked', scope: 'address-user', until: now + 30_000 });
  });

  it('answers "limited" at once when PIN checks and the waiting room are full, without counting a wrong PIN', async () => {
    const small = new LoginLimiter({ now: () => now, maxHashing: 1, maxWaiting: 1 });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow = async () => {
      await gate;
      return undefined;
    };
    const first = small.attempt('a', '10.0.0.1', slow);
    const second = small.attempt('b', '10.0.0.1', slow);
    await Promise.resolve();
    await new Promise((r) => setImmediate(r));
    expect(await small.attempt('c', '10.0.0.1', RIGHT)).to.deep.equal({ kind: 'limited', retryAfterMs: 1000 });
    open();
    expect((await first).kind).to.equal('wrong');
    expect((await second).kind).to.equal('wrong');
    expect((await small.attempt('c', '10.0.0.1', RIGHT)).kind).to.equal('ok');
  });
});
