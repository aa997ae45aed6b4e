/**
 * The table key outside the data directory (docs/deploy.md#table-key): `tq
 * keys` and `tq serve` take `--key-file` / TQ_KEY_FILE, nothing is written
 * under the data directory, and `tq doctor` warns of a key left inside it.
 */
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { pino } from 'pino';
import { run as doctor } from '../../../server/cli/commands/doctor.ts';
import { run as keys } from '../../../server/cli/commands/keys.ts';
import { run as verify } from '../../../server/cli/commands/verify.ts';
import { readSeals } from '../../../server/central/seal-file.ts';
import { Sealer } from '../../../server/central/sealer.ts';
import { initTableKey, loadTableKey } from '../../../server/central/table-keys.ts';
import { serverConfig } from '../../../server/config/server-config.ts';
import { runCommand } from '../cli/cli-io.ts';
import { until } from '../../support/until.ts';
import { openDealingTable } from './dealing-table.ts';

describe('the table key in a file of its own', () => {
  let base = '';
  let data = '';
  let keyFile = '';
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'tq-keyfile-'));
    data = join(base, 'data');
    await mkdir(data, { mode: 0o700 });
    keyFile = join(base, 'etc-tq', 'T1.key');
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it('keys init and show use --key-file outside the data directory and leave the data directory without a key', async () => {
    const init = await runCommand({ run: keys }, ['init', '--data', data, '--key-file', keyFile]);
    expect(init.status, init.err).to.equal(0);
    expect(init.err).to.include(keyFile);
    expect((await stat(keyFile)).mode & 0o777).to.equal(0o600);
    expect(await readdir(data)).to.deep.equal([]);
    const show = await runCommand({ run: keys }, ['show', '--data', data, '--key-file', keyFile]);
    expect(show.status).to.equal(0);
    expect(show.out).to.equal(init.out);
    // Without the flag the data directory has no key: the flag was honoured, not ignored.
    expect((await runCommand({ run: keys }, ['show', '--data', data])).status).to.equal(1);
  });

  it('keys show reads TQ_KEY_FILE when no flag is given', async () => {
    const made = await initTableKey(data, keyFile);
    const saved = process.env.TQ_KEY_FILE;
    process.env.TQ_KEY_FILE = keyFile;
    try {
      const show = await runCommand({ run: keys }, ['show', '--data', data]);
      expect(show.status, show.err).to.equal(0);
      expect(show.out.trim()).to.equal(made.publicLine);
    } finally {
      if (saved === undefined) delete process.env.TQ_KEY_FILE;
      else process.env.TQ_KEY_FILE = saved;
    }
  });

  it('tq serve takes --key-file or TQ_KEY_FILE, and the sealer loads the key from there', async () => {
    const made = await initTableKey(data, keyFile);
    const byFlag = await serverConfig({ data, 'key-file': keyFile }, {});
    expect(byFlag.keyFile).to.equal(keyFile);
    const byEnv = await serverConfig({ data }, { TQ_KEY_FILE: keyFile });
    expect(byEnv.keyFile).to.equal(keyFile);
    expect((await serverConfig({ data }, {})).keyFile).to.equal(undefined);
    // What the central witness does with it (central-witness.ts): load the key by (dataDir, keyFile).
    expect((await loadTableKey(byFlag.dataDir, byFlag.keyFile)).publicLine).to.equal(made.publicLine);
    await loadTableKey(byFlag.dataDir).then(
      () => expect.fail('the data directory holds no key'),
      (e: Error) => expect(e.message).to.include(join(data, 'keys', 'table.key')),
    );
  });

  it('the sealer signs with the key from --key-file, and tq verify --key-file checks those seals', async () => {
    const made = await initTableKey(data, keyFile);
    const table = await openDealingTable({ table: 'T1', dir: data });
    const sealer = new Sealer({ dataDir: data, table: 'T1', key: await loadTableKey(data, keyFile), logger: pino({ level: 'silent' }), everyMs: 20 });
    table.service.subscribe((m) => sealer.stored(m.shoe, m.event));
    await sealer.start(null);
    try {
      await table.deal(30);
      const shoe = table.store.currentShoeId()!;
      await until(async () => (await readSeals(data, shoe)).at(-1), 'a seal signed with the key from the file');
    } finally {
      await sealer.close();
      await table.close();
    }
    expect(made.publicLine).to.equal((await loadTableKey(data, keyFile)).publicLine);
    const checked = await runCommand({ run: verify }, ['--data', data, '--key-file', keyFile]);
    expect(checked.out, checked.err).not.to.include('seals not checked');
    expect(checked.status, checked.out).to.equal(0);
    const unchecked = await runCommand({ run: verify }, ['--data', data]);
    expect(unchecked.out).to.include('seals not checked');
  });

  it('tq doctor warns of a key inside the data directory, with the fix, and not of one outside', async () => {
    const check = async (argv: string[]) => {
      let out = '';
      const code = await doctor([...argv, '--json'], { stdout: { write: (t: string) => (out += t) }, stderr: { write: () => true } }, {});
      return { code, findings: JSON.parse(out).findings as { check: string; verdict: string; fix?: string }[] };
    };
    await initTableKey(data, keyFile);
    const outside = await check(['--data', data, '--key-file', keyFile]);
    expect(outside.findings.find((f) => f.check === 'table key')?.verdict).to.equal('ok');
    expect(outside.findings.some((f) => f.check === 'table key place')).to.equal(false);
    await initTableKey(data);
    const inside = await check(['--data', data]);
    const place = inside.findings.find((f) => f.check === 'table key place');
    expect(place?.verdict).to.equal('warn');
    expect(place?.fix).to.include('--key-file /etc/tq/');
  });
});
