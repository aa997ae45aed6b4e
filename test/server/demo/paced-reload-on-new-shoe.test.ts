/**
 * `tq demo`: the shuffler is reloaded when the tailleur starts a shoe
 * (server/demo/reload-on-new-shoe.ts). With `--pace` it deals on its own clock and is never pulled.
 * An outsider's shoe was suspended by its third exposed coup; the tailleur
 * started the next shoe, and the shuffler went on dealing the suspended shoe's
 * cards, every one refused, the table burning at 312 until a restart (pass
 * 10). Here the real `tq shuffler --pace --next-shoes` process on a PTY, as the
 * demo runs it, is reloaded when the tailleur starts a shoe
 * (server/demo/reload-on-new-shoe.ts), and the new shoe takes its own cards.
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { DemoShufflerOptions } from '../../../server/demo/demo-shuffler.ts';
import { reloadOnNewShoe } from '../../../server/demo/reload-on-new-shoe.ts';
import { LinkSession } from '../../../server/serial/link-session.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { TableService } from '../../../server/table/table-service.ts';
import type { Actor } from '../../../server/table/table.ts';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { ptyShufflerOrSkip } from '../../support/pty.ts';
import { until } from '../../support/until.ts';

const TAILLEUR: Actor = { user: 'tailleur', role: 'tailleur' };
const CHEF: Actor = { user: 'chef', role: 'chef' };

describe('the demo shuffler reloaded when the tailleur starts a shoe (real shuffler process on a PTY)', function () {
  this.timeout(60_000);
  const closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close().catch(() => {});
  });

  /** A table on its own store, linked to the real shuffler process on a PTY, the demo's reload wired as `tq demo` wires it; all closed after the test. */
  async function reloadingTable(test: Mocha.Context, prefix: string, options: Omit<DemoShufflerOptions, 'logger'>) {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    closers.push(() => rm(dir, { recursive: true, force: true }));
    const shuffler = await ptyShufflerOrSkip(test, { ...options, logger: pino({ level: 'silent' }) });
    closers.push(() => shuffler.close());
    const store = await TableStore.open(dir, { table: 'T1' });
    closers.push(() => store.close());
    const table = await TableService.open({ store, tableId: 'T1', rules: VENICE_RULES });
    closers.push(() => table.close());
    const link = new LinkSession({ sink: table, openPort: () => shuffler.openHostPort() });
    closers.push(() => link.close());
    const stop = reloadOnNewShoe({ table }, shuffler);
    closers.push(async () => stop());
    await link.start();
    await shuffler.start();
    return { shuffler, store, table };
  }

  it("is reloaded when the tailleur starts the next shoe, which takes its own shoe's cards, none of the suspended one's", async function () {
    const { store, table } = await reloadingTable(this, 'tq-paced-', { seed: '23', paceMs: 40 });

    // the shoe burns on the shuffler's own clock; the chef suspends it during the burn
    await until(() => table.view().lastSeq >= 3, 'three burn cards of the first shoe', 20_000);
    const first = table.view().shoe;
    await table.command({ type: 'end', reason: 'suspended', note: 'shuffler door opened' }, CHEF);
    await table.startShoe(TAILLEUR);
    const second = table.view().shoe;
    expect(second).to.not.equal(first);

    // a card of the suspended shoe already on the line may still be refused; none once the new shoe deals
    await until(() => table.view().shoe === second && table.view().lastSeq >= 1, 'the new shoe taking its first card', 20_000);
    const refused = () => table.linkStatus().alerts.filter((a) => a.kind === 'card-refused').length;
    const refusedBefore = refused();
    await until(() => table.view().shoe === second && table.view().lastSeq >= 5, 'the new shoe burning its own cards', 20_000);
    const cards = (await store.readShoe(second)).filter((e) => e.type === 'card');
    expect(cards.map((c) => (c as { seq: number }).seq).slice(0, 5)).to.deep.equal([1, 2, 3, 4, 5]);
    expect(new Set(cards.map((c) => (c as { serial?: string }).serial))).to.deep.equal(new Set(['SIM-23-2']));
    expect(refused(), 'cards refused once the new shoe dealt').to.equal(refusedBefore);
  });

  it('announces its next shoe at once when pulled by hand, so no screen reads "empty" beside 312 cards left, and deals it on the first pull', async function () {
    const { shuffler, store, table } = await reloadingTable(this, 'tq-hand-', { seed: '29' });
    await until(() => table.inPlay, 'the first shoe, started by its SHOE frame', 20_000);
    for (let seq = 1; seq <= 3; seq++) {
      expect(shuffler.deal(seq === 1)).to.equal(true);
      await until(() => table.view().lastSeq === seq, `burn card ${seq}`, 20_000);
    }
    await table.command({ type: 'end', reason: 'suspended', note: 'shuffler door opened' }, CHEF);
    await table.startShoe(TAILLEUR);
    const second = table.view().shoe;
    // nothing pulled: the shuffler has loaded and announced its next shoe, and says it is ready
    await until(() => table.linkStatus().state === 'READY', 'the reloaded shuffler ready', 20_000);
    expect(table.view()).to.include({ shoe: second, lastSeq: 0 });
    expect(shuffler.deal(true)).to.equal(true);
    await until(() => table.view().lastSeq === 1, 'card 1 of the new shoe', 20_000);
    const [card] = (await store.readShoe(second)).filter((e) => e.type === 'card');
    expect(card).to.include({ seq: 1, serial: 'SIM-29-2' });
  });
});
