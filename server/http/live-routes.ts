/**
 * API.md "Live (any role)": the table as it stands, and the live stream.
 */
import { Router } from 'express';
import type { Logger } from 'pino';
import { withCurrentAlerts } from '../table/link-summary.ts';
import type { Table } from '../table/table.ts';
import { eventsRoute } from './events-route.ts';
import { allow } from './permissions.ts';
import type { ShoeArchive } from './shoe-archive.ts';

export function liveRoutes(table: Table, archive: ShoeArchive | undefined, logger: Logger, heartbeatMs?: number): Router {
  const router = Router();
  router.get('/api/table', allow('table.view'), (_req, res) => {
    res.json({ view: table.view(), link: withCurrentAlerts(table.linkStatus(), Date.now()) });
  });
  router.get('/api/events', allow('table.events'), eventsRoute(table, archive, logger, heartbeatMs));
  return router;
}
