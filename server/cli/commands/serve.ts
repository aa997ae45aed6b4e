/**
 * `tq serve --serial <path> [--baud n] [--data <dir>] [--port <http-port>]
 *           [--host h] [--table T1] [--rules file.json] [--users file] [--mock-serial]
 *           [--tls-cert file --tls-key file] [--allow-http]`
 *
 * Runs the table server: the durable store in the data directory, the table
 * service, the HTTP API and dashboards, and the shuffler link on the serial
 * line (a device, a PTY link, or with --mock-serial serialport's mock binding).
 * Settings also come from TQ_DATA, TQ_SERIAL, TQ_BAUD, TQ_PORT, TQ_TABLE,
 * TQ_RULES (server/config/server-config.ts). Logs are JSON lines (pino) on
 * stdout. SIGINT/SIGTERM close the link, drain the table, close the HTTP
 * server and the store, then exit 0.
 */
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CodedError } from '../../../shoe/coded-error.ts';
import { ConfigError } from '../../config/config-error.ts';
import { parseServerArgs, serverConfig } from '../../config/server-config.ts';
import { assertNotProductionDemo, defaultUsersFile, loadUsers } from '../../http/users.ts';
import { startTableServer } from '../../app/table-server.ts';
import { untilSignal } from '../../app/until-signal.ts';
import { SERVER_FLAGS_HELP } from '../server-flags-help.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, usageMessage, usageText } from '../usage.ts';
import { serverLogger } from '../server-logger.ts';

export const help: CommandHelp = {
  usage: ['serve --serial <path> [--data <dir>] [--port <n>] [--host <h>] [--table <id>] [--rules <file>] [--users <file>] [option…]'],
  about:
    'Runs the table server: the durable record in the data directory, the HTTP API and dashboards, and the shuffler\nlink. Logs are JSON lines on stdout. SIGINT/SIGTERM drain the table and exit 0.',
  options: [...SERVER_FLAGS_HELP, ['--users <file>', 'the users file of scrypt PIN hashes (default <data>/users.json)']],
};
const SERVE_USAGE = usageText(help);

async function readServeSetup(argv: string[]) {
  const { flags, values } = parseServerArgs(argv, { users: { type: 'string' } });
  const config = await serverConfig(flags);
  if (config.serial === undefined) throw new ConfigError('no serial port: give --serial <path> or set TQ_SERIAL (or run `npm start` for the demo)');
  const usersFile = typeof values.users === 'string' ? resolve(values.users) : defaultUsersFile(config.dataDir);
  if (
    !(await access(usersFile).then(
      () => true,
      () => false,
    ))
  ) {
    throw new NoUsersFileError(
      `no users file at ${usersFile}: add the crew first, one \`tq users add <name> --role <role> --data ${config.dataDir}\` each (the PIN is asked), or run \`npm start\` for the demo users`,
    );
  }
  const users = await loadUsers(usersFile);
  await assertNotProductionDemo(users);
  return { config, users, usersFile };
}

/** Nothing wrong with the command line: the data directory lacks its users. A failure, exit 1 (as every command's). */
class NoUsersFileError extends CodedError {
  override readonly code = 'NO_USERS_FILE';
}

export async function run(argv: string[], io: CliIo): Promise<number> {
  const prepared = await readServeSetup(argv).catch((e: Error) => e);
  if (prepared instanceof ConfigError) {
    io.stderr.write(`tq serve: ${usageMessage(prepared)}\n${SERVE_USAGE}\n`);
    return 2;
  }
  if (prepared instanceof Error) {
    // a users file that is missing or cannot be read (EACCES: root-owned), demo PINs in production: exit 1, no usage
    io.stderr.write(`tq serve: ${prepared.message}\n`);
    return 1;
  }
  const logger = serverLogger(prepared.config.logLevel, { table: prepared.config.table }, io);
  const server = await startTableServer({ ...prepared, logger });
  await untilSignal(server.close, logger);
  return 0;
}
