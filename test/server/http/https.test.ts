/**
 * HTTPS (README "HTTPS"): `tq serve --tls-cert --tls-key` serves the API and
 * the dashboards over TLS with a certificate made by openssl here, as the
 * README tells a casino to make one; the session cookie is then `Secure`.
 * With NODE_ENV=production, plain HTTP beyond loopback is refused unless
 * `--allow-http` says so.
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningTable } from '../../../server/app/table-server.ts';
import { ConfigError } from '../../../server/config/config-error.ts';
import { serverConfig } from '../../../server/config/server-config.ts';
import { createDemoUsers } from '../../../server/http/users.ts';
import * as serve from '../../../server/cli/commands/serve.ts';
import { startTableOn } from '../app/table-server-support.ts';
import { runCommand } from '../cli/cli-io.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(url: string, path: string, options: { ca?: Buffer; cookie?: string; method?: string; body?: string; origin?: string } = {}): Promise<Answer> {
  const u = new URL(path, url);
  const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      u,
      {
        method: options.method ?? 'GET',
        ...(options.ca && { ca: options.ca }),
        headers: {
          ...(options.cookie && { cookie: options.cookie }),
          ...(options.body && { 'content-type': 'application/json' }),
          ...(options.origin && { origin: options.origin }),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('HTTPS', function () {
  this.timeout(30_000);
  let dir: string;
  let cert: string;
  let key: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-https-'));
    [cert, key] = [join(dir, 'table.crt'), join(dir, 'table.key')];
    // The README's self-signed certificate, naming the table's address in subjectAltName.
    const command = `req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=tq-table -addext subjectAltName=IP:127.0.0.1,DNS:localhost`;
    execFileSync('openssl', [...command.split(' '), '-keyout', key, '-out', cert], { stdio: 'ignore' });
    await createDemoUsers(join(dir, 'users.json'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  describe('tq serve --tls-cert --tls-key', () => {
    let table: RunningTable;
    let ca: Buffer;
    before(async () => {
      table = await startTableOn(dir, { 'tls-cert': cert, 'tls-key': key });
      ca = await readFile(cert);
    });
    after(() => table.close());

    it('serves the API over TLS to a client that trusts the certificate, with a Secure session cookie', async () => {
      expect(table.url).to.match(/^https:\/\/127\.0\.0\.1:\d+$/);
      const login = await get(table.url, '/api/login', { ca, method: 'POST', body: JSON.stringify({ user: 'chef', pin: '3333' }), origin: table.url });
      expect(login.status, login.body).to.equal(200);
      const cookie = (login.headers['set-cookie'] as string[])[0]!;
      expect(cookie)
        .to.match(/; Secure/)
        .and.match(/; HttpOnly/)
        .and.match(/; SameSite=Strict/);
      const me = await get(table.url, '/api/me', { ca, cookie: cookie.split(';')[0]! });
      expect(JSON.parse(me.body)).to.deep.equal({ user: 'chef', role: 'chef' });
    });

    it('refuses a client that does not trust the certificate, and says nothing in clear', async () => {
      const untrusted = await get(table.url, '/api/me').catch((e: NodeJS.ErrnoException) => e.code);
      expect(untrusted).to.equal('DEPTH_ZERO_SELF_SIGNED_CERT');
      const clear = await get(table.url.replace('https:', 'http:'), '/api/me').then(
        (a) => a.status,
        () => 'refused',
      );
      expect(clear).to.equal('refused');
    });
  });

  describe('with NODE_ENV=production', () => {
    const production = { NODE_ENV: 'production' };
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e as ConfigError,
      );

    it('refuses plain HTTP on the network, naming the ways out', async () => {
      const e = await refusal(serverConfig({ host: '0.0.0.0' }, production, dir));
      expect(e).to.be.instanceOf(ConfigError);
      expect(e!.message).to.equal(
        'NODE_ENV=production: plain HTTP on 0.0.0.0 would carry PINs and session cookies in clear over the network; give --tls-cert and --tls-key (README "HTTPS"), listen on 127.0.0.1, or pass --allow-http',
      );
      expect(await refusal(serverConfig({ host: '192.168.1.20' }, production, dir))).to.be.instanceOf(ConfigError);
      expect(await refusal(serverConfig({}, production, dir)), 'the default host is every interface').to.be.instanceOf(ConfigError);
    });

    it('allows HTTPS, loopback, or plain HTTP when --allow-http says so', async () => {
      expect((await serverConfig({ 'tls-cert': cert, 'tls-key': key }, production, dir)).tls).to.deep.equal({ certFile: cert, keyFile: key });
      for (const host of ['127.0.0.1', '::1', 'localhost']) expect((await serverConfig({ host }, production, dir)).host).to.equal(host);
      expect((await serverConfig({ host: '0.0.0.0', 'allow-http': true }, production, dir)).tls).to.equal(undefined);
      expect((await serverConfig({ host: '0.0.0.0' }, {}, dir)).host, 'outside production plain HTTP stays possible').to.equal('0.0.0.0');
    });

    it('wants both TLS files, each readable', async () => {
      expect((await refusal(serverConfig({ 'tls-cert': cert }, {}, dir)))?.message).to.equal(
        '--tls-cert (TQ_TLS_CERT) and --tls-key (TQ_TLS_KEY) go together: give both',
      );
      expect((await refusal(serverConfig({ 'tls-cert': cert, 'tls-key': 'missing.key' }, {}, dir)))?.message).to.equal(
        `--tls-key: cannot read ${join(dir, 'missing.key')}`,
      );
    });

    it('makes `tq serve` exit 2 before it listens', async () => {
      const before = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      try {
        const r = await runCommand(serve, ['--serial', '/dev/ttyUSB9', '--mock-serial', '--data', dir, '--host', '0.0.0.0', '--port', '0']);
        expect(r.status).to.equal(2);
        expect(r.err).to.match(/^tq serve: NODE_ENV=production: plain HTTP on 0\.0\.0\.0/);
      } finally {
        if (before === undefined) delete process.env.NODE_ENV;
        else process.env.NODE_ENV = before;
      }
    });
  });
});
