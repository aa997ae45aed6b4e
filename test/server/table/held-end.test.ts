/**
 * A suspension asked for while a call waits (docs/rules.md#held-end): held
 * as a `hold` event that every screen shows — who asked, why, and the calls
 * it waits for — answered when asked again (SUSPENSION_PENDING, the first
 * reason kept), kept across a restart, and written as the `end` once the
 * last call is settled. Before, it lived in memory only: no screen saw it and a
 * second request silently replaced the first reason.
 */
import { expect } from 'chai';
import { BURN, CHEF, NOIR_WINS, refusal, TAILLEUR, tableFixture, type Fixture } from './table-fixture.ts';

describe('TableService: a suspension held while calls wait', () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await tableFixture();
    await f.table.startShoe(TAILLEUR);
    await f.deal(BURN);
    await f.table.command({ type: 'open' }, TAILLEUR);
    await f.deal(NOIR_WINS);
  });
  afterEach(() => f.cleanup());

  it('shows the held suspension in the view: who asked, why, when, and the call it waits for', async () => {
    await f.table.command({ type: 'end', reason: 'suspended', note: 'marked cards' }, CHEF);
    const held = f.table.view().held;
    expect(held).to.deep.include({ reason: 'suspended', note: 'marked cards', by: 'chef', waitsFor: [1] });
    expect(held!.at).to.be.a('string');
    expect(f.table.view().end).to.equal(null);
  });

  it('answers a second request with SUSPENSION_PENDING naming the first, whose reason stays', async () => {
    await f.table.command({ type: 'end', reason: 'suspended', note: 'marked cards' }, CHEF);
    const e = await refusal(f.table.command({ type: 'end', reason: 'suspended', note: 'another reason' }, CHEF));
    expect(e.code).to.equal('SUSPENSION_PENDING');
    expect(e.message).to.contain('marked cards');
    expect(f.table.view().held).to.include({ note: 'marked cards' });
    const [, end] = await f.table.command({ type: 'confirm', coup: 1 }, TAILLEUR);
    expect(end).to.include({ type: 'end', reason: 'suspended', note: 'marked cards', by: 'chef' });
    expect(f.table.view().held).to.equal(null);
  });

  it('takes the shuffler’s repeated EMPTY behind a held suspension without a word (the first request stands)', async () => {
    await f.table.command({ type: 'end', reason: 'suspended', note: 'marked cards' }, CHEF);
    await f.table.shoeEmpty(13);
    await f.table.shoeEmpty(13);
    expect(f.table.view().held).to.include({ reason: 'suspended', by: 'chef' });
  });

  it('holds the shuffler’s EMPTY, taken behind the suspension, once the chef withdraws it: the empty shoe still ends', async () => {
    await f.table.command({ type: 'end', reason: 'suspended', note: 'marked cards' }, CHEF);
    await f.table.shoeEmpty(13);
    const withdrawn = await f.table.command({ type: 'unhold' }, CHEF);
    expect(withdrawn.map((e) => [e.type, e.by])).to.deep.equal([
      ['unhold', 'chef'],
      ['hold', 'shuffler'],
    ]);
    expect(f.table.view().held).to.include({ reason: 'empty', by: 'shuffler' });
    const [, end] = await f.table.command({ type: 'confirm', coup: 1 }, TAILLEUR);
    expect(end).to.include({ type: 'end', reason: 'empty', by: 'shuffler' });
  });

  it('keeps the held suspension across a restart, and writes it once the call is confirmed', async () => {
    await f.table.command({ type: 'end', reason: 'suspended', note: 'marked cards' }, CHEF);
    await f.restart();
    expect(f.table.view().held).to.include({ reason: 'suspended', note: 'marked cards', by: 'chef' });
    const events = await f.table.command({ type: 'confirm', coup: 1 }, TAILLEUR);
    expect(events.map((e) => e.type)).to.deep.equal(['confirm', 'end']);
    // who asked stays with the end once it takes effect (the screens name the chef: outsider passes 7 and 8)
    expect(f.table.state().end).to.deep.equal({ reason: 'suspended', auto: false, note: 'marked cards', by: 'chef', at: events[1]!.at });
  });
});
