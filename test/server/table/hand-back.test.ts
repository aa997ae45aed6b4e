/**
 * The stakes a shoe cut short left on the layout (shoe/hand-back.ts), listed
 * by the table from the record after a genuine reload: the shuffler announces
 * a new shoe while a coup is being dealt; the table suspends the shoe in play
 * (its coup cut short, stakes returned) and starts the new one. The list is
 * in every view until a `handed-back` event (docs/shoe-log.md#handed-back),
 * and the same after a restart, which reads it from the stored shoes.
 */
import { expect } from 'chai';
import { TableService } from '../../../server/table/table-service.ts';
import { steppingClock } from '../../../server/table/clock.ts';
import { verifyShoe } from '../../../server/store/verify-shoe.ts';
import type { HandBack } from '../../../shoe/hand-back.ts';
import { replayShoe } from '../../../shoe/replay.ts';
import { formatShoeLog, parseShoeLog } from '../../../shoe/shoe-log.ts';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { openMemoryTable, type MemoryTable } from '../../support/memory-table.ts';
import { TAILLEUR } from './table-fixture.ts';

const PAYEUR = { user: 'payeur', role: 'payeur' } as const;
const CHEF = { user: 'chef', role: 'chef' } as const;

describe('stakes to hand back after the shuffler reloads mid-shoe (derived by the table)', () => {
  let memory: MemoryTable | undefined;
  afterEach(async () => {
    await memory?.close();
    memory = undefined;
  });

  /** A first shoe whose coup 1 is being dealt, two stakes on it: returns that shoe. */
  async function dealingCoupOne(m: MemoryTable): Promise<string> {
    const { table } = m;
    await table.shoeReady('SERIAL-A', 312);
    for (const card of ['2H', '3D', '4C', '5S', '6H']) await m.deal(card);
    await table.command({ type: 'open' }, TAILLEUR);
    await table.command({ type: 'bet', player: 's2', chance: 'couleur', amount: 4000 }, PAYEUR);
    await table.command({ type: 'bet', player: 's7', chance: 'rouge', amount: 1500, insured: true }, PAYEUR);
    await m.deal('TH');
    return table.state().shoe;
  }

  async function cutByReload(m: MemoryTable): Promise<string> {
    const { table } = m;
    const first = await dealingCoupOne(m);
    expect(table.view().handBack).to.deep.equal([]);
    await table.shoeReady('SERIAL-B', 312);
    expect(table.state().shoe).to.not.equal(first);
    return first;
  }

  const expected = (shoe: string): HandBack => ({
    shoe,
    how: 'suspended',
    coup: 1,
    rows: [
      { player: 's2', chance: 'couleur', amount: 4000, from: 'coup' },
      { player: 's7', chance: 'rouge', amount: 1500, insured: true, premium: 15, from: 'coup' },
    ],
  });

  it("lists the cut coup's stakes in the new shoe's view, and drops them once the chef marks them handed back", async () => {
    memory = await openMemoryTable();
    const first = await cutByReload(memory);
    expect(memory.table.view().handBack).to.deep.equal([expected(first)]);

    const [event] = await memory.table.command({ type: 'handed-back', shoe: first, rows: expected(first).rows }, CHEF);
    expect(event).to.include({ type: 'handed-back', shoe: first, by: 'chef' });
    expect(memory.table.view().handBack).to.deep.equal([]);
    // the game of the new shoe is untouched, and a second mark is refused
    expect(memory.table.state().phase).to.equal('burning');
    let code: string | undefined;
    await memory.table.command({ type: 'handed-back', shoe: first }, PAYEUR).catch((e: { code?: string }) => (code = e.code));
    expect(code).to.equal('ALREADY_HANDED_BACK');
  });

  it('keeps the list, and the mark, across a restart: both are read from the stored shoes', async () => {
    memory = await openMemoryTable();
    const first = await cutByReload(memory);
    const reopen = () => TableService.open({ store: memory!.store, tableId: 'T1', rules: VENICE_RULES, clock: steppingClock() });
    const before = await reopen();
    expect(before.view().handBack).to.deep.equal([expected(first)]);
    await before.close();

    await memory.table.command({ type: 'handed-back', shoe: first }, PAYEUR);
    const after = await reopen();
    expect(after.view().handBack).to.deep.equal([]);
    await after.close();
  });

  /** The shoe in play cut by the shuffler's reload again, with a stake on its coup: a second shoe ends with chips left on the layout. */
  async function cutAgain(m: MemoryTable, serial: string): Promise<string> {
    const { table } = m;
    for (const card of ['2C', '3C', '4C', '5C', '6C']) await m.deal(card);
    await table.command({ type: 'open' }, TAILLEUR);
    await table.command({ type: 'bet', player: 's4', chance: 'noir', amount: 2500 }, PAYEUR);
    await m.deal('TC');
    const cut = table.state().shoe;
    await table.shoeReady(serial, 312);
    return cut;
  }

  it('keeps an entry nobody marked when another shoe ends, shoe after shoe, and after a restart, until it is marked', async () => {
    // an outsider left a list unmarked: the next shoe's end took it off every screen, with no mark in the record
    memory = await openMemoryTable();
    const first = await cutByReload(memory);
    const second = await cutAgain(memory, 'SERIAL-C');
    const listed = () => (memory!.table.view().handBack ?? []).map((h) => h.shoe);
    expect(listed()).to.deep.equal([first, second]);
    const third = await cutAgain(memory, 'SERIAL-D');
    expect(listed()).to.deep.equal([first, second, third]);
    // carried on the first line of the shoe in play (docs/shoe-log.md#handed-back), so a restart reads it from the record
    const reopened = await TableService.open({ store: memory.store, tableId: 'T1', rules: VENICE_RULES, clock: steppingClock() });
    expect((reopened.view().handBack ?? []).map((h) => h.shoe)).to.deep.equal([first, second, third]);
    await reopened.close();
    await memory.table.command({ type: 'handed-back', shoe: first }, PAYEUR);
    expect(listed()).to.deep.equal([second, third]);
    expect(memory.table.view().handBack?.[0]?.rows).to.deep.equal([{ player: 's4', chance: 'noir', amount: 2500, from: 'coup' }]);
  });

  it("lists a suspended shoe's stakes the moment it stops, the mark waiting for the next shoe; then listed once, until marked", async () => {
    // an outsider's payeur found the box without the shoe just suspended until the tailleur started the next one (pass 8)
    memory = await openMemoryTable();
    const { table } = memory;
    const first = await dealingCoupOne(memory);
    expect(table.view().handBackMark).to.equal('now');
    await table.command({ type: 'end', reason: 'suspended', note: 'card exposed in the shoe' }, CHEF);
    expect(table.state().phase).to.equal('ended');
    expect(table.view().handBack).to.deep.equal([{ ...expected(first), note: 'card exposed in the shoe' }]);
    expect(table.view().handBackMark).to.equal('next-shoe');
    let code: string | undefined;
    await table.command({ type: 'handed-back', shoe: first }, PAYEUR).catch((e: { code?: string }) => (code = e.code));
    expect(code).to.equal('SHOE_ENDED');

    await table.shoeReady('SERIAL-B', 312);
    const second = table.state().shoe;
    expect(second).to.not.equal(first);
    expect((table.view().handBack ?? []).map((h) => h.shoe)).to.deep.equal([first]);
    expect(table.view().handBackMark).to.equal('now');
    // derived from the previous shoe's record, not carried on the new first line as if from an earlier one
    const [line] = await memory.store.readShoe(second);
    expect(line).to.not.have.property('handBack');
    await table.command({ type: 'handed-back', shoe: first }, PAYEUR);
    expect(table.view().handBack).to.deep.equal([]);
  });

  it("lists the stakes of a disputed coup whose annulment let a held suspension take effect, and not a confirmed coup's", async () => {
    // an outsider's chef annulled the disputed call a held suspension waited for: the shoe ended with 340,00 on the layout and no list (pass 9)
    memory = await openMemoryTable();
    const { table } = memory;
    const first = await dealingCoupOne(memory);
    for (const card of ['9H', 'TC', 'KD', '8S', 'QH', 'JC', '2D', 'KS', 'QS', 'JS']) if (table.view().awaitingConfirm === null) await memory.deal(card);
    expect(table.view().awaitingConfirm).to.equal(1);
    await table.command({ type: 'dispute', coup: 1, announced: 'Rouge perd' }, TAILLEUR);
    await table.command({ type: 'end', reason: 'suspended', note: 'marked cards' }, CHEF);
    expect(table.state().end).to.equal(null);
    const written = await table.command({ type: 'resolve', coup: 1, ruling: 'annul', reason: 'card seen' }, CHEF);
    expect(written.map((e) => e.type)).to.deep.equal(['resolve', 'end']);
    expect(table.view().handBack).to.deep.equal([{ ...expected(first), note: 'marked cards', annulled: 'ruling' }]);
    await table.shoeReady('SERIAL-B', 312);
    expect(table.view().handBack).to.deep.equal([{ ...expected(first), note: 'marked cards', annulled: 'ruling' }]);

    // the same held suspension, the call confirmed: the stakes were settled at the table, nothing to hand back
    for (const card of ['2C', '3C', '4C', '5C', '6C']) await memory.deal(card);
    await table.command({ type: 'open' }, TAILLEUR);
    await table.command({ type: 'bet', player: 's1', chance: 'noir', amount: 1000 }, PAYEUR);
    for (const card of ['9H', 'TC', 'KD', '8S', 'QH', 'JC', '2D', 'KS', 'QS', 'JS']) if (table.view().awaitingConfirm === null) await memory.deal(card);
    await table.command({ type: 'end', reason: 'suspended', note: 'change of dealer' }, CHEF);
    await table.command({ type: 'confirm', coup: 1 }, TAILLEUR);
    expect(table.state().phase).to.equal('ended');
    expect((table.view().handBack ?? []).map((h) => h.shoe)).to.deep.equal([first]);
  });

  it('replays a record with the mark: no rule violation, and the shoe itself cannot be marked', async () => {
    memory = await openMemoryTable();
    const first = await cutByReload(memory);
    await memory.table.command({ type: 'handed-back', shoe: first }, PAYEUR);
    const events = await memory.store.readShoe(memory.table.state().shoe);
    const { state, alerts } = replayShoe(events);
    expect(alerts.filter((a) => a.kind === 'rule-violation')).to.deep.equal([]);
    expect(state.handedBack).to.deep.equal([first]);
    expect(verifyShoe(events, { replay: replayShoe }).problems).to.deep.equal([]);
    expect(parseShoeLog(formatShoeLog(events)).at(-1)).to.include({ type: 'handed-back', shoe: first });
    const self = replayShoe([...events, { type: 'handed-back', shoe: state.shoe }]);
    expect(self.alerts.map((a) => a.code)).to.include('INVALID_EVENT');
  });
});
