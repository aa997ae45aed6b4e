/**
 * `tq floor --central <postgres-url> [--port 8050] [--host h] [--users file] [--log-level l]`
 *
 * The surveillance room (docs/central-store.md): every table of the floor live
 * from the central store, with its shuffler line and its replication, and the
 * replay, verify and export of any shoe of any table — for surveillance and
 * the chef only. It only reads the central store: the read-only surveillance
 * role is enough. Settings also come from TQ_CENTRAL, TQ_FLOOR_PORT, TQ_HOST
 * and TQ_USERS. SIGINT/SIGTERM close the streams and the connections, exit 0.
 */
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pino, type DestinationStream } from 'pino';
import { parseCentralUrl } from '../../central/central-connect.ts';
import { assertNotProductionDemo, loadUsers, type UserStore } from '../../http/users.ts';
import { startFloorServer } from '../../app/floor-server.ts';
import { untilSignal } from '../../app/until-signal.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs, usageMessage, usageText } from '../usage.ts';

export const help: CommandHelp = {
  usage: ['floor --central <postgres-url> [--port n] [--host h] [--users <file>] [--log-level l]'],
  about:
    'The surveillance room (docs/central-store.md): every table of the floor live from the central store, for\nsurveillance and the chef. It only reads the central store.',
  options: [
    ['--central <url>', 'the central store, postgres://… (TQ_CENTRAL)'],
    ['--port <n>', 'HTTP port (TQ_FLOOR_PORT, default 8050)'],
    ['--host <h>', 'interface to listen on (TQ_HOST, default 0.0.0.0)'],
    ['--users <file>', 'the users file of scrypt PIN hashes (TQ_USERS, default ./users.json)'],
    ['--log-level <l>', 'fatal, error, warn, info, debug, trace or silent (TQ_LOG_LEVEL, default info)'],
  ],
};
const FLOOR_USAGE = usageText(help);
export const DEFAULT_FLOOR_PORT = 8050;
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface FloorSettings {
  central: string;
  port: number;
  host: string;
  usersFile: string;
  logLevel: (typeof LEVELS)[number];
}

/** Flags first, then the environment, then the defaults; a bad value throws naming the flag. */
export function floorSettings(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): FloorSettings {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: { central: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, users: { type: 'string' }, 'log-level': { type: 'string' } },
  });
  const pick = (flag: string | undefined, name: string) => flag ?? (env[name] === '' ? undefined : env[name]);
  const central = pick(values.central, 'TQ_CENTRAL');
  if (central === undefined) throw new Error('--central (TQ_CENTRAL) is required: the postgres:// URL of the central store');
  parseCentralUrl(central);
  const portText = pick(values.port, 'TQ_FLOOR_PORT') ?? String(DEFAULT_FLOOR_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535) throw new Error(`--port (TQ_FLOOR_PORT) must be a TCP port, got ${portText}`);
  const level = pick(values['log-level'], 'TQ_LOG_LEVEL') ?? 'info';
  if (!(LEVELS as readonly string[]).includes(level)) throw new Error(`--log-level must be one of ${LEVELS.join(', ')}`);
  return {
    central,
    port,
    host: pick(values.host, 'TQ_HOST') ?? '0.0.0.0',
    usersFile: resolve(pick(values.users, 'TQ_USERS') ?? 'users.json'),
    logLevel: level as FloorSettings['logLevel'],
  };
}

export async function run(argv: string[], io: CliIo): Promise<number> {
  let settings: FloorSettings;
  let users: UserStore;
  try {
    settings = floorSettings(argv);
    if (
      !(await access(settings.usersFile).then(
        () => true,
        () => false,
      ))
    ) {
      throw new Error(
        `no users file at ${settings.usersFile}: give --users <file> ({"users":[{"user","role","pin":"scrypt$<salt>$<hash>"}]}, server/http/users.ts)`,
      );
    }
    users = await loadUsers(settings.usersFile);
    await assertNotProductionDemo(users);
  } catch (e) {
    io.stderr.write(`tq floor: ${usageMessage(e)}\n${FLOOR_USAGE}\n`);
    return 2;
  }
  const logger = pino({ level: settings.logLevel, base: { part: 'floor' } }, io.stdout as DestinationStream);
  const floor = await startFloorServer({ central: settings.central, users, logger, port: settings.port, host: settings.host });
  io.stderr.write(
    `tq floor: the surveillance room on ${settings.port === 0 ? floor.url : `http://${settings.host === '0.0.0.0' ? 'localhost' : settings.host}:${settings.port}`}\n`,
  );
  await untilSignal(floor.close, logger);
  return 0;
}
