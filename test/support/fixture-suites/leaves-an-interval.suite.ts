/**
 * Not a test of its own (no .test.ts): run by test/support/tracked-children.test.ts
 * in a mocha of its own. It passes but leaves an interval holding the event
 * loop, as a test that forgets to close a server does.
 */
describe('a test that leaves the event loop held', () => {
  it('passes and forgets its interval', () => {
    setInterval(() => {}, 1000);
  });
});
