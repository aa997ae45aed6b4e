/**
 * The dashboards' bundle (it "serves the client bundle statically from
 * clientDir (default client/dist) at /, with index.html fallback for client
 * routes"). The fallback answers only GET/HEAD asking for text/html, of a
 * path that is not under /api/ and does not name a file (`/x/app.js`), so a
 * missing script or an unknown API path stays a 404. A page asked before the
 * bundle is built is answered 503 with how to build it.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type RequestHandler, Router } from 'express';

export const DEFAULT_CLIENT_DIR = 'client/dist';

export const NOT_BUILT = 'The dashboards are not built on this server: run `npm run build:client` (the demos build them on start), then reload.';

/** A last path segment with an extension names a file, not a client route. */
const FILE_NAME = /\/[^/]*\.[A-Za-z0-9]+$/;

export function staticClient(clientDir: string = DEFAULT_CLIENT_DIR): Router {
  const root = resolve(clientDir);
  const router = Router();
  router.use(express.static(root, { index: 'index.html', dotfiles: 'ignore', fallthrough: true }));
  router.use(indexFallback(root));
  return router;
}

function indexFallback(root: string): RequestHandler {
  const index = join(root, 'index.html');
  return (req, res, next) => {
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.path.startsWith('/api/') &&
      !FILE_NAME.test(req.path) &&
      (req.get('accept') ?? '').includes('text/html');
    if (!wantsPage) return next();
    // Not built (a fresh clone before `npm run build:client`): a page that says so, not a bare 404 at /.
    if (!existsSync(index)) return res.status(503).type('text/plain').send(NOT_BUILT);
    res.sendFile(index, { headers: { 'Cache-Control': 'no-cache' } });
  };
}
