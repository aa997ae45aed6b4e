/**
 * Found when probed as an attacker: requests a client can make answered 500 — the printable
 * report of an uploaded log whose `at` is not a time, a line nested thousands
 * deep, a plain body sent as `Content-Encoding: gzip` — and a TLS key every
 * user of the machine can read was accepted silently.
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tlsFiles } from '../../server/config/tls-config.ts';
import { startServer, type TestServer } from '../server/http/support/server.ts';

const NDJSON = { 'content-type': 'application/x-ndjson' };
const ordinary = readFileSync(new URL('../../fixtures/ordinary.jsonl', import.meta.url), 'utf8')
  .trimEnd()
  .split('\n');

describe('security: what answered 500', function () {
  this.timeout(60_000);
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(() => server.close());

  it('renders the printable report of a log whose times are not times, showing them unknown', async () => {
    const audit = await server.as('surveillance');
    const log = ordinary.map((l, i) => (i === 0 || i === ordinary.length - 1 ? JSON.stringify({ ...JSON.parse(l), at: 'not a time' }) : l)).join('\n');
    const opened = await audit.request('POST', '/api/shoes/open', log, NDJSON);
    expect(opened.status).to.equal(201);
    const page = await audit.get(`/api/shoes/${opened.body.id}/report.html`);
    expect(page.status, page.text).to.equal(200);
    expect(page.text).to.include('unknown');
  });

  it('refuses a line nested thousands deep with 400 naming the line', async () => {
    const audit = await server.as('surveillance');
    const deep = `${ordinary[0]}\n{"type":"open","x":${'['.repeat(20_000)}${']'.repeat(20_000)}}\n`;
    const r = await audit.request('POST', '/api/shoes/open', deep, NDJSON);
    expect(r.status).to.equal(400);
    expect(r.body.message).to.match(/line 2: nested more than 8 levels deep/);
  });

  it('answers a plain body sent as gzip or br with 400, logged in or not', async () => {
    const payeur = await server.as('payeur');
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body: '{"user":"x"}',
      });
      expect(login.status, encoding).to.equal(400);
      const bet = await payeur.request('POST', '/api/bets', '{"player":"s1"}', { 'content-type': 'application/json', 'content-encoding': encoding });
      expect(bet.status, encoding).to.equal(400);
    }
  });

  it('refuses a TLS key every user of the machine can read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tq-tls-mode-'));
    try {
      const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:P-256',
          '-nodes',
          '-keyout',
          key,
          '-out',
          cert,
          '-days',
          '2',
          '-subj',
          '/CN=localhost',
        ],
        { stdio: 'ignore' },
      );
      expect(await tlsFiles(cert, key, dir)).to.deep.equal({ certFile: cert, keyFile: key });
      await chmod(key, 0o644);
      const refused = await tlsFiles(cert, key, dir).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(refused?.message).to.match(/--tls-key: .* is readable by every user of this machine \(mode 644\)/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
