/**
 * A whole table server (startTableServer, as `tq serve` runs it) on a data
 * directory, with the shuffler on serialport's mock binding, for the tests of
 * what lives in the data directory across restarts: sessions, users, the
 * access log.
 */
import { pino } from 'pino';
import { startTableServer, type RunningTable } from '../../../server/app/table-server.ts';
import { serverConfig, type ServerFlags } from '../../../server/config/server-config.ts';
import { defaultUsersFile, loadUsers } from '../../../server/http/users.ts';

let port = 0;

export async function startTableOn(dataDir: string, flags: ServerFlags = {}): Promise<RunningTable> {
  const config = await serverConfig(
    { data: dataDir, serial: `/dev/ttyTQTEST${process.pid}x${port++}`, 'mock-serial': true, port: '0', host: '127.0.0.1', 'log-level': 'silent', ...flags },
    {},
  );
  const usersFile = defaultUsersFile(dataDir);
  return startTableServer({ config, users: await loadUsers(usersFile), usersFile, logger: pino({ level: 'silent' }), clientDir: '/nonexistent-client-dir' });
}
