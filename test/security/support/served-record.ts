/**
 * A long record (archive.ts) served as `tq serve` serves it, every read of a
 * shoe file counted: what the hostile tests measure "each shoe read once" and
 * "no shoe read" by.
 */
import { storeArchive } from '../../../server/http/store-archive.ts';
import { startServer, type TestServer } from '../../server/http/support/server.ts';
import { longRecord, type LongRecord } from './archive.ts';

export interface ServedRecord {
  record: LongRecord;
  server: TestServer;
  /** Shoe files read so far. */
  reads: () => number;
}

export async function servedRecord(shoes: number): Promise<ServedRecord> {
  const record = await longRecord(shoes);
  let reads = 0;
  const readShoe = record.store.readShoe.bind(record.store);
  record.store.readShoe = (id) => {
    reads++;
    return readShoe(id);
  };
  const server = await startServer({ table: record.table, surveillance: storeArchive(record.store, record.dir) });
  return { record, server, reads: () => reads };
}
