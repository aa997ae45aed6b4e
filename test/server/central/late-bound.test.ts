/**
 * The late check's cheap bound (server/central/late-witness.ts): the chains'
 * pass clears most rows by comparing text, and runs the exact reading of
 * `at` (a regular expression and a timestamp cast) on the others only. The
 * bound must never clear a row the exact reading finds late: lags just over
 * and under the interval, to the millisecond and the microsecond, an `at`
 * in another form, a server that prints timestamps in another style, a year
 * past 9999.
 */
import { expect } from 'chai';
import pg from 'pg';
import { boundSql, LAG_SQL, lateSql } from '../../../server/central/late-witness.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './central-server.ts';

describe('late witness: the cheap bound clears no late row', () => {
  let server: ThrowawayPostgres;
  let db: pg.Client;
  before(async () => {
    server = await startThrowawayPostgres();
    db = new pg.Client({ connectionString: server.url });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await server?.destroy();
  });

  const at = (iso: string) => `{"at":"${iso}","i":0}`;
  const rows: [string, string][] = [];
  const received = '2026-11-26T10:00:00.000Z';
  for (const ms of [-2000, -1001, -1000.001, -1000, -999.999, -999, -60_000, -59_999, -60_001, -61_000, 0, 500, 86_400_000])
    rows.push([at(new Date(Date.parse(received) + ms).toISOString()), received]);
  rows.push([at('2026-11-26T09:59:00.000Z'), '2026-11-26T10:00:00.000001Z']);
  rows.push([at('2026-11-26T09:59:59.999Z'), '2026-11-26T10:01:00.000Z']);
  rows.push([at('2026-11-26 09:00:00.000Z'), received], [at('2026-11-26T09:00:00Z'), received], [at('garbage'), received], ['{"i":0}', received]);
  rows.push([at('2026-11-26T09:00:00.000Z'), '10000-01-01T00:00:00Z'], [at('0044-03-15T12:00:00.000Z'), '0001-01-01T00:00:00Z BC']);

  const judge = async (after: number) => {
    const r = await db.query<{ n: number; exact: boolean; cheap: boolean }>(
      `SELECT n, coalesce(${LAG_SQL} > $1::float8, false) AS exact, ${lateSql('$1')} AS cheap FROM (
         SELECT n, received_at, substr(line, strpos(line, '"at":"') + 6, 24) AS at, ${boundSql('$1')} AS bound
           FROM unnest($2::text[], $3::timestamptz[]) WITH ORDINALITY AS v(line, received_at, n)) v`,
      [after, rows.map((r) => r[0]), rows.map((r) => r[1])],
    );
    return r.rows;
  };

  for (const style of ['ISO, MDY', 'SQL, DMY', 'German', 'Postgres'])
    it(`agrees with the exact reading on every row, DateStyle ${style}`, async () => {
      await db.query(`SET DateStyle = '${style}'`);
      for (const after of [1, 1.0005, 60, 59.9999995, 0, 1e9, 1e12]) {
        const verdicts = await judge(after);
        for (const v of verdicts) expect(v.cheap, `row ${v.n}, late after ${after} s`).to.equal(v.exact);
        if (after === 60) expect(verdicts.filter((v) => v.exact).length, 'some rows are late').to.be.greaterThan(0);
      }
    });
});
