/**
 * Configuration of a table server (`tq serve`, `tq demo`): command-line flags
 * first, then the environment, then the defaults below. Validated with zod;
 * a bad value stops the start with a message naming the flag and the variable.
 *
 * | flag            | env         | default                 |
 * |-----------------|-------------|-------------------------|
 * | `--data`        | `TQ_DATA`   | `./data`                |
 * | `--serial`      | `TQ_SERIAL` | – (required by serve)   |
 * | `--baud`        | `TQ_BAUD`   | 9600 (docs/serial-protocol.md) |
 * | `--port`        | `TQ_PORT`   | 8040                    |
 * | `--host`        | `TQ_HOST`   | 0.0.0.0                 |
 * | `--table`       | `TQ_TABLE`  | T1                      |
 * | `--rules`       | `TQ_RULES`  | Venice (shoe/rules.ts)  |
 * | `--seats`       | `TQ_SEATS`  | s1,…,s12 (shoe/seats.ts) |
 * | `--allowed-hosts` | `TQ_ALLOWED_HOSTS` | IP literals, localhost, this machine's name |
 * | `--mock-serial` |             | off                     |
 * | `--log-level`   | `TQ_LOG_LEVEL` | info                 |
 * | `--central`     | `TQ_CENTRAL` | – (no replication; docs/central-store.md) |
 * | `--seal-every`  | `TQ_SEAL_EVERY` | 60 (seconds of play left unsealed at most) |
 * | `--unwitnessed-limit` | `TQ_UNWITNESSED_LIMIT` | 600 (seconds dealt without the witness before the chef must acknowledge) |
 * | `--key-file`    | `TQ_KEY_FILE` | `<data>/keys/table.key` (docs/deploy.md#table-key) |
 * | `--tls-cert`, `--tls-key` | `TQ_TLS_CERT`, `TQ_TLS_KEY` | – (plain HTTP) |
 * | `--allow-http`  |             | off                     |
 *
 * With NODE_ENV=production, plain HTTP on anything but loopback is refused
 * unless `--allow-http` says so: the PINs and session cookies would cross the
 * table's network in clear.
 */
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;
import { z } from 'zod';
import { VENICE_RULES, type Rules } from '../../shoe/rules.ts';
import { SEAT_ID } from '../../shoe/seats.ts';
import { withPasswordFile } from './central-password.ts';
import { ConfigError, describeIssues } from './config-error.ts';
import { loadRulesFile, rulesFileOf } from './rules-config.ts';
import { assertSafeTransport, tlsFiles, type TlsFiles } from './tls-config.ts';

export interface ServerConfig {
  /** Absolute data directory: shoe files and the index. */
  dataDir: string;
  /** Serial device of the shuffler (hardware, or a PTY link). */
  serial?: string;
  baud: number;
  /** HTTP port (0 = any free port). */
  port: number;
  host: string;
  table: string;
  rules: Rules;
  /** The seat ids a stake may name; absent: s1…s12. */
  seats?: string[];
  /** Host names the API answers for besides IP literals, localhost and this machine's name (DNS rebinding). */
  allowedHosts?: string[];
  /** Use serialport's mock binding instead of a device. */
  mockSerial: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** The central witness's postgres:// URL: every stored event is replicated there. */
  central?: string;
  /** Surveillance's decision to open although the record is behind its central copy (server/app/behind-central.ts). */
  acceptBehindCentral?: boolean;
  /** Longest play left unsealed, in seconds (default 60). */
  sealEvery?: number;
  /** Longest time dealt without the central witness before the chef must acknowledge it, in seconds (default 600). */
  unwitnessedLimit?: number;
  /** The table key's file when it lives outside the data directory (--key-file, TQ_KEY_FILE). */
  keyFile?: string;
  /** PEM certificate (chain) and private key files: serve HTTPS, cookies `Secure`. */
  tls?: TlsFiles;
}

/** The flags every server command understands, for `node:util` parseArgs. */
export const SERVER_OPTIONS = {
  data: { type: 'string' },
  serial: { type: 'string' },
  baud: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  table: { type: 'string' },
  rules: { type: 'string' },
  seats: { type: 'string' },
  'allowed-hosts': { type: 'string' },
  'mock-serial': { type: 'boolean' },
  'log-level': { type: 'string' },
  central: { type: 'string' },
  'central-password-file': { type: 'string' },
  'accept-behind-central': { type: 'boolean' },
  'seal-every': { type: 'string' },
  'unwitnessed-limit': { type: 'string' },
  'key-file': { type: 'string' },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  'allow-http': { type: 'boolean' },
} as const satisfies ParseArgsOptionsConfig;

const NAMES: Record<string, string> = {
  dataDir: '--data (TQ_DATA)',
  serial: '--serial (TQ_SERIAL)',
  baud: '--baud (TQ_BAUD)',
  port: '--port (TQ_PORT)',
  host: '--host (TQ_HOST)',
  table: '--table (TQ_TABLE)',
  seats: '--seats (TQ_SEATS)',
  allowedHosts: '--allowed-hosts (TQ_ALLOWED_HOSTS)',
  logLevel: '--log-level (TQ_LOG_LEVEL)',
  central: '--central (TQ_CENTRAL)',
  sealEvery: '--seal-every (TQ_SEAL_EVERY)',
  unwitnessedLimit: '--unwitnessed-limit (TQ_UNWITNESSED_LIMIT)',
};

const wholeText = (what: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: `must be a whole number (${what}), got something else` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );

