/**
 * The state a table shows is exactly the fold of the log it stored: the end
 * of a shoe (emptied, suspended by the rules, by the chef or by a reload) is
 * an `end` line, never something the table keeps to itself.
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from '../../../shoe/commands.ts';
import type { EventOf, ShoeEvent } from '../../../shoe/events.ts';
import { replayShoe } from '../../../shoe/replay.ts';
import { TableStore } from '../../../server/store/table-store.ts';
import { mulberry32 } from '../../../server/simulator/seeded-random.ts';
import { shuffledShoe } from '../../../server/simulator/shuffled-shoe.ts';
import { steppingClock } from '../../../server/table/clock.ts';
import { TableService } from '../../../server/table/table-service.ts';
import { readFixture } from '../../support/fixture.ts';
import { playRandomShoe } from '../../support/random-table.ts';
import { CHEF } from './table-fixture.ts';

const FIXTURES = [
  'ordinary',
  'exposed-suspension',
  'exposed-suspension-next-shoe',
  'foreign-card',
  'void-card',
  'runs-out-with-prison',
  'apres31-insurance-prison-partager',
  'four-31-apres-forced-split',
  'prison-moved-released-after-two-wins',
];

/** Plays a shoe log's events at a real table on a real store, as the crew and the shuffler would; returns the table's state and the fold of what it stored. */
async function playAtTable(events: readonly ShoeEvent[]) {
  const first = events[0] as EventOf<'shoe'>;
  const dir = await mkdtemp(join(tmpdir(), 'tq-fold-'));
  const store = await TableStore.open(dir, { table: first.table });
  const table = await TableService.open({
    store,
    tableId: first.table,
    rules: first.rules,
    clock: steppingClock(),
    cards: first.cards,
    ...(first.prison && { carry: first.prison }),
  });
  try {
    await table.startShoe(CHEF);
    for (const e of events.slice(1)) {
      const { at: _at, by: _by, ...body } = e;
      if (e.type === 'card') await table.storeCard({ seq: e.seq, card: e.card, exposed: e.exposed === true });
      else if (e.type === 'close' && e.cause === 'card')
        continue; // the card closes the bets itself
      else if (e.type === 'bet' && e.carried)
        continue; // opening the bets carries the stakes itself
      else if (e.type === 'end' && table.state().end !== null)
        continue; // the rules already wrote it after the last call
      else if (e.type === 'confirm') await table.command({ type: 'confirm', coup: e.coup }, CHEF);
      else await table.command(body as Command, CHEF);
    }
    const stored = await store.readShoe(table.state().shoe);
    return { live: table.state(), folded: replayShoe(stored).state, stored };
  } finally {
    await table.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

describe("the table's state is the fold of its stored log", () => {
  for (const name of FIXTURES) {
    it(`for fixture ${name}: folding the stored log gives the live state, ended as the fixture ends`, async () => {
      const events = readFixture(name);
      const { live, folded, stored } = await playAtTable(events);
      expect(folded).to.deep.equal(live);
      // ended as the fixture ends, by whoever and whenever this table wrote its end line
      expect(live.end).to.deep.equal({ ...replayShoe(events).state.end, by: stored.at(-1)!.by, at: stored.at(-1)!.at });
      expect(stored.filter((e) => e.type === 'end')).to.have.length(1);
      expect(stored.at(-1)!.type).to.equal('end');
    });
  }

  it('for random legal shoes, with exposed cards and voids: folding the stored log gives the live state', async function () {
    this.timeout(60_000);
    const suspended: number[] = [];
    for (let seed = 1; seed <= 12; seed++) {
      const random = mulberry32(seed);
      const draw = { int: (min: number, max: number) => min + Math.floor(random() * (max - min + 1)) };
      const cards = shuffledShoe(seed).map((c) => c.card);
      const played = playRandomShoe(draw, { cards, exposedRate: 1 / 40, voidRate: 1 / 300 });
      const { live, folded, stored } = await playAtTable(played.events);
      expect(folded, `seed ${seed}`).to.deep.equal(live);
      expect(live.end, `seed ${seed}`).to.deep.equal({ ...played.state.end, by: stored.at(-1)!.by, at: stored.at(-1)!.at });
      expect(stored.at(-1)!.type).to.equal('end');
      if (live.end?.auto) suspended.push(seed);
    }
    expect(suspended, 'some shoes are suspended by the rules').to.not.be.empty;
  });
});
