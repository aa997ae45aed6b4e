/**
 * Shoe identity on the link (docs/serial-protocol.md#shoe-identity
 * item 1): a card goes only to the table's shoe bound to the shuffler's shoe
 * it came from; an EMPTY of another shoe asks nothing; after EMPTY the next
 * shoe takes cards only after its own SHOE frame.
 */
import { expect } from 'chai';
import { LinkSession } from '../../../server/serial/link-session.ts';
import { MemoryCardSink } from '../../../server/serial/memory-card-sink.ts';
import type { Frame } from '../../../server/serial/frame.ts';
import { card, hostLines, mockLinePerTest, settle, shufflerSends, untilInTurns } from './mock-line.ts';

const SHOE = (serial: string): Frame => ({ kind: 'SHOE', serial, cards: 312 });
const EMPTY = (lastSeq: number): Frame => ({ kind: 'EMPTY', lastSeq });

describe('shoe identity on the shuffler link', () => {
  let sink: MemoryCardSink;
  let session: LinkSession | null = null;
  const line = mockLinePerTest(() => session?.close());

  beforeEach(() => {
    sink = new MemoryCardSink();
    session = null;
  });

  async function start(): Promise<LinkSession> {
    session = new LinkSession({ sink, port: line.port });
    await session.start();
    return session;
  }
  const replies = (): string[] => hostLines(line.port).filter((l) => l !== 'STAT?');
  const handled = async (frames: number) => {
    await untilInTurns(() => session!.counters.frames + session!.counters.badFrames >= frames, `${frames} frames read`);
    await session!.idle();
    await settle();
  };

  /** Shoe A, three cards, run out: EMPTY,3 ends it. */
  async function shoeRunOut(): Promise<void> {
    await start();
    shufflerSends(line.port, SHOE('A'), card(1, 'QH'), card(2, 'KS'), card(3, '7D'), EMPTY(3));
    await untilInTurns(() => sink.empties.length === 1, 'shoe A ends');
    await handled(5);
  }

  it("asks no RESEND for a new shoe when the emptied shoe's EMPTY is repeated, and stores none of its cards", async () => {
    await shoeRunOut();
    sink.startShoe(); // the tailleur starts the next shoe; the shuffler still holds A
    shufflerSends(line.port, EMPTY(3), EMPTY(3));
    await handled(7);
    expect(replies()).to.deep.equal(['ACK,1', 'ACK,2', 'ACK,3']);
    // even were the old cards sent again, they stay out of the new shoe
    shufflerSends(line.port, card(1, 'QH'), card(2, 'KS'), card(3, '7D'));
    await handled(10);
    expect(sink.cards).to.deep.equal([]);
    expect(sink.alertsOf('card-refused').map((a) => a.code)).to.deep.equal(['OTHER_SHOE']);
    expect(sink.alertsOf('card-refused')[0]!.message).to.match(/shoe A refused: that shoe ran empty after card 3/);
    expect(replies(), 'never acknowledged, never asked for').to.deep.equal(['ACK,1', 'ACK,2', 'ACK,3']);
    expect(session!.counters).to.include({ otherShoe: 3, resends: 0 });

    // its own SHOE frame binds the new shoe: its cards go in from 1, tagged with its serial
    shufflerSends(line.port, SHOE('B'), card(1, '2C'));
    await untilInTurns(() => sink.cards.length === 1, "B's first card");
    expect(sink.tagged.at(-1)).to.deep.equal({ seq: 1, card: '2C', exposed: false, serial: 'B', shoe: 'M2' });
    expect(sink.shoe).to.include({ shoe: 'M2', serial: 'B' });
  });

  it('refuses the cards of a shoe the table suspended, and answers no bad frame or gap with a RESEND for it', async () => {
    await start();
    shufflerSends(line.port, SHOE('A'), card(1, 'QH'), card(2, 'KS'));
    await handled(3);
    sink.shoe!.ended = true; // the chef suspends the shoe; the shuffler is not reloaded
    sink.startShoe();
    shufflerSends(line.port, card(4, 'AS'), '$TQ,CARD,5,KS*00\r\n', card(3, '7D'));
    await handled(6);
    expect(sink.cards).to.deep.equal([]);
    expect(replies()).to.deep.equal(['ACK,1', 'ACK,2']);
    const refused = sink.alertsOf('card-refused');
    expect(refused, 'alerted once, not with every card').to.have.length(1);
    expect(refused[0]!.message).to.match(/shuffler's shoe A refused: that shoe was dealt into table shoe M1, not into M2, the shoe in play/);
  });

  it('takes a first card with no SHOE frame heard (a frame missed), but no later card of an unknown shoe', async () => {
    await start();
    sink.startShoe();
    shufflerSends(line.port, EMPTY(312), card(57, 'AS'));
    await handled(2);
    expect(replies(), 'an EMPTY of an unknown shoe asks nothing').to.deep.equal([]);
    expect(sink.alertsOf('card-refused')[0]!.message).to.match(/card 57 refused: no SHOE frame heard since the link started/);
    shufflerSends(line.port, card(1, 'QH'), card(2, 'KS'));
    await untilInTurns(() => replies().length === 2, 'both acknowledged');
    expect(sink.cards.map((c) => c.card)).to.deep.equal(['QH', 'KS']);
    expect(replies()).to.deep.equal(['ACK,1', 'ACK,2']);
  });

  it('deals on in the shoe in play after a restart mid-shoe, tagged with its recorded serial', async () => {
    await sink.shoeReady('A', 312);
    await sink.storeCard({ seq: 1, card: 'QH', exposed: false, serial: 'A' });
    await start();
    shufflerSends(line.port, card(2, 'KS'), EMPTY(2));
    await untilInTurns(() => sink.empties.length === 1, 'the shoe ends');
    expect(sink.tagged.at(-1)).to.deep.include({ seq: 2, serial: 'A', shoe: 'M1' });
    expect(replies()).to.deep.equal(['RESEND,2', 'ACK,2']);
  });
});
