/**
 * Tampering with the index, and one changed card. `tq verify` once exited 0
 * when the index's endReason was edited, when an ended shoe's entry was
 * removed, and when currentShoe pointed at an ended shoe (the server then
 * resumed the old shoe and ignored the one in play); one changed card gave
 * ~900 cascading problems.
 */
import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { shoeFilePath } from '../../../server/store/data-dir.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { verifyDataDir } from '../../../server/store/verify.ts';
import { card, META, small, storeShoes, useTempDirs } from './helpers.ts';
import { dealSampleShoe } from './sample-shoe.ts';

const tempDir = useTempDirs();

async function editIndex(dir: string, change: (index: { currentShoe: string | null; shoes: Record<string, unknown>[] }) => void): Promise<void> {
  const path = join(dir, 'index.json');
  const index = JSON.parse(await readFile(path, 'utf8'));
  change(index);
  await writeFile(path, JSON.stringify(index));
}

describe('verify: the index against the shoe files', () => {
  it('finds an endReason edited in the index', async () => {
    const dir = await tempDir();
    await storeShoes(dir, [small('a')]);
    expect((await verifyDataDir(dir)).ok).to.equal(true);
    await editIndex(dir, (i) => (i.shoes[0]!.endReason = 'empty'));
    const verdict = await verifyDataDir(dir);
    expect(verdict.ok).to.equal(false);
    expect(verdict.indexProblem).to.match(/shoe a: the index says it ended "empty", its file says "suspended"/);
  });

  it('finds an endReason edited in the index when the end line is longer than the tail verify reads (a 5,000-character note)', async () => {
    const dir = await tempDir();
    const shoe = small('a');
    shoe[shoe.length - 1] = { type: 'end', reason: 'suspended', note: 'n'.repeat(5_000) };
    await storeShoes(dir, [shoe, small('b')]);
    expect((await verifyDataDir(dir)).ok).to.equal(true);
    await editIndex(dir, (i) => (i.shoes[0]!.endReason = 'empty'));
    expect((await verifyDataDir(dir)).indexProblem).to.equal('shoe a: the index says it ended "empty", its file says "suspended"');
  });

  it('finds an ended shoe whose index entry was removed', async () => {
    const dir = await tempDir();
    await storeShoes(dir, [small('a'), small('b')]);
    await editIndex(dir, (i) => (i.shoes = i.shoes.filter((s) => s.id !== 'a')));
    const verdict = await verifyDataDir(dir);
    expect(verdict.ok).to.equal(false);
    expect(verdict.indexProblem).to.match(/shoe a ended but the index does not list it/);
  });

  it('finds currentShoe pointing at an ended shoe, and the server resumes the shoe really in play', async () => {
    const dir = await tempDir();
    await storeShoes(dir, [small('a'), small('b', false)]);
    await editIndex(dir, (i) => (i.currentShoe = 'a'));
    const verdict = await verifyDataDir(dir);
    expect(verdict.ok).to.equal(false);
    expect(verdict.indexProblem).to.match(/currentShoe is a, which has ended; the shoe in play is b/);

    const store = await TableStore.open(dir, { table: 'T1' });
    try {
      expect(store.currentShoeId()).to.equal('b');
      expect(store.openNotes.map((n) => n.kind)).to.include('current-shoe-corrected');
      const [stored] = await store.append('b', [card(3)], META);
      expect(stored!.i).to.equal(3);
    } finally {
      await store.close();
    }
    expect((await verifyDataDir(dir)).ok, 'the index is whole again').to.equal(true);
  });
});

describe('verify: one changed card', () => {
  it('reports the first break and how many more follow, not hundreds of problems', async () => {
    const dir = await tempDir();
    const shoe = dealSampleShoe({ shoe: 'full', bettors: 6 });
    await storeShoes(dir, [shoe]);
    const path = shoeFilePath(dir, 'full');
    const lines = (await readFile(path, 'utf8')).trimEnd().split('\n');
    const at = lines.findIndex((l, k) => k > 40 && l.includes('"type":"card"'));
    const original = JSON.parse(lines[at]!).card as string;
    lines[at] = lines[at]!.replace(`"card":"${original}"`, `"card":"${original === 'KS' ? 'QS' : 'KS'}"`);
    await writeFile(path, `${lines.join('\n')}\n`);
    const [result] = (await verifyDataDir(dir)).results;
    expect(result!.ok).to.equal(false);
    expect(result!.problems.length, result!.problems.map((p) => p.message).join('\n')).to.be.at.most(4);
    expect(result!.problems[0]!.index).to.equal(at);
  });
});
