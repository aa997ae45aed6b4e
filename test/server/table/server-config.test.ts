/**
 * The server's configuration (flags, then environment, then defaults), and
 * the house rules from `--rules file.json`: a bad value stops the start with
 * a message naming the flag, its variable and what is expected.
 */
import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { ConfigError } from '../../../server/config/config-error.ts';
import { parseRules } from '../../../server/config/rules-config.ts';
import { parseServerArgs, serverConfig } from '../../../server/config/server-config.ts';

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ConfigError,
  );

describe('server configuration', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-config-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('runs on embedded defaults: ./data, HTTP port 8040, table T1, Venice rules, 9600 baud', async () => {
    const config = await serverConfig({}, {}, '/srv/tq');
    expect(config).to.deep.equal({
      dataDir: '/srv/tq/data',
      baud: 9600,
      port: 8040,
      host: '0.0.0.0',
      table: 'T1',
      logLevel: 'info',
      rules: VENICE_RULES,
      mockSerial: false,
    });
  });

  it('takes the environment, and flags over the environment', async () => {
    const env = { TQ_DATA: '/var/tq', TQ_SERIAL: '/dev/ttyUSB0', TQ_BAUD: '19200', TQ_PORT: '9000', TQ_TABLE: 'T2' };
    expect(await serverConfig({}, env, '/')).to.include({ dataDir: '/var/tq', serial: '/dev/ttyUSB0', baud: 19200, port: 9000, table: 'T2' });
    const { flags } = parseServerArgs(['--port', '8100', '--serial', '/dev/ttyS1', '--mock-serial'], {});
    expect(await serverConfig(flags, env, '/')).to.include({ port: 8100, serial: '/dev/ttyS1', mockSerial: true, table: 'T2' });
  });

  it('names the flag and the variable of a bad value', async () => {
    const e = await refusal(serverConfig({ port: 'eighty' }, {}));
    expect(e).to.be.instanceOf(ConfigError).with.property('code', 'CONFIG');
    expect(e!.message).to.match(/^--port \(TQ_PORT\): must be a whole number/);
    expect((await refusal(serverConfig({}, { TQ_PORT: '70000' })))!.message).to.equal('--port (TQ_PORT): must be at most 65535');
    expect((await refusal(serverConfig({}, { TQ_TABLE: 'table one' })))!.message).to.match(/^--table \(TQ_TABLE\): must be 1–32 letters/);
  });

  it("takes the table's seats from --seats or TQ_SEATS, refusing ids that are not plain seat ids", async () => {
    expect((await serverConfig({}, {})).seats, 'default: the app uses s1…s12').to.equal(undefined);
    expect((await serverConfig({ seats: 'box1, box2,box3' }, {})).seats).to.deep.equal(['box1', 'box2', 'box3']);
    expect((await serverConfig({}, { TQ_SEATS: 'a,b' })).seats).to.deep.equal(['a', 'b']);
    for (const bad of ['s1,s1', 's1,\u200bs2', '__proto__', 's1,,s2', '<b>']) {
      expect((await refusal(serverConfig({ seats: bad }, {})))!.message, bad).to.match(/^--seats \(TQ_SEATS\)(\.\d+)?: must/);
    }
  });

  it('takes the host names the API answers for from --allowed-hosts or TQ_ALLOWED_HOSTS', async () => {
    expect((await serverConfig({ 'allowed-hosts': 'tq.casino.example, Table1.local' }, {})).allowedHosts).to.deep.equal(['tq.casino.example', 'table1.local']);
    expect((await refusal(serverConfig({}, { TQ_ALLOWED_HOSTS: 'evil/path' })))!.message).to.match(/^--allowed-hosts \(TQ_ALLOWED_HOSTS\)/);
  });

  it('refuses an unknown flag rather than ignoring it', () => {
    expect(() => parseServerArgs(['--prot', '80'], {})).to.throw(ConfigError, /--prot/);
  });

  it('reads house rules from a file, Venice filling what it does not name', async () => {
    const file = join(dir, 'monte-carlo.json');
    await writeFile(file, JSON.stringify({ min: 1000, endOfShoeRelease: false }));
    const config = await serverConfig({ rules: file }, {});
    expect(config.rules).to.deep.equal({ ...VENICE_RULES, min: 1000, endOfShoeRelease: false });
  });

  it('refuses a rules file that is missing, not JSON, or not valid rules', async () => {
    expect((await refusal(serverConfig({ rules: join(dir, 'none.json') }, {})))!.message).to.match(/cannot read the file \(ENOENT\)/);
    await writeFile(join(dir, 'bad.json'), '{"min": 1000,');
    expect((await refusal(serverConfig({ rules: join(dir, 'bad.json') }, {})))!.message).to.match(/not valid JSON/);
    expect(() => parseRules({ insurance: 2 })).to.throw(ConfigError, 'insurance must be between 0 and 1');
    expect(() => parseRules({ burn: 5.5 })).to.throw(ConfigError, 'burn must be a whole number');
    expect(() => parseRules({ min: 10_000, max: 5_000 })).to.throw(ConfigError, 'min must not exceed max');
    expect(() => parseRules({ minimum: 500 })).to.throw(ConfigError, 'unknown rule setting(s) minimum');
  });

  it('takes a house-rule profile shipped in rules/ by name: half-at-31, where a 31 après costs half the stake', async () => {
    const config = await serverConfig({ rules: 'half-at-31' }, {}, '/somewhere/else');
    expect(config.rules).to.deep.equal({ ...VENICE_RULES, apres31: 'half' });
    expect((await serverConfig({ rules: 'venice' }, {})).rules).to.deep.equal({ ...VENICE_RULES, apres31: 'prison' });
    expect(() => parseRules({ apres31: 'quarter' })).to.throw(ConfigError, 'apres31 must be "prison" or "half"');
  });
});
