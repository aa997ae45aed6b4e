/**
 * The messages between the card side and the HTTP side
 * (server/app/README.md#the-card-side-and-the-http-side): commands go as they
 * are and come back as the stored events or the same error, the HTTP side's
 * fold follows the card side's events, and a whole table server answers a
 * broken rule over HTTP with the code the table itself gives.
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RuleError } from '../../../shoe/errors.ts';
import { hostCard } from '../../../server/app/card-host.ts';
import type { CardSide } from '../../../server/app/card-side.ts';
import { RecordReader } from '../../../server/app/record-reader.ts';
import { RemoteTable } from '../../../server/app/remote-table.ts';
import { fromWire, RemoteCodedError, toWire, type CardMessage, type HttpMessage } from '../../../server/app/table-protocol.ts';
import { createDemoUsers } from '../../../server/http/users.ts';
import { StoreError } from '../../../server/store/store-errors.ts';
import { TableClosedError } from '../../../server/table/table-errors.ts';
import { pino } from 'pino';
import { openMemoryTable } from '../../support/memory-table.ts';
import { startTableOn } from './table-server-support.ts';
import { TAILLEUR } from '../table/table-fixture.ts';
import { until } from '../../support/until.ts';

describe('the table protocol between the card side and the HTTP side', () => {
  it('rebuilds each error as the class and code the card side threw', () => {
    const rule = fromWire(toWire(new RuleError('SHOE_NOT_STARTED', 'open bets')));
    expect(rule).to.be.instanceOf(RuleError);
    expect(rule).to.include({ code: 'SHOE_NOT_STARTED', message: new RuleError('SHOE_NOT_STARTED', 'open bets').message });
    expect(fromWire(toWire(new StoreError('SHOE_ENDED', 'x'))))
      .to.be.instanceOf(StoreError)
      .and.include({ code: 'SHOE_ENDED' });
    expect(fromWire(toWire(new TableClosedError()))).to.be.instanceOf(TableClosedError);
    const other = fromWire({ name: 'PrisonStakeError', code: 'NEW_CODE', message: 'a code this side does not know' });
    expect(other).to.be.instanceOf(RemoteCodedError).and.include({ code: 'NEW_CODE', name: 'PrisonStakeError' });
    expect(fromWire(toWire(new Error('EIO'))))
      .to.include({ message: 'EIO' })
      .and.not.have.property('code');
  });

  describe('a RemoteTable wired to a card host', () => {
    let dir = '';
    const memories: { close(): Promise<void> }[] = [];
    afterEach(async () => {
      for (const m of memories.splice(0)) await m.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    async function wired(command: (c: unknown) => Promise<unknown>) {
      dir = await mkdtemp(join(tmpdir(), 'tq-protocol-'));
      const memory = await openMemoryTable();
      const table = memory.table;
      const seen: unknown[] = [];
      const side = {
        table: Object.assign(Object.create(table) as typeof table, {
          command: (c: unknown) => {
            seen.push(c);
            return command(c);
          },
        }),
        link: { counters: {} },
        watch: <T>(p: Promise<T>) => p,
        onRestart: () => () => {},
      } as unknown as CardSide;
      // Every message is cloned as postMessage would: nothing is shared.
      let host: ReturnType<typeof hostCard> | undefined;
      const remote = new RemoteTable('T1', (m: HttpMessage) => host?.receive(structuredClone(m)), await RecordReader.open(dir));
      host = hostCard({ side, post: (m: CardMessage) => remote.receive(structuredClone(m)), logger: pino({ level: 'silent' }) });
      await remote.ready;
      memories.push(memory);
      return { remote, seen, table, host };
    }

    it('forwards a command it does not know as it is, and answers with what the card side answered', async () => {
      const { remote, seen, host } = await wired(async () => [{ i: 7, type: 'made-up' }]);
      const made = { type: 'prison-stake-id', stake: 'st-1', extra: [1, 2] };
      expect(await remote.command(made as never, TAILLEUR)).to.deep.equal([{ i: 7, type: 'made-up' }]);
      expect(seen).to.deep.equal([made]);
      host.detach();
    });

    it('rejects with the RuleError the table threw, code and message', async () => {
      const { remote, host } = await wired(() => Promise.reject(new RuleError('SHOE_NOT_STARTED', 'no shoe')));
      const e = await remote.command({ type: 'open' }, TAILLEUR).then(
        () => null,
        (x: unknown) => x,
      );
      expect(e).to.be.instanceOf(RuleError).and.include({ code: 'SHOE_NOT_STARTED' });
      host.detach();
    });

    it('folds the events the card side stores into the same view', async () => {
      const { remote, table, host } = await wired((c) => Promise.resolve(c));
      await table.startShoe(TAILLEUR, {});
      for (const card of ['2H', '3H', '4H', '5H', '6H']) await table.storeCard({ seq: table.state().lastSeq + 1, card, exposed: false });
      await table.command({ type: 'open' }, TAILLEUR);
      await until(() => remote.view().phase === table.view().phase && remote.state().shoe === table.state().shoe, 'the fold to follow');
      expect(remote.view()).to.deep.equal(table.view());
      host.detach();
    });
  });

  describe('a whole table server', () => {
    let dir = '';
    afterEach(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('answers a broken rule over HTTP with the code the table gives', async () => {
      dir = await mkdtemp(join(tmpdir(), 'tq-protocol-server-'));
      await createDemoUsers(join(dir, 'users.json'));
      const running = await startTableOn(dir);
      try {
        const direct = await running.table.command({ type: 'open' }, TAILLEUR).then(
          () => null,
          (e: RuleError) => ({ error: e.code, message: e.message }),
        );
        expect(direct?.error).to.be.a('string');
        const login = await fetch(`${running.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user: 'tailleur', pin: '1111' }),
        });
        const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
        const res = await fetch(`${running.url}/api/bets/open`, { method: 'POST', headers: { cookie, origin: running.url } });
        expect(res.status).to.equal(409);
        expect(await res.json()).to.deep.equal(direct);
      } finally {
        await running.close();
      }
    });
  });
});
