import { expect } from 'chai';
import { pullLineFor, readPullLine, STALE_PULL_MS, staleBy } from '../../../server/simulator/pull-line.ts';

describe('a press of the shuffler button, as a line on the simulator’s stdin', () => {
  it('reads Enter, "new" and "reload" typed by hand as presses made now', () => {
    expect(readPullLine('')).to.deep.equal({ kind: 'pull' });
    expect(readPullLine(' new ')).to.deep.equal({ kind: 'new' });
    expect(readPullLine('reload')).to.deep.equal({ kind: 'reload' });
    expect(staleBy(readPullLine(''), 1e13)).to.equal(null);
  });

  it('reads the time the demo stamps on a press', () => {
    expect(readPullLine(pullLineFor(false, 1_700_000_000_123))).to.deep.equal({ kind: 'pull', pressedAt: 1_700_000_000_123 });
    expect(readPullLine(pullLineFor(true, 5))).to.deep.equal({ kind: 'new', pressedAt: 5 });
  });

  it(`acts on a press read up to ${STALE_PULL_MS} ms late and drops one read later`, () => {
    const press = readPullLine(pullLineFor(false, 10_000));
    expect(staleBy(press, 10_000 + STALE_PULL_MS)).to.equal(null);
    expect(staleBy(press, 10_000 + STALE_PULL_MS + 1)).to.equal(STALE_PULL_MS + 1);
    expect(staleBy(press, 40_000)).to.equal(30_000);
  });
});
