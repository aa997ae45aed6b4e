import { expect } from 'chai';
import { PullClick, REPEAT_MS } from '../../client/pull-click.ts';

describe('client: a click on Pull, press or repeat (client/pull-click.ts)', () => {
  it('draws on a first click and not on the double click’s second half', () => {
    const p = new PullClick();
    expect(p.draws({ detail: 1, timeStamp: 1000 })).to.equal(true);
    expect(p.draws({ detail: 2, timeStamp: 1120 })).to.equal(false);
    expect(p.draws({ detail: 3, timeStamp: 1250 })).to.equal(false);
  });

  it('draws on a repeat that comes after the double click’s moment, and on every fresh click', () => {
    const p = new PullClick();
    expect(p.draws({ detail: 1, timeStamp: 1000 })).to.equal(true);
    expect(p.draws({ detail: 2, timeStamp: 1000 + REPEAT_MS })).to.equal(true);
    expect(p.draws({ detail: 1, timeStamp: 1000 + REPEAT_MS + 10 })).to.equal(true);
  });
});
