/**
 * A command started by an npm script stops when that npm is gone
 * (server/app/until-signal.ts): a `kill -9` of `npm start` left the server
 * running on its port, and the same `npm start` again failed (outside crew
 * pass 52).
 */
import { expect } from 'chai';
import pino from 'pino';
import { untilSignal } from '../../../server/app/until-signal.ts';

const quiet = pino({ level: 'silent' });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a long-running command and the npm that started it', () => {
  afterEach(() => {
    process.removeAllListeners('SIGINT');
    process.removeAllListeners('SIGTERM');
  });

  it('closes once its parent is gone, and only once', async () => {
    let parent = 4242;
    let closes = 0;
    const stopped = untilSignal(
      async () => {
        closes++;
      },
      quiet,
      { withParent: true, parentPid: () => parent, parentCheckMs: 10 },
    );
    await wait(50);
    expect(closes, 'the parent still there').to.equal(0);
    parent = 1; // handed to init: npm was killed
    await stopped;
    await wait(50);
    expect(closes).to.equal(1);
  });

  it('does not watch its parent unless asked (a command run without npm, under systemd)', async () => {
    let parent = 4242;
    let closes = 0;
    void untilSignal(
      async () => {
        closes++;
      },
      quiet,
      { withParent: false, parentPid: () => parent, parentCheckMs: 10 },
    );
    parent = 1;
    await wait(60);
    expect(closes).to.equal(0);
  });
});
