/**
 * The void window against what happened since the card (docs/rules.md#reading-voiding),
 * found by the random crew: a void restores the table before the card, so it
 * must not undo what the crew did after it.
 */
import { expect } from 'chai';
import { decideAtTable } from '../../shoe/decide.ts';
import { evolve } from '../../shoe/evolve.ts';
import { Harness, ROWS } from './table-harness.ts';

describe('voiding a card the table has acted on since', () => {
  it('refuses to void the last burn card once the bets are open, so the open and the bets stay', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 500);
    expect(t.refused({ type: 'void', seq: 5, reason: 'floor' })).to.equal('VOID_AFTER_CONFIRM');
    expect(t.state.phase).to.equal('open');
    expect(t.state.stakes.map((s) => s.amount)).to.deep.equal([500]);
  });

  it('keeps a suspension asked for after the card when the card is voided, and writes it once no call waits', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 1000);
    t.coup(ROWS.r37, ROWS.b36);
    // The chef's suspension while the call waits, as decideAtTable holds it.
    const { events } = decideAtTable(t.state, { type: 'end', reason: 'suspended', note: 'marked cards' }, { by: 'chef' }, null);
    expect(events.map((e) => e.type)).to.deep.equal(['hold']);
    for (const e of events) t.state = evolve(t.state, e);
    // With the card voided no call waits any more: the held suspension is written at once, the coup cut short annulled.
    const written = t.do({ type: 'void', seq: t.state.lastSeq, reason: 'floor' });
    expect(written.map((e) => e.type)).to.deep.equal(['void', 'end']);
    expect(written[1]).to.include({ reason: 'suspended', note: 'marked cards', by: 'chef' });
    expect(t.state.coups[0]!.status).to.equal('annulled');
  });
});
