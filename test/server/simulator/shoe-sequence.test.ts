/**
 * The hand-dealt simulated shuffler keeps its memory across a restart
 *: the same shoe, under the same SHOE serial, where it
 * stood — the second shoe of the seed too — and the cards dealt but not
 * acknowledged are sent again.
 */
import { expect } from 'chai';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ShoeSequence } from '../../../server/simulator/shoe-sequence.ts';
import { shuffledShoe } from '../../../server/simulator/shuffled-shoe.ts';
import { readShufflerState, ShufflerStateFile } from '../../../server/simulator/shuffler-state-file.ts';
import { mockLinePerTest, settle } from '../serial/mock-line.ts';
import { hostSends, simulatorLines } from './sim-line.ts';

describe('the simulated shuffler’s memory across a restart', () => {
  let dir = '';
  let shoes: ShoeSequence | null = null;
  const line = mockLinePerTest(async () => {
    shoes?.stop();
    await shoes?.flush();
    shoes = null;
    await rm(dir, { recursive: true, force: true });
  });

  async function sequence(path: string): Promise<ShoeSequence> {
    const saved = await readShufflerState(path);
    shoes = new ShoeSequence({
      port: line.port,
      simulator: { seed: 'm', heartbeatMs: 0, resendMs: 60_000 },
      memory: { file: new ShufflerStateFile(path), saved: saved?.seed === 'm' ? saved : null, seed: 'm' },
    });
    shoes.start();
    return shoes;
  }
  const lines = async () => {
    await settle();
    return simulatorLines(line.port);
  };

  it('resumes the second shoe of its seed where it stood, announcing that shoe, and resends what was not acknowledged', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-shoes-'));
    const path = join(dir, 'demo-shuffler.json');
    const first = await sequence(path);
    first.pull();
    first.pull(true); // the table began a new shoe: shoe 2 is loaded and deals its first card
    first.pull();
    first.pull();
    hostSends(line.port, { kind: 'ACK', seq: 2 });
    await settle();
    first.stop();
    await first.flush();
    expect(await readShufflerState(path)).to.deep.equal({ seed: 'm', shoe: 2, dealt: 3, acked: 2 });

    const before = (await lines()).length;
    const again = await sequence(path);
    expect(again.shoe).to.equal(2);
    expect(again.sim.dealt).to.equal(3);
    hostSends(line.port, { kind: 'RESEND', from: 3 });
    again.pull();
    const shoe2 = shuffledShoe('m-2').map((c) => c.card);
    const after = (await lines()).slice(before);
    expect(after.slice(0, 2)).to.deep.equal(['HELLO,TQSIM,1.0', 'SHOE,SIM-m-2,312']);
    expect(after.filter((l) => l.startsWith('CARD'))).to.include.members([`CARD,3,${shoe2[2]}`, `CARD,4,${shoe2[3]}`]);
    expect(after.filter((l) => l.startsWith('CARD,1,') || l.startsWith('CARD,2,'))).to.deep.equal([]);
  });

  it('starts afresh, and says nothing of the old shoe, when the memory is of another seed', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-shoes-'));
    const path = join(dir, 'demo-shuffler.json');
    await writeFile(path, JSON.stringify({ seed: 'other', shoe: 4, dealt: 100, acked: 100 }));
    const s = await sequence(path);
    expect(s.shoe).to.equal(1);
    expect(await lines()).to.deep.equal(['HELLO,TQSIM,1.0', 'SHOE,SIM-m,312']);
    await s.flush();
    expect(JSON.parse(await readFile(path, 'utf8'))).to.deep.equal({ seed: 'm', shoe: 1, dealt: 0, acked: 0 });
  });

  it('refuses a memory file it cannot read, saying how to start afresh', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-shoes-'));
    const path = join(dir, 'demo-shuffler.json');
    await writeFile(path, '{"seed": 7');
    const e = await readShufflerState(path).catch((x: unknown) => x as Error);
    expect(e).to.be.instanceOf(Error);
    expect((e as Error).message).to.include('remove it to start a fresh shoe');
  });
});
