/**
 * The floor's archive of a table (server/floor/central-archive.ts) when the
 * central store does not answer: a 503 the pages say in words. During an
 * outage the replay read "No shoe recorded" beside "Internal error of the
 * server", which a supervisor took for a shoe gone missing (outside floor
 * pass 46).
 */
import { expect } from 'chai';
import { centralPool, endPool } from '../../../server/central/central-connect.ts';
import { centralArchive } from '../../../server/floor/central-archive.ts';
import { CentralReader } from '../../../server/floor/central-reader.ts';
import { CentralUnreachableError, toHttp } from '../../../server/http/errors.ts';

/** Nothing listens on port 9 (discard) here. */
const DOWN = 'postgres://floor_ro:x@127.0.0.1:9/floor';

describe('the floor’s archive of a table when the central store does not answer', () => {
  it('answers each read with a 503 CENTRAL_UNREACHABLE, not an internal error', async () => {
    const pool = centralPool(DOWN, { max: 1 });
    try {
      const archive = centralArchive(new CentralReader(pool), 'T1');
      for (const read of [() => archive.listShoes(), () => archive.readShoe('x'), () => archive.verifyShoe('x')]) {
        const error = await read().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).to.be.instanceOf(CentralUnreachableError);
        expect(toHttp(error)).to.deep.include({ status: 503, internal: false });
        expect(toHttp(error).body.error).to.equal('CENTRAL_UNREACHABLE');
      }
    } finally {
      await endPool(pool);
    }
  });
});
