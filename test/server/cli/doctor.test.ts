/**
 * `tq doctor` finds what a deployment got wrong before the crew does, each
 * failure with its fix, exit 1; a sound one exits 0.
 */
import { execFileSync } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { initTableKey } from '../../../server/central/table-keys.ts';
import { run } from '../../../server/cli/commands/doctor.ts';
import { createDemoUsers } from '../../../server/http/users.ts';

async function doctor(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; out: string; findings: { check: string; verdict: string; fix?: string }[] }> {
  let out = '';
  const code = await run([...argv, '--json'], { stdout: { write: (t: string) => (out += t) }, stderr: { write: () => true } }, env);
  return { code, out, findings: JSON.parse(out).findings };
}

function certificate(dir: string, names: string): { cert: string; key: string } {
  const cert = join(dir, 'tls.crt');
  const key = join(dir, 'tls.key');
  execFileSync(
    'openssl',
    [
      ...'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 90 -subj /CN=t1'.split(' '),
      '-addext',
      `subjectAltName=${names}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    {
      stdio: 'ignore',
    },
  );
  return { cert, key };
}

describe('tq doctor', function () {
  this.timeout(30_000);
  let base: string;
  let data: string;
  before(async () => {
    base = await mkdtemp(join(tmpdir(), 'tq-doctor-'));
    data = join(base, 'data');
    await mkdir(data, { mode: 0o700 });
    await createDemoUsers(join(data, 'users.json'));
    await initTableKey(data);
    await mkdir(join(base, 'backups', 'now'), { recursive: true });
    await writeFile(join(base, 'backups', 'now', 'backup.json'), JSON.stringify({ createdAt: new Date(Date.now() - 1_800_000).toISOString() }));
  });
  after(() => rm(base, { recursive: true, force: true }));

  it('passes a sound deployment: 0700, one owner, users, key, TLS naming the allowed hosts, a fresh backup', async () => {
    const tls = certificate(base, 'DNS:table-t1.local,IP:192.168.1.20');
    await chmod(tls.key, 0o640);
    const r = await doctor([
      '--data',
      data,
      '--tls-cert',
      tls.cert,
      '--tls-key',
      tls.key,
      '--allowed-hosts',
      'table-t1.local,192.168.1.20',
      '--backups',
      join(base, 'backups'),
    ]);
    expect(
      r.findings.filter((f) => f.verdict === 'fail'),
      r.out,
    ).to.deep.equal([]);
    expect(r.code).to.equal(0);
    expect(r.findings.map((f) => f.check)).to.include.members([
      'data directory mode',
      'owners',
      'users file',
      'table key',
      'TLS key mode',
      'certificate names',
      'clock',
      'free disk',
      'backups',
    ]);
  });

  it('fails a wrong one, each failure with its fix: modes, a stranger file, the TLS key, a missing name, an old backup, demo PINs in production', async () => {
    await chmod(data, 0o755);
    await chmod(join(data, 'users.json'), 0o644);
    await writeFile(join(data, 'stray.json'), '{}');
    if (process.getuid?.() === 0) await chown(join(data, 'stray.json'), 12345, 12345);
    const tls = certificate(base, 'DNS:table-t1.local');
    await chmod(tls.key, 0o644);
    const old = join(base, 'old-backups', 'then');
    await mkdir(old, { recursive: true });
    await writeFile(join(old, 'backup.json'), JSON.stringify({ createdAt: new Date(Date.now() - 5 * 3_600_000).toISOString() }));
    const r = await doctor(
      ['--data', data, '--tls-cert', tls.cert, '--tls-key', tls.key, '--allowed-hosts', 'table-t1.local,192.168.1.20', '--backups', join(base, 'old-backups')],
      { NODE_ENV: 'production' },
    );
    expect(r.code).to.equal(1);
    const failed = Object.fromEntries(r.findings.filter((f) => f.verdict === 'fail').map((f) => [f.check, f.fix]));
    expect(failed['data directory mode']).to.equal(`chmod 0700 ${data}`);
    expect(failed['users file mode']).to.equal(`chmod 0600 ${join(data, 'users.json')}`);
    expect(failed['users file']).to.include('tq users set-pin');
    expect(failed['TLS key mode']).to.include('chmod 0640');
    expect(failed['certificate names']).to.include('a certificate naming every allowed host');
    expect(failed.backups).to.include('tq-backup');
    if (process.getuid?.() === 0) expect(failed.owners).to.match(/^chown -R \d+:\d+ /);
  });
});
