/**
 * GET /state and /report.html of the table's own stored shoes are replayed
 * in the upload worker pool, not on the server's thread, and kept once the
 * shoe has ended (server/http/record-answers.ts): a long shoe's replay no
 * longer holds up every other answer and card of the table, and an ended
 * shoe, whose record cannot change, is not read and replayed again.
 */
import { expect } from 'chai';
import { NotFoundError } from '../../../server/http/errors.ts';
import type { ShoeArchive } from '../../../server/http/shoe-archive.ts';
import type { UploadTask } from '../../../server/http/upload-tasks.ts';
import type { StoredEvent } from '../../../server/store/stored-event.ts';
import { WorkerPool } from '../../../server/worker/worker-pool.ts';
import { confirmsCalls, replayShoe } from '../../../shoe/replay.ts';
import { parseShoeLog } from '../../../shoe/shoe-log.ts';
import { INITIAL_STATE } from '../../../shoe/state.ts';
import { coupView, tableView } from '../../../shoe/table-view.ts';
import { legalLongLog } from '../../bench/long-log.ts';
import type { Client } from './support/client.ts';
import { startServer, type TestServer } from './support/server.ts';

describe('HTTP: the table and the report of a stored shoe, replayed in the worker pool', function () {
  this.timeout(60_000);
  const long = parseShoeLog(legalLongLog(4000)).map((e, i) => ({ ...e, i }) as StoredEvent);
  /** A shoe in play: the long one without its end, growing as the test adds to it. */
  const inPlay = long.slice(0, 200);
  const reads: string[] = [];
  const archive: ShoeArchive = {
    listShoes: async () => [],
    async readShoe(id) {
      reads.push(id);
      if (id === 'ended') return long;
      if (id === 'live') return [...inPlay];
      throw new NotFoundError(`no shoe ${id}`);
    },
    verifyShoe: async () => ({ ok: true, problems: [] }),
  };
  const tasks: string[] = [];
  const run = WorkerPool.prototype.run;
  let server: TestServer;
  let audit: Client;

  before(async () => {
    WorkerPool.prototype.run = function (this: WorkerPool<unknown, unknown>, task: unknown) {
      tasks.push((task as UploadTask).kind);
      return run.call(this, task);
    };
    server = await startServer({ surveillance: archive });
    audit = await server.as('surveillance');
  });
  after(async () => {
    WorkerPool.prototype.run = run;
    await server?.close();
  });
  beforeEach(() => {
    reads.length = 0;
    tasks.length = 0;
  });

  it("answers the table at an event from a pool task, as the rules replay it, and keeps an ended shoe's answer", async () => {
    const at = 1234;
    const first = await audit.get(`/api/shoes/ended/state?at=${at}`);
    expect(first.status).to.equal(200);
    expect(tasks).to.deep.equal(['record-state']);
    const { state } = replayShoe(long.slice(0, at + 1), INITIAL_STATE, { unconfirmedCalls: !confirmsCalls(long) });
    expect(first.body).to.deep.equal(
      JSON.parse(JSON.stringify({ index: at, total: long.length, event: long[at], view: tableView(state), coups: state.coups.map((c) => coupView(c, state)) })),
    );
    const again = await audit.get(`/api/shoes/ended/state?at=${at}`);
    expect(again.text).to.equal(first.text);
    expect(reads, 'reads of the ended shoe').to.deep.equal(['ended']);
    expect(tasks, 'replays of the ended shoe').to.deep.equal(['record-state']);
    expect((await audit.get(`/api/shoes/ended/state?at=${long.length}`)).status).to.equal(400);
    expect((await audit.get('/api/shoes/nothing/state')).status).to.equal(404);
  });

  it('replays a shoe still in play at every read: a new event shows', async () => {
    const before = await audit.get('/api/shoes/live/state');
    expect(before.body.index).to.equal(199);
    inPlay.push(long[200]!);
    const after = await audit.get('/api/shoes/live/state');
    expect(after.body).to.include({ index: 200, total: 201 });
    expect(tasks).to.deep.equal(['record-state', 'record-state']);
  });

  it('renders the printable report in a pool task once per language of an ended shoe, each answer with its own nonce', async () => {
    const first = await audit.get('/api/shoes/ended/report.html?lang=it');
    const second = await audit.get('/api/shoes/ended/report.html?lang=it');
    expect(first.status).to.equal(200);
    const nonce = (r: typeof first) => /style-src 'nonce-([^']+)'/.exec(r.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce(first)).to.be.a('string').and.not.equal(nonce(second));
    expect(first.text).to.contain(`nonce="${nonce(first)}"`);
    expect(second.text).to.contain(`nonce="${nonce(second)}"`);
    expect(second.text.replaceAll(nonce(second)!, 'N')).to.equal(first.text.replaceAll(nonce(first)!, 'N'));
    expect(tasks).to.deep.equal(['record-page']);
    expect(reads).to.deep.equal(['ended']);
    await audit.get('/api/shoes/ended/report.html?lang=en');
    expect(tasks).to.deep.equal(['record-page', 'record-page']);
    expect((await audit.get('/api/shoes/nothing/report.html')).status).to.equal(404);
  });
});
