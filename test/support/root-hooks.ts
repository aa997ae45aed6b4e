/**
 * Mocha's root hooks (loaded by .mocharc.json `require`): once every test
 * has run, whatever a test started through
 * test/support/tracked-children.ts and left running is stopped, so a timed-out
 * test cannot leave a server behind nor keep mocha from exiting after its
 * summary.
 */
import { killTracked } from './tracked-children.ts';

export const mochaHooks = {
  async afterAll(this: Mocha.Context): Promise<void> {
    this.timeout(15_000);
    await killTracked();
  },
};
