/**
 * A shuffler's shoe feeds one table shoe (docs/serial-protocol.md#shoe-identity).
 * Found by an outsider: the chef suspended a shoe mid-coup, the tailleur
 * started the next, the server restarted, and the shuffler — still holding
 * the suspended shoe — announced it again and dealt it from card 1: the new
 * shoe took the old shoe's cards, dealt coups nobody opened, and verified
 * green. The table now refuses the SHOE frame of the shuffler's shoe the
 * previous table shoe was dealt from, before and after a restart, and the
 * link takes none of its cards until a fresh shoe is announced.
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame } from '../../../server/serial/frame.ts';
import { LinkSession } from '../../../server/serial/link-session.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { TableService } from '../../../server/table/table-service.ts';
import { cardSerial } from '../../../server/table/shuffler-shoe.ts';
import type { Actor } from '../../../server/table/table.ts';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { until } from '../../support/until.ts';
import { card, mockLinePerTest, settle, shufflerSends } from '../serial/mock-line.ts';

const SHOE = (serial: string): Frame => ({ kind: 'SHOE', serial, cards: 312 });
const CHEF: Actor = { user: 'chef', role: 'chef' };
const TAILLEUR: Actor = { user: 'tailleur', role: 'tailleur' };
const FIRST_CARDS = ['QH', 'KS', '7D', '2C', '9S', 'AH', '3D'];

describe("the shuffler's shoe of a suspended table shoe", () => {
  let dir = '';
  let parts: { store: TableStore; table: TableService; link: LinkSession } | null = null;
  const stop = async () => {
    if (!parts) return;
    await parts.link.close();
    await parts.table.close();
    await parts.store.close();
    parts = null;
  };
  const line = mockLinePerTest(stop);

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-spent-shoe-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function open(): Promise<{ store: TableStore; table: TableService; link: LinkSession }> {
    const store = await TableStore.open(dir, { table: 'T1' });
    const table = await TableService.open({ store, tableId: 'T1', rules: VENICE_RULES });
    const link = new LinkSession({ sink: table, port: line.port });
    await link.start();
    parts = { store, table, link };
    return parts;
  }

  /** Shoe A dealt into the table's first shoe, the chef suspends it, the tailleur starts the next. */
  async function suspendedThenNewShoe(): Promise<{ first: string; second: string }> {
    const { table } = await open();
    shufflerSends(line.port, SHOE('A'), ...FIRST_CARDS.map((c, k) => card(k + 1, c)));
    await until(() => table.view().lastSeq === FIRST_CARDS.length, "shoe A's first cards");
    const first = table.view().shoe;
    await table.command({ type: 'end', reason: 'suspended', note: 'marked cards' }, CHEF);
    await table.startShoe(TAILLEUR);
    return { first, second: table.view().shoe };
  }

  async function announcedAgainFromCardOne(table: TableService, link: LinkSession): Promise<void> {
    shufflerSends(line.port, SHOE('A'), ...FIRST_CARDS.map((c, k) => card(k + 1, c)));
    await until(() => link.counters.frames >= FIRST_CARDS.length + 1, 'the frames read');
    await link.idle();
    await settle();
    expect(table.view().lastSeq, 'no card of shoe A in the new shoe').to.equal(0);
    const alerts = table.linkStatus().alerts;
    expect(alerts.some((a) => a.code === 'SHOE_REFUSED' && /dealt into table shoe/.test(a.message))).to.equal(true);
    expect(alerts.some((a) => a.kind === 'card-refused' && a.code === 'OTHER_SHOE')).to.equal(true);
  }

  it('refuses it in the next shoe, and takes the cards of a fresh shoe', async () => {
    const { second } = await suspendedThenNewShoe();
    await announcedAgainFromCardOne(parts!.table, parts!.link);
    shufflerSends(line.port, SHOE('B'), card(1, '5C'));
    await until(() => parts!.table.view().lastSeq === 1, "shoe B's first card");
    expect(parts!.table.view().shoe).to.equal(second);
    const cards = (await parts!.store.readShoe(second)).filter((e) => e.type === 'card');
    expect(cards.map((c) => [c.seq, cardSerial(c)])).to.deep.equal([[1, 'B']]);
  });

  it('refuses it after a restart of the server, when the new shoe has no card yet', async () => {
    const { second } = await suspendedThenNewShoe();
    await stop();
    await line.reopen();
    const { table, link, store } = await open();
    expect(table.view()).to.include({ shoe: second, lastSeq: 0 });
    await announcedAgainFromCardOne(table, link);
    expect((await store.readShoe(second)).filter((e) => e.type === 'card')).to.deep.equal([]);
  });

  it('names the table shoe that spent it, before and after a restart, so the demo can load its next shoe first', async () => {
    const { first } = await suspendedThenNewShoe();
    expect(parts!.table.spentBy('A')).to.equal(first);
    expect(parts!.table.spentBy('B')).to.equal(undefined);
    await stop();
    await line.reopen();
    const { table } = await open();
    expect(table.spentBy('A')).to.equal(first);
    expect(table.spentBy('B')).to.equal(undefined);
  });
});
