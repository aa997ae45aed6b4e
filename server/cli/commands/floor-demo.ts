/**
 * `tq floor-demo [--tables 3] [--pace ms] [--port 8050] [--seed S]` — what `npm run floor` runs:
 * a casino floor on one machine, everything on loopback.
 *
 * - a throwaway PostgreSQL in a temporary directory (server/central/throwaway-postgres.ts),
 *   the central schema applied and every table registered;
 * - T1…Tn, each a whole table as `tq demo` makes it — its own data directory
 *   and demo users, its own simulated shuffler on a PTY, and a paced crew
 *   (server/app/paced-crew.ts) acting every --pace ms — it confirms calls,
 *   opens the bets, bets and pulls, and pulls nothing while a dispute waits
 *   for the chef (docs/rules.md#dispute-no-pull) — replicating to the central store;
 * - the surveillance room (`tq floor`) over that store;
 * - the URLs printed. Ctrl-C or SIGTERM stops it all, PostgreSQL included,
 *   and removes the temporary directories.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino, type DestinationStream, type Logger } from 'pino';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../central/throwaway-postgres.ts';
import { serverConfig } from '../../config/server-config.ts';
import { prepareDemoCentral } from '../../floor/demo-central.ts';
import { startFloorServer } from '../../app/floor-server.ts';
import { buildClientIfMissing } from '../build-client.ts';
import { createDemoUsers, defaultUsersFile, DEMO_USERS } from '../../http/users.ts';
import { ptyShuffler, type DemoShuffler } from '../../demo/demo-shuffler.ts';
import { PtyUnavailableError } from '../../serial/pty-pair.ts';
import { startPacedCrew } from '../../app/paced-crew.ts';
import { startTableServer, type RunningTable } from '../../app/table-server.ts';
import { untilSignal } from '../../app/until-signal.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs, usageMessage, usageText } from '../usage.ts';
import { DEFAULT_FLOOR_PORT } from './floor.ts';

export const help: CommandHelp = {
  usage: ['floor-demo [--tables n] [--pace ms] [--port n] [--seed S]'],
  about:
    'What `npm run floor` runs: a throwaway PostgreSQL, demo tables replicating to it and the surveillance room, all on\nloopback. Ctrl-C stops it all and removes the temporary directories.',
  options: [
    ['--tables <n>', 'how many tables, 1 to 9 (default 3)'],
    ['--pace <ms>', "each table's demo crew acts every ms: a card, a bet, a confirmation (default 700)"],
    ['--port <n>', 'the surveillance room port (default 8050; the tables take the next ones)'],
    ['--seed <S>', "the simulated shufflers' seed"],
  ],
};
const FLOOR_DEMO_USAGE = usageText(help);

interface Settings {
  tables: number;
  pace: number;
  port: number;
  seed: number;
}

function settings(argv: string[]): Settings {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: { tables: { type: 'string' }, pace: { type: 'string' }, port: { type: 'string' }, seed: { type: 'string' } },
  });
  const whole = (text: string | undefined, fallback: number, name: string, min: number, max: number) => {
    const n = text === undefined ? fallback : Number(text);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
  return {
    tables: whole(values.tables, 3, 'tables', 1, 9),
    pace: whole(values.pace, 700, 'pace', 50, 60_000),
    port: whole(values.port, DEFAULT_FLOOR_PORT, 'port', 0, 65_535 - 9),
    seed: whole(values.seed, Date.now() % 1_000_000, 'seed', 0, 2 ** 31),
  };
}

export async function run(argv: string[], io: CliIo): Promise<number> {
  if (process.env.NODE_ENV === 'production') {
    io.stderr.write('tq floor-demo: refused with NODE_ENV=production: the demo logs in with the documented demo PINs\n');
    return 2;
  }
  let s: Settings;
  try {
    s = settings(argv);
  } catch (e) {
    io.stderr.write(`tq floor-demo: ${usageMessage(e)}\n${FLOOR_DEMO_USAGE}\n`);
    return 2;
  }
  const logger = pino({ level: process.env.TQ_LOG_LEVEL ?? 'warn' }, io.stdout as DestinationStream);
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch((e: unknown) => logger.error({ err: e }, 'error while stopping the floor demo'));
  };
  let shown = '';
  try {
    await buildClientIfMissing(io, 'tq floor-demo');
    io.stderr.write('tq floor-demo: starting PostgreSQL…\n');
    const postgres: ThrowawayPostgres = await startThrowawayPostgres();
    stops.push(() => postgres.destroy());
    const dirs = [];
    for (let k = 1; k <= s.tables; k++) {
      const dataDir = await mkdtemp(join(tmpdir(), `tq-floor-T${k}-`));
      stops.push(() => rm(dataDir, { recursive: true, force: true }));
      dirs.push({ id: `T${k}`, dataDir });
    }
    const central = await prepareDemoCentral(postgres.urlFor, dirs);

    // The tables start side by side; one that fails still has the others stopped.
    const started = await Promise.allSettled(
      dirs.map(({ id, dataDir }, k) =>
        startDemoTable(id, dataDir, s.port === 0 ? 0 : s.port + k + 1, String(s.seed + k), s.pace, central.tableUrl(id), logger.child({ table: id })),
      ),
    );
    for (const r of started) if (r.status === 'fulfilled') stops.push(r.value.stop);
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const tables = dirs.map(({ id }, k) => ({ id, url: (started[k] as PromiseFulfilledResult<{ url: string }>).value.url }));

    const floorDir = await mkdtemp(join(tmpdir(), 'tq-floor-'));
    stops.push(() => rm(floorDir, { recursive: true, force: true }));
    const users = await createDemoUsers(join(floorDir, 'users.json'));
    const floor = await startFloorServer({ central: central.floorUrl, users, logger: logger.child({ part: 'floor' }), port: s.port, host: '127.0.0.1' });
    stops.push(floor.close);
    shown = banner(floor.url, tables, postgres.url, s);
  } catch (e) {
    await stopAll();
    throw e;
  }
  await untilSignal(stopAll, logger, { ready: () => io.stdout.write(shown) });
  return 0;
}

/** One table as `tq demo` makes it, in its data directory, replicating to `central` (`tq serve --central`). */
async function startDemoTable(
  id: string,
  dataDir: string,
  port: number,
  seed: string,
  paceMs: number,
  central: string,
  logger: Logger,
): Promise<{ url: string; stop: () => Promise<void> }> {
  let shuffler: DemoShuffler | undefined;
  let server: RunningTable | undefined;
  let stopCrew = () => {};
  const stop = async () => {
    stopCrew();
    await server?.close();
    await shuffler?.close();
  };
  try {
    const users = await createDemoUsers(defaultUsersFile(dataDir));
    const config = await serverConfig({ data: dataDir, port: String(port), host: '127.0.0.1', table: id, central, 'log-level': logger.level });
    // the shuffler deals only when pulled, as with a tailleur: the paced crew pulls
    const sim = await ptyShuffler({ seed, logger }).catch((e: unknown) => {
      if (e instanceof PtyUnavailableError)
        throw new Error(`${e.message}; the floor demo's shufflers need it: install python3 (Debian: apt-get install python3)`);
      throw e;
    });
    shuffler = sim;
    server = await startTableServer({ config: { ...config, serial: sim.hostPath }, users, logger, openPort: () => sim.openHostPort(), simulator: sim });
    await sim.start();
    stopCrew = startPacedCrew({ table: server.table, deal: (newShoe) => sim.deal(newShoe) }, paceMs, logger);
    return { url: server.url, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

function banner(floorUrl: string, tables: { id: string; url: string }[], central: string, s: Settings): string {
  const logins = DEMO_USERS.map((u) => `${u.user}/${u.pin}`).join('   ');
  return [
    '',
    'Trente et Quarante — the floor demo',
    `  floor     ${floorUrl}   (surveillance/4444, chef/3333)`,
    ...tables.map((t) => `  table ${t.id}  ${t.url}`),
    `  logins    ${logins}`,
    `  central   ${central}   (throwaway PostgreSQL, removed on stop)`,
    `  shufflers simulated on PTY pairs, seeds ${s.seed}…${s.seed + tables.length - 1}; a demo crew acts every ${s.pace} ms`,
    '  stop      Ctrl-C',
    '',
  ].join('\n');
}
