/**
 * A damaged line in the middle of the shoe in play stops the server from
 * starting (it never plays on from a record it cannot read). `tq recover
 * --data <dir>` keeps the damaged file aside, keeps the record up to the
 * line before the damage, and says so in the record with a `fault` event;
 * the server then starts and the shuffler's RESEND refills what followed.
 */
import { expect } from 'chai';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { shoeFilePath, shoesDir } from '../../../server/store/data-dir.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { verifyDataDir } from '../../../server/store/verify.ts';
import { TableService } from '../../../server/table/table-service.ts';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { main } from '../../../server/cli/tq.ts';
import { captureIo } from '../cli/cli-io.ts';
import { card, META, shoeStart, useTempDirs } from './helpers.ts';

const tempDir = useTempDirs();

async function shoeInPlay(dir: string): Promise<void> {
  const store = await TableStore.open(dir, { table: 'T1' });
  await store.createShoe({ ...shoeStart('inplay'), rules: { ...VENICE_RULES } } as never, META);
  await store.append('inplay', [card(1, 'AH'), card(2, '2H'), card(3, '3H'), card(4, '4H')], META);
  await store.close();
}

async function damageLine(dir: string, line: number): Promise<string> {
  const path = shoeFilePath(dir, 'inplay');
  const lines = (await readFile(path, 'utf8')).split('\n');
  lines[line - 1] = `${lines[line - 1]!.slice(0, 30)}\u0000garbage`;
  const damaged = lines.join('\n');
  await writeFile(path, damaged);
  return damaged;
}

describe('tq recover', () => {
  it('the server refuses to start on a damaged middle line of the shoe in play', async () => {
    const dir = await tempDir();
    await shoeInPlay(dir);
    await damageLine(dir, 3);
    const store = await TableStore.open(dir, { table: 'T1' });
    try {
      const opened = await TableService.open({ store, tableId: 'T1', rules: VENICE_RULES }).then(
        (t) => t.close().then(() => 'opened'),
        (e: Error) => e.message,
      );
      expect(opened).not.to.equal('opened');
    } finally {
      await store.close();
    }
  });

  it('keeps the damaged file aside, keeps the record before the damage, notes it in a fault, and the table opens', async () => {
    const dir = await tempDir();
    await shoeInPlay(dir);
    const damaged = await damageLine(dir, 3);
    const io = captureIo();
    expect(await main(['recover', '--data', dir], io)).to.equal(0);
    expect(io.out()).to.match(/inplay: line 3 of 5 was unreadable; 2 lines kept, the damaged file kept as inplay\.jsonl\.damaged-/);

    const aside = (await readdir(shoesDir(dir))).filter((f) => f.startsWith('inplay.jsonl.damaged-'));
    expect(aside).to.have.length(1);
    expect(await readFile(`${shoesDir(dir)}/${aside[0]}`, 'utf8')).to.equal(damaged);

    const store = await TableStore.open(dir, { table: 'T1' });
    try {
      const table = await TableService.open({ store, tableId: 'T1', rules: VENICE_RULES });
      const state = table.state();
      expect(state.lastSeq).to.equal(1);
      expect(state.alerts.toArray().map((a) => a.kind)).to.deep.equal(['fault']);
      await table.close();
    } finally {
      await store.close();
    }
    expect((await verifyDataDir(dir)).ok).to.equal(true);
  });

  it('does nothing, and says so, when the shoe in play reads whole', async () => {
    const dir = await tempDir();
    await shoeInPlay(dir);
    const before = await readFile(shoeFilePath(dir, 'inplay'), 'utf8');
    const io = captureIo();
    expect(await main(['recover', '--data', dir], io)).to.equal(0);
    expect(io.out()).to.match(/nothing to recover/);
    expect(await readFile(shoeFilePath(dir, 'inplay'), 'utf8')).to.equal(before);
  });
});
