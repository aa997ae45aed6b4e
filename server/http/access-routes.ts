/**
 * API.md "Access log" (roles chef and surveillance): the entries newest
 * first, and the whole log as CSV (its download is itself an entry). The
 * address is the TCP peer's: the server is reached directly, over its own
 * HTTPS, never through a proxy whose headers it would have to trust.
 */
import { once } from 'node:events';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { accessDetail, type AccessEntry, type AccessLog, type ExportKind } from './access-log.ts';
import { accountOf } from './auth.ts';
import { UnauthenticatedError } from './errors.ts';
import { allow } from './permissions.ts';
import { csvText } from './settlement-csv.ts';

export function clientAddress(req: Request): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/** Records that the session's user takes `what` out (or opens a log); resolves once it is on disk. */
export async function recordExport(
  access: AccessLog | undefined,
  req: Request,
  res: Response,
  what: ExportKind,
  about: { shoe?: string; name?: string } = {},
): Promise<void> {
  if (!access) return;
  const session = accountOf(res);
  if (!session) throw new UnauthenticatedError();
  const { user, role } = session;
  await access.record({ kind: 'export', user, role, what, ...about }, clientAddress(req));
}

const listQuery = z.object({
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(5000, { error: 'must be at most 5000' })
    .optional(),
  /** The `before` of the previous page. */
  before: z
    .string()
    .regex(/^[0-9]{1,2}:[0-9]{1,12}$/, { error: 'must be the before of a page' })
    .optional(),
});

const CSV_COLUMNS = ['at', 'kind', 'user', 'role', 'address', 'detail'] as const;

const csvRow = (e: AccessEntry) => [e.at, e.kind, csvText(e.user), 'role' in e ? e.role : '', csvText(e.address), csvText(accessDetail(e))].join(',');

export function accessCsv(entries: readonly AccessEntry[]): string {
  return `${[CSV_COLUMNS.join(','), ...entries.map(csvRow)].join('\r\n')}\r\n`;
}

export function accessRoutes(access: AccessLog): Router {
  const router = Router();
  router.get('/api/access-log', allow('access.read'), async (req, res) => {
    const { limit = 200, before } = listQuery.parse(req.query);
    res.json(await access.page(limit, before));
  });
  router.get('/api/access-log.csv', allow('access.read'), async (req, res) => {
    await recordExport(access, req, res, 'access-log-csv');
    res.type('text/csv; charset=utf-8').setHeader('Content-Disposition', 'attachment; filename="access-log.csv"');
    // Streamed a chunk of the files at a time, waiting for the client to drain: the log may hold a million lines.
    res.write(`${CSV_COLUMNS.join(',')}\r\n`);
    for await (const entries of access.all()) {
      if (entries.length > 0 && !res.write(`${entries.map(csvRow).join('\r\n')}\r\n`)) await once(res, 'drain');
      if (res.destroyed) return;
    }
    res.end();
  });
  return router;
}
