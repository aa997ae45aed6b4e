/**
 * One table's shoes in the central store as the surveillance archive
 * (server/http/shoe-archive.ts), so the floor serves the very routes and
 * replay the table's own surveillance page uses. Verify is `tq verify
 * --central`'s check of one shoe (server/central/verify-central.ts): the hash
 * chain and the rules over the stored lines, each row's columns against its
 * line, and every seal against the key surveillance registered — the witness
 * must hold together without the table's files.
 */
import type { KeyObject } from 'node:crypto';
import { replayShoe } from '../../shoe/replay.ts';
import { listTables, shoeRows, shoeSeals } from '../central/central-reader.ts';
import { parsePublicKey } from '../central/table-keys.ts';
import { verifyCentralShoe } from '../central/verify-central.ts';
import { centralErrorOf } from '../central/central-error.ts';
import { CodedError } from '../../shoe/coded-error.ts';
import { CentralUnreachableError, NotFoundError } from '../http/errors.ts';
import type { ShoeArchive, ShoeSummary, VerifyProblem } from '../http/shoe-archive.ts';
import type { CentralReader, ShoeRow } from './central-reader.ts';

/** A read the central store did not answer, as a 503 the floor's pages say in words; any other error as it is. */
async function answered<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof CodedError || centralErrorOf(e).code !== 'UNREACHABLE') throw e;
    throw new CentralUnreachableError(`the central store did not answer: ${(e as Error).message}`, { cause: e });
  }
}

export function centralArchive(reader: CentralReader, table: string): ShoeArchive {
  const archive = centralArchiveOf(reader, table);
  return {
    listShoes: () => answered(() => archive.listShoes()),
    readShoe: (id) => answered(() => archive.readShoe(id)),
    verifyShoe: (id) => answered(() => archive.verifyShoe(id)),
  };
}

function centralArchiveOf(reader: CentralReader, table: string): ShoeArchive {
  const load = async (id: string) => {
    const events = await reader.events(table, id);
    if (events.length === 0) throw new NotFoundError(`no shoe ${id} of table ${table} in the central store`);
    return events;
  };
  return {
    async listShoes() {
      const rows = (await reader.shoes(table)).map((r) => summaryOf(table, r));
      return rows.sort((a, b) => (a.startedAt === b.startedAt ? (a.id < b.id ? -1 : 1) : a.startedAt < b.startedAt ? -1 : 1));
    },
    readShoe: load,
    async verifyShoe(id) {
      const rows = await shoeRows(reader.db, table, id);
      if (rows.length === 0) throw new NotFoundError(`no shoe ${id} of table ${table} in the central store`);
      const [registered] = await listTables(reader.db, table);
      const problems: VerifyProblem[] = [];
      let key: KeyObject | null = null;
      try {
        key = parsePublicKey(registered?.publicKey ?? '');
      } catch (e) {
        problems.push({
          index: null,
          kind: 'bad-key',
          message: `the key registered for table ${table} cannot be read (${(e as Error).message}): no seal can be checked`,
        });
      }
      const verdict = verifyCentralShoe(table, id, rows, await shoeSeals(reader.db, table, id), key, replayShoe);
      problems.push(...verdict.problems.map(({ index, kind, message }) => ({ index, kind, message })));
      return { ok: problems.length === 0, problems, seals: key === null ? 'no-key' : 'checked' };
    },
  };
}

/** A row of GET /api/shoes from the shoe's first and end lines. */
function summaryOf(table: string, r: ShoeRow): ShoeSummary {
  const first = parse(r.firstLine);
  const end = parse(r.endLine);
  const reason = end?.reason === 'empty' || end?.reason === 'suspended' ? end.reason : undefined;
  return {
    id: r.shoe,
    table,
    startedAt: typeof first?.at === 'string' ? first.at : '',
    ...(typeof end?.at === 'string' && { endedAt: end.at }),
    ...(reason !== undefined && { end: reason }),
    events: r.events,
  };
}

function parse(line: string | null): Record<string, unknown> | undefined {
  if (line === null) return undefined;
  try {
    const v: unknown = JSON.parse(line);
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
