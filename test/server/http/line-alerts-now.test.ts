/**
 * Every table screen keeps saying the line's current alerts (server/table/link-summary.ts), not
 * only the floor: GET /api/table and the live stream's `link` carry `current`, the count and the
 * newest of them. A refused card of another shoe was said once as a banner, then only on the
 * floor, so nobody at the table knew to reload the shuffler (outsider pass 10, D5).
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TableStore } from '../../../server/store/table-store.ts';
import { TableService } from '../../../server/table/table-service.ts';
import type { LinkStatus } from '../../../server/table/table.ts';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { SseClient } from './support/sse-client.ts';
import { startServer, type TestServer } from './support/server.ts';

const refused = (card: number) => ({
  kind: 'card-refused' as const,
  code: 'OTHER_SHOE',
  message: `card ${card} of shoe A refused: that shoe ran empty after card 3`,
  params: { seq: card, serial: 'A', lastSeq: 3 },
});

describe('the line alerts current now, as the table screens get the link status', () => {
  let dir: string;
  let store: TableStore;
  let server: TestServer;
  const streams: SseClient[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-line-now-'));
    store = await TableStore.open(dir, { table: 'T1' });
    // the table's own clock is the system's, as at a real table: "current" is ten minutes back from now
    const table = await TableService.open({ store, tableId: 'T1', rules: VENICE_RULES });
    server = await startServer({ table });
    table.status({ model: 'SIM', state: 'READY', remaining: 312 });
  });
  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await server.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('counts a refused card of another shoe on GET /api/table, with its words and code', async () => {
    const tailleur = await server.as('tailleur');
    expect((await tailleur.get('/api/table')).body.link.current).to.deep.equal({ alerts: 0 });
    server.table.alert(refused(1));
    server.table.alert(refused(2));
    const link = (await tailleur.get('/api/table')).body.link as LinkStatus;
    expect(link.current?.alerts).to.equal(2);
    expect(link.current?.last).to.include({ kind: 'card-refused', code: 'OTHER_SHOE' });
    expect(link.current?.last?.params).to.deep.equal({ seq: 2, serial: 'A', lastSeq: 3 });
    expect(link.connected, 'the line is up: a refused card is a warning, not a line down').to.equal(true);
  });

  it('sends the count on the live stream when an alert is raised after the page opened', async () => {
    const payeur = await server.as('payeur');
    const stream = await SseClient.open(server.url, payeur.cookie);
    streams.push(stream);
    const first = JSON.parse((await stream.next('link')).data!) as LinkStatus;
    expect(first.current?.alerts).to.equal(0);
    server.table.alert(refused(1));
    const pushed = JSON.parse((await stream.next('link')).data!) as LinkStatus;
    expect(pushed.current?.alerts).to.equal(1);
    expect(pushed.current?.last?.code).to.equal('OTHER_SHOE');
  });
});
