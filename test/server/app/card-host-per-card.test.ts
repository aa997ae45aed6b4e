/**
 * What the card thread does per card for the HTTP side
 * (server/app/README.md#the-card-side-and-the-http-side): it posts the stored
 * event, small, and builds no view. The HTTP side folds its own view; a whole
 * view built per card on the card thread (~7 KB late in a shoe) was garbage
 * made between a CARD frame and its ACK, for a listener that dropped it.
 */
import { expect } from 'chai';
import { serialize } from 'node:v8';
import { pino } from 'pino';
import { hostCard } from '../../../server/app/card-host.ts';
import type { CardSide } from '../../../server/app/card-side.ts';
import type { CardMessage } from '../../../server/app/table-protocol.ts';
import { ShoeRecord } from '../../../server/table/shoe-record.ts';
import { BURN, NOIR_WINS, TAILLEUR, UN_APRES, tableFixture, type Fixture } from '../table/table-fixture.ts';

describe('the card side’s work per card for the HTTP side', () => {
  let f: Fixture;
  const view = ShoeRecord.prototype.view;
  let views = 0;
  beforeEach(async () => {
    f = await tableFixture();
    views = 0;
    ShoeRecord.prototype.view = function (this: ShoeRecord) {
      views++;
      return view.call(this);
    };
  });
  /** The card side's host on the fixture's table, keeping what it posts. */
  const hostOnTable = () => {
    const side = { table: f.table, link: { counters: {} }, onRestart: () => () => {}, watch: <T>(p: Promise<T>) => p } as unknown as CardSide;
    const posted: CardMessage[] = [];
    return { host: hostCard({ side, post: (m) => posted.push(m), logger: pino({ level: 'silent' }) }), posted };
  };
  afterEach(async () => {
    ShoeRecord.prototype.view = view;
    await f.cleanup();
  });

  it('posts a card’s event after the card is stored and answered, never between its fsync and its ACK', async () => {
    const { host, posted } = hostOnTable();
    try {
      await f.table.shoeReady('SIM-7', 312);
      await new Promise((r) => setImmediate(r));
      const before = posted.length;
      // The link acknowledges the card as soon as storeCard resolves (server/serial/link-session.ts).
      await f.table.storeCard({ seq: 1, card: '2H', exposed: false });
      expect(posted.length, 'messages posted before the ACK').to.equal(before);
      await new Promise((r) => setImmediate(r));
      expect(posted.slice(before).map((m) => m.kind)).to.deep.equal(['event']);
    } finally {
      host.detach();
    }
  });

  it('posts each stored event alone, and builds no view of the table on the card thread', async () => {
    const { host, posted } = hostOnTable();
    try {
      await f.table.shoeReady('SIM-7', 312);
      await f.deal(BURN);
      await f.table.command({ type: 'open' }, TAILLEUR);
      await f.deal([...UN_APRES, ...NOIR_WINS]);
      await new Promise((r) => setImmediate(r));
      const events = posted.filter((m) => m.kind === 'event');
      expect(events.length).to.be.greaterThan(BURN.length + UN_APRES.length);
      expect(views, 'views built on the card thread').to.equal(0);
      const largest = Math.max(...events.map((m) => serialize(m).length));
      expect(largest, 'bytes of the largest event message').to.be.below(1024);
    } finally {
      host.detach();
    }
  });
});
