/**
 * Attacks through a shoe log uploaded for replay (POST /api/shoes/open, a
 * surveillance login): a log of 32,000 refused lines froze the server's event
 * loop for minutes (no HTTP answer, no card ACK); logs with impossible rules
 * or look-alike seat ids were accepted. Uploads are bounded, read and
 * replayed in a worker with a time limit, and checked with the one Rules schema.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import type { Client } from '../server/http/support/client.ts';
import { startServer, type TestServer } from '../server/http/support/server.ts';

const NDJSON = { 'content-type': 'application/x-ndjson' };
const ordinary = readFileSync(new URL('../../fixtures/ordinary.jsonl', import.meta.url), 'utf8');

describe('security: uploaded shoe logs', () => {
  let server: TestServer;
  let audit: Client;
  beforeEach(async () => {
    server = await startServer();
    audit = await server.as('surveillance');
  });
  afterEach(() => server.close());

  it('refuses a log of 32,000 lines at once, naming the bound, and keeps answering', async () => {
    const r = await audit.request('POST', '/api/shoes/open', '{"type":"open"}\n'.repeat(32_000), NDJSON);
    expect(r.status).to.equal(400);
    expect(r.body.message).to.match(/at most 20000 events; this one has 32000 lines/);
    expect((await audit.get('/api/me')).status).to.equal(200);
  });

  it('reads an upload off the event loop: the server answers other requests while it is read', async () => {
    const lines = ordinary.trimEnd().split('\n');
    const big = [...lines, ...Array.from({ length: 15_000 }, () => '{"type":"open"}')].join('\n');
    const order: string[] = [];
    const upload = audit.request('POST', '/api/shoes/open', big, NDJSON).then((r) => {
      order.push('upload');
      return r;
    });
    const me = audit.get('/api/me').then((r) => {
      order.push('me');
      return r;
    });
    const [u, m] = await Promise.all([upload, me]);
    expect(u.status, u.text).to.equal(201);
    expect(m.status).to.equal(200);
    expect(order).to.deep.equal(['me', 'upload']);
  });

  it('ends the reading at its time limit and refuses the upload with 422, the server whole', async () => {
    const strict = await startServer({ uploads: { maxEvents: 20_000, maxPlayers: 100, timeLimitMs: 1, concurrent: 2 } });
    try {
      const c = await strict.as('surveillance');
      const r = await c.request('POST', '/api/shoes/open', ordinary, NDJSON);
      expect(r.status).to.equal(422);
      expect(r.body.error).to.equal('UPLOAD_TOO_COSTLY');
      expect((await c.get('/api/shoes')).body.filter((s: { source?: string }) => s.source === 'file')).to.deep.equal([]);
    } finally {
      await strict.close();
    }
  });

  const shoeLine = ordinary.split('\n')[0]!;
  const badRules: [string, (rules: Record<string, unknown>) => void, RegExp][] = [
    ['burn -1', (r) => (r.burn = -1), /rules\.burn/],
    ['insurance 5', (r) => (r.insurance = 5), /rules\.insurance/],
    ['min above max', (r) => (r.min = 600_000), /rules\.min/],
    ['a maximum beyond 100 million euros', (r) => (r.max = 20_000_000_000), /rules\.max/],
  ];
  for (const [what, change, field] of badRules) {
    it(`refuses a log whose rules say ${what}, with 400 naming line 1`, async () => {
      const first = JSON.parse(shoeLine) as { rules: Record<string, unknown> };
      change(first.rules);
      const r = await audit.request('POST', '/api/shoes/open', [JSON.stringify(first), ...ordinary.split('\n').slice(1)].join('\n'), NDJSON);
      expect(r.status, r.text).to.equal(400);
      expect(r.body.message)
        .to.match(/^line 1: /)
        .and.match(field);
    });
  }

  it('refuses a log of 0 cards', async () => {
    const r = await audit.request('POST', '/api/shoes/open', ordinary.replace('"cards":312', '"cards":0'), NDJSON);
    expect(r.status).to.equal(400);
    expect(r.body.message).to.match(/line 1: "cards"/);
  });

  for (const [what, player] of [
    ['a zero-width space', 's3\u200b'],
    ['a right-to-left override', '\u202es3'],
    ['markup', '<img src=x>'],
    ['a formula', '=HYPERLINK("x")'],
    ['__proto__', '__proto__'],
  ]) {
    it(`refuses a seat id with ${what}, naming the line`, async () => {
      const r = await audit.request('POST', '/api/shoes/open', ordinary.replace('"player":"s3"', `"player":${JSON.stringify(player)}`), NDJSON);
      expect(r.status, r.text).to.equal(400);
      expect(r.body.message).to.match(/^line \d+: "player" must be a seat id/);
    });
  }

  it('refuses a bidi override in the free text of a dispute', async () => {
    const dispute = '{"type":"dispute","coup":1,"announced":"Rouge\u202e gagne"}';
    const r = await audit.request('POST', '/api/shoes/open', `${ordinary.trimEnd()}\n${dispute}\n`, NDJSON);
    expect(r.status).to.equal(400);
    expect(r.body.message).to.match(/"announced" must not contain/);
  });
});
