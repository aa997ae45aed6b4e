/**
 * `tq demo [--seed S] [--pace ms] [--faults list] [--data ./data] [--port 8040] [--host 127.0.0.1]` — what
 * `npm start` runs: the whole table on a fresh machine, on embedded defaults, on loopback unless asked.
 *
 * - the demo users of API.md (tailleur/1111, payeur/2222, chef/3333,
 *   surveillance/4444) are written to the data directory if it has none;
 *   refused when NODE_ENV=production;
 * - a pseudo-terminal pair stands for the shuffler's cable, `tq shuffler`
 *   runs as its own process on one end and deals a card per "pull a card"
 *   (or every --pace ms), and the table server opens the other end exactly as
 *   `tq serve --serial` opens a device; without a PTY it says so and falls back
 *   to serialport's mock binding with the simulator in-process, which deals the
 *   same way;
 * - the shuffler keeps its memory in the data directory (demo-shuffler.json:
 *   seed, shoe, position): restarted on the same directory without --seed, the
 *   demo resumes the same shoe where it stood, as a real shuffler keeps its
 *   shoe when the table's server restarts — no reload, no suspension.
 *   A --seed other than the one remembered loads a new shoe: the table
 *   sees a reload. When the table's shoe in play has no card and the shoe
 *   remembered is the one its previous shoe was dealt from (a suspension,
 *   then a new shoe), the shuffler starts its next shoe at once: the table
 *   would refuse the spent one (docs/serial-protocol.md#shoe-identity);
 * - the dashboards are built first if client/dist is missing.
 */
import { CentralError } from '../../central/central-error.ts';
import { initTableKey } from '../../central/table-keys.ts';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { parseServerArgs, serverConfig, type ServerFlags } from '../../config/server-config.ts';
import { createDemoUsers, defaultUsersFile, DEMO_USERS, loadUsers, type UserStore } from '../../http/users.ts';
import { PtyUnavailableError } from '../../serial/pty-pair.ts';
import { ptyShuffler, type DemoShuffler, type DemoShufflerOptions } from '../../demo/demo-shuffler.ts';
import { mockShuffler } from '../../demo/mock-shuffler.ts';
import { skipSpentShoe, type SpentShoeTable } from '../../demo/spent-shuffler-shoe.ts';
import { readShufflerState, SHUFFLER_STATE_FILE, type ShufflerState } from '../../simulator/shuffler-state-file.ts';
import { startTableServer } from '../../app/table-server.ts';
import { buildClientIfMissing } from '../build-client.ts';
import { untilSignal } from '../../app/until-signal.ts';
import { reloadOnNewShoe } from '../../demo/reload-on-new-shoe.ts';
import { SERVER_FLAGS_HELP } from '../server-flags-help.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, usageMessage, usageText } from '../usage.ts';
import { serverLogger } from '../server-logger.ts';
import { counted } from '../counted.ts';

export const help: CommandHelp = {
  usage: ['demo [--seed S] [--pace ms] [--faults list] [--data <dir>] [--port n] [--host h]'],
  about:
    'What `npm start` runs: a whole demonstration table with a simulated shuffler and the demo users (refused with\nNODE_ENV=production), on loopback unless --host asks for another interface.',
  options: [
    ['--seed <S>', "the simulated shuffler's seed (default: the one it remembers in the data directory, resuming its shoe; else a fresh one)"],
    ['--pace <ms>', 'deal a card every ms (default: the tailleur pulls each card)'],
    ['--faults <list>', 'faults on the serial line, e.g. drop:0.03,jam@100 (tq shuffler --help)'],
    ...SERVER_FLAGS_HELP.filter(([flag]) => !flag.startsWith('--serial') && !flag.startsWith('--mock-serial')).map(([flag, text]) =>
      flag.startsWith('--host') ? ([flag, 'interface to listen on (TQ_HOST, default 127.0.0.1: the demo PINs are public)'] as const) : ([flag, text] as const),
    ),
  ],
};

/** The demo table's checkpoint interval, in seconds, unless --seal-every says otherwise. */
export const DEMO_SEAL_EVERY_S = 5;

/**
 * The demo logs in with documented PINs, so it listens on loopback only
 * unless `--host` (or TQ_HOST) asks for another interface.
 */
export function demoFlags(flags: ServerFlags, env: NodeJS.ProcessEnv = process.env): ServerFlags {
  return env.TQ_HOST ? flags : { ...flags, host: flags.host ?? '127.0.0.1' };
}

async function readDemoSetup(argv: string[]) {
  const { flags, values } = parseServerArgs(argv, { seed: { type: 'string' }, pace: { type: 'string' }, faults: { type: 'string' } });
  flags['log-level'] ??= process.env.TQ_LOG_LEVEL ?? 'warn';
  const config = await serverConfig(demoFlags(flags));
  const pace = typeof values.pace === 'string' ? Number(values.pace) : undefined;
  if (pace !== undefined && !(Number.isInteger(pace) && pace > 0)) throw new Error('--pace must be a whole number of milliseconds');
  const statePath = join(config.dataDir, SHUFFLER_STATE_FILE);
  const saved = await readShufflerState(statePath);
  const seed = typeof values.seed === 'string' ? values.seed : (saved?.seed ?? String(Date.now() % 1_000_000));
  return { config, seed, statePath, resumed: saved?.seed === seed ? saved : null, pace, faults: typeof values.faults === 'string' ? values.faults : undefined };
}

