/**
 * Surveillance (API.md "Surveillance"): the archive of shoes, read-only —
 * the log as NDJSON, the events, the table at any event, verify, the report
 * with its deck check and frequencies, the settlement CSV and the printable
 * report.
 */
import { expect } from 'chai';
import { SETTLEMENT_CSV_HEADER } from '../../../server/http/settlement-csv.ts';
import { readFile, writeFile } from 'node:fs/promises';
import { shoeFilePath } from '../../../server/store/data-dir.ts';
import type { Client } from './support/client.ts';
import { BURN, coupCards, ROUGE_ET_COULEUR, UN_APRES } from './support/cards.ts';
import { startServer, type TestServer } from './support/server.ts';

const SNEAKY = '<script>alert("x")</script>';

describe('HTTP: surveillance reads the archive', () => {
  let server: TestServer;
  let audit: Client;
  let shoe: string;

  before(async () => {
    server = await startServer();
    const [tailleur, payeur] = [await server.as('tailleur'), await server.as('payeur')];
    audit = await server.as('surveillance');
    shoe = (await tailleur.post('/api/shoe/start')).body.view.shoe;
    await server.dealAll(BURN);
    await tailleur.post('/api/bets/open');
    await payeur.post('/api/bets', { player: 's3', chance: 'rouge', amount: 10_000 });
    // The API refuses such a seat id now; a record written before (or by another table) may still hold one.
    await server.table.command({ type: 'bet', player: SNEAKY, chance: 'noir', amount: 500 }, { user: 'payeur', role: 'payeur' });
    await server.dealAll(coupCards(ROUGE_ET_COULEUR));
    await tailleur.post('/api/coups/1/confirm');
    await tailleur.post('/api/bets/open');
    await payeur.post('/api/bets', { player: 's5', chance: 'inverse', amount: 10_000 });
    // insured, it stands through the 31 après (docs/rules.md#apres): left lying on the layout
    await payeur.post('/api/bets', { player: 's6', chance: 'rouge', amount: 10_000, insured: true });
    await server.dealAll(coupCards(UN_APRES));
    await tailleur.post('/api/coups/2/confirm');
    await server.table.shoeEmpty(server.table.state().lastSeq);
  });
  after(() => server.close());

  const stored = () => server.table.eventsSince(shoe, -1);

  it('lists the shoes recorded', async () => {
    const r = await audit.get('/api/shoes');
    expect(r.status).to.equal(200);
    expect(r.body).to.have.length(1);
    expect(r.body[0]).to.include({ id: shoe, table: 'T1', end: 'empty', events: (await stored()).length });
    expect(r.body[0].startedAt).to.be.a('string');
  });

  it('serves the log as NDJSON whose lines are the stored events', async () => {
    const r = await audit.get(`/api/shoes/${shoe}/log`);
    expect(r.headers.get('content-type')).to.match(/^application\/x-ndjson/);
    expect(r.text.endsWith('\n')).to.equal(true);
    const lines = r.text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).to.deep.equal(await stored());
    expect(lines[0]).to.include.keys('at', 'by', 'i', 'prev', 'hash');
  });

  it('serves the events as JSON', async () => {
    expect((await audit.get(`/api/shoes/${shoe}/events`)).body).to.deep.equal(await stored());
  });

  it('shows the table just after any event, with every coup', async () => {
    const events = await stored();
    const r = await audit.get(`/api/shoes/${shoe}/state?at=6`);
    expect(r.status).to.equal(200);
    expect(r.body).to.include({ index: 6, total: events.length });
    expect(r.body.event).to.deep.equal(events[6]);
    expect(r.body.view).to.include({ phase: 'open', lastSeq: 5, events: 7 });
    expect(r.body.coups).to.deep.equal([]);

    const last = await audit.get(`/api/shoes/${shoe}/state`);
    expect(last.body.index).to.equal(events.length - 1);
    expect(last.body.view.phase).to.equal('ended');
    expect(last.body.coups.map((c: { call: string }) => c.call)).to.deep.equal([ROUGE_ET_COULEUR.call, UN_APRES.call]);
  });

  // the replay's "Stakes on the table" was empty between an après and the next open, the chips on the layout (outsider pass 33)
  it('shows, just after a 31 après is confirmed, the insured stake it leaves lying on the layout', async () => {
    const events = await stored();
    const confirmed = events.findIndex((e) => e.type === 'confirm' && e.coup === 2);
    const r = await audit.get(`/api/shoes/${shoe}/state?at=${confirmed}`);
    expect(r.body.view.stakes).to.deep.equal([]);
    expect(r.body.view.lyingStakes).to.deep.equal([{ player: 's6', chance: 'rouge', amount: 10_000, insured: false, carried: true }]);
    expect((await audit.get(`/api/shoes/${shoe}/state`)).body.view.lyingStakes).to.deep.equal([]);
  });

  it('refuses an index past the end, or one that is not a number, naming "at"', async () => {
    for (const at of ['999', 'last', '-1']) {
      const r = await audit.get(`/api/shoes/${shoe}/state?at=${at}`);
      expect(r.status, at).to.equal(400);
      expect(r.body.field).to.equal('at');
    }
  });

  it('verifies an untouched shoe as ok, and shows where a forged one breaks', async () => {
    expect((await audit.get(`/api/shoes/${shoe}/verify`)).body).to.deep.equal({ ok: true, problems: [], seals: 'no-key' });
    const other = await startServer();
    try {
      const id = (await (await other.as('tailleur')).post('/api/shoe/start')).body.view.shoe;
      await other.dealAll(BURN);
      // A forger changes the card of event 3 in the file, leaving its hash as it was.
      const path = shoeFilePath(other.dir!, id);
      await writeFile(path, (await readFile(path, 'utf8')).replace(`"card":"${BURN[2]}"`, '"card":"KS"'));
      const r = await (await other.as('chef')).get(`/api/shoes/${id}/verify`);
      expect(r.body.ok).to.equal(false);
      expect(r.body.problems[0]).to.include({ index: 3, kind: 'hash-mismatch' });
    } finally {
      await other.close();
    }
  });

  it('reports the replay with a deck check and frequencies beside the exact values', async () => {
    const r = await audit.get(`/api/shoes/${shoe}/report`);
    expect(r.status).to.equal(200);
    expect(r.body.coups.map((c: { call: string }) => c.call)).to.deep.equal([ROUGE_ET_COULEUR.call, UN_APRES.call]);
    expect(r.body.players.s3.net).to.equal(10_000);
    expect(r.body.end).to.equal('empty');
    expect(Object.keys(r.body.deck.counts)).to.have.length(52);
    expect(r.body.deck.counts.KH).to.equal(2);
    expect(r.body.deck.counts.AC).to.equal(0);
    expect(Object.values(r.body.deck.counts as Record<string, number>).reduce((a, b) => a + b)).to.equal(21);
    expect(r.body.deck.foreign).to.deep.equal([]);
    expect(r.body.deck.missingMeaningful).to.equal(true);
    expect(r.body.deck.missing).to.deep.include({ card: 'AC', seen: 0 });
    expect(r.body.frequencies.exact).to.deep.equal({ apres31: 0.021891, apres: 0.109599, rouge: 0.445201, noir: 0.445201 });
    expect(r.body.frequencies.counts).to.deep.equal({ apres31: 1, apres: 1, rouge: 1, noir: 0 });
    expect(r.body.frequencies.observed).to.deep.equal({ apres31: 0.5, apres: 0.5, rouge: 0.5, noir: 0 });
  });

  it('writes the settlement as CSV in currency units, one row per line, the end-of-shoe release as coup "end"', async () => {
    const r = await audit.get(`/api/shoes/${shoe}/settlement.csv`);
    expect(r.headers.get('content-type')).to.match(/^text\/csv/);
    const rows = r.text.trimEnd().split('\r\n');
    expect(rows[0]).to.equal(SETTLEMENT_CSV_HEADER);
    expect(SETTLEMENT_CSV_HEADER).to.equal(
      'coup,player,chance,amount,outcome,paid,collected,returned,premium,level,net,moved_to,forced,insured,premium_back,call,status,stake,carried_from,carried_amount',
    );
    // each row with its coup's call and status (outsider pass 12: surveillance checked rows against calls read elsewhere)
    expect(rows).to.include(`1,s3,rouge,100.00,win,100.00,0.00,0.00,0.00,0,100.00,,,,,${ROUGE_ET_COULEUR.call},confirmed,,,`);
    // a stake in prison is named on its rows (docs/rules.md#prison-stake-id): the card of the 31 après that sent it, seat and chance
    const lastOfCoup2 = (await stored()).findLast((e) => e.type === 'card')!.seq!;
    const stake = `${lastOfCoup2}-s5-inverse`;
    expect(rows).to.include(`2,s5,inverse,100.00,prison,0.00,0.00,0.00,0.00,1,-100.00,,,,,${UN_APRES.call},confirmed,${stake},,`);
    expect(rows).to.include(`end,s5,inverse,100.00,returned,0.00,0.00,100.00,0.00,0,100.00,,,,,,,${stake},,`);
    expect(rows).to.include(`1,"${SNEAKY.replaceAll('"', '""')}",noir,5.00,lose,0.00,5.00,0.00,0.00,0,-5.00,,,,,${ROUGE_ET_COULEUR.call},confirmed,,,`);
  });

  it('writes the CSV for an Italian spreadsheet with sep=; : semicolons and decimal commas', async () => {
    const rows = (await audit.get(`/api/shoes/${shoe}/settlement.csv?sep=;`)).text.trimEnd().split('\r\n');
    expect(rows[0]).to.equal(
      'coup;player;chance;amount;outcome;paid;collected;returned;premium;level;net;moved_to;forced;insured;premium_back;call;status;stake;carried_from;carried_amount',
    );
    expect(rows).to.include(`1;s3;rouge;100,00;win;100,00;0,00;0,00;0,00;0;100,00;;;;;${ROUGE_ET_COULEUR.call};confirmed;;;`);
  });

  it("prints the report in Italian with the reader's local time when asked", async () => {
    const r = await audit.get(`/api/shoes/${shoe}/report.html?lang=it&tz=Europe/Rome`);
    expect(r.text).to.contain('<html lang="it">').and.contain('Annuncio confermato da tailleur il').and.contain('Orari in Europe/Rome.');
    const confirm = (await stored()).find((e) => e.type === 'confirm')!;
    const rome = new Date(Date.parse(confirm.at!) + 60 * 60 * 1000).toISOString().slice(11, 19); // November: Rome is UTC+1
    expect(r.text).to.contain(rome);
    expect((await audit.get(`/api/shoes/${shoe}/report.html?tz=Not/AZone`)).text).to.contain('Times in UTC.');
  });

  it('prints a report with the calls, who confirmed them and when, and nothing unescaped', async () => {
    const r = await audit.get(`/api/shoes/${shoe}/report.html`);
    expect(r.headers.get('content-type')).to.match(/^text\/html/);
    expect(r.text).to.contain(ROUGE_ET_COULEUR.call).and.contain(UN_APRES.call);
    const confirm = (await stored()).find((e) => e.type === 'confirm')!;
    const utc = new Date(confirm.at!).toISOString().slice(11, 19); // hh:mm:ss in UTC, the default zone
    expect(r.text).to.match(new RegExp(`Call confirmed by tailleur at \\d\\d/\\d\\d/\\d{4},? ${utc}`));
    expect(r.text).to.contain('Times in UTC.');
    expect(r.text).to.contain('@media print');
    expect(r.text).not.to.contain(SNEAKY);
    expect(r.text).to.contain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    const nonce = /<style nonce="([^"]+)">/.exec(r.text)![1]!;
    expect(r.headers.get('content-security-policy')).to.contain(`style-src 'nonce-${nonce}'`).and.contain("default-src 'none'");
  });

  it('answers 404 for a shoe it does not have, and 400 for an id that is not a shoe id', async () => {
    const unknown = await audit.get('/api/shoes/no-such-shoe/events');
    expect(unknown.status).to.equal(404);
    expect(unknown.body.error).to.equal('NOT_FOUND');
    const bad = await audit.get('/api/shoes/..%2F..%2Fetc%2Fpasswd/log');
    expect(bad.status).to.equal(400);
    expect(bad.body.field).to.equal('id');
  });
});

