/**
 * The TableStore as the surveillance archive (shoe-archive.ts): its index
 * lists the shoes, its files are read as stored, and verify checks the file's
 * bytes — hash chain, torn tail, the end the index recorded — and replays it
 * through the rules (server/store/verify.ts).
 */
import { replayShoe } from '../../shoe/replay.ts';
import type { TableStore } from '../store/table-store.ts';
import { verifyShoeFiles } from '../store/verify.ts';
import { NotFoundError } from './errors.ts';
import type { SealCheck, ShoeArchive, ShoeSummary } from './shoe-archive.ts';

/**
 * `store`: the TableStore, or any reader of its record (server/app/record-reader.ts).
 * `witnessed`: a central witness is configured, so the seals exist and are checked there.
 */
export function storeArchive(store: Pick<TableStore, 'listShoes' | 'readShoe'>, dataDir: string, witnessed = false): ShoeArchive {
  const entry = (id: string) => store.listShoes().find((e) => e.id === id);
  return {
    async listShoes() {
      const rows: ShoeSummary[] = [];
      for (const e of store.listShoes()) {
        // The index counts events when a shoe ends; the shoe in play is counted from its file.
        const events = e.events ?? (await store.readShoe(e.id)).length;
        rows.push({
          id: e.id,
          table: e.table,
          startedAt: e.startedAt,
          ...(e.endedAt !== undefined && { endedAt: e.endedAt }),
          ...(e.endReason && { end: e.endReason }),
          events,
        });
      }
      return rows;
    },
    // A shoe the index does not list is NOT_FOUND, as for verify (API.md: 404 NOT_FOUND), not the store's own code.
    readShoe: (id) => (entry(id) ? store.readShoe(id) : Promise.reject(new NotFoundError(`no shoe ${id}`))),
    async verifyShoe(id) {
      const known = entry(id);
      if (!known) throw new NotFoundError(`no shoe ${id}`);
      const [verdict] = await verifyShoeFiles(dataDir, [{ shoe: id, entry: known }], replayShoe);
      const { ok, problems } = verdict!;
      // The table's own verify reads its files: chain and rules, never a seal (those are the central witness's).
      const seals: SealCheck = witnessed ? 'elsewhere' : 'no-key';
      return { ok, problems: problems.map(({ index, kind, message }) => ({ index, kind, message })), seals };
    },
  };
}
