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

/**
 * What each open handle is, as far as Node says: a stream's fd and the start
 * of the listeners a test attached to it, so a leak names the test that made it.
 */
function describeHandles(): string[] {
  const handles = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.() ?? [];
  return handles.map((h) => {
    const o = h as { constructor?: { name?: string }; _handle?: { fd?: number }; listeners?: (e: string) => ((...a: unknown[]) => unknown)[] };
    const listeners = ['data', 'end', 'close', 'message', 'exit']
      .flatMap((e) => (typeof o.listeners === 'function' ? o.listeners(e).map((f) => `${e}: ${String(f).replace(/\s+/g, ' ').slice(0, 120)}`) : []))
      .join(' | ');
    return `${o.constructor?.name ?? typeof h} fd=${o._handle?.fd ?? '?'} ${listeners}`;
  });
}

export const mochaHooks = {
  async afterAll(this: Mocha.Context): Promise<void> {
    this.timeout(15_000);
    await killTracked();
    const grace = Number(process.env.TQ_TEST_EXIT_GRACE_MS) || 30_000;
    setTimeout(() => {
      const holding = process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap');
      process.stderr.write(`\nmocha did not exit ${grace} ms after the run: still open: ${holding.join(', ') || 'nothing named'}; exiting\n`);
      for (const line of describeHandles()) process.stderr.write(`  ${line}\n`);
      process.exit();
    }, grace).unref();
  },
};