describe('HTTP: the deck check of a shoe with a seventh card', () => {
  it('lists the foreign card and says missing cards mean nothing before the shoe is empty', async () => {
    const server = await startServer();
    try {
      const tailleur = await server.as('tailleur');
      const shoe = (await tailleur.post('/api/shoe/start')).body.view.shoe;
      await server.dealAll(['KH', 'KH', 'KH', 'KH', 'KH', 'KH', 'KH', 'QH', 'TH', '5C']);
      const r = await (await server.as('chef')).get(`/api/shoes/${shoe}/report`);
      expect(r.body.deck.counts.KH).to.equal(6);
      expect(r.body.deck.foreign).to.deep.equal([{ seq: 7, card: 'KH' }]);
      expect(r.body.deck.missingMeaningful).to.equal(false);
      expect(r.body.deck.note).to.match(/not meaningful/);
      expect(r.body.alerts.map((a: { kind: string }) => a.kind)).to.include('foreign-card');
    } finally {
      await server.close();
    }
  });
});

describe('HTTP: a server with no archive', () => {
  it('answers 404 to the surveillance routes', async () => {
    const server = await startServer({ archive: false });
    try {
      const r = await (await server.as('surveillance')).get('/api/shoes');
      expect(r.status).to.equal(404);
      expect(r.body.message).to.equal('this server keeps no shoe archive');
    } finally {
      await server.close();
    }
  });
});
