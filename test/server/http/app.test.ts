/**
 * What every answer shares (server/http/API.md): security headers, a request
 * id and one JSON log line per request, errors mapped in one place with no
 * stack trace (a 500 names only the id it was logged under), and the client
 * bundle served with its index.html fallback.
 */
import { expect } from 'chai';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sinon from 'sinon';
import { StoreError } from '../../../server/store/store-errors.ts';
import { until } from '../../support/until.ts';
import { startServer, type TestServer } from './support/server.ts';

describe('HTTP: every answer', () => {
  let server: TestServer;

  beforeEach(async () => (server = await startServer()));
  afterEach(async () => {
    sinon.restore();
    await server.close();
  });

  it('carries the security headers, and API answers are not cached', async () => {
    const r = await server.client().get('/api/me');
    expect(r.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(r.headers.get('referrer-policy')).to.equal('no-referrer');
    expect(r.headers.get('x-frame-options')).to.equal('DENY');
    expect(r.headers.get('content-security-policy')).to.contain("default-src 'self'").and.contain("frame-ancestors 'none'");
    expect(r.headers.get('cache-control')).to.equal('no-store');
    expect(r.headers.get('x-powered-by')).to.equal(null);
  });

  it('is logged as one JSON line with its request id, status and time', async () => {
    const c = await server.as('tailleur');
    const r = await c.get('/api/table');
    const id = r.headers.get('x-request-id');
    const logged = () => server.logs.filter((l) => l.msg === 'request' && (l.req as { id: string }).id === id);
    await until(() => logged().length > 0, 'the request to be logged');
    const lines = logged();
    expect(lines).to.have.length(1);
    expect(lines[0]).to.deep.include({ req: { id, method: 'GET', url: '/api/table' }, user: 'tailleur' });
    expect((lines[0]!.res as { status: number }).status).to.equal(200);
    expect(lines[0]!.ms).to.be.a('number');
  });

  it('logs each stored command as one line', async () => {
    await (await server.as('tailleur')).post('/api/shoe/start');
    const line = server.logs.find((l) => l.msg === 'command');
    expect(line).to.include({ command: 'shoe.start', user: 'tailleur', role: 'tailleur', outcome: 'stored' });
    expect(line!.events).to.deep.equal([0]);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const r = await (await server.as('chef')).get('/api/nothing/here', { accept: 'text/html' });
    expect(r.status).to.equal(404);
    expect(r.body).to.deep.equal({ error: 'NOT_FOUND', message: 'no route GET /api/nothing/here' });
  });

  it('answers an unexpected failure with 500 and the id it was logged under, nothing more', async () => {
    const c = await server.as('tailleur');
    sinon.stub(server.table, 'view').throws(new Error('disk on fire at /srv/tq/secret'));
    const r = await c.get('/api/table');
    expect(r.status).to.equal(500);
    expect(r.body.error).to.equal('INTERNAL');
    const id = /^internal error, logged as ([0-9a-f-]{36})$/.exec(r.body.message)?.[1];
    expect(id, r.body.message).to.be.a('string');
    expect(r.text).not.to.contain('disk on fire').and.not.to.contain('/srv/tq');
    const logged = server.logs.find((l) => l.errorId === id)!;
    expect((logged.err as { message: string }).message).to.equal('disk on fire at /srv/tq/secret');
  });

  it('maps a command that fails in the table for no rule of the game to 500, logged as refused', async () => {
    const c = await server.as('tailleur');
    sinon.stub(server.table, 'command').rejects(new TypeError('cannot read properties of undefined'));
    const r = await c.post('/api/bets/open');
    expect(r.status).to.equal(500);
    expect(r.text).not.to.contain('cannot read');
    expect(server.logs.find((l) => l.msg === 'command' && l.outcome === 'refused')).to.include({ code: 'INTERNAL' });
  });

  it('maps refusals of the store by their code: 409 for a shoe in play, 404 for an unknown shoe', async () => {
    const c = await server.as('tailleur');
    const command = sinon.stub(server.table, 'command').rejects(new StoreError('SHOE_IN_PLAY', 'shoe-1'));
    let r = await c.post('/api/bets/open');
    expect(r.status).to.equal(409);
    expect(r.body.error).to.equal('SHOE_IN_PLAY');
    command.rejects(new StoreError('UNKNOWN_SHOE', 'shoe-1'));
    r = await c.post('/api/bets/open');
    expect(r.status).to.equal(404);
    command.rejects(new StoreError('WRITE_FAILED', 'EIO'));
    r = await c.post('/api/bets/open');
    expect(r.status).to.equal(500);
    expect(r.text).not.to.contain('EIO');
  });

  it('answers 503 while the table is shutting down', async () => {
    const c = await server.as('tailleur');
    await server.table.close();
    const r = await c.post('/api/bets/open');
    expect(r.status).to.equal(503);
    expect(r.body.error).to.equal('TABLE_CLOSED');
  });
});

describe('HTTP: the client bundle', () => {
  let dir: string;
  let server: TestServer;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-client-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>TQ</title><script type="module" src="/assets/app.js"></script>');
    await writeFile(join(dir, 'assets', 'app.js'), 'console.log("tq")');
    server = await startServer({ clientDir: dir });
  });
  after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves index.html at /', async () => {
    const r = await server.client().get('/', { accept: 'text/html' });
    expect(r.status).to.equal(200);
    expect(r.headers.get('content-type')).to.match(/^text\/html/);
    expect(r.text).to.contain('<title>TQ</title>');
    expect(r.headers.get('x-content-type-options')).to.equal('nosniff');
  });

  it('serves the bundle files', async () => {
    const r = await server.client().get('/assets/app.js');
    expect(r.status).to.equal(200);
    expect(r.headers.get('content-type')).to.match(/javascript/);
  });

  it('falls back to index.html for a client route', async () => {
    const r = await server.client().get('/surveillance/shoes/abc', { accept: 'text/html,application/xhtml+xml' });
    expect(r.status).to.equal(200);
    expect(r.text).to.contain('<title>TQ</title>');
  });

  it('does not hide a missing script behind index.html', async () => {
    const r = await server.client().get('/assets/missing.js', { accept: '*/*' });
    expect(r.status).to.equal(404);
    expect(r.body.error).to.equal('NOT_FOUND');
  });
});
