/**
 * The TableStore as the surveillance archive (shoe-archive.ts): its index
 * lists the shoes, its files are read as stored, and verify checks the file's
 * bytes — hash chain, torn tail, the end the index recorded — and replays it
 * through the rules (server/store/verify.ts).
 */
import { replayShoe } from '../../shoe/replay.ts';
import type { TableStore } from '../store/table-store.ts';
import { readSeals } from '../central/seal-file.ts';
import { LATE_AFTER_S } from '../central/late-witness.ts';
import { checkShoeSeals, loadSealKeys, shoeLines } from '../central/shoe-seals.ts';
import { foundUnsealed, mayHoldWitnessEvents, unwitnessedSpans } from '../central/unwitnessed-spans.ts';
import { shoeFilePath } from '../store/data-dir.ts';
import { verifyShoeFiles } from '../store/verify.ts';
import { NotFoundError } from './errors.ts';
import type { SealCheck, ShoeArchive, ShoeSummary } from './shoe-archive.ts';

/**
 * `store`: the TableStore, or any reader of its record (server/app/record-reader.ts).
 * `witnessed`: a central witness is configured, so the seals are checked there.
 * Otherwise a table with a key seals its record on its own disk
 * (server/central/local-sealer.ts) and verify checks the shoe's seals here.
 */
export function storeArchive(store: Pick<TableStore, 'listShoes' | 'readShoe'>, dataDir: string, witnessed = false, keyFile?: string): ShoeArchive {
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
      const found = problems.map(({ index, kind, message }) => ({ index, kind, message }));
      if (witnessed) return { ok, problems: found, seals: 'elsewhere' as SealCheck };
      const keys = await loadSealKeys(dataDir, keyFile).catch(() => null);
      const seals = keys && (await readSeals(dataDir, id)); // before the lines: every seal read seals an event on disk
      const file = seals && (await shoeLines(shoeFilePath(dataDir, id)));
      if (keys === null || seals === null || file === null) return { ok, problems: found, seals: 'no-key' as SealCheck };
      const sealed = checkShoeSeals(known.table, id, keys, seals, file.at, file.count);
      // As `tq verify --data` judges it (verify-local-record.ts): play no seal vouches for, found on a start or dealt without the witness.
      const lines = mayHoldWitnessEvents(file.text) ? Array.from({ length: file.count }, (_, k) => file.at(k) ?? {}) : [];
      const unvouched = unwitnessedSpans(lines, LATE_AFTER_S);
      const restarts = foundUnsealed(lines);
      // A shoe still being dealt is sealed at checkpoints: say how far, so "verified" is not read as "sealed to the last card".
      const partly = sealed.last !== null && sealed.sealedTo !== sealed.last && known.endedAt === undefined;
      return {
        ok: ok && sealed.problems.length === 0 && unvouched.length === 0,
        problems: [...found, ...sealed.problems, ...unvouched],
        seals: 'checked' as SealCheck,
        ...(partly && { sealedTo: { i: sealed.sealedTo, last: sealed.last! } }),
        ...(restarts.length > 0 && { unsealedAtRestart: restarts }),
      };
    },
  };
}
