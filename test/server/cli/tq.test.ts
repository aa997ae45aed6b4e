import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COMMANDS, main } from '../../../server/cli/tq.ts';
import { captureIo } from './cli-io.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

async function tq(argv: string[]) {
  const io = captureIo();
  const status = await main(argv, io);
  return { status, out: io.out(), err: io.err() };
}

/** Runs the real command line in its own process. */
function spawnTq(argv: string[]): Promise<{ status: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/cli/tq.ts', ...argv], { cwd: ROOT }, (error, out, err) => {
      resolve({ status: error ? Number(error.code) : 0, out, err });
    });
  });
}

describe('tq', () => {
  it('dispatches to the command named first', async () => {
    const { status, out } = await tq(['call', 'TH', '9S', '8C', 'QD', '5C', '7S', 'KD', 'QH']);
    expect(status).to.equal(0);
    expect(out).to.include('Rouge gagne et couleur');
  });

  it('lists every command in its usage', async () => {
    const { status, out } = await tq(['--help']);
    expect(status).to.equal(0);
    for (const name of ['call', 'replay', 'simulate', 'serve', 'shuffler', 'export', 'verify', 'demo']) expect(out).to.include(`tq ${name}`);
  });

  it('refuses no command or an unknown one with exit status 2 and the usage', async () => {
    const none = await tq([]);
    expect(none.status).to.equal(2);
    expect(none.err).to.match(/^usage: tq </);
    const unknown = await tq(['deal']);
    expect(unknown.status).to.equal(2);
    expect(unknown.err).to.include('unknown command "deal"');
  });

  it('has a module exporting run() for every command it lists', async () => {
    for (const [name, entry] of Object.entries(COMMANDS)) {
      expect(existsSync(new URL(`../../../server/cli/commands/${name}.ts`, import.meta.url)), name).to.equal(true);
      expect((await entry.load()).run, name).to.be.a('function');
    }
  });

  it('runs as a program: exit status 0 with the call, 2 on cards that make no coup', async function () {
    this.timeout(20_000);
    const [ok, few, bad] = await Promise.all([
      spawnTq(['call', '10H', '9S', '8C', 'QD', '5C', '7S', 'KD', 'QH', '--json']),
      spawnTq(['call', 'TH', '9S']),
      spawnTq(['call', 'TH', 'XX']),
    ]);
    expect(ok.status).to.equal(0);
    expect(JSON.parse(ok.out)).to.include({ result: 'rouge', couleur: 'couleur', call: 'Rouge gagne et couleur' });
    expect(few.status).to.equal(2);
    expect(few.err).to.match(/^tq call: the coup is not complete/);
    expect(bad.status).to.equal(2);
    expect(bad.err).to.include('"XX" is not a card');
  });
});
