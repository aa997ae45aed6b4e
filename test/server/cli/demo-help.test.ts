/**
 * `tq demo` logs in with the documented demo PINs, so it listens on loopback
 * unless asked; its --help said the default was 0.0.0.0 (the flag's help
 * shared with `tq serve`).
 */
import { expect } from 'chai';
import { demoFlags } from '../../../server/cli/commands/demo.ts';
import { main } from '../../../server/cli/tq.ts';

describe('tq demo --host', () => {
  it('listens on 127.0.0.1 unless --host or TQ_HOST asks otherwise, and its help says so', async () => {
    expect(demoFlags({}, {}).host).to.equal('127.0.0.1');
    expect(demoFlags({ host: '0.0.0.0' }, {}).host).to.equal('0.0.0.0');
    let out = '';
    expect(await main(['demo', '--help'], { stdout: { write: (t: string) => (out += t) }, stderr: { write: () => true } })).to.equal(0);
    const host = out.split('\n').find((l) => l.trimStart().startsWith('--host'));
    expect(host).to.include('default 127.0.0.1');
    expect(out).to.not.include('0.0.0.0');
  });
});
