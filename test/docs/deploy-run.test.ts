/**
 * docs/deploy.md executed: its blocks marked ```` ```sh tested ```` are run
 * as written, in order, as root, with a service user this test creates in
 * place of `tq` and every path under a temporary prefix (`systemctl` is left
 * out: no systemd here). As written they failed: `tq users add` as root left
 * users.json root-owned, and restore as `tq` could not write in /var/lib. The
 * end state is then checked as the server would meet it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
const DOC = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8');

/** The ```sh tested blocks, in order. */
function testedBlocks(doc: string): string[] {
  return [...doc.matchAll(/^```sh tested\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** The Environment= settings and the ExecStart= command of the unit `name` in the document. */
function unit(doc: string, name: string): { env: string[]; execStart: string } {
  const text = new RegExp(`\`/etc/systemd/system/${name.replace('.', '\\.')}\`:\\s*\\n+\`\`\`ini\\n([\\s\\S]*?)\`\`\``).exec(doc)?.[1] ?? '';
  return {
    env: [...text.matchAll(/^Environment=(.*)$/gm)].map((m) => m[1]!),
    execStart: /^ExecStart=(.*)$/m.exec(text)?.[1] ?? '',
  };
}

/**
 * `start_tq`, standing for `systemctl enable --now tq` / `systemctl start tq`:
 * the unit's ExecStart with its Environment=, as its User=, the serial line on
 * serialport's mock binding (no shuffler here); it must come up listening and
 * stop with exit 0 on SIGTERM, as under systemd.
 */
function startTq(doc: string, user: string, prefix: string): string {
  const { env, execStart } = unit(doc, 'tq.service');
  const vars = env.map((e) => `'${e.replace(/(^|=)\/(var|etc)\//, `$1${prefix}/$2/`)}'`).join(' ');
  const command = execStart.replace(/^\/usr\/bin\/node /, `${process.execPath} `).replace(/\/opt\/tq\//g, `${ROOT}/`);
  return `start_tq() {
  env ${vars} setpriv --reuid=${user} --regid=${user} --init-groups ${command} --mock-serial > "${prefix}/tq.log" 2>&1 &
  local pid=$!
  for _ in $(seq 600); do
    grep -q 'table server listening' "${prefix}/tq.log" && break
    kill -0 $pid 2>/dev/null || { cat "${prefix}/tq.log" >&2; return 1; }
    sleep 0.1
  done
  grep -q 'table server listening' "${prefix}/tq.log" || { cat "${prefix}/tq.log" >&2; kill -KILL $pid; return 1; }
  kill -TERM $pid
  wait $pid || { cat "${prefix}/tq.log" >&2; return 1; }
}
`;
}

/** A block as it runs here: the test's user for `tq`, paths under `prefix`, this node, no sudo (root already), systemctl left out but for starting tq. */
function localized(block: string, user: string, prefix: string): string {
  return block
    .split('\n')
    .map((line) =>
      line.replace(/^(sudo )?systemctl daemon-reload && (sudo )?systemctl enable --now tq$/, 'start_tq').replace(/^(sudo )?systemctl start tq$/, 'start_tq'),
    )
    .map((line) => (/^\s*(sudo )?(systemctl|systemd-analyze)\b/.test(line) ? `: ${line}` : line))
    .join('\n')
    .replace(/sudo -u tq /g, `runuser -u ${user} -- `)
    .replace(/sudo /g, '')
    .replace(/-o tq -g tq/g, `-o ${user} -g ${user}`)
    .replace(/(-g |root:)tq(?![\w-])/g, `$1${user}`)
    .replace(/\/opt\/tq\//g, `${ROOT}/`)
    .replace(/\/usr\/bin\/node /g, `${process.execPath} `)
    .replace(/(^|[\s"'=])\/(var|etc)\//g, `$1${prefix}/$2/`);
}

const USER = `tqdoc${process.pid}`;
const asRoot = process.getuid?.() === 0;

describe('docs/deploy.md, run as written', function () {
  this.timeout(120_000);
  let prefix: string;
  before(async function () {
    if (!asRoot || spawnSync('useradd', ['--help']).status !== 0) this.skip();
    prefix = await mkdtemp(join(tmpdir(), 'tq-deploy-'));
    await chmod(prefix, 0o755);
    execFileSync('useradd', ['--system', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', USER]);
    execFileSync('install', ['-d', '-m', '0755', join(prefix, 'var/lib'), join(prefix, 'var/backups'), join(prefix, 'etc')]);
    // The certificate of README's HTTPS section, in /etc/tq: key root-owned, group tq, 0640.
    execFileSync('install', ['-d', '-m', '0750', '-g', USER, join(prefix, 'etc/tq')]);
    execFileSync(
      'openssl',
      [
        ...'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=table-t1'.split(' '),
        ...['-addext', 'subjectAltName=IP:192.168.1.20,DNS:table-t1.local', '-keyout', join(prefix, 'etc/tq/tls.key'), '-out', join(prefix, 'etc/tq/tls.crt')],
      ],
      { stdio: 'ignore' },
    );
    execFileSync('chgrp', [USER, join(prefix, 'etc/tq/tls.key')]);
    execFileSync('chmod', ['0640', join(prefix, 'etc/tq/tls.key')]);
  });
  after(async () => {
    if (prefix === undefined) return;
    spawnSync('userdel', [USER]);
    await rm(prefix, { recursive: true, force: true });
  });

  it('has the blocks to run: the data directory, the crew, a backup, a restore', () => {
    const blocks = testedBlocks(DOC);
    expect(
      blocks.map((b) => /install -d -m 0700 -o tq -g tq \/var\/lib\/tq|keys init|users add|enable --now tq$|backup --data|restore --from/m.exec(b)?.[0]),
    ).to.deep.equal(['install -d -m 0700 -o tq -g tq /var/lib/tq', 'keys init', 'users add', 'enable --now tq', 'backup --data', 'restore --from']);
  });

  it('runs every tested block, and leaves a data directory the service user owns and verifies', async () => {
    for (const block of testedBlocks(DOC)) {
      const script = `${startTq(DOC, USER, prefix)}\n${localized(block, USER, prefix)}`;
      const r = spawnSync('bash', ['-euo', 'pipefail', '-c', script], {
        cwd: prefix,
        input: '246810\n',
        encoding: 'utf8',
        env: { ...process.env, TQ_DATA: '' },
      });
      expect(r.status, `${script}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`).to.equal(0);
    }
    const data = join(prefix, 'var/lib/tq');
    const uid = Number(execFileSync('id', ['-u', USER], { encoding: 'utf8' }).trim());
    for (const path of [data, join(data, 'users.json')]) expect((await stat(path)).uid, path).to.equal(uid);
    expect((await stat(data)).mode & 0o777).to.equal(0o700);
    // The table key outside the data directory (docs/deploy.md#table-key): root's, the service's group may read it, no copy in the data.
    const key = await stat(join(prefix, 'etc/tq/T1.key'));
    expect([key.uid, key.gid, key.mode & 0o777]).to.deep.equal([0, Number(execFileSync('id', ['-g', USER], { encoding: 'utf8' }).trim()), 0o640]);
    await stat(join(data, 'keys/table.key')).then(
      () => expect.fail('a key inside the data directory'),
      () => undefined,
    );
    const list = spawnSync('runuser', ['-u', USER, '--', process.execPath, join(ROOT, 'server/cli/tq-bin.js'), 'users', 'list', '--data', data], {
      encoding: 'utf8',
    });
    expect(list.stdout).to.match(/^marco\s+chef$/m);
  });

  it('as root, tq users add leaves users.json to the data directory owner', async () => {
    const data = join(prefix, 'var/lib/tq');
    const r = spawnSync(process.execPath, [join(ROOT, 'server/cli/tq-bin.js'), 'users', 'add', 'lucia', '--role', 'payeur', '--data', data], {
      input: '135790\n',
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).to.equal(0);
    expect((await stat(join(data, 'users.json'))).uid).to.equal(Number(execFileSync('id', ['-u', USER], { encoding: 'utf8' }).trim()));
  });
});
