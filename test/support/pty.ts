/**
 * A pseudo-terminal pair for tests that need a real serial line. Where python3's
 * pty cannot make one, the test is skipped with the reason printed (never
 * passed silently); on CI machines python3 is present, so these tests run.
 */
import type { Context } from 'mocha';
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
