/**
 * The table as the shuffler link's CardSink (docs/serial-protocol.md#cards): a card is stored before
 * it is acknowledged, a repeated seq is never stored twice, a SHOE frame in
 * the middle of a shoe means the shuffler was reloaded, and what the line
 * does wrong is recorded for the tailleur.
 */
import { expect } from 'chai';
import { RuleError } from '../../../shoe/errors.ts';
import type { LinkStatus } from '../../../server/table/table.ts';
import { BURN, NOIR_WINS, PAYEUR, TAILLEUR, UN_APRES, tableFixture, type Fixture } from './table-fixture.ts';

describe('TableService as the shuffler link’s card sink', () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await tableFixture();
  });
  afterEach(() => f.cleanup());

  const events = async () => f.store.readShoe(f.table.state().shoe);

  it('starts a shoe on a SHOE frame, recording the shuffler’s serial and card count', async () => {
    await f.table.shoeReady('SIM-7', 312);
    const [first] = await events();
    expect(first).to.include({ type: 'shoe', cards: 312, serial: 'SIM-7', by: 'shuffler' });
    expect(f.table.lastStoredSeq()).to.equal(0);
  });

  it('stores a card dealt once, however many times the line repeats it', async () => {
    await f.table.shoeReady('SIM-7', 312);
    await f.table.storeCard({ seq: 1, card: '2H', exposed: false });
    await f.table.storeCard({ seq: 1, card: '2H', exposed: false });
    await Promise.all([f.table.storeCard({ seq: 2, card: '3D', exposed: false }), f.table.storeCard({ seq: 2, card: '3D', exposed: false })]);
    expect((await events()).filter((e) => e.type === 'card').map((e) => (e as { seq: number }).seq)).to.deep.equal([1, 2]);
    expect(f.table.lastStoredSeq()).to.equal(2);
  });

  it('refuses a different card under a seq already stored, and a card out of order', async () => {
    await f.table.shoeReady('SIM-7', 312);
    await f.table.storeCard({ seq: 1, card: '2H', exposed: false });
    const changed = await f.table.storeCard({ seq: 1, card: 'KS', exposed: false }).catch((e: unknown) => e);
    expect(changed).to.be.instanceOf(RuleError).with.property('code', 'DUPLICATE_SEQ');
    const gap = await f.table.storeCard({ seq: 3, card: 'KS', exposed: false }).catch((e: unknown) => e);
    expect(gap).to.be.instanceOf(RuleError).with.property('code', 'SEQ_GAP');
    expect(await events()).to.have.length(2);
  });

  it('keeps the exposed flag of a card seen face up in the shuffler (it still counts)', async () => {
    await f.table.shoeReady('SIM-7', 312);
    await f.deal(BURN);
    await f.table.storeCard({ seq: 6, card: 'TH', exposed: true });
    expect((await events()).at(-1)).to.include({ type: 'card', seq: 6, card: 'TH', exposed: true });
    expect(f.table.view().coup?.exposed).to.equal(true);
  });

  it('suspends the shoe in play when the shuffler announces a new one, and carries its prisons', async () => {
    await f.table.shoeReady('SIM-1', 312);
    await f.deal(BURN);
    await f.table.command({ type: 'open' }, TAILLEUR);
    await f.table.command({ type: 'bet', player: 's3', chance: 'noir', amount: 1_000 }, PAYEUR);
    await f.deal(UN_APRES);
    await f.table.command({ type: 'confirm', coup: 1 }, TAILLEUR);
    await f.deal(NOIR_WINS.slice(0, 2));
    const old = f.table.state().shoe;

    await f.table.shoeReady('SIM-2', 312);
    const oldEvents = await f.store.readShoe(old);
    expect(oldEvents.slice(-2).map((e) => e.type)).to.deep.equal(['fault', 'end']);
    expect(oldEvents.at(-2)).to.include({ code: 'RELOAD' });
    expect((oldEvents.at(-2) as { text: string }).text).to.match(/new shoe \(SIM-2\) at card 15/);
    expect(oldEvents.at(-1)).to.include({ reason: 'suspended', by: 'shuffler' });
    // The coup cut short by the reload is annulled (docs/rules.md#end-of-shoe); the prison stake waits in the new shoe.
    const [first] = await events();
    expect(first).to.include({ serial: 'SIM-2' });
    expect((first as { prison?: unknown }).prison).to.deep.equal([{ player: 's3', chance: 'noir', amount: 1_000, level: 1 }]);
    expect(f.table.lastStoredSeq()).to.equal(0);
    await f.table.storeCard({ seq: 1, card: 'QH', exposed: false });
    expect(f.table.lastStoredSeq()).to.equal(1);
  });

  it('takes a SHOE frame repeated for the shoe in play, or before its first card, as that shoe', async () => {
    await f.table.shoeReady('SIM-1', 312);
    await f.deal(BURN.slice(0, 2));
    const announced = f.table.state().shoe;
    await f.table.shoeReady('SIM-1', 312);
    expect(f.table.state().shoe).to.equal(announced);
    expect(f.table.lastStoredSeq()).to.equal(2);

    await f.table.shoeEmpty(2);
    const [byHand] = await f.table.startShoe(TAILLEUR);
    await f.table.shoeReady('SIM-9', 312);
    expect(f.table.state().shoe).to.equal((byHand as { shoe?: string }).shoe);
    expect(await events()).to.have.length(1);
  });

  it('starts a shoe for cards that come with no SHOE frame, saying so', async () => {
    await f.table.storeCard({ seq: 1, card: '2H', exposed: false });
    expect((await events()).map((e) => e.type)).to.deep.equal(['shoe', 'fault', 'card']);
    expect((await events())[1]).to.include({ code: 'NO_SHOE_FRAME' });
  });

  it('ends the shoe on EMPTY, once, however often the shuffler repeats it', async () => {
    await f.table.shoeReady('SIM-1', 312);
    await f.deal(BURN);
    await f.table.shoeEmpty(5);
    await f.table.shoeEmpty(5);
    const ends = (await events()).filter((e) => e.type === 'end');
    expect(ends).to.have.length(1);
    expect(f.table.state().end).to.deep.equal({ reason: 'empty', auto: false, by: 'shuffler', at: ends[0]!.at });
  });

  it('stores ERR frames, silence and gaps as faults of the shoe in play, and shows every alert on the link status', async () => {
    const statuses: LinkStatus[] = [];
    f.table.onLink((s) => statuses.push(s));
    await f.table.shoeReady('SIM-1', 312);
    f.table.status({ model: 'TQSIM', firmware: '1.0' });
    f.table.alert({ kind: 'shuffler-error', code: 'JAM', message: 'shuffler error JAM: Card jam' });
    f.table.alert({ kind: 'bad-frame', code: 'CHECKSUM', message: 'bad checksum' });
    f.table.alert({ kind: 'gap', message: 'gap in the cards: asking RESEND from 4' });
    f.table.alert({ kind: 'silent', message: 'no frame from the shuffler for 15 s' });
    await f.table.storeCard({ seq: 1, card: '2H', exposed: false });
    const faults = (await events()).filter((e) => e.type === 'fault');
    // the card after the silence closed it in the record first (silence-over.ts)
    expect(faults.map((e) => (e as { code: string }).code)).to.deep.equal(['JAM', 'GAP', 'SILENT', 'SILENCE_OVER']);
    const link = f.table.linkStatus();
    expect(link).to.include({ connected: true, model: 'TQSIM', firmware: '1.0' });
    expect(link.alerts.map((a) => a.kind)).to.deep.equal(['shuffler-error', 'bad-frame', 'gap', 'silent']);
    // Silence shows the line as down until the shuffler speaks again.
    expect(statuses.find((s) => s.alerts.at(-1)?.kind === 'silent')?.connected).to.equal(false);
    expect(statuses.at(-1)!.connected).to.equal(true);
    expect(f.table.view().alerts.filter((a) => a.kind === 'fault')).to.have.length(4);
  });

  describe('the end of a silence, in the record beside its start (outsider pass 20, F8)', () => {
    const faults = async () => (await events()).filter((e) => e.type === 'fault').map((e) => [(e as { code: string }).code, (e as { text: string }).text]);

    it('stores how long the shuffler was silent at its first frame after, before that frame’s card, once', async () => {
      await f.table.shoeReady('SIM-1', 312);
      await f.deal(['2H']);
      f.table.alert({ kind: 'silent', message: 'no frame from the shuffler for 15 s', params: { s: 15 } });
      await f.deal(['3D', '4S']);
      const stored = await faults();
      expect(stored.map(([code]) => code)).to.deep.equal(['SILENT', 'SILENCE_OVER']);
      expect(stored[1]![1]).to.match(/^the shuffler spoke again after \d+ s silent \(its last frame before 2025-01-01T20:00:\d\d\.000Z\)$/);
      const types = (await events()).map((e) => e.type);
      expect(types.slice(-4)).to.deep.equal(['fault', 'fault', 'card', 'card']);
      expect(f.table.view().alerts.at(-1)).to.deep.include({ kind: 'fault', code: 'SILENCE_OVER' });
    });

    it('stores nothing for frames without a silence, nor for a silence with no shoe in play', async () => {
      f.table.alert({ kind: 'silent', message: 'no frame from the shuffler for 15 s', params: { s: 15 } });
      await f.table.shoeReady('SIM-1', 312);
      await f.deal(['2H', '3D']);
      f.table.status({ state: 'DEALING' });
      await f.deal(['4S']);
      expect(await faults()).to.deep.equal([]);
    });

    it('closes a silence stored before a restart at the first frame after it, counted from the record', async () => {
      await f.table.shoeReady('SIM-1', 312);
      await f.deal(['2H']);
      f.table.alert({ kind: 'silent', message: 'no frame from the shuffler for 15 s', params: { s: 15 } });
      await f.restart(); // closing waits for the fault to be stored
      await f.deal(['3D']);
      const stored = await faults();
      expect(stored.map(([code]) => code)).to.deep.equal(['SILENT', 'SILENCE_OVER']);
      // the link of the new start never saw the silence begin: 15 s before the SILENT fault, by the record
      const silentAt = Date.parse((await events()).find((e) => e.type === 'fault')!.at!);
      const overAt = Date.parse((await events()).at(-2)!.at!);
      const [, s, from] = /after (\d+) s silent \(its last frame before (\S+)\)$/.exec(stored[1]![1]!)!;
      expect(from).to.equal(new Date(silentAt - 15_000).toISOString());
      expect(Number(s)).to.be.within(16, 15 + (overAt - silentAt) / 1000);
    });
  });
});
