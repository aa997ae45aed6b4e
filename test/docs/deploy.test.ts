/**
 * docs/deploy.md is followed by hand on a real machine: its unit files must
 * load, and every `tq` command line in it must be one the CLI takes (the
 * command exists, each option is in its --help).
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { COMMANDS } from '../../server/cli/tq.ts';

const DOC = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';

/** Each ```ini block that follows "`/etc/systemd/system/<name>`:", as [name, text]. */
function unitFiles(): [string, string][] {
  return [...DOC.matchAll(/`\/etc\/systemd\/system\/([\w.-]+)`:\s*\n+```ini\n([\s\S]*?)```/g)].map((m) => [m[1]!, m[2]!]);
}

describe('docs/deploy.md', () => {
  it('gives the table server, the backup service and its timer, and the floor as unit files with their sections', () => {
    const units = new Map(unitFiles());
    expect([...units.keys()]).to.have.members(['tq.service', 'tq-backup.service', 'tq-backup.timer', 'tq-floor.service']);
    for (const [name, text] of units) {
      const sections = [...text.matchAll(/^\[(\w+)\]$/gm)].map((m) => m[1]);
      expect(sections, name).to.include('Unit');
      expect(sections, name).to.include(name.endsWith('.timer') ? 'Timer' : 'Service');
      for (const line of text.split('\n')) if (line !== '' && !line.startsWith('#') && !line.startsWith('[')) expect(line, name).to.match(/^[A-Za-z]+=/);
    }
    const serve = units.get('tq.service')!;
    for (const setting of ['User=tq', 'StateDirectoryMode=0700', 'UMask=0077', 'NoNewPrivileges=yes', 'ProtectSystem=strict', 'ReadWritePaths=/var/lib/tq'])
      expect(serve).to.include(setting);
    const floor = units.get('tq-floor.service')!;
    for (const setting of [
      'User=tq-floor',
      'Environment=NODE_ENV=production',
      'StateDirectoryMode=0700',
      'UMask=0077',
      'ProtectSystem=strict',
      '--tls-cert',
      '--allowed-hosts',
    ])
      expect(floor).to.include(setting);
  });

  it('has unit files systemd-analyze verify accepts (where systemd is installed)', async function () {
    if (!existsSync(SYSTEMD_ANALYZE)) this.skip();
    const dir = await mkdtemp(join(tmpdir(), 'tq-units-'));
    try {
      const paths = [];
      for (const [name, text] of unitFiles()) {
        paths.push(join(dir, name));
        await writeFile(join(dir, name), text);
      }
      const { stderr } = await promisify(execFile)(SYSTEMD_ANALYZE, ['verify', '--man=no', ...paths]);
      expect(stderr).to.equal('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('runs only tq commands and options the CLI has', async () => {
    const lines = [...DOC.matchAll(/tq-bin\.js ([a-z-]+)((?: [^\n'`]*)?)/g)];
    expect(lines.length).to.be.at.least(5);
    for (const [, name, rest] of lines) {
      expect(Object.keys(COMMANDS), name).to.include(name);
      const help = (await COMMANDS[name!]!.load()).help;
      const flags = new Set(help.options.flatMap(([flag]) => flag.match(/--[a-z-]+/g) ?? []));
      for (const flag of rest!.match(/--[a-z-]+/g) ?? []) expect([...flags], `tq ${name} ${flag}`).to.include(flag);
    }
  });
});
