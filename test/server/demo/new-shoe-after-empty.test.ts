/**
 * As the crew met it: a shoe runs out, the tailleur starts
 * the next shoe and pulls nothing for a while. The shuffler (the real
 * `tq shuffler --next-shoes` process on a PTY, as `tq demo` runs it) still
 * holds the emptied shoe and repeats `EMPTY,312` with its heartbeat; none of
 * that shoe's cards may reach the new shoe (docs/serial-protocol.md#shoe-identity).
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { ShufflerStatus } from '../../../server/serial/card-sink.ts';
import { LinkSession } from '../../../server/serial/link-session.ts';
import { verifyDataDir } from '../../../server/store/verify.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { TableService } from '../../../server/table/table-service.ts';
import type { Actor } from '../../../server/table/table.ts';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { ptyShufflerOrSkip } from '../../support/pty.ts';
import { until } from '../../support/until.ts';

const TAILLEUR: Actor = { user: 'tailleur', role: 'tailleur' };

describe('a new shoe after the shuffler ran empty (real shuffler process on a PTY)', function () {
  this.timeout(120_000);
  const closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close().catch(() => {});
  });

  it("takes none of the emptied shoe's cards while it waits, idle, for its own SHOE frame, then deals its own", async function () {
    const dir = await mkdtemp(join(tmpdir(), 'tq-new-shoe-'));
    closers.push(() => rm(dir, { recursive: true, force: true }));
    const shuffler = await ptyShufflerOrSkip(this, { seed: '17', logger: pino({ level: 'silent' }) });
    closers.push(() => shuffler.close());
    const store = await TableStore.open(dir, { table: 'T1' });
    closers.push(() => store.close());
    const table = await TableService.open({ store, tableId: 'T1', rules: VENICE_RULES });
    closers.push(() => table.close());
    // The table as the link's sink, counting the shuffler's STAT frames (one per heartbeat, each followed by EMPTY once it is empty).
    let stats = 0;
    const sink = new Proxy(table, {
      get(target, key) {
        if (key === 'status')
          return (s: ShufflerStatus) => {
            if (s.state !== undefined) stats++;
            target.status(s);
          };
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const link = new LinkSession({ sink, openPort: () => shuffler.openHostPort() });
    closers.push(() => link.close());
    table.linkCounters(() => ({ ...link.counters }));
    await link.start();
    await shuffler.start();
    await until(() => table.inPlay, 'the first shoe, started by its SHOE frame');
    const first = table.view().shoe;

    // The whole shoe, one pull at a time, calls confirmed and bets opened as a crew does.
    await until(
      async () => {
        const v = table.view();
        if (v.phase === 'ended') return true;
        if (v.awaitingConfirm !== null) await table.command({ type: 'confirm', coup: v.awaitingConfirm }, TAILLEUR);
        else if (v.phase === 'waiting') await table.command({ type: 'open' }, TAILLEUR);
        else if (v.cardsLeft > 0) {
          const before = v.lastSeq;
          expect(shuffler.deal()).to.equal(true);
          await until(() => table.view().lastSeq > before, `card ${before + 1}`);
        }
        return false;
      },
      'the end of the first shoe',
      100_000,
      1,
    );
    expect(table.view()).to.include({ shoe: first, lastSeq: 312 });
    expect(table.view().end).to.include({ reason: 'empty' });

    // The tailleur starts the next shoe and pulls nothing: two heartbeats (each with EMPTY,312) pass.
    await table.startShoe(TAILLEUR);
    const second = table.view().shoe;
    const heardBefore = stats;
    await until(() => stats >= heardBefore + 2, 'two heartbeats of the emptied shuffler', 15_000);
    await link.idle();
    expect(table.view()).to.include({ shoe: second, lastSeq: 0 });

    // The first pull loads the shuffler's next shoe (SHOE,SIM-17-2): the table's new shoe takes its cards, from 1.
    expect(shuffler.deal(true)).to.equal(true);
    await until(() => table.view().lastSeq === 1, 'card 1 of the next shoe');
    expect(table.view().shoe).to.equal(second);
    const events = await store.readShoe(second);
    expect(events.filter((e) => e.type === 'card')).to.have.length(1);
    expect(events.find((e) => e.type === 'card')).to.include({ seq: 1, serial: 'SIM-17-2' });
    const verdict = await verifyDataDir(dir);
    expect(verdict.ok, JSON.stringify(verdict.results.filter((r) => !r.ok))).to.equal(true);
  });
});
