/**
 * `tq floor --central <postgres-url> [--data <dir>] [--port 8050] [--host h] [--users file]
 *           [--tls-cert file --tls-key file] [--allow-http] [--allowed-hosts names] [--log-level l]`
 *
 * The surveillance room (docs/central-store.md): every table of the floor live
 * from the central store, with its shuffler line and its replication, and the
 * replay, verify and export of any shoe of any table — for surveillance and
 * the chef only. It only reads the central store: the read-only surveillance
 * role is enough. Deployed like a table (docs/deploy.md#the-floor): its own
 * directory holds the crew's sessions, the access log and by default the users
 * file (read again when `tq users` changes it); HTTPS with the table's options
 * (server/config/tls-config.ts), and with NODE_ENV=production plain HTTP beyond
 * loopback refused unless --allow-http. Settings also come from TQ_CENTRAL,
 * TQ_FLOOR_DATA, TQ_FLOOR_PORT, TQ_HOST, TQ_USERS, TQ_TLS_CERT, TQ_TLS_KEY and
 * TQ_ALLOWED_HOSTS. SIGINT/SIGTERM close the streams and the connections, exit 0.
 */
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseCentralUrl } from '../../central/central-connect.ts';
import { ConfigError } from '../../config/config-error.ts';
import { assertSafeTransport, tlsFiles, type TlsFiles } from '../../config/tls-config.ts';
import { assertNotProductionDemo, defaultUsersFile, loadUsers, type UserStore } from '../../http/users.ts';
import { startFloorServer } from '../../app/floor-server.ts';
import { untilSignal } from '../../app/until-signal.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs, usageMessage, usageText } from '../usage.ts';
import { serverLogger } from '../server-logger.ts';

export const help: CommandHelp = {
  usage: ['floor --central <postgres-url> [--data <dir>] [--port n] [--host h] [--users <file>] [--tls-cert f --tls-key f] [option…]'],
  about:
    'The surveillance room (docs/central-store.md): every table of the floor live from the central store, for\nsurveillance and the chef. It only reads the central store.',
  options: [
    ['--central <url>', 'the central store, postgres://… (TQ_CENTRAL)'],
    ['--data <dir>', "the floor's own directory: sessions, access log, users file (TQ_FLOOR_DATA, default ./floor)"],
    ['--port <n>', 'HTTP port (TQ_FLOOR_PORT, default 8050)'],
    ['--host <h>', 'interface to listen on (TQ_HOST, default 127.0.0.1)'],
    ['--users <file>', 'the users file, made with `tq users add … --users <file>` (TQ_USERS, default <data>/users.json)'],
    ['--tls-cert <file>', 'PEM certificate (chain): serve HTTPS (TQ_TLS_CERT; with --tls-key)'],
    ['--tls-key <file>', 'its PEM private key (TQ_TLS_KEY)'],
    ['--allow-http', 'with NODE_ENV=production, serve plain HTTP beyond loopback all the same'],
    ['--allowed-hosts <a,b>', "host names the floor answers for besides IP literals, localhost and this machine's name (TQ_ALLOWED_HOSTS)"],
    ['--log-level <l>', 'fatal, error, warn, info, debug, trace or silent (TQ_LOG_LEVEL, default info)'],
  ],
};
const FLOOR_USAGE = usageText(help);
export const DEFAULT_FLOOR_PORT = 8050;
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** As `tq serve --allowed-hosts` (server/config/server-config.ts). */
const HOST_NAME = /^[a-z0-9]([a-z0-9.-]{0,252})$/;

export interface FloorSettings {
  central: string;
  dataDir: string;
  port: number;
  host: string;
  usersFile: string;
  tls?: TlsFiles;
  allowedHosts?: string[];
  logLevel: (typeof LEVELS)[number];
}

/** Flags first, then the environment, then the defaults; a bad value throws naming the flag. */
export async function floorSettings(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Promise<FloorSettings> {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      central: { type: 'string' },
      data: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      users: { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      'allow-http': { type: 'boolean' },
      'allowed-hosts': { type: 'string' },
      'log-level': { type: 'string' },
    },
  });
  const pick = (flag: string | undefined, name: string) => flag ?? (env[name] === '' ? undefined : env[name]);
  const central = pick(values.central, 'TQ_CENTRAL');
  if (central === undefined) throw new ConfigError('--central (TQ_CENTRAL) is required: the postgres:// URL of the central store');
  parseCentralUrl(central);
  const portText = pick(values.port, 'TQ_FLOOR_PORT') ?? String(DEFAULT_FLOOR_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535) throw new ConfigError(`--port (TQ_FLOOR_PORT) must be a TCP port, got ${portText}`);
  const level = pick(values['log-level'], 'TQ_LOG_LEVEL') ?? 'info';
  if (!(LEVELS as readonly string[]).includes(level)) throw new ConfigError(`--log-level must be one of ${LEVELS.join(', ')}`);
  const hostsText = pick(values['allowed-hosts'], 'TQ_ALLOWED_HOSTS');
  const allowedHosts = hostsText?.split(',').map((h) => h.trim().toLowerCase());
  if (allowedHosts?.some((h) => !HOST_NAME.test(h))) throw new ConfigError('--allowed-hosts (TQ_ALLOWED_HOSTS) must be host names separated by commas');
  const host = pick(values.host, 'TQ_HOST') ?? '127.0.0.1';
  const tls = await tlsFiles(pick(values['tls-cert'], 'TQ_TLS_CERT'), pick(values['tls-key'], 'TQ_TLS_KEY'), cwd);
  assertSafeTransport(host, tls, values['allow-http'] === true, env);
  const dataDir = resolve(cwd, pick(values.data, 'TQ_FLOOR_DATA') ?? 'floor');
  const users = pick(values.users, 'TQ_USERS');
  return {
    central,
    dataDir,
    port,
    host,
    usersFile: users === undefined ? defaultUsersFile(dataDir) : resolve(cwd, users),
    ...(tls !== undefined && { tls }),
    ...(allowedHosts !== undefined && { allowedHosts }),
    logLevel: level as FloorSettings['logLevel'],
  };
}

export async function run(argv: string[], io: CliIo): Promise<number> {
  let settings: FloorSettings;
  let users: UserStore;
  try {
    settings = await floorSettings(argv);
    if (
      !(await access(settings.usersFile).then(
        () => true,
        () => false,
      ))
    ) {
      throw new ConfigError(
        `no users file at ${settings.usersFile}: add surveillance and the chefs first, one \`tq users add <name> --role <surveillance|chef> --users ${settings.usersFile}\` each (the PIN is asked), or run \`npm run floor\` for the demo`,
      );
    }
    users = await loadUsers(settings.usersFile);
    await assertNotProductionDemo(users);
  } catch (e) {
    io.stderr.write(`tq floor: ${usageMessage(e)}\n${FLOOR_USAGE}\n`);
    return 2;
  }
  const logger = serverLogger(settings.logLevel, { part: 'floor' }, io);
  const floor = await startFloorServer({
    central: settings.central,
    users,
    usersFile: settings.usersFile,
    dataDir: settings.dataDir,
    logger,
    port: settings.port,
    host: settings.host,
    ...(settings.tls && { tls: settings.tls }),
    ...(settings.allowedHosts && { allowedHosts: settings.allowedHosts }),
  });
  // Listening on every interface: the URL to open on this machine.
  const shown = floor.url.replace(/\/\/(0\.0\.0\.0|\[::\])(?=:)/, '//localhost');
  await untilSignal(floor.close, logger, { ready: () => io.stderr.write(`tq floor: the surveillance room on ${shown}\n`) });
  return 0;
}
