/**
 * The table's commands of `tq`: serve and demo refuse to start on a bad
 * setup with a clear message, export and verify read a data directory (and
 * only read it), and verify names the shoe, the event and why when a stored
 * line was changed.
 */
import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { run as demo } from '../../../server/cli/commands/demo.ts';
import { run as exportShoe } from '../../../server/cli/commands/export.ts';
import { run as serve } from '../../../server/cli/commands/serve.ts';
import { run as verify } from '../../../server/cli/commands/verify.ts';
import { shoeFilePath } from '../../../server/store/data-dir.ts';
import { BURN, PAYEUR, TAILLEUR, tableFixture, type Fixture } from './table-fixture.ts';

async function tq(
  run: (argv: string[], io: { stdout: { write(t: string): unknown }; stderr: { write(t: string): unknown } }) => Promise<number>,
  argv: string[],
) {
  let out = '';
  let err = '';
  const status = await run(argv, { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) } });
  return { status, out, err };
}

describe('tq serve, demo, export and verify', () => {
  let f: Fixture;
  let shoe = '';
  beforeEach(async () => {
    f = await tableFixture();
    await f.table.shoeReady('SIM-3', 312);
    await f.deal(BURN);
    await f.table.command({ type: 'open' }, TAILLEUR);
    await f.table.command({ type: 'bet', player: 's1', chance: 'rouge', amount: 5_000 }, PAYEUR);
    shoe = f.table.state().shoe;
  });
  afterEach(() => f.cleanup());

  it('serve refuses to start without a serial port, or without a users file', async () => {
    const noSerial = await tq(serve, ['--data', f.dir, '--port', '0']);
    expect(noSerial.status).to.equal(2);
    expect(noSerial.err).to.match(/no serial port: give --serial <path> or set TQ_SERIAL/);
    // a missing users file is a failure of the deployment, not of the command line: exit 1 without the usage, as every command's failure
    const noUsers = await tq(serve, ['--data', f.dir, '--serial', '/dev/ttyUSB0']);
    expect(noUsers.status).to.equal(1);
    expect(noUsers.err).to.include(`no users file at ${join(f.dir, 'users.json')}`);
    expect(noUsers.err).to.not.include('usage:');
  });

  it('demo refuses to run with its demo users when NODE_ENV=production', async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const r = await tq(demo, []);
      expect(r.status).to.equal(2);
      expect(r.err).to.match(/refused with NODE_ENV=production/);
    } finally {
      if (before === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = before;
    }
  });

  it('export prints the stored shoe as its shoe log, line for line', async () => {
    const r = await tq(exportShoe, ['--data', f.dir, '--shoe', 'latest']);
    expect(r.status).to.equal(0);
    expect(r.out).to.equal(await readFile(shoeFilePath(f.dir, shoe), 'utf8'));
    expect((await tq(exportShoe, ['--data', f.dir, '--shoe', shoe])).out).to.equal(r.out);
    const unknown = await tq(exportShoe, ['--data', f.dir, '--shoe', 'nope']);
    expect(unknown.status).to.equal(1);
    expect(unknown.err).to.include('shoe nope: no such shoe');
  });

  it('export takes the end of a shoe id the screens show (its last 8 characters) for the whole id', async () => {
    // the screens say "Shoe 98890949": that was answered "no such shoe" (outsider pass 12)
    const short = await tq(exportShoe, ['--data', f.dir, '--shoe', shoe.slice(-8)]);
    expect(short.status, short.err).to.equal(0);
    expect(short.out).to.equal(await readFile(shoeFilePath(f.dir, shoe), 'utf8'));
  });

  it('verify says OK for a sound record, and names shoe, event and why for an edited line (exit 1)', async () => {
    const ok = await tq(verify, ['--data', f.dir]);
    expect(ok.status, ok.out).to.equal(0);
    expect(ok.out).to.include(`${shoe}: OK (8 events)`);

    const path = shoeFilePath(f.dir, shoe);
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace('"amount":5000', '"amount":50000'));
    const bad = await tq(verify, ['--data', f.dir, '--shoe', shoe]);
    expect(bad.status).to.equal(1);
    expect(bad.out).to.match(new RegExp(`${shoe}: event 7 \\(line 8\\): hash-mismatch: `));
    const json = await tq(verify, ['--data', f.dir, '--json']);
    expect(json.status).to.equal(1);
    expect(JSON.parse(json.out)).to.include({ ok: false, shoes: 1 });
  });

  describe('the tamper test: tq verify catches each change to a stored shoe (exit 1)', () => {
    const tamper = async (change: (lines: string[]) => string[]) => {
      const path = shoeFilePath(f.dir, shoe);
      const lines = (await readFile(path, 'utf8')).trimEnd().split('\n');
      await writeFile(path, `${change(lines).join('\n')}\n`);
      return tq(verify, ['--data', f.dir, '--shoe', shoe, '--json']);
    };
    const problems = (r: { out: string }) =>
      (JSON.parse(r.out) as { results: { problems: { index: number | null; kind: string }[] }[] }).results[0]!.problems.map((p) => `${p.index}:${p.kind}`);

    it('one byte flipped inside an event', async () => {
      const r = await tamper((lines) => lines.map((l, k) => (k === 3 ? l.replace('"seq":3', '"seq":4') : l)));
      expect(r.status).to.equal(1);
      expect(problems(r)).to.include('3:hash-mismatch');
    });

    it('one event deleted', async () => {
      const r = await tamper((lines) => lines.filter((_, k) => k !== 4));
      expect(r.status).to.equal(1);
      expect(problems(r)).to.include('4:prev-mismatch');
    });

    it('two events swapped', async () => {
      const r = await tamper((lines) => lines.map((l, k) => (k === 2 ? lines[5]! : k === 5 ? lines[2]! : l)));
      expect(r.status).to.equal(1);
      expect(problems(r)).to.include.members(['2:index-mismatch', '2:prev-mismatch', '5:index-mismatch', '5:prev-mismatch']);
    });
  });
});
