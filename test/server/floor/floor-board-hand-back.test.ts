/**
 * The floor's board, over a real central store, counts what an ended shoe
 * hands back to the players (floor-money.ts): read from the shoe the new
 * shoe's first line names, gone once the shoe in play records its
 * `handed-back` (docs/shoe-log.md#handed-back); and a shoe that ended with no
 * new shoe yet shows its own. The floor's card said "On the layout 0.00" while
 * the chef's screen said "To hand back".
 */
import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { centralPool, endPool } from '../../../server/central/central-connect.ts';
import { pino } from 'pino';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../server/central/throwaway-postgres.ts';
import { CentralReader } from '../../../server/floor/central-reader.ts';
import { FloorBoard } from '../../../server/floor/floor-board.ts';
import { shoeFilePath } from '../../../server/store/data-dir.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { linkedFirstLine } from '../../../server/table/shoe-link.ts';
import type { ShoeEvent } from '../../../shoe/events.ts';
import { replayShoe } from '../../../shoe/replay.ts';
import { applyCentralSchema, insertLines, registerTable } from '../../support/central-store.ts';
import { readFixture } from '../../support/fixture.ts';

const ORDINARY = readFixture('ordinary');
const FIRST = ORDINARY[0] as ShoeEvent & { type: 'shoe' };
const CONFIRM_2 = ORDINARY.findIndex((e) => e.type === 'confirm' && e.coup === 2);
const CLOSE_3 = ORDINARY.findIndex((e, i) => i > CONFIRM_2 && e.type === 'close');
/** Coup 3's stakes placed and two cards dealt, then the chef suspended the shoe: coup 3 is cut short and its stakes go back. */
const CUT: ShoeEvent[] = [...ORDINARY.slice(0, CLOSE_3 + 3), { type: 'end', reason: 'suspended', note: 'cliente contesta' }];
const STAKES = replayShoe(ORDINARY.slice(0, CLOSE_3 + 1)).state.stakes;
const TOTAL = STAKES.reduce((sum, s) => sum + s.amount, 0);
const META = { at: '2026-11-20T20:00:00.000Z', by: 'tailleur' };

describe('the floor board counts an ended shoe’s stakes to hand back (PostgreSQL)', function () {
  this.timeout(60_000);
  let server: ThrowawayPostgres;
  let db: pg.Pool;
  let dataDir: string;
  const lines = async (shoe: string) => (await readFile(shoeFilePath(dataDir, shoe), 'utf8')).split('\n').filter((l) => l !== '');

  before(async () => {
    server = await startThrowawayPostgres();
    db = centralPool(server.url, { max: 2 });
    await applyCentralSchema(db);
    dataDir = await mkdtemp(join(tmpdir(), 'tq-floor-hand-back-'));
  });

  after(async () => {
    if (db) await endPool(db);
    await server?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('from the shoe that ended, alone and then under the next shoe, until the next shoe records it handed back', async () => {
    expect(STAKES.length, 'coup 3 had stakes (else this test proves nothing)').to.equal(3);
    await registerTable(db, 'T1');
    const store = await TableStore.open(dataDir, { table: 'T1' });
    await store.createShoe({ ...FIRST, table: 'T1', shoe: 'T1-shoe-001' }, META);
    await store.append('T1-shoe-001', CUT.slice(1), META);
    await insertLines(db, 'T1', 'T1-shoe-001', await lines('T1-shoe-001'));
    const board = new FloorBoard(new CentralReader(db), { logger: pino({ level: 'silent' }) });
    await board.loadAll();
    // ended, no new shoe yet: its own stakes, as the chef's screen lists them at once
    expect(board.rows()[0]!.money?.handBack).to.deep.equal([{ shoe: 'T1-shoe-001', amount: TOTAL, stakes: 3 }]);

    await store.createShoe(linkedFirstLine({ ...FIRST, table: 'T1', shoe: 'T1-shoe-002' }, await store.readShoe('T1-shoe-001'), 1), META);
    await store.append('T1-shoe-002', ORDINARY.slice(1, 4), META);
    await insertLines(db, 'T1', 'T1-shoe-002', await lines('T1-shoe-002'));
    await board.changed('T1', 'T1-shoe-002');
    const next = board.rows()[0]!;
    expect(next.shoe).to.equal('T1-shoe-002');
    expect(next.money).to.include({ onLayout: 0, stakes: 0 });
    expect(next.money?.handBack).to.deep.equal([{ shoe: 'T1-shoe-001', amount: TOTAL, stakes: 3 }]);

    await store.append('T1-shoe-002', [{ type: 'handed-back', shoe: 'T1-shoe-001' }], { ...META, by: 'payeur' });
    await store.close();
    await insertLines(db, 'T1', 'T1-shoe-002', (await lines('T1-shoe-002')).slice(-1));
    await board.changed('T1', 'T1-shoe-002');
    expect(board.rows()[0]!.money?.handBack).to.deep.equal([]);
  });
});
