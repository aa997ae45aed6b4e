/**
 * The table's side of shoe identity (docs/serial-protocol.md#shoe-identity):
 * each table shoe is bound to one shuffler shoe, each card is recorded with
 * the shuffler's serial, and a card bound to another shoe is never stored.
 */
import { expect } from 'chai';
import { BURN, CHEF, TAILLEUR, tableFixture, type Fixture } from './table-fixture.ts';

describe('the table bound to the shuffler’s shoe', () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await tableFixture();
  });
  afterEach(() => f.cleanup());

  const cards = async () => (await f.store.readShoe(f.table.state().shoe)).filter((e) => e.type === 'card');
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => e as { code?: string; message: string },
    );

  it('records the shuffler’s serial on each card and names it as the shoe in play’s', async () => {
    await f.table.shoeReady('SIM-7', 312);
    await f.table.storeCard({ seq: 1, card: '2H', exposed: false, serial: 'SIM-7', shoe: f.table.state().shoe });
    expect((await cards())[0]).to.include({ seq: 1, card: '2H', serial: 'SIM-7' });
    expect(f.table.shoeInPlay()).to.deep.equal({ shoe: f.table.state().shoe, serial: 'SIM-7' });
  });

  it('refuses, stores nothing of, a card bound to another table shoe or from another shuffler shoe', async () => {
    await f.table.shoeReady('SIM-7', 312);
    const other = await refusal(f.table.storeCard({ seq: 1, card: '2H', exposed: false, shoe: 'a-shoe-that-ended' }));
    expect(other).to.include({ code: 'OTHER_SHOE' });
    const serial = await refusal(f.table.storeCard({ seq: 1, card: '2H', exposed: false, serial: 'SIM-6' }));
    expect(serial).to.include({ code: 'OTHER_SHOE' });
    expect(serial!.message).to.include("comes from the shuffler's shoe SIM-6; shoe");
    expect(await cards()).to.deep.equal([]);
  });

  it('binds a shoe started by the tailleur to the SHOE frame it takes, and keeps the binding across a restart once a card records it', async () => {
    await f.table.startShoe(TAILLEUR);
    const shoe = f.table.state().shoe;
    expect(f.table.shoeInPlay()).to.deep.equal({ shoe });
    await f.table.shoeReady('SIM-8', 312);
    expect(f.table.shoeInPlay()).to.deep.equal({ shoe, serial: 'SIM-8' });
    const foreign = await refusal(f.table.storeCard({ seq: 1, card: '2H', exposed: false, serial: 'SIM-7' }));
    expect(foreign).to.include({ code: 'OTHER_SHOE' });
    for (const [k, card] of BURN.entries()) await f.table.storeCard({ seq: k + 1, card, exposed: false, serial: 'SIM-8', shoe });
    await f.restart();
    expect(f.table.shoeInPlay()).to.deep.equal({ shoe, serial: 'SIM-8' });
    await f.table.shoeReady('SIM-8', 312); // the shuffler restarted: the shoe already recorded, nothing changes
    expect(f.table.state()).to.include({ shoe, lastSeq: 5 });
    expect((await cards()).map((c) => (c as { serial?: string }).serial)).to.deep.equal(Array(5).fill('SIM-8'));
  });

  it('has no shoe in play for the link once the shoe has ended', async () => {
    await f.table.shoeReady('SIM-7', 312);
    await f.table.command({ type: 'end', reason: 'suspended', note: 'the shuffler jammed' }, CHEF);
    expect(f.table.inPlay).to.equal(false);
    expect(f.table.shoeInPlay()).to.equal(null);
  });
});
