/**
 * The table's central password comes from a file of its own
 * (--central-password-file, TQ_CENTRAL_PASSWORD_FILE), not from a .pgpass in
 * the service user's home, which was the data directory and so in every
 * backup, and made pg print a deprecation line into the JSON log.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ConfigError } from '../../../server/config/config-error.ts';
import { serverConfig } from '../../../server/config/server-config.ts';

describe('the central password file', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-central-pass-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('puts the first line of the file into the central URL, escaped', async () => {
    await writeFile(join(dir, 'central-T1.pass'), 'p@ss:w/rd\n', { mode: 0o600 });
    const config = await serverConfig(
      { data: dir, central: 'postgres://tq_table_T1@db.floor/floor' },
      { TQ_CENTRAL_PASSWORD_FILE: join(dir, 'central-T1.pass') },
    );
    const url = new URL(config.central!);
    expect(decodeURIComponent(url.password)).to.equal('p@ss:w/rd');
    expect(url.username).to.equal('tq_table_T1');
  });

  it('refuses a missing or empty file, and a password given twice', async () => {
    const refused = (flags: object, env: NodeJS.ProcessEnv) =>
      serverConfig({ data: dir, central: 'postgres://t@db/floor', ...flags }, env).then(
        () => null,
        (e: unknown) => e,
      );
    expect(await refused({ 'central-password-file': join(dir, 'none') }, {})).to.be.instanceOf(ConfigError);
    await writeFile(join(dir, 'empty.pass'), '\n');
    expect(((await refused({ 'central-password-file': join(dir, 'empty.pass') }, {})) as Error).message).to.include('is empty');
    await writeFile(join(dir, 'ok.pass'), 'x\n');
    expect(((await refused({ central: 'postgres://t:y@db/floor', 'central-password-file': join(dir, 'ok.pass') }, {})) as Error).message).to.include(
      'not both',
    );
  });
});
