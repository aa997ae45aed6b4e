/**
 * How the shoe before the one in play ended, as the floor keeps it in sight
 * for the whole new shoe (the table screens say it in their new-shoe banner;
 * the floor said nothing): suspended, by whom, why — the chef's note, or the
 * table's own alert when that alert raised the end.
 */
import { expect } from 'chai';
import { previousShoe } from '../../../server/floor/previous-shoe.ts';
import type { StoredEvent } from '../../../server/store/stored-event.ts';
import type { ShoeEvent } from '../../../shoe/events.ts';
import { readFixture } from '../../support/fixture.ts';

const stored = (events: readonly ShoeEvent[]): StoredEvent[] =>
  events.map((e, i) => ({ at: '2026-11-20T20:00:00.000Z', by: 't1', ...e, i, prev: '', hash: '' }) as StoredEvent);

const ORDINARY = readFixture('ordinary');
const CONFIRM_1 = ORDINARY.findIndex((e) => e.type === 'confirm');
const CONFIRM_2 = ORDINARY.findIndex((e) => e.type === 'confirm' && e.coup === 2);

describe('the floor reads how the shoe before ended', () => {
  it('a suspension by the chef: who, when and his reason', () => {
    const events = stored([
      ...ORDINARY.slice(0, CONFIRM_2 + 1),
      { type: 'end', reason: 'suspended', note: 'cliente contesta', at: '2026-11-20T20:10:00.000Z', by: 'chef' } as ShoeEvent,
    ]);
    const { handBack, ...how } = previousShoe('S1', events);
    expect(how).to.deep.equal({ shoe: 'S1', how: 'suspended', note: 'cliente contesta', by: 'chef', at: '2026-11-20T20:10:00.000Z' });
    // the stakes coup 2's après left standing go back to the players (floor-hand-back.test.ts)
    expect(handBack?.rows.map((r) => r.from)).to.deep.equal(['layout', 'layout']);
  });

  it('a suspension held for a call: the chef who asked, not who wrote the end', () => {
    const events = stored([
      ...ORDINARY.slice(0, CONFIRM_2),
      { type: 'hold', reason: 'suspended', note: 'seconda richiesta', by: 'chef' } as ShoeEvent,
      ORDINARY[CONFIRM_2]!,
      { type: 'end', reason: 'suspended', by: 't1', at: '2026-11-20T20:10:00.000Z' } as ShoeEvent,
    ]);
    expect(previousShoe('S1', events)).to.include({ how: 'suspended', by: 'chef', note: 'seconda richiesta' });
  });

  it('a suspension the chef withdrew names neither him nor his reason when the shoe later runs out', () => {
    const events = stored([
      ...ORDINARY.slice(0, CONFIRM_2),
      { type: 'hold', reason: 'suspended', note: 'per errore', by: 'chef' } as ShoeEvent,
      { type: 'unhold', by: 'chef' } as ShoeEvent,
      ...ORDINARY.slice(CONFIRM_2),
    ]);
    const p = previousShoe('S1', events);
    expect(p).to.include({ how: 'empty', by: 't1' });
    expect(p).to.not.have.property('note');
  });

  it('a suspension the table raised itself (too many exposed coups): that alert says why', () => {
    const p = previousShoe('S1', stored(readFixture('exposed-suspension')));
    expect(p.how).to.equal('suspended');
    expect(p.cause?.kind).to.equal('suspended');
  });

  it('a shoe that ran out, and one left in play', () => {
    expect(previousShoe('S1', stored(ORDINARY)).how).to.equal('empty');
    expect(previousShoe('S1', stored(ORDINARY.slice(0, CONFIRM_2 + 1)))).to.deep.equal({ shoe: 'S1', how: 'left' });
  });
});

describe('the floor carries the alerts of the shoe before across the new shoe', () => {
  const CLOSE_3 = ORDINARY.findIndex((e, i) => i > CONFIRM_2 && e.type === 'close');
  const cut = (reason: 'empty' | 'suspended') => stored([...ORDINARY.slice(0, CLOSE_3 + 3), { type: 'end', reason } as ShoeEvent]);

  it('its last coup cut short by its end, with that coup’s number, whether the cards ran out or it was suspended', () => {
    for (const reason of ['empty', 'suspended'] as const) {
      const p = previousShoe('S1', cut(reason));
      expect(p.carried?.lastCoup, reason).to.equal(3);
      expect(p.carried?.alerts.map((a) => [a.kind, a.code, a.coup, a.params?.how])).to.deep.equal([['annulled', 'CUT_SHORT', 3, reason]]);
    }
  });

  it('its disputes the chef ruled, with its last coup, for the floor to keep them in sight into the new shoe', () => {
    const events = stored([
      ...ORDINARY.slice(0, CONFIRM_1),
      { type: 'dispute', coup: 1, announced: 'Rouge perd et couleur' },
      { type: 'resolve', coup: 1, ruling: 'cards', reason: 'seen on the video', by: 'chef', at: '2026-11-20T20:05:00.000Z' } as ShoeEvent,
      ...ORDINARY.slice(CONFIRM_1 + 1, CONFIRM_2 + 1),
      { type: 'end', reason: 'empty', at: '2026-11-20T20:10:00.000Z', by: 't1' } as ShoeEvent,
    ]);
    expect(previousShoe('S1', events).ruled).to.deep.equal({
      lastCoup: 2,
      rulings: [{ coup: 1, announced: 'Rouge perd et couleur', ruling: 'cards', reason: 'seen on the video', by: 'chef', at: '2026-11-20T20:05:00.000Z' }],
    });
    expect(previousShoe('S1', stored(ORDINARY.slice(0, CONFIRM_2 + 1))).ruled, 'no dispute').to.equal(undefined);
  });

  it('nothing when the shoe raised no alert', () => {
    expect(previousShoe('S1', stored(ORDINARY.slice(0, CONFIRM_2 + 1)))).to.not.have.property('carried');
  });
});