export async function run(argv: string[], io: CliIo): Promise<number> {
  if (process.env.NODE_ENV === 'production') {
    io.stderr.write('tq demo: refused with NODE_ENV=production: the demo logs in with the documented demo PINs; run `tq serve` with your own users file\n');
    return 2;
  }
  const setup = await readDemoSetup(argv).catch((e: Error) => e);
  if (setup instanceof Error) {
    io.stderr.write(`tq demo: ${usageMessage(setup)}\n${usageText(help)}\n`);
    return 2;
  }
  const { config } = setup;
  const logger = serverLogger(config.logLevel, { table: config.table }, io);
  const users = await demoUsers(config.dataDir, io);
  // The demo table seals its record with a key of its own, so surveillance's verify checks the seals (server/central/table-sealer.ts).
  await initTableKey(config.dataDir, config.keyFile).catch((e: unknown) => {
    if (!(e instanceof CentralError && e.code === 'KEY_EXISTS')) throw e;
  });
  await buildClientIfMissing(io, 'tq demo');

  const options: DemoShufflerOptions = {
    seed: setup.seed,
    statePath: setup.statePath,
    logger,
    ...(setup.pace !== undefined && { paceMs: setup.pace }),
    ...(setup.faults !== undefined && { faults: setup.faults }),
  };
  const shuffler = await makeShuffler(options, io);
  const server = await startTableServer({
    // Sealed every few seconds (a real table: --seal-every, 60 s): a demo killed and started again leaves little play unsealed.
    config: { ...config, serial: shuffler.hostPath, sealEvery: config.sealEvery ?? DEMO_SEAL_EVERY_S },
    users,
    usersFile: defaultUsersFile(config.dataDir),
    logger,
    openPort: () => shuffler.openHostPort(),
    simulator: shuffler,
  }).catch(async (e: unknown) => {
    await shuffler.close();
    throw e;
  });
  const shufflerNote = await startShuffler(shuffler, server.table, setup).catch(async (e: unknown) => {
    await server.close();
    await shuffler.close();
    throw e;
  });
  reloadOnNewShoe(server, shuffler);
  await untilSignal(
    async () => {
      await server.close();
      await shuffler.close();
    },
    logger,
    {
      ready: () =>
        io.stdout.write(
          banner(config.port === 0 ? server.url : `${config.tls ? 'https' : 'http'}://localhost:${config.port}`, config.dataDir, shuffler, {
            ...setup,
            shufflerNote,
          }),
        ),
    },
  );
  return 0;
}

/** Starts the shuffler on its memory, moved past a shoe the table would refuse as spent; what the banner says of that memory. */
async function startShuffler(
  shuffler: DemoShuffler,
  table: SpentShoeTable,
  setup: { statePath: string; resumed: ShufflerState | null },
): Promise<string | null> {
  const skipped = await skipSpentShoe(table, setup.resumed, setup.statePath);
  await shuffler.start();
  if (skipped !== null) return `next      ${skipped}`;
  const { resumed } = setup;
  return resumed && `resumed   shoe ${resumed.shoe} of seed ${resumed.seed}, ${counted(resumed.dealt, 'card')} dealt (${SHUFFLER_STATE_FILE})`;
}

async function makeShuffler(options: DemoShufflerOptions, io: CliIo): Promise<DemoShuffler> {
  try {
    return await ptyShuffler(options);
  } catch (e) {
    if (!(e instanceof PtyUnavailableError)) throw e;
    io.stderr.write(`tq demo: ${e.message}\ntq demo: falling back to serialport's mock binding, with the shuffler simulator inside this process\n`);
    return mockShuffler(options);
  }
}

async function demoUsers(dataDir: string, io: CliIo): Promise<UserStore> {
  const file = defaultUsersFile(dataDir);
  if (
    !(await access(file).then(
      () => true,
      () => false,
    ))
  )
    return createDemoUsers(file);
  const users = await loadUsers(file);
  if (!(await users.hasDemoUsers())) io.stderr.write(`tq demo: ${file} holds its own PINs: the demo logins below may not work\n`);
  return users;
}

function banner(url: string, dataDir: string, shuffler: DemoShuffler, setup: { seed: string; pace?: number | undefined; shufflerNote: string | null }): string {
  const { seed, pace, shufflerNote } = setup;
  const logins = DEMO_USERS.map((u) => `${u.user}/${u.pin}`).join('   ');
  const line = shuffler.kind === 'pty' ? `simulated on a PTY pair, host end ${shuffler.hostPath}` : "simulated in-process on serialport's mock binding";
  return [
    '',
    'Trente et Quarante — demo table',
    `  open      ${url}`,
    `  logins    ${logins}`,
    `  shuffler  ${line}, seed ${seed}; ${pace === undefined ? 'the tailleur pulls each card (button or key N)' : `a card every ${pace} ms`}`,
    ...(shufflerNote === null ? [] : [`  ${shufflerNote}`]),
    `  data      ${dataDir}`,
    '  stop      Ctrl-C',
    '',
  ].join('\n');
}