const schema = z.object({
  dataDir: z.string().min(1, { error: 'must name a directory' }),
  serial: z.string().min(1, { error: 'must name a serial device' }).optional(),
  baud: wholeText('a baud rate such as 9600', 50, 4_000_000),
  port: wholeText('a TCP port', 0, 65_535),
  host: z.string().min(1, { error: 'must name an interface' }),
  table: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, { error: 'must be 1–32 letters, digits, - or _' }),
  seats: z
    .string()
    .transform((list) => list.split(',').map((seat) => seat.trim()))
    .pipe(
      z
        .array(z.string().regex(SEAT_ID, { error: 'must be seat ids separated by commas, each a letter then up to 15 letters, digits, - or _' }))
        .min(1)
        .refine((seats) => new Set(seats).size === seats.length, { error: 'must not name a seat twice' }),
    )
    .optional(),
  allowedHosts: z
    .string()
    .transform((list) => list.split(',').map((h) => h.trim().toLowerCase()))
    .pipe(z.array(z.string().regex(/^[a-z0-9]([a-z0-9.-]{0,252})$/, { error: 'must be host names separated by commas' })))
    .optional(),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' }),
  central: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, { error: 'must be a postgres:// URL' })
    .optional(),
  sealEvery: wholeText('seconds', 1, 3600).optional(),
  unwitnessedLimit: wholeText('seconds', 1, 86_400).optional(),
});

export interface ServerFlags {
  data?: string;
  serial?: string;
  baud?: string;
  port?: string;
  host?: string;
  table?: string;
  rules?: string;
  seats?: string;
  'allowed-hosts'?: string;
  'mock-serial'?: boolean;
  'log-level'?: string;
  central?: string;
  'central-password-file'?: string;
  'accept-behind-central'?: boolean;
  'seal-every'?: string;
  'unwitnessed-limit'?: string;
  'key-file'?: string;
  'tls-cert'?: string;
  'tls-key'?: string;
  'allow-http'?: boolean;
}

/** Builds the configuration from parsed flags and the environment. Throws ConfigError. */
export async function serverConfig(flags: ServerFlags, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Promise<ServerConfig> {
  const pick = (flag: string | undefined, name: string): string | undefined => flag ?? (env[name] === '' ? undefined : env[name]);
  const parsed = schema.safeParse({
    dataDir: pick(flags.data, 'TQ_DATA') ?? './data',
    serial: pick(flags.serial, 'TQ_SERIAL'),
    baud: pick(flags.baud, 'TQ_BAUD') ?? '9600',
    port: pick(flags.port, 'TQ_PORT') ?? '8040',
    host: pick(flags.host, 'TQ_HOST') ?? '0.0.0.0',
    table: pick(flags.table, 'TQ_TABLE') ?? 'T1',
    seats: pick(flags.seats, 'TQ_SEATS'),
    allowedHosts: pick(flags['allowed-hosts'], 'TQ_ALLOWED_HOSTS'),
    logLevel: pick(flags['log-level'], 'TQ_LOG_LEVEL') ?? 'info',
    central: pick(flags.central, 'TQ_CENTRAL'),
    sealEvery: pick(flags['seal-every'], 'TQ_SEAL_EVERY'),
    unwitnessedLimit: pick(flags['unwitnessed-limit'], 'TQ_UNWITNESSED_LIMIT'),
  });
  if (!parsed.success) throw new ConfigError(describeIssues(parsed.error.issues, NAMES));
  const rulesFile = pick(flags.rules, 'TQ_RULES');
  const rules =
    rulesFile === undefined
      ? { ...VENICE_RULES }
      : await loadRulesFile(rulesFileOf(rulesFile).profile !== null ? rulesFileOf(rulesFile).file : resolve(cwd, rulesFile));
  const { serial, seats, allowedHosts, central, sealEvery, unwitnessedLimit, ...rest } = parsed.data;
  const keyFile = pick(flags['key-file'], 'TQ_KEY_FILE');
  const tls = await tlsFiles(pick(flags['tls-cert'], 'TQ_TLS_CERT'), pick(flags['tls-key'], 'TQ_TLS_KEY'), cwd);
  assertSafeTransport(rest.host, tls, flags['allow-http'] === true, env);
  return {
    ...(tls !== undefined && { tls }),
    ...rest,
    ...(serial !== undefined && { serial }),
    ...(seats !== undefined && { seats }),
    ...(allowedHosts !== undefined && { allowedHosts }),
    ...(central !== undefined && { central: await centralUrl(central, pick(flags['central-password-file'], 'TQ_CENTRAL_PASSWORD_FILE'), cwd) }),
    ...(sealEvery !== undefined && { sealEvery }),
    ...(unwitnessedLimit !== undefined && { unwitnessedLimit }),
    ...(keyFile !== undefined && { keyFile: resolve(cwd, keyFile) }),
    dataDir: resolve(cwd, parsed.data.dataDir),
    rules,
    mockSerial: flags['mock-serial'] === true,
    ...(flags['accept-behind-central'] === true && { acceptBehindCentral: true }),
  };
}

function centralUrl(url: string, passwordFile: string | undefined, cwd: string): Promise<string> {
  return passwordFile === undefined ? Promise.resolve(url) : withPasswordFile(url, resolve(cwd, passwordFile));
}

/**
 * Parses a command line made of the server flags plus `extra` ones.
 * Unknown flags and stray arguments are a ConfigError, not silently ignored.
 */
export function parseServerArgs<E extends ParseArgsOptionsConfig>(
  argv: readonly string[],
  extra: E,
): { flags: ServerFlags; values: Record<string, string | boolean | undefined> } {
  try {
    const { values } = parseArgs({ args: [...argv], options: { ...SERVER_OPTIONS, ...extra }, strict: true, allowPositionals: false });
    return { flags: values as ServerFlags, values: values as Record<string, string | boolean | undefined> };
  } catch (e) {
    throw new ConfigError((e as Error).message);
  }
}
