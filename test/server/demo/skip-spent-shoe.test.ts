/**
 * The demo moves its shuffler past a shoe only when the table would refuse
 * it as spent (server/demo/spent-shuffler-shoe.ts): the shoe in play has no
 * card and the remembered shuffler shoe is the one its previous shoe was
 * dealt from. Any other memory is resumed as it stands.
 */
import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skipSpentShoe, type SpentShoeTable } from '../../../server/demo/spent-shuffler-shoe.ts';

const table = (o: { inPlay?: boolean; lastSeq?: number; spent?: string }): SpentShoeTable => ({
  inPlay: o.inPlay ?? true,
  lastStoredSeq: () => o.lastSeq ?? 0,
  spentBy: (serial) => (serial === o.spent ? 'shoe-A' : undefined),
});

describe("the demo's shuffler memory and a spent shuffler shoe", () => {
  let dir = '';
  let path = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-skip-spent-'));
    path = join(dir, 'demo-shuffler.json');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('starts the next shoe of the seed, nothing dealt, when the previous table shoe spent the remembered one', async () => {
    const said = await skipSpentShoe(table({ spent: 'SIM-11-2' }), { seed: '11', shoe: 2, dealt: 55, acked: 55 }, path);
    expect(said).to.equal('shoe 2 of seed 11 was spent by the previous table shoe shoe-A: starting shoe 3');
    expect(JSON.parse(await readFile(path, 'utf8'))).to.deep.equal({ seed: '11', shoe: 3, dealt: 0, acked: 0 });
  });

  it("names shoe 1 by the simulator's own serial", async () => {
    expect(await skipSpentShoe(table({ spent: 'SIM-11' }), { seed: '11', shoe: 1, dealt: 5, acked: 5 }, path)).to.match(/starting shoe 2$/);
  });

  it('leaves the memory alone when the shoe in play has cards, no shoe is in play, or another shoe was spent', async () => {
    const saved = { seed: '11', shoe: 2, dealt: 55, acked: 55 };
    expect(await skipSpentShoe(table({ spent: 'SIM-11-2', lastSeq: 3 }), saved, path)).to.equal(null);
    expect(await skipSpentShoe(table({ spent: 'SIM-11-2', inPlay: false }), saved, path)).to.equal(null);
    expect(await skipSpentShoe(table({ spent: 'SIM-11' }), saved, path)).to.equal(null);
    expect(await skipSpentShoe(table({ spent: 'SIM-11-2' }), null, path)).to.equal(null);
    expect(await readFile(path).catch(() => 'none')).to.equal('none');
  });
});
