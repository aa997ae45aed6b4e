import { suspensionDue } from '../../../shoe/end-of-shoe.ts';
/**
 * The table service (docs/shoe-log.md#stored-fields):
 * decide → append with fsync → fold → publish, one command at a time, and a
 * restart that rebuilds exactly the table that was acknowledged.
 */
import { expect } from 'chai';
import { RuleError } from '../../../shoe/errors.ts';
import { replayShoe } from '../../../shoe/replay.ts';
import type { LiveMessage } from '../../../server/table/table.ts';
import { BURN, CHEF, NOIR_WINS, PAYEUR, TAILLEUR, UN_APRES, tableFixture, type Fixture } from './table-fixture.ts';

describe('TableService', () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await tableFixture();
  });
  afterEach(() => f.cleanup());

  async function openBets(): Promise<void> {
    await f.table.startShoe(TAILLEUR);
    await f.deal(BURN);
    await f.table.command({ type: 'open' }, TAILLEUR);
  }

  it('stores each command before folding it into the table, stamped with who and when', async () => {
    await openBets();
    const [bet] = await f.table.command({ type: 'bet', player: 's3', chance: 'rouge', amount: 10_000 }, PAYEUR);
    expect(bet).to.include({ type: 'bet', by: 'payeur', i: 7 });
    expect(bet!.at).to.match(/^2025-01-01T20:00:\d\d\.000Z$/);
    expect(bet!.hash).to.match(/^[0-9a-f]{64}$/);
    const stored = await f.store.readShoe(f.table.state().shoe);
    expect(stored.at(-1)).to.deep.equal(bet);
    expect(f.table.view().stakes).to.deep.equal([{ player: 's3', chance: 'rouge', amount: 10_000, insured: false, premium: 0 }]);
    expect(f.table.state().events).to.equal(stored.length);
  });

  it('publishes every stored event with the view after it, after it is on disk', async () => {
    const seen: LiveMessage[] = [];
    f.table.subscribe((m) => seen.push(m));
    await openBets();
    await f.table.command({ type: 'bet', player: 's1', chance: 'noir', amount: 500 }, PAYEUR);
    await f.deal(NOIR_WINS.slice(0, 1));
    const stored = await f.store.readShoe(f.table.state().shoe);
    expect(seen.map((m) => m.event)).to.deep.equal(stored);
    expect(seen.map((m) => m.index)).to.deep.equal(stored.map((_, i) => i));
    // The first card drawn while bets are open closes them (docs/rules.md#bets-open-and-close): two events, two messages.
    expect(seen.slice(-2).map((m) => m.event.type)).to.deep.equal(['close', 'card']);
    expect(seen.at(-2)!.view.phase).to.equal('closed');
    expect(seen.at(-1)!.id).to.equal(`${f.table.state().shoe}:${stored.length - 1}`);
  });

  it('rebuilds the same table after a restart, by folding the stored events', async () => {
    await openBets();
    await f.table.command({ type: 'bet', player: 's3', chance: 'rouge', amount: 10_000 }, PAYEUR);
    await f.table.command({ type: 'bet', player: 's4', chance: 'couleur', amount: 2_000, insured: true }, PAYEUR);
    await f.deal(NOIR_WINS.slice(0, 5));
    const before = f.table.view();
    const events = await f.table.eventsSince(before.shoe, -1);
    await f.restart();
    expect(f.table.view()).to.deep.equal(before);
    expect(await f.table.eventsSince(before.shoe, -1)).to.deep.equal(events);
    expect(f.table.lastStoredSeq()).to.equal(10);
    await f.deal(NOIR_WINS.slice(5));
    expect(f.table.view().coup?.call).to.equal('Rouge perd et couleur');
  });

  it('leaves the store untouched and tells no one when a rule refuses a command', async () => {
    await openBets();
    const shoe = f.table.state().shoe;
    const before = await f.store.readShoe(shoe);
    let published = 0;
    f.table.subscribe(() => published++);
    const refused = await f.table.command({ type: 'bet', player: 's3', chance: 'rouge', amount: 499 }, PAYEUR).catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(RuleError).with.property('code', 'BELOW_MINIMUM');
    await f.table.command({ type: 'void', seq: 2, reason: 'floor' }, TAILLEUR).catch((e: unknown) => expect(e).to.have.property('code', 'VOID_NOT_LAST'));
    expect(await f.store.readShoe(shoe)).to.deep.equal(before);
    expect(published).to.equal(0);
    expect(f.table.state().events).to.equal(before.length);
  });

  it('applies concurrent commands one at a time, in the order they were asked', async () => {
    await openBets();
    const players = Array.from({ length: 30 }, (_, k) => `s${k}`);
    const results = await Promise.all(players.map((player) => f.table.command({ type: 'bet', player, chance: 'noir', amount: 500 }, PAYEUR)));
    const indexes = results.map(([e]) => e!.i);
    expect(indexes).to.deep.equal(players.map((_, k) => 7 + k));
    const stored = await f.store.readShoe(f.table.state().shoe);
    expect(stored.slice(7).map((e) => (e as { player?: string }).player)).to.deep.equal(players);
    expect(replayShoe(stored).alerts).to.deep.equal([]);
    expect(f.table.view().stakes).to.have.length(30);
  });

  it('refuses to start a shoe while one is in play', async () => {
    await f.table.startShoe(TAILLEUR);
    const refused = await f.table.startShoe(TAILLEUR).catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(RuleError).with.property('code', 'SHOE_ALREADY_STARTED');
  });

  // docs/rules.md#end-of-shoe, docs/shoe-log.md#prison-carry
  it('carries prison stakes into the next shoe after a suspension', async () => {
    await openBets();
    await f.table.command({ type: 'bet', player: 's3', chance: 'rouge', amount: 10_000 }, PAYEUR);
    await f.table.command({ type: 'bet', player: 's5', chance: 'noir', amount: 4_000, insured: true }, PAYEUR);
    await f.deal(UN_APRES);
    await f.table.command({ type: 'confirm', coup: 1 }, TAILLEUR);
    await f.table.command({ type: 'end', reason: 'suspended' }, CHEF);
    // the suspension waits for the prison choice the 31 après opened (docs/rules.md#held-end); the player leaves it
    const [, end] = await f.table.command({ type: 'choice', player: 's3', chance: 'rouge', action: 'leave' }, PAYEUR);
    const old = f.table.state();
    expect(old.end).to.deep.equal({ reason: 'suspended', auto: false, by: 'chef', at: end!.at });

    const [first] = await f.table.startShoe(TAILLEUR);
    expect(first).to.include({ type: 'shoe', table: 'T1', cards: 312 });
    expect((first as { shoe?: string }).shoe).to.not.equal(old.shoe);
    // The insured stake was untouched by the 31 après; only the free uninsured one went to prison.
    expect((first as { prison?: unknown }).prison).to.deep.equal([{ player: 's3', chance: 'rouge', amount: 10_000, level: 1 }]);
    expect(f.table.view().prison).to.deep.equal([{ id: 'carried1-s3-rouge', player: 's3', chance: 'rouge', amount: 10_000, level: 1, choosable: false }]);
  });

  it('carries nothing when the last shoe ended empty with its prisons released', async () => {
    await openBets();
    await f.table.command({ type: 'bet', player: 's3', chance: 'rouge', amount: 10_000 }, PAYEUR);
    await f.deal(UN_APRES);
    await f.table.command({ type: 'confirm', coup: 1 }, TAILLEUR);
    await f.table.shoeEmpty(f.table.lastStoredSeq());
    expect(f.table.view().release.map((r) => r.outcome)).to.deep.equal(['returned']);
    const [first] = await f.table.startShoe(TAILLEUR);
    expect(first).to.not.have.property('prison');
  });

  it('writes the end of the shoe only once the last call is confirmed', async () => {
    await openBets();
    await f.deal(NOIR_WINS);
    await f.table.shoeEmpty(13);
    expect(f.table.state().phase).to.equal('waiting');
    // The EMPTY is held in the log (docs/rules.md#held-end), after the last card; the end itself waits.
    const [card, hold] = (await f.store.readShoe(f.table.state().shoe)).slice(-2);
    expect(card).to.include({ type: 'card', seq: 13 });
    expect(hold).to.include({ type: 'hold', reason: 'empty', by: 'shuffler' });
    const events = await f.table.command({ type: 'confirm', coup: 1 }, TAILLEUR);
    expect(events.map((e) => e.type)).to.deep.equal(['confirm', 'end']);
    expect(events[1]).to.include({ reason: 'empty', by: 'shuffler' });
    expect(f.table.state().end).to.deep.equal({ reason: 'empty', auto: false, by: 'shuffler', at: events[1]!.at });
    expect(f.store.currentShoeId()).to.equal(null);
  });

  it('holds the chef’s suspension, with its note, until the disputed call is resolved', async () => {
    await openBets();
    await f.deal(NOIR_WINS);
    await f.table.command({ type: 'dispute', coup: 1, announced: 'Rouge gagne et couleur' }, TAILLEUR);
    const held = await f.table.command({ type: 'end', reason: 'suspended', note: 'shuffler reloaded' }, CHEF);
    // Held in the log with who asked and why (docs/rules.md#held-end), not swallowed.
    expect(held.map((e) => [e.type, e.by, (e as { note?: string }).note])).to.deep.equal([['hold', 'chef', 'shuffler reloaded']]);
    expect(f.table.state().end).to.equal(null);
    const events = await f.table.command({ type: 'resolve', coup: 1, ruling: 'cards', reason: 'the cards stand' }, CHEF);
    expect(events.map((e) => e.type)).to.deep.equal(['resolve', 'end']);
    expect(events[1]).to.include({ reason: 'suspended', note: 'shuffler reloaded', by: 'chef' });
    expect(f.table.state().end).to.deep.equal({ reason: 'suspended', auto: false, note: 'shuffler reloaded', by: 'chef', at: events[1]!.at });
  });

  it('stores the suspension at the third exposed coup after its call is confirmed', async () => {
    await openBets();
    for (let coup = 1; coup <= 3; coup++) {
      const [first, ...rest] = NOIR_WINS;
      await f.table.storeCard({ seq: f.table.lastStoredSeq() + 1, card: first!, exposed: true });
      await f.deal(rest);
      if (coup < 3) await f.table.command({ type: 'confirm', coup }, TAILLEUR);
    }
    // The state ends only with an `end` in the log: until the call is confirmed the suspension is due, not written.
    expect(f.table.state().end).to.equal(null);
    expect(suspensionDue(f.table.state())).to.equal(true);
    expect((await f.store.readShoe(f.table.state().shoe)).at(-1)).to.include({ type: 'card' });
    await f.restart();
    expect(suspensionDue(f.table.state())).to.equal(true);
    const events = await f.table.command({ type: 'confirm', coup: 3 }, TAILLEUR);
    expect(events.map((e) => e.type)).to.deep.equal(['confirm', 'end']);
    expect(events[1]).to.include({ reason: 'suspended', by: 'system' });
    expect(f.table.state().end).to.deep.equal({ reason: 'suspended', auto: true, by: 'system', at: events[1]!.at });
  });
});
