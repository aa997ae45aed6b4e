/**
 * Mocha's root hooks (loaded by .mocharc.json `require`): once every test
 * has run, whatever a test started through
 * test/support/tracked-children.ts and left running is stopped, so a timed-out
 * test cannot leave a server behind nor keep mocha from exiting after its
 * summary.
 *
 * Anything else a test leaves holding the event loop (a server not closed, an
 * interval) would still keep mocha waiting after its summary, and CI would
 * wait its 90 minutes: so, TQ_TEST_EXIT_GRACE_MS (default 30 s) after the
 * run, a timer that does not itself hold the loop names what still does and
 * ends the process; mocha's own exit handler keeps its status.
 */
import { killTracked } from './tracked-children.ts';

export const mochaHooks = {
  async afterAll(this: Mocha.Context): Promise<void> {
    this.timeout(15_000);
    await killTracked();
    const grace = Number(process.env.TQ_TEST_EXIT_GRACE_MS) || 30_000;
    setTimeout(() => {
      const holding = process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap');
      process.stderr.write(`\nmocha did not exit ${grace} ms after the run: still open: ${holding.join(', ') || 'nothing named'}; exiting\n`);
      process.exit();
    }, grace).unref();
  },
};
