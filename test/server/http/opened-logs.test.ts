/**
 * Surveillance opens a shoe log from a file (a fixture, another table's
 * export) and replays it like a recorded shoe, without it entering the record.
 */
import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canonicalJsonWithout } from '../../../server/store/canonical-json.ts';
import { hashOfEvent } from '../../../server/store/hash-chain.ts';
import { GENESIS_PREV, lineOf } from '../../../server/store/stored-event.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import type { Client } from './support/client.ts';
import { startServer, type TestServer } from './support/server.ts';

const FIXTURE = new URL('../../../fixtures/apres31-insurance-prison-partager.jsonl', import.meta.url);
const NDJSON = { 'content-type': 'application/x-ndjson' };

describe('HTTP: surveillance opens a shoe log file for replay', () => {
  let server: TestServer;
  let audit: Client;
  let text: string;

  before(async () => {
    server = await startServer();
    audit = await server.as('surveillance');
    text = await readFile(FIXTURE, 'utf8');
  });
  after(() => server.close());

  it('lists the opened log beside the record, marked as a file, and replays it to any event', async () => {
    const opened = await audit.request('POST', '/api/shoes/open?name=apres31.jsonl', text, NDJSON);
    expect(opened.status).to.equal(201);
    expect(opened.body).to.include({ table: 'T1', source: 'file', name: 'apres31.jsonl', end: 'empty', events: text.trimEnd().split('\n').length });
    const list = (await audit.get('/api/shoes')).body as { id: string; source?: string }[];
    expect(list.filter((s) => s.source === 'file').map((s) => s.id)).to.deep.equal([opened.body.id]);

    const confirm = text
      .trimEnd()
      .split('\n')
      .findIndex((l) => l.includes('"type":"confirm","coup":1,'));
    const at = await audit.get(`/api/shoes/${opened.body.id}/state?at=${confirm + 2}`);
    expect(at.status).to.equal(200);
    const coup1 = at.body.coups[0];
    expect(coup1).to.include({ call: 'Un après', status: 'confirmed' });
    expect(coup1.settlement.find((r: { player: string }) => r.player === 's3')).to.include({ outcome: 'partager', returned: 6172, collected: 6173 });
    expect(coup1.settlement.find((r: { player: string }) => r.player === 's1')).to.include({ outcome: 'push', premium: 100 });
  });

  it('verifies it: the rules find nothing, and a log without hashes is said to be unprovable, once', async () => {
    const opened = await audit.request('POST', '/api/shoes/open', text, NDJSON);
    const verify = await audit.get(`/api/shoes/${opened.body.id}/verify`);
    expect(verify.body.ok).to.equal(false);
    expect(verify.body.problems.map((p: { kind: string }) => p.kind)).to.deep.equal(['no-chain']);
  });

  it('finds what the rules refuse in an opened log', async () => {
    const lines = text.trimEnd().split('\n');
    const confirm = lines.findIndex((l) => l.includes('"type":"confirm","coup":1,'));
    lines[confirm] = lines[confirm]!.replace('"call":"Un après"', '"call":"Rouge gagne et couleur"');
    const opened = await audit.request('POST', '/api/shoes/open', lines.join('\n'), NDJSON);
    const verify = await audit.get(`/api/shoes/${opened.body.id}/verify`);
    const rule = verify.body.problems.find((p: { kind: string }) => p.kind === 'rule');
    expect(rule).to.include({ index: confirm });
    expect(rule.message).to.match(/CALL_MISMATCH/);
  });

  it('checks the hash chain of a log written by one of our tables, and finds an edit', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tq-opened-'));
    const store = await TableStore.open(dir);
    await store.createShoe(
      { type: 'shoe', table: 'T9', shoe: 'elsewhere', cards: 312, rules: { ...VENICE_RULES } },
      { at: '2026-11-20T20:00:00.000Z', by: 'chef9' },
    );
    await store.append(
      'elsewhere',
      [
        { type: 'card', seq: 1, card: 'QH' },
        { type: 'end', reason: 'suspended' },
      ],
      { at: '2026-11-20T20:00:05.000Z', by: 'shuffler' },
    );
    await store.close();
    const exported = await readFile(join(dir, 'shoes', 'elsewhere.jsonl'), 'utf8');
    await rm(dir, { recursive: true, force: true });
    const clean = await audit.request('POST', '/api/shoes/open', exported, NDJSON);
    expect((await audit.get(`/api/shoes/${clean.body.id}/verify`)).body).to.deep.equal({ ok: true, problems: [] });
    const forged = await audit.request('POST', '/api/shoes/open', exported.replace('"cards":312', '"cards":311'), NDJSON);
    const verify = (await audit.get(`/api/shoes/${forged.body.id}/verify`)).body;
    expect(verify.ok).to.equal(false);
    expect(verify.problems[0]).to.include({ index: 0, kind: 'hash-mismatch' });
  });

  // a log edited and hashed again passes its own chain: it was "chain and rules verified" beside the sealed shoe it
  // claims to be (outside crew pass 42, F1)
  it('compares a file naming a shoe of the record with that record: the same log passes, one edited and hashed again fails where it differs', async () => {
    await server.dealAll(['8C', '8H', 'KS', '4H', 'TH', '2C', '3D']);
    const shoe = (await audit.get('/api/shoes')).body.find((s: { source?: string }) => s.source !== 'file').id as string;
    const exported = (await audit.get(`/api/shoes/${shoe}/log`)).text;
    const same = await audit.request('POST', '/api/shoes/open', exported, NDJSON);
    expect((await audit.get(`/api/shoes/${same.body.id}/verify`)).body).to.deep.equal({ ok: true, problems: [] });

    let prev = GENESIS_PREV;
    const rehashed = (change: (e: Record<string, unknown>) => Record<string, unknown>, lines: string[]) =>
      lines.map((l, i) => {
        const { hash: _old, ...event } = change(JSON.parse(l) as Record<string, unknown>);
        const linked = { ...event, i, prev };
        const hash = hashOfEvent(linked as Parameters<typeof hashOfEvent>[0]);
        prev = hash;
        return lineOf(canonicalJsonWithout(linked, 'hash'), hash);
      });
    const lines = exported.trimEnd().split('\n');
    const edited = rehashed((e) => (e.type === 'card' && e.seq === 6 ? { ...e, card: '9C' } : e), lines);
    const forged = await audit.request('POST', '/api/shoes/open', `${edited.join('\n')}\n`, NDJSON);
    const verify = (await audit.get(`/api/shoes/${forged.body.id}/verify`)).body;
    const at = lines.findIndex((l) => l.includes('"seq":6,'));
    expect(verify.ok).to.equal(false);
    expect(verify.problems).to.deep.equal([{ index: at, kind: 'differs-from-record', message: `event ${at} differs from the table's record of shoe ${shoe}` }]);

    // and one that goes on past the record: events the table never recorded
    prev = GENESIS_PREV;
    const longer = rehashed((e) => e, [...lines, JSON.stringify({ type: 'card', seq: 8, card: 'AS', at: '2026-11-20T21:00:00.000Z', by: 'shuffler' })]);
    const beyond = await audit.request('POST', '/api/shoes/open', `${longer.join('\n')}\n`, NDJSON);
    const past = (await audit.get(`/api/shoes/${beyond.body.id}/verify`)).body;
    expect(past.ok).to.equal(false);
    expect(past.problems.map((p: { kind: string; index: number }) => [p.kind, p.index])).to.deep.equal([['beyond-record', lines.length]]);
  });

  it('numbers the events of an opened log by position, for the replay', async () => {
    const opened = await audit.request('POST', '/api/shoes/open', text, NDJSON);
    const events = (await audit.get(`/api/shoes/${opened.body.id}/events`)).body as { i: number }[];
    expect(events.map((e) => e.i)).to.deep.equal(events.map((_, k) => k));
  });

  it('refuses a malformed log with the line that is wrong, and keeps nothing', async () => {
    const lines = text.split('\n');
    lines[6] = '{"type":"bet","player":"s1","chance":"rouge","amount":"lots"}';
    const before = (await audit.get('/api/shoes')).body.length;
    const r = await audit.request('POST', '/api/shoes/open', lines.join('\n'), NDJSON);
    expect(r.status).to.equal(400);
    expect(r.body).to.include({ error: 'BAD_REQUEST', field: 'body' });
    expect(r.body.message).to.match(/line 7/);
    expect((await audit.get('/api/shoes')).body.length).to.equal(before);
  });

  it('lets only surveillance and the chef open a log', async () => {
    const payeur = await server.as('payeur');
    expect((await payeur.request('POST', '/api/shoes/open', text, NDJSON)).status).to.equal(403);
    const chef = await server.as('chef');
    expect((await chef.request('POST', '/api/shoes/open', text, NDJSON)).status).to.equal(201);
  });

  it("does not put the opened log in the table's record", async () => {
    await audit.request('POST', '/api/shoes/open', text, NDJSON);
    expect(await server.table.eventsSince('T1-apres31', -1).catch(() => [])).to.deep.equal([]);
  });
});
