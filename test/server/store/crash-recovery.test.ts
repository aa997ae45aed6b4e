import { expect } from 'chai';
import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { pino } from 'pino';
import { shoeFilePath } from '../../../server/store/data-dir.ts';
import { chainBatch } from '../../../server/store/hash-chain.ts';
import { StoreError } from '../../../server/store/store-errors.ts';
import { GENESIS_PREV } from '../../../server/store/stored-event.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { verifyShoe } from '../../../server/store/verify.ts';
import { parseShoeLogText } from '../../../server/store/shoe-log-file.ts';
import type { ShoeEvent } from '../../../shoe/events.ts';
import { card, META, shoeStart, useTempDirs } from './helpers.ts';

const tempDir = useTempDirs();

/** A logger whose lines the test can read. */
function memoryLogger(): { logger: pino.Logger; lines: () => Record<string, unknown>[] } {
  const out: string[] = [];
  const logger = pino({ level: 'info' }, { write: (s: string) => void out.push(s) });
  return { logger, lines: () => out.map((s) => JSON.parse(s) as Record<string, unknown>) };
}

/** A data directory holding shoe `s` with a few events, the store closed. */
async function storedShoe(events: ShoeEvent[] = [card(1), card(2), card(3)]): Promise<{ dir: string; path: string; text: string }> {
  const dir = await tempDir();
  const store = await TableStore.open(dir, { table: 'T1' });
  await store.createShoe(shoeStart('s'), META);
  await store.append('s', events, META);
  await store.close();
  const path = shoeFilePath(dir, 's');
  return { dir, path, text: await readFile(path, 'utf8') };
}

describe('TableStore: crash recovery on open', () => {
  it('cuts away a last line the crash left without its newline, logs it, and keeps the rest', async () => {
    const { dir, path, text } = await storedShoe();
    await appendFile(path, '{"type":"card","seq":4,"ca');
    const { logger, lines } = memoryLogger();

    const store = await TableStore.open(dir, { logger });
    expect(await readFile(path, 'utf8')).to.equal(text);
    expect(store.openNotes).to.deep.include({ kind: 'torn-tail-removed', shoe: 's', bytes: 26, text: '{"type":"card","seq":4,"ca' });
    expect(lines().some((l) => l.kind === 'torn-tail-removed' && l.level === 40)).to.equal(true);

    const [next] = await store.append('s', [card(4)], META);
    expect(next!.i).to.equal(4);
    expect(verifyShoe(await store.readShoe('s'), { replay: false }).ok).to.equal(true);
    await store.close();
  });

  it('cuts away a last line that ends but does not parse (blocks the disk never wrote)', async () => {
    const { dir, path, text } = await storedShoe();
    await appendFile(path, '\0\0\0\0\0\0\0\0\n');
    const store = await TableStore.open(dir);
    expect(await readFile(path, 'utf8')).to.equal(text);
    expect(store.openNotes.map((n) => n.kind)).to.deep.equal(['torn-tail-removed']);
    await store.close();
  });

  it('reports a damaged line in the middle and leaves the file exactly as found', async () => {
    const { dir, path, text } = await storedShoe();
    const lines = text.split('\n');
    lines[2] = lines[2]!.slice(0, 40); // line 3 of 5, cut short
    const damaged = lines.join('\n');
    await writeFile(path, damaged);
    const { logger, lines: logged } = memoryLogger();

    const store = await TableStore.open(dir, { logger });
    expect(await readFile(path, 'utf8')).to.equal(damaged);
    expect(store.openNotes).to.have.length(1);
    expect(store.openNotes[0]).to.include({ kind: 'unreadable-line', shoe: 's', line: 3 });
    expect(logged().some((l) => l.kind === 'unreadable-line' && l.level === 50)).to.equal(true);
    const refused = await store.readShoe('s').catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(StoreError).with.property('code', 'SHOE_CORRUPT');
    expect((refused as Error).message).to.match(/:3: line 3 is not JSON/);

    const verdict = verifyShoe(parseShoeLogText(damaged), { replay: false });
    expect(verdict.problems[0]).to.include({ index: 2, kind: 'unreadable', line: 3 });
    await store.close();
  });

  it('lists a shoe whose file reached the disk before the index did, as the shoe in play', async () => {
    const dir = await tempDir();
    await (await TableStore.open(dir, { table: 'T1' })).close();
    const { text } = chainBatch(
      GENESIS_PREV,
      0,
      [shoeStart('orphan'), card(1)].map((e) => ({ ...e, ...META })),
    );
    await writeFile(shoeFilePath(dir, 'orphan'), text);

    const store = await TableStore.open(dir);
    expect(store.openNotes.map((n) => n.kind)).to.deep.equal(['shoe-listed']);
    expect(store.listShoes()).to.deep.equal([{ id: 'orphan', table: 'T1', startedAt: META.at }]);
    expect(store.currentShoeId()).to.equal('orphan');
    const [next] = await store.append('orphan', [card(2)], META);
    expect(next!.i).to.equal(2);
    await store.close();
  });

  it('removes an empty shoe file left by a crash before its first line was written', async () => {
    const dir = await tempDir();
    await (await TableStore.open(dir)).close();
    await writeFile(shoeFilePath(dir, 'never'), '');
    const store = await TableStore.open(dir);
    expect(store.openNotes.map((n) => n.kind)).to.deep.equal(['empty-file-removed']);
    expect(await readdir(`${dir}/shoes`)).to.deep.equal([]);
    expect(store.listShoes()).to.deep.equal([]);
    await store.close();
  });

  it('marks a shoe ended when its end event reached the disk but the index was not updated', async () => {
    const { dir, path, text } = await storedShoe();
    const last = JSON.parse(text.trimEnd().split('\n').at(-1)!) as { hash: string; i: number };
    const { text: end, lastHash } = chainBatch(last.hash, last.i + 1, [{ type: 'end', reason: 'empty', ...META }]);
    await appendFile(path, end);

    const store = await TableStore.open(dir);
    expect(store.openNotes.map((n) => n.kind)).to.deep.equal(['shoe-ended']);
    expect(store.currentShoeId()).to.equal(null);
    expect(store.listShoes()[0]).to.include({ endReason: 'empty', events: 5, lastHash });
    await store.close();
  });

  it('rebuilds a damaged index from the shoe files and keeps the damaged one aside', async () => {
    const { dir } = await storedShoe();
    await writeFile(`${dir}/index.json`, '{"version":1,"tab');
    const store = await TableStore.open(dir);
    expect(store.openNotes.map((n) => n.kind)).to.deep.equal(['index-rebuilt', 'shoe-listed']);
    expect(store.currentShoeId()).to.equal('s');
    expect(store.table).to.equal('T1');
    expect((await readdir(dir)).filter((f) => f.startsWith('index.json.damaged-'))).to.have.length(1);
    await store.close();
  });
});
