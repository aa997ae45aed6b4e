/**
 * Not a test of its own (no .test.ts): the suite test/support/tracked-children.test.ts
 * runs in a mocha of its own. It starts a long-lived child with a grandchild,
 * prints their pids, and times out before it could stop them — what a
 * `tq demo` whose test timed out looked like.
 */
import { spawnTracked } from '../tracked-children.ts';

describe('a test that times out holding a child', function () {
  this.timeout(1000);
  it('starts a child and never stops it', async () => {
    const child = spawnTracked('sh', ['-c', 'sleep 300 & echo "grandchild $!"; exec sleep 301'], { stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout!.on('data', (d: Buffer) => console.log(`child ${child.pid} ${d.toString().trim()}`));
    await new Promise(() => {}); // never settles: mocha's timeout ends the test
  });
});
