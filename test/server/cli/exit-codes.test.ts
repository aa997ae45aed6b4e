/**
 * The same failure ends every command with the same status: 2 for a wrong
 * command line (with the usage), 1 for a command that ran and failed. `tq
 * shuffler` said 2 with its usage for a serial port it could not open, where
 * `tq serve` said 1.
 */
import { expect } from 'chai';
import { main } from '../../../server/cli/tq.ts';

async function tq(argv: string[]): Promise<{ code: number; err: string }> {
  let err = '';
  const code = await main(argv, { stdout: { write: () => true }, stderr: { write: (t: string) => (err += t) } });
  return { code, err };
}

describe('exit statuses across commands', () => {
  it('tq shuffler: 1 without the usage for a port it cannot open, 2 with it for an unknown option', async () => {
    const port = await tq(['shuffler', '--port', '/nonexistent/tty-tq', '--seed', '1']);
    expect(port.code).to.equal(1);
    expect(port.err).to.include('cannot open serial port /nonexistent/tty-tq');
    expect(port.err).to.not.include('usage:');
    const option = await tq(['shuffler', '--port', '/nonexistent/tty-tq', '--nope']);
    expect(option.code).to.equal(2);
    expect(option.err).to.include('usage:');
  });
});
