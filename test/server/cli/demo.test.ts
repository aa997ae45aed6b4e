/**
 * `tq demo` logs in with the documented demo PINs: it must not be reachable
 * from the network unless asked.
 */
import { expect } from 'chai';
import { demoFlags } from '../../../server/cli/commands/demo.ts';
import { serverConfig } from '../../../server/config/server-config.ts';

describe('tq demo', () => {
  it('listens on loopback by default', async () => {
    expect((await serverConfig(demoFlags({}, {}), {})).host).to.equal('127.0.0.1');
  });

  it('listens on another interface when --host or TQ_HOST asks for it', async () => {
    expect((await serverConfig(demoFlags({ host: '0.0.0.0' }, {}), {})).host).to.equal('0.0.0.0');
    const env = { TQ_HOST: '192.168.1.20' };
    expect((await serverConfig(demoFlags({}, env), env)).host).to.equal('192.168.1.20');
  });
});
