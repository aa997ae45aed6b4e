/**
 * `tq export --central <url> --table <id> --shoe <id|latest>`: the central
 * copy of a shoe as its shoe log (docs/central-store.md), written exactly as
 * `tq export --data` writes the table's own copy, so the two compare line
 * for line.
 */
import { writeFile } from 'node:fs/promises';
import type { ShoeEvent } from '../../../shoe/events.ts';
import { formatShoeLog } from '../../../shoe/shoe-log.ts';
import { withCentral } from '../../central/central-connect.ts';
import { CentralError } from '../../central/central-error.ts';
import { listShoes, shoeRows } from '../../central/central-reader.ts';
import type { CliIo } from '../tq.ts';
import { ambiguousShoe, shoeByName } from './shoe-by-name.ts';

export async function exportCentral(opts: { url: string; table: string; shoe: string; out?: string }, io: CliIo): Promise<number> {
  try {
    const text = await withCentral(opts.url, async (db) => {
      const shoes = (await listShoes(db, opts.table)).map((s) => s.shoe);
      // by its id or the end of it the screens show, as --data takes it (refused "81d7bcd4", outsider pass 38)
      const shoe = opts.shoe === 'latest' ? shoes.at(-1) : shoeByName(shoes, opts.shoe);
      if (Array.isArray(shoe)) throw new CentralError('UNKNOWN_SHOE', ambiguousShoe(opts.shoe, shoe));
      if (shoe === undefined) throw new CentralError('UNKNOWN_SHOE', `no shoe of table ${opts.table} in the central store`);
      const rows = await shoeRows(db, opts.table, shoe);
      if (rows.length === 0) throw new CentralError('UNKNOWN_SHOE', `table ${opts.table} shoe ${shoe}`);
      return formatShoeLog(rows.map((r) => JSON.parse(r.line) as ShoeEvent));
    });
    if (opts.out === undefined) io.stdout.write(text);
    else await writeFile(opts.out, text);
    return 0;
  } catch (e) {
    if (!(e instanceof CentralError)) throw e;
    io.stderr.write(`tq export: ${e.message}\n`);
    return 1;
  }
}
