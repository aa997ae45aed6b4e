/**
 * Attack: keys taken from input used as keys of plain objects. A player named
 * `__proto__` in an uploaded shoe log or in a bet once set Object.prototype.net,
 * after which zod's strict objects refused every JSON body ("net is not a
 * known field"): no login, no command, until a restart. No input may change
 * Object.prototype, and the server goes on answering.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { BURN } from '../server/http/support/cards.ts';
import { startServer, type TestServer } from '../server/http/support/server.ts';

const NDJSON = { 'content-type': 'application/x-ndjson' };
const FIXTURE = new URL('../../fixtures/ordinary.jsonl', import.meta.url);

/** Everything Object.prototype holds, to compare before and after. */
const prototypeShape = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');

describe('security: no input changes Object.prototype', () => {
  let server: TestServer;
  let shape: string;

  beforeEach(async () => {
    shape = prototypeShape();
    server = await startServer();
  });
  afterEach(async () => {
    await server.close();
    expect(prototypeShape(), 'Object.prototype changed').to.equal(shape);
    expect(({} as Record<string, unknown>).net).to.equal(undefined);
  });

  it('an uploaded log with players __proto__, constructor and toString, then its report, leaves logins working', async () => {
    const text = (await readFile(FIXTURE, 'utf8'))
      .replaceAll('"player":"s1"', '"player":"__proto__"')
      .replaceAll('"player":"s2"', '"player":"constructor"')
      .replaceAll('"player":"s3"', '"player":"toString"');
    const audit = await server.as('surveillance');
    const opened = await audit.request('POST', '/api/shoes/open', text, NDJSON);
    if (opened.status === 201) {
      for (const path of ['report', 'report.html', 'settlement.csv', 'verify', 'state']) {
        expect((await audit.get(`/api/shoes/${opened.body.id}/${path}`)).status, path).to.equal(200);
      }
    } else {
      expect(opened.status, opened.text).to.equal(400);
    }
    expect(prototypeShape()).to.equal(shape);
    expect((await server.client().post('/api/login', { user: 'payeur', pin: '2222' })).status).to.equal(200);
  });

  it('lines carrying __proto__ and constructor.prototype keys are read as data', async () => {
    const text = [
      '{"type":"shoe","table":"T1","shoe":"x","cards":312,"rules":{"burn":5,"min":500,"max":500000,"insurance":0.01,"maxPrisonLevel":3,"exposedCoupLimit":3,"endOfShoeRelease":true,"__proto__":{"net":1}},"__proto__":{"polluted":true}}',
      '{"type":"card","seq":1,"card":"8C","constructor":{"prototype":{"polluted":true}}}',
    ].join('\n');
    const audit = await server.as('surveillance');
    const opened = await audit.request('POST', '/api/shoes/open', text, NDJSON);
    if (opened.status === 201) expect((await audit.get(`/api/shoes/${opened.body.id}/report`)).status).to.equal(200);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    expect((await server.client().post('/api/login', { user: 'chef', pin: '3333' })).status).to.equal(200);
  });

  it('a bet for seat __proto__ is a 400 naming the player, and bets go on being taken', async () => {
    const tailleur = await server.as('tailleur');
    const payeur = await server.as('payeur');
    await tailleur.post('/api/shoe/start');
    await server.dealAll(BURN);
    await tailleur.post('/api/bets/open');
    for (const player of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const r = await payeur.post('/api/bets', { player, chance: 'rouge', amount: 10_000 });
      expect(r.status, `${player}: ${r.text}`).to.equal(400);
      expect(r.body.field).to.equal('player');
    }
    const raw = await payeur.request('POST', '/api/bets', '{"player":"s3","chance":"rouge","amount":10000,"__proto__":{"net":1}}');
    expect(raw.status).to.equal(400);
    expect((await payeur.post('/api/bets', { player: 's3', chance: 'rouge', amount: 10_000 })).status).to.equal(200);
    const audit = await server.as('surveillance');
    const shoe = (await audit.get('/api/shoes')).body[0].id as string;
    expect((await audit.get(`/api/shoes/${shoe}/report`)).status).to.equal(200);
  });
});
