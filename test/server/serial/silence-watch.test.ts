import { expect } from 'chai';
import { GRACE_MS, LATE_MS, SilenceWatch } from '../../../server/serial/silence-watch.ts';

/** Holds this thread, as a SIGSTOP holds the whole process: no timer and no read runs meanwhile. */
const stopFor = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A started watch of `ms` and what it has said. */
function watching(ms: number) {
  const said: string[] = [];
  const watch = new SilenceWatch(
    ms,
    () => said.push('silent'),
    () => said.push('speaks'),
  );
  watch.start();
  return { watch, said };
}

describe('the silence watch', function () {
  this.timeout(10_000);

  it('calls a quiet line silent once, and says when it speaks again', async () => {
    const { watch, said } = watching(150);
    await sleep(300);
    expect(said).to.deep.equal(['silent']);
    watch.heard();
    expect(said).to.deep.equal(['silent', 'speaks']);
    watch.stop();
  });

  it('does not call the line silent when this process itself was stopped and its frames wait to be read', async () => {
    // a silence time longer than the grace, as the table's 15 s are
    const { watch, said } = watching(1_500);
    // the frame the shuffler sent while this process was stopped, read after the timers once it runs again
    setImmediate(() => watch.heard());
    stopFor(1_500 + LATE_MS + 300);
    await sleep(50);
    expect(said, 'just after it runs again').to.deep.equal([]);
    await sleep(GRACE_MS + 200);
    expect(said, 'the frames came again').to.deep.equal([]);
    watch.stop();
  });

  it('still calls it silent after a stop when no frame comes once it runs again', async () => {
    const { watch, said } = watching(1_500);
    stopFor(1_500 + LATE_MS + 300);
    await sleep(50);
    expect(said, 'not at once').to.deep.equal([]);
    await sleep(GRACE_MS + 200);
    expect(said).to.deep.equal(['silent']);
    watch.stop();
  });
});
