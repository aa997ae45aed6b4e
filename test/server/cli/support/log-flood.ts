/**
 * A child process for server-logger.test.ts: logs `lines` lines through the
 * server's logger on its own stdout (a pipe its parent does not read yet),
 * says "logged" on stderr once the calls have returned, then lives on until
 * its parent says so on stdin. Arguments: lines, buffer bytes.
 */
import { serverLogger } from '../../../../server/cli/server-logger.ts';

const [lines, bufferBytes] = process.argv.slice(2).map(Number);
const log = serverLogger('info', { table: 'T1' }, { stdout: process.stdout }, bufferBytes);
const padding = 'x'.repeat(150);
for (let n = 0; n < lines!; n++) log.info({ n, padding }, 'event stored');
process.stderr.write('logged\n');
// then ends as `tq serve` does after its close: nothing left to do, the log written out before the process exits
process.stdin.once('data', () => process.stdin.destroy());
