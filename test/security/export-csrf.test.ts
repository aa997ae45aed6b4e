/**
 * Found when probed as an attacker, in a real browser: a page on another port of the same
 * host is the "same site", so Chromium sends the chef's SameSite=Strict
 * cookie with its `<img>` GET of the settlement CSV, which was served and
 * recorded as the chef's export. Exports now answer only the dashboards' own
 * pages (`Sec-Fetch-Site: same-origin`) or a typed address (`none`).
 */
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { AccessLog } from '../../server/http/access-log.ts';
import { launchChromium } from '../client/support/chromium.ts';
import { startServer, type TestServer } from '../server/http/support/server.ts';
import { until } from '../support/until.ts';

describe('security: exports from another origin, in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  let server: TestServer;
  let attacker: Server;
  let access: AccessLog;
  let shoe: string;

  before(async () => {
    browser = await launchChromium();
    access = new AccessLog();
    server = await startServer({ access });
    const tailleur = await server.as('tailleur');
    shoe = (await tailleur.post('/api/shoe/start')).body.view.shoe as string;
    server.logs.length = 0;
    // The attacker's page: same host, another port.
    attacker = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(
        ['log', 'settlement.csv', 'report.html'].map((x) => `<img src="${server.url}/api/shoes/${shoe}/${x}">`).join('') +
          `<img src="${server.url}/api/access-log.csv">`,
      );
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    await browser?.close();
    await new Promise((r) => attacker?.close(r));
    await server?.close();
  });

  const exportsRecorded = async () => (await access.page(5000)).entries.filter((e) => e.kind === 'export');

  it("refuses the victim's exports requested by a page on another port, recording none", async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/api/me`);
    const login = await page.evaluate(async () => {
      const r = await fetch('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'chef', pin: '3333' }),
      });
      return r.status;
    });
    expect(login).to.equal(200);
    await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
    // What the server answered (the browser may hide a refused image's response from the page).
    const answered = () =>
      server.logs
        .map((l) => l as { req?: { url: string }; res?: { status: number } })
        .filter((l) => l.req && (l.req.url.startsWith('/api/shoes/') || l.req.url === '/api/access-log.csv'))
        .map((l) => l.res!.status);
    await until(() => answered().length === 4, 'the four image requests');
    expect(answered()).to.deep.equal([403, 403, 403, 403]);
    expect(await exportsRecorded()).to.deep.equal([]);
  });

  it('still serves an export the chef opens from the dashboard origin, or by typing its address', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/api/me`);
    await page.evaluate(() =>
      fetch('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: 'chef', pin: '3333' }) }),
    );
    const fromDashboard = await page.evaluate(async (path) => (await fetch(path)).status, `/api/shoes/${shoe}/settlement.csv`);
    expect(fromDashboard).to.equal(200);
    const typed = await page.goto(`${server.url}/api/shoes/${shoe}/report.html`);
    expect(typed?.status()).to.equal(200);
    expect((await exportsRecorded()).map((e) => (e.kind === 'export' ? e.what : ''))).to.deep.equal(['report-html', 'settlement-csv']);
  });
});
