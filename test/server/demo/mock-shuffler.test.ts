/**
 * The demo's fallback when no pseudo-terminal can be made: the host still
 * opens a SerialPort (serialport's mock binding) and runs the same link, the
 * simulator dealing in-process; "pull a card" stores the card dealt.
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { SerialPortMock } from 'serialport';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { createDemoUsers } from '../../../server/http/users.ts';
import { shuffledShoe } from '../../../server/simulator/shuffled-shoe.ts';
import type { DemoShuffler } from '../../../server/demo/demo-shuffler.ts';
import { mockShuffler } from '../../../server/demo/mock-shuffler.ts';
import { startTableServer, type RunningTable } from '../../../server/app/table-server.ts';
import { until } from '../../support/until.ts';

describe('the demo shuffler on serialport’s mock binding', () => {
  let dir = '';
  let server: RunningTable | null = null;
  afterEach(async () => {
    await server?.close();
    SerialPortMock.binding.reset();
    await rm(dir, { recursive: true, force: true });
  });

  async function serve(shuffler: DemoShuffler): Promise<RunningTable> {
    const config = {
      dataDir: dir,
      serial: shuffler.hostPath,
      baud: 9600,
      port: 0,
      host: '127.0.0.1',
      table: 'T1',
      rules: VENICE_RULES,
      mockSerial: true,
      logLevel: 'silent' as const,
    };
    const running = await startTableServer({
      config,
      users: await createDemoUsers(join(dir, 'users.json')),
      logger: pino({ level: 'silent' }),
      openPort: () => shuffler.openHostPort(),
      simulator: shuffler,
    });
    await shuffler.start();
    return running;
  }

  /** Pulls `n` cards, each stored before the next. */
  async function pull(shuffler: DemoShuffler, n: number, newShoe = false): Promise<void> {
    for (let k = 0; k < n; k++) {
      const before = server!.table.state();
      expect(shuffler.deal(newShoe && k === 0)).to.equal(true);
      await until(() => server!.table.state().shoe !== before.shoe || server!.table.lastStoredSeq() > before.lastSeq, 'the card is stored');
    }
  }

  it('resumes its second shoe where it stood after the demo restarts, with no reload', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-mock-'));
    const logger = pino({ level: 'silent' });
    const statePath = join(dir, 'demo-shuffler.json');
    let shuffler = await mockShuffler({ seed: '42', logger, statePath });
    server = await serve(shuffler);
    await until(() => server!.table.state().phase === 'burning', 'the SHOE frame starts a shoe');
    await pull(shuffler, 6);
    await pull(shuffler, 3, true); // the shuffler is reloaded with its next shoe: SHOE,SIM-42-2
    const shoe = server.table.state().shoe;
    expect(server.table.shoeInPlay()).to.deep.equal({ shoe, serial: 'SIM-42-2' });
    await server.close();
    await shuffler.close();
    SerialPortMock.binding.reset();

    shuffler = await mockShuffler({ seed: '42', logger, statePath });
    server = await serve(shuffler);
    await pull(shuffler, 2);
    expect(server.table.state()).to.include({ shoe, lastSeq: 5, phase: 'waiting' });
    const events = await server.store.readShoe(shoe);
    // the restart is the one fault, after the third card (docs/shoe-log.md#events); no end
    expect(events.filter((e) => e.type === 'fault' || e.type === 'end').map((e) => [e.type, (e as { code?: string }).code])).to.deep.equal([
      ['fault', 'RESTART'],
    ]);
    expect(events.find((e) => e.type === 'fault')).to.deep.include({ text: 'the table server started again with this shoe in play: it resumes after card 3' });
    expect(events.filter((e) => e.type === 'card').map((e) => (e as { card?: string }).card)).to.deep.equal(
      shuffledShoe('42-2')
        .slice(0, 5)
        .map((c) => c.card),
    );
    await shuffler.close();
  });

  it('announces its shoe and deals a card per pull, each stored in order', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-mock-'));
    const logger = pino({ level: 'silent' });
    const shuffler = await mockShuffler({ seed: '42', logger });
    server = await serve(shuffler);
    await until(() => server!.table.state().phase === 'burning', 'the SHOE frame starts a shoe');
    for (let k = 0; k < 12; k++) {
      expect(shuffler.deal()).to.equal(true);
      await until(() => server!.table.lastStoredSeq() === k + 1, `card ${k + 1} is stored`);
    }
    const dealt = shuffledShoe(42)
      .slice(0, 12)
      .map((c) => c.card);
    expect(server.table.state().cards.map((c) => c.card)).to.deep.equal(dealt);
    expect((await server.store.readShoe(server.table.state().shoe))[0]).to.include({ serial: 'SIM-42' });
    await shuffler.close();
  });
});
