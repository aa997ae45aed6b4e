import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { LinkSession } from '../../../server/serial/link-session.ts';
import { MemoryCardSink } from '../../../server/serial/memory-card-sink.ts';
import type { PtyPair } from '../../../server/serial/pty-pair.ts';
import { openSerial, serialConfig } from '../../../server/serial/serial-config.ts';
import { pullLineFor } from '../../../server/simulator/pull-line.ts';
import { runShufflerCli } from '../../../server/simulator/shuffler-main.ts';
import { until } from '../../support/until.ts';
import { ptyPairOrSkip } from '../../support/pty.ts';

describe('tq shuffler (the simulator on a serial port)', function () {
  this.timeout(20_000);
  let pair: PtyPair | null = null;
  let dir = '';
  let sink: MemoryCardSink;
  let session: LinkSession | null = null;

  before(async function () {
    dir = await mkdtemp(join(tmpdir(), 'tq-cli-'));
    pair = await ptyPairOrSkip(this);
  });

  beforeEach(async () => {
    sink = new MemoryCardSink();
    session = new LinkSession({ sink, openPort: () => openSerial(serialConfig({ path: pair!.hostPath }, {})), gapResendMs: 200 });
    await session.start();
  });

  afterEach(async () => session?.close());

  after(async () => {
    await pair?.close();
    await rm(dir, { recursive: true, force: true });
  });

  function io(stdin = new PassThrough()) {
    const err: string[] = [];
    return { stdin, stderr: { write: (t: string) => err.push(t) }, err };
  }

  it('deals a fixture one card per line on stdin and stops when the shoe is complete', async () => {
    const fixture = join(dir, 'shoe.jsonl');
    await writeFile(
      fixture,
      [
        '{"type":"shoe","table":"T1","shoe":"x","cards":3,"rules":{}}',
        '{"type":"card","seq":1,"card":"QH"}',
        '{"type":"open"}',
        '{"type":"card","seq":2,"card":"10S","exposed":true}',
        '{"type":"card","seq":3,"card":"2C"}',
      ].join('\n'),
    );
    const cli = io();
    const done = runShufflerCli(['--port', pair!.shufflerPath, '--fixture', fixture, '--resend-ms', '200'], cli);
    await until(() => cli.err.some((l) => l.includes('press Enter')), 'the CLI is ready', 30_000);
    cli.stdin.write('\n');
    await until(() => sink.cards.length === 1, 'one card is pulled', 30_000);
    expect(sink.cards).to.deep.equal([{ seq: 1, card: 'QH', exposed: false }]);
    cli.stdin.write('\n\n');
    expect(await done).to.equal(0);
    await until(() => sink.empties.length === 1, 'the shoe ends', 30_000);
    expect(sink.cards).to.deep.equal([
      { seq: 1, card: 'QH', exposed: false },
      { seq: 2, card: 'TS', exposed: true },
      { seq: 3, card: '2C', exposed: false },
    ]);
    const text = cli.err.join('');
    expect(text).to.include('shuffler: → HELLO,TQSIM,1.0').and.include('shuffler: → CARD,2,TS,E').and.include('shuffler: ← ACK,3');
    expect(text).to.include('shoe complete: 3 cards dealt and acknowledged');
  });

  it('deals a seeded shoe at --pace through --faults to the end', async () => {
    const cli = io();
    const code = await runShufflerCli(['--port', pair!.shufflerPath, '--seed', '11', '--pace', '2', '--resend-ms', '150', '--faults', 'drop:0.05,jam@3'], cli);
    expect(code).to.equal(0);
    await until(() => sink.empties.length === 1, 'the shoe ends', 30_000);
    expect(sink.cards).to.have.length(312);
    expect(sink.shoes).to.deep.equal([{ serial: 'SIM-11', cards: 312 }]);
    expect(cli.err.join('')).to.include('[drop]');
  });

  it('deals nothing for presses made while it was not answering, and deals on the next press', async () => {
    const cli = io();
    const done = runShufflerCli(['--port', pair!.shufflerPath, '--seed', '5', '--next-shoes'], cli);
    await until(() => cli.err.some((l) => l.includes('press Enter')), 'the CLI is ready', 30_000);
    // three presses made 30 s ago, read only now (a simulator stopped with SIGSTOP, then SIGCONT)
    const then = Date.now() - 30_000;
    cli.stdin.write(pullLineFor(false, then) + pullLineFor(false, then + 1) + pullLineFor(false, then + 2));
    await until(() => cli.err.filter((l) => l.includes('is dropped')).length === 3, 'the stale presses are dropped', 30_000);
    expect(sink.cards).to.deep.equal([]);
    cli.stdin.write(pullLineFor(false, Date.now()));
    await until(() => sink.cards.length === 1, 'a fresh press deals', 30_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.cards.map((c) => c.seq)).to.deep.equal([1]);
    expect(cli.err.join('')).to.match(/a pull pressed 30\.\d s ago is dropped: the shuffler was not answering then/);
    cli.stdin.end();
    expect(await done).to.equal(0);
  });

  it('still loads the next shoe for a stale "new", without dealing from it', async () => {
    const cli = io();
    const done = runShufflerCli(['--port', pair!.shufflerPath, '--seed', '6', '--next-shoes'], cli);
    await until(() => cli.err.some((l) => l.includes('press Enter')), 'the CLI is ready', 30_000);
    cli.stdin.write(pullLineFor(false, Date.now()));
    await until(() => sink.cards.length === 1, 'a card of shoe 1', 30_000);
    cli.stdin.write(pullLineFor(true, Date.now() - 10_000));
    await until(() => sink.shoes.length === 2, 'shoe 2 is announced', 30_000);
    expect(sink.shoes.map((s) => s.serial)).to.deep.equal(['SIM-6', 'SIM-6-2']);
    await new Promise((r) => setTimeout(r, 300));
    // the sink holds the shoe in play's cards: none dealt from shoe 2
    expect(sink.cards).to.deep.equal([]);
    cli.stdin.end();
    expect(await done).to.equal(0);
  });

  it('stops when stdin closes in hand-dealing mode', async () => {
    const cli = io();
    const done = runShufflerCli(['--port', pair!.shufflerPath, '--seed', '1'], cli);
    await until(() => cli.err.some((l) => l.includes('press Enter')), 'the CLI is ready', 30_000);
    cli.stdin.end();
    expect(await done).to.equal(0);
    expect(cli.err.join('')).to.include('stdin closed');
  });

  it('explains its usage and exits 2 on bad arguments', async () => {
    for (const argv of [
      [],
      ['--port', '/dev/x', '--pace', 'fast'],
      ['--port', '/dev/x', '--faults', 'fire:1'],
      ['--bogus'],
      ['--port', pair!.shufflerPath, '--seed', '1', '--fixture', 'f.jsonl'],
    ]) {
      const cli = io();
      expect(await runShufflerCli(argv, cli), argv.join(' ')).to.equal(2);
      expect(cli.err.join(''), argv.join(' ')).to.include('usage: tq shuffler');
    }
  });
});
