import { expect } from 'chai';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { shoeFilePath } from '../../../server/store/data-dir.ts';
import { chainEvents } from '../../../server/store/hash-chain.ts';
import { GENESIS_PREV, type StampedEvent } from '../../../server/store/stored-event.ts';
import { readIndexData } from '../../../server/store/table-index.ts';
import { BatchQueue, runWorkers } from '../../../server/store/verify-data-dir.ts';
import { verifyDataDir, verifyShoe, type ReplayFn, type ShoeVerdict } from '../../../server/store/verify.ts';
import { replayShoe as replay } from '../../../shoe/replay.ts';
import { small, storeShoes, useTempDirs } from './helpers.ts';
import { dealSampleShoe } from './sample-shoe.ts';

const tempDir = useTempDirs();
const noRules: ReplayFn = () => ({ alerts: [] });
const kinds = (v: ShoeVerdict) => v.problems.map((p) => [p.index, p.kind]);

describe('verifyDataDir', () => {
  it('verifies every shoe listed, and files the index does not list', async () => {
    const dir = await tempDir();
    await storeShoes(dir, [small('a'), small('b', false)]);
    await writeFile(shoeFilePath(dir, 'stray'), '');
    const verdict = await verifyDataDir(dir, { replay: noRules });
    expect(verdict.results.map((r) => [r.shoe, r.ok])).to.deep.equal([
      ['a', true],
      ['b', true],
      ['stray', true],
    ]);
    expect(verdict).to.include({ shoes: 3, ok: true });
  });

  it('names the shoe and the event that was changed', async () => {
    const dir = await tempDir();
    await storeShoes(dir, [small('a'), small('b')]);
    const path = shoeFilePath(dir, 'b');
    await writeFile(path, (await readFile(path, 'utf8')).replace('"seq":2', '"seq":9'));
    const verdict = await verifyDataDir(dir, { replay: noRules });
    expect(verdict.ok).to.equal(false);
    expect(verdict.results[0]!.ok).to.equal(true);
    expect(kinds(verdict.results[1]!)).to.deep.equal([[2, 'hash-mismatch']]);
  });

  it('catches the end of an ended shoe cut off, which the chain alone cannot see', async () => {
    const dir = await tempDir();
    await storeShoes(dir, [small('a')]);
    const path = shoeFilePath(dir, 'a');
    const lines = (await readFile(path, 'utf8')).split('\n');
    await writeFile(path, `${lines.slice(0, 2).join('\n')}\n`);
    const [result] = (await verifyDataDir(dir, { replay: noRules })).results;
    expect(kinds(result!)).to.deep.equal([[2, 'tail-mismatch']]);
  });

  it('reports a listed shoe whose file is gone, and a file that holds another shoe', async () => {
    const dir = await tempDir();
    await storeShoes(dir, [small('a'), small('b')]);
    await writeFile(shoeFilePath(dir, 'a'), await readFile(shoeFilePath(dir, 'b')));
    await rm(shoeFilePath(dir, 'b'));
    const [a, b] = (await verifyDataDir(dir, { replay: noRules })).results;
    expect(kinds(a!)).to.deep.include([0, 'wrong-shoe']);
    expect(kinds(b!)).to.deep.equal([[null, 'missing-file']]);
  });

  it('verifies one shoe when asked', async () => {
    const dir = await tempDir();
    await storeShoes(dir, [small('a'), small('b')]);
    const verdict = await verifyDataDir(dir, { shoe: 'b', replay: noRules });
    expect(verdict.results.map((r) => r.shoe)).to.deep.equal(['b']);
  });

  it('gives the same verdicts from worker threads as from this thread, with the rules replay', async function () {
    this.timeout(30_000);
    const dir = await tempDir();
    await storeShoes(
      dir,
      Array.from({ length: 40 }, (_, k) => small(`s${String(k).padStart(2, '0')}`)),
    );
    const path = shoeFilePath(dir, 's17');
    await writeFile(path, (await readFile(path, 'utf8')).replace('"card":"QH"', '"card":"QS"'));
    const here = await verifyDataDir(dir, { threads: 1 });
    expect(here.results.filter((r) => !r.ok).map((r) => r.shoe)).to.deep.equal(['s17']);

    // Workers alone (this thread takes no batch), then this thread and a worker sharing the queue.
    const index = await readIndexData(dir);
    const queue = new BatchQueue(('data' in index ? index.data.shoes : []).map((entry) => ({ shoe: entry.id, entry })));
    await runWorkers(dir, queue, 2, true);
    expect(queue.results).to.deep.equal(here.results);
    expect(await verifyDataDir(dir, { threads: 2 })).to.deep.equal(here);
  });
});

describe('verify with the rules engine (shoe/replay.ts)', () => {
  it('finds a shoe dealt by the rules clean, and a stored call the cards contradict even when every hash was rewritten', async function () {
    this.timeout(30_000);
    const dir = await tempDir();
    const dealt = dealSampleShoe({ shoe: 'dealt', seed: 7 });
    await storeShoes(dir, [dealt]);
    expect((await verifyDataDir(dir)).ok).to.equal(true);

    // A forger changes a confirmed call and rewrites the chain from the first line.
    const at = dealt.findIndex((e) => e.type === 'confirm' && e.call !== undefined);
    const phrases = ['Rouge gagne et couleur', 'Rouge perd et couleur'];
    const forged = dealt.map((e, k) => (k === at && e.type === 'confirm' ? { ...e, call: phrases.find((p) => p !== e.call)! } : e));
    const rewritten = chainEvents(GENESIS_PREV, 0, forged as StampedEvent[]);
    const alone = verifyShoe(rewritten, { replay });
    expect(
      alone.problems.every((p) => p.kind === 'rule'),
      'the rewritten chain holds',
    ).to.equal(true);
    // The replay skips the refused confirmation, so later events are refused too; the first is the forgery.
    expect(alone.problems[0]).to.include({ index: at, kind: 'rule' });
    expect(alone.problems[0]!.message).to.match(/CALL_MISMATCH/);

    await writeFile(shoeFilePath(dir, 'dealt'), `${rewritten.map((e) => JSON.stringify(e)).join('\n')}\n`);
    const [result] = (await verifyDataDir(dir)).results;
    expect(kinds(result!)).to.deep.include([rewritten.length, 'tail-mismatch']);
  });
});
