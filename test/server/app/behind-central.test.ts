/**
 * A witnessed table restored from an older backup started 210 events behind
 * its central copy without a word, then every re-dealt event was refused as
 * DIVERGED. It now refuses to open while its record is behind, naming the
 * shoe and the counts, until surveillance decides (--accept-behind-central).
 */
import { join } from 'node:path';
import { expect } from 'chai';
import { BehindCentralError, shoesBehindCentral } from '../../../server/app/behind-central.ts';
import { centralPool } from '../../../server/central/central-connect.ts';
import { createDemoUsers } from '../../../server/http/users.ts';
import { insertLines, type RecordedShoe, recordFixture, removeRecorded } from '../../support/central-store.ts';
import { freshDatabase, keyAndRegister, startThrowawayPostgres, type ThrowawayPostgres } from '../central/central-server.ts';
import { startTableOn } from './table-server-support.ts';

describe('a witnessed table behind its central copy', function () {
  this.timeout(90_000);
  let pg: ThrowawayPostgres | undefined;
  const recorded: RecordedShoe[] = [];
  before(async function () {
    pg = await startThrowawayPostgres().catch(() => undefined);
    if (pg === undefined) this.skip();
  });
  after(async () => {
    await removeRecorded(recorded);
    await pg?.destroy();
  });

  it('refuses to open, naming the shoe and the counts, until surveillance accepts the gap', async () => {
    const url = await freshDatabase(pg!);
    // What the central store holds: 80 events of the shoe. What the restored table holds: the first 40.
    const ahead = await recordFixture('ordinary', 'T1', 80);
    const restored = await recordFixture('ordinary', 'T1', 40);
    recorded.push(ahead, restored);
    await keyAndRegister(url, restored.dataDir, 'T1');
    const pool = centralPool(url);
    try {
      await insertLines(pool, 'T1', ahead.shoe, ahead.lines);
    } finally {
      await pool.end();
    }
    await createDemoUsers(join(restored.dataDir, 'users.json'));

    expect(await shoesBehindCentral(url, 'T1', restored.dataDir)).to.deep.equal([{ shoe: ahead.shoe, local: 40, central: 80 }]);
    const refused = await startTableOn(restored.dataDir, { central: url, table: 'T1' }).then(
      async (t) => {
        await t.close();
        return null;
      },
      (e: unknown) => e,
    );
    expect(refused).to.be.instanceOf(BehindCentralError);
    expect((refused as Error).message).to.include(`${ahead.shoe}: 40 here, 80 centrally`);

    const accepted = await startTableOn(restored.dataDir, { central: url, table: 'T1', 'accept-behind-central': true });
    await accepted.close();
  });

  it('opens a table level with its central copy', async () => {
    const url = await freshDatabase(pg!);
    const level = await recordFixture('ordinary', 'T1', 40);
    recorded.push(level);
    await keyAndRegister(url, level.dataDir, 'T1');
    const pool = centralPool(url);
    try {
      await insertLines(pool, 'T1', level.shoe, level.lines);
    } finally {
      await pool.end();
    }
    await createDemoUsers(join(level.dataDir, 'users.json'));
    await (await startTableOn(level.dataDir, { central: url, table: 'T1' })).close();
    expect(await shoesBehindCentral(url, 'T1', level.dataDir)).to.deep.equal([]);
  });
});
