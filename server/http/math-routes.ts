/**
 * Game math for surveillance (API.md "Game math"; roles surveillance and chef):
 *
 * - `GET /api/audit/shuffle[?last=N]` — the shuffle audit (shoe/audit/) over the
 *   last N recorded shoes (default 2,000) in the order they started, with the
 *   card × position residuals and the carry-over shoe after shoe for the charts;
 *   each shoe read once, the last answers kept (shuffle-audit-cache.ts).
 * - `GET /api/edge` — the house edge of the rules the table deals with
 *   (shoe/edge/), simulated once per rule set in slices that yield to the event
 *   loop, so the live table never waits on it.
 */
import { Router } from 'express';
import { orderedShoe } from '../../shoe/card.ts';
import { edgeReport, type EdgeReport } from '../../shoe/edge/edge-estimate.ts';
import { createEdgeTally, playShoe } from '../../shoe/edge/house-edge.ts';
import { mulberry32, shuffleInPlace } from '../../shoe/math/seeded-random.ts';
import type { Rules } from '../../shoe/rules.ts';
import type { Table } from '../table/table.ts';
import { BadRequestError, NotFoundError } from './errors.ts';
import { allow } from './permissions.ts';
import type { ShoeArchive } from './shoe-archive.ts';
import { ShuffleAuditCache } from './shuffle-audit-cache.ts';

export const EDGE_SHOES = 20_000;
const EDGE_SLICE = 500;
const AUDIT_DEFAULT_LAST = 2_000;

export type EdgeAnswer = EdgeReport & { rules: Rules; seed: number };

/** The edge of one rule set, simulated in slices of {@link EDGE_SLICE} shoes between which other requests run. */
export async function simulateEdgeYielding(rules: Rules, shoes = EDGE_SHOES, seed = 1): Promise<EdgeAnswer> {
  const tally = createEdgeTally(rules);
  const random = mulberry32(seed);
  const shoe = orderedShoe();
  for (let done = 0; done < shoes; done += EDGE_SLICE) {
    for (let i = done; i < Math.min(shoes, done + EDGE_SLICE); i++) playShoe(shuffleInPlace(shoe, random), tally);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { ...edgeReport(tally), rules, seed };
}

export function mathRoutes(table: Table, archive: ShoeArchive | undefined): Router {
  const router = Router();
  router.use(['/api/audit', '/api/edge'], allow('audit.read'));
  const edges = new Map<string, Promise<EdgeAnswer>>();
  const audits = archive && new ShuffleAuditCache(archive);

  router.get('/api/edge', async (_req, res) => {
    const rules = table.view().rules;
    const key = JSON.stringify(rules);
    let answer = edges.get(key);
    if (answer === undefined) {
      answer = simulateEdgeYielding(rules);
      edges.set(key, answer);
      answer.catch(() => edges.delete(key));
    }
    res.json(await answer);
  });

  router.get('/api/audit/shuffle', async (req, res) => {
    if (!archive) throw new NotFoundError('this server keeps no shoe archive');
    const last = req.query.last === undefined ? AUDIT_DEFAULT_LAST : Number(req.query.last);
    if (!Number.isInteger(last) || last < 2 || last > 20_000) throw new BadRequestError('last', 'last is a number of shoes from 2 to 20000');
    const listed = (await archive.listShoes()).filter((s) => s.source !== 'file');
    const chosen = [...listed].sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : 0)).slice(-last);
    res.json(await audits!.audit(chosen));
  });
  return router;
}
