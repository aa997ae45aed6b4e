/**
 * The dashboards' bundle at /: an outsider's fresh clone of the floor demo
 * served `{"error":"NOT_FOUND"}` at / with no word of why (the bundle was not
 * built). A page asked before the build now says how to build it; the demos
 * build it on start (server/cli/build-client.ts).
 */
import { expect } from 'chai';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NOT_BUILT, staticClient } from '../../../server/http/static-client.ts';

async function serve(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  app.use(staticClient(dir));
  app.use((_req, res) => res.status(404).json({ error: 'NOT_FOUND' }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

describe('the dashboards bundle at /', () => {
  let dir = '';
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'tq-static-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('answers a page asked before the bundle is built with how to build it, and leaves files and the API their 404', async () => {
    const s = await serve(join(dir, 'missing'));
    try {
      const page = await fetch(`${s.url}/`, { headers: { accept: 'text/html' } });
      expect(page.status).to.equal(503);
      expect(await page.text())
        .to.equal(NOT_BUILT)
        .and.to.include('npm run build:client');
      expect((await fetch(`${s.url}/app.js`, { headers: { accept: 'text/html' } })).status).to.equal(404);
      expect((await fetch(`${s.url}/api/x`, { headers: { accept: 'text/html' } })).status).to.equal(404);
    } finally {
      await s.close();
    }
  });

  it('serves the page once it is built, for client routes too', async () => {
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>tq</title>');
    const s = await serve(dir);
    try {
      for (const path of ['/', '/floor']) {
        const page = await fetch(`${s.url}${path}`, { headers: { accept: 'text/html' } });
        expect(page.status, path).to.equal(200);
        expect(await page.text()).to.include('<title>tq</title>');
      }
    } finally {
      await s.close();
    }
  });
});
