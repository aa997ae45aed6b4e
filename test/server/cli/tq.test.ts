import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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

  it("prints each command's usage and options for --help, -h and `tq help <command>`, exit 0: a new command cannot forget it", async () => {
    for (const name of Object.keys(COMMANDS)) {
      for (const argv of [
        [name, '--help'],
        [name, '-h'],
        ['help', name],
        [name, 'anything', '--help'],
      ]) {
        const { status, out, err } = await tq(argv);
        expect(status, argv.join(' ')).to.equal(0);
        expect(err, argv.join(' ')).to.equal('');
        expect(out, argv.join(' ')).to.match(new RegExp(`^usage: tq ${name}`));
        expect(out, argv.join(' ')).to.include('\noptions:\n');
        expect(out, argv.join(' ')).to.include('-h, --help');
      }
    }
  });

  it('names the command and prints its usage on an unknown option, exit 2, for every command', async () => {
    for (const name of Object.keys(COMMANDS)) {
      const { status, out, err } = await tq([name, '--no-such-option']);
      expect(status, name).to.equal(2);
      expect(out, name).to.equal('');
      expect(err, name).to.match(new RegExp(`^tq ${name}: unknown option --no-such-option\n`));
      expect(err, name).to.include(`usage: tq ${name}`);
    }
  });

  it('says its version: the package version', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const { status, out } = await tq([flag]);
      expect(status).to.equal(0);
      expect(out).to.equal(`tq ${pkg.version}\n`);
    }
  });

  it('lists --help and --version in its own usage', async () => {
    const { out } = await tq(['--help']);
    expect(out).to.include('tq <command> --help');
    expect(out).to.include('tq --version');
  });

  it('runs as a program: exit status 0 with the call or a help, 2 on cards that make no coup or an unknown option', async function () {
    this.timeout(20_000);
    const [ok, few, bad, serveHelp, exportFoo] = await Promise.all([
      spawnTq(['call', '10H', '9S', '8C', 'QD', '5C', '7S', 'KD', 'QH', '--json']),
      spawnTq(['call', 'TH', '9S']),
      spawnTq(['call', 'TH', 'XX']),
      spawnTq(['serve', '--help']),
      spawnTq(['export', '--foo']),
    ]);
    expect(serveHelp.status).to.equal(0);
    expect(serveHelp.out).to.match(/^usage: tq serve /);
    expect(serveHelp.out).to.include('--serial <path>');
    expect(exportFoo.status).to.equal(2);
    expect(exportFoo.err).to.match(/^tq export: unknown option --foo\nusage: tq export /);
    expect(ok.status).to.equal(0);
    expect(JSON.parse(ok.out)).to.include({ result: 'rouge', couleur: 'couleur', call: 'Rouge gagne et couleur' });
    expect(few.status).to.equal(2);
    expect(few.err).to.match(/^tq call: the coup is not complete/);
    expect(bad.status).to.equal(2);
    expect(bad.err).to.include('"XX" is not a card');
  });
});
