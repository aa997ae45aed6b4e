/**
 * A pseudo-terminal pair for tests that need a real serial line. Where python3's
 * pty cannot make one, the test is skipped with the reason printed (never
 * passed silently); on CI machines python3 is present, so these tests run.
 */
import type { Context } from 'mocha';
import { ptyShuffler, type DemoShuffler, type DemoShufflerOptions } from '../../server/demo/demo-shuffler.ts';
import { PtyUnavailableError, startPtyPair, type PtyPair } from '../../server/serial/pty-pair.ts';

export async function ptyPairOrSkip(test: Context): Promise<PtyPair> {
  try {
    return await startPtyPair();
  } catch (e) {
    if (!(e instanceof PtyUnavailableError)) throw e;
    console.log(`      skipped: ${e.message}`);
    test.skip();
  }
}

/** The demo's shuffler (`tq shuffler` in its own process on a PTY), or the test skipped with the reason printed where no PTY can be made. */
export async function ptyShufflerOrSkip(test: Context, options: DemoShufflerOptions): Promise<DemoShuffler> {
  try {
    return await ptyShuffler(options);
  } catch (e) {
    if (!(e instanceof PtyUnavailableError)) throw e;
    console.log(`      skipped: ${e.message}`);
    test.skip();
  }
}
