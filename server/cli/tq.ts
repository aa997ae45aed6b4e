/**
 * `tq`, the command line of the Trente et Quarante table: one file per
 * command in ./commands, loaded only when asked for, so a command's
 * dependencies (the server, the serial port) cost nothing to the others.
 *
 * Exit status: 0 done, 1 the command failed, 2 the input was wrong (usage,
 * a bad card, a malformed log).
 *
 * `tq --help` lists the commands, `tq --version` prints the package version,
 * and `tq <command> --help` (or `-h`, or `tq help <command>`) prints the help
 * the command's module exports (./usage.ts) and exits 0. A {@link UsageError}
 * thrown by a command is printed with its name and usage, exit 2.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { packageVersion } from './package-version.ts';
import { asksForHelp, type CommandHelp, helpText, UsageError, usageText } from './usage.ts';

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/** What every module of ./commands exports: `run`, and `help` for `--help` and usage errors. */
export interface CliCommand {
  run(argv: string[], io: CliIo): Promise<number>;
  help: CommandHelp;
}

export interface CommandEntry {
  summary: string;
  load: () => Promise<CliCommand>;
}

/** Where a command's module lives: ./commands/<name>.ts. */
const _fileOf = (name: string) => new URL(`./commands/${name}.ts`, import.meta.url);

export const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  call: { summary: 'tq call <card>… [--json]                     the rows, totals and call of one coup', load: () => import('./commands/call.ts') },
  replay: { summary: 'tq replay <shoe.jsonl> [--json]              replay a shoe log through the rules', load: () => import('./commands/replay.ts') },
  simulate: {
    summary: 'tq simulate --shoes N [--seed S] [--edge [--rules R] | --logs DIR --shuffle S] [--json]  frequencies, house edge or shoe logs',
    load: () => import('./commands/simulate.ts'),
  },
  serve: { summary: 'tq serve …                                   run the table server', load: () => import('./commands/serve.ts') },
  shuffler: { summary: 'tq shuffler …                                a simulated shuffler on a serial line', load: () => import('./commands/shuffler.ts') },
  export: { summary: 'tq export …                                  a stored shoe as a shoe log', load: () => import('./commands/export.ts') },
  verify: { summary: 'tq verify …                                  check a stored shoe: hash chain and rules', load: () => import('./commands/verify.ts') },
  recover: {
    summary: 'tq recover --data <dir>                      keep a damaged shoe in play aside and go on from its last good line',
    load: () => import('./commands/recover.ts'),
  },
  audit: { summary: 'tq audit shuffle <shoe.jsonl>… | --data <dir>  statistical tests of the shuffler', load: () => import('./commands/audit.ts') },
  users: {
    summary: "tq users add|set-pin|remove|list --data <dir>   the crew's accounts (the PIN asked, never in argv)",
    load: () => import('./commands/users.ts'),
  },
  keys: { summary: 'tq keys init|show --data <dir>                the table key that signs its seals', load: () => import('./commands/keys.ts') },
  central: { summary: 'tq central init|register --central <url> …  the central witness (PostgreSQL)', load: () => import('./commands/central.ts') },
  backup: {
    summary: 'tq backup --data <dir> --to <dir>              a consistent, verified copy of the data directory, while the table serves',
    load: () => import('./commands/backup.ts'),
  },
  restore: {
    summary: 'tq restore --from <backup> --data <dir> [--force]  bring a verified backup back (server stopped)',
    load: () => import('./commands/restore.ts'),
  },
  doctor: {
    summary: 'tq doctor --data <dir> [--backups <dir>] …              check a deployment: owners, modes, TLS, central, clock, disk, backups',
    load: () => import('./commands/doctor.ts'),
  },
  demo: { summary: 'tq demo …                                    a demonstration table', load: () => import('./commands/demo.ts') },
  'floor-demo': {
    summary: 'tq floor-demo …                              the floor demo: PostgreSQL, three tables, the surveillance room',
    load: () => import('./commands/floor-demo.ts'),
  },
  floor: {
    summary: 'tq floor --central <url> …                   the surveillance room: every table from the central store',
    load: () => import('./commands/floor.ts'),
  },
};

export function usage(commands: Readonly<Record<string, CommandEntry>> = COMMANDS): string {
  const lines = Object.values(commands).map((c) => `  ${c.summary}`);
  return `usage: tq <${Object.keys(commands).join('|')}> …\n${lines.join('\n')}\n\n  tq <command> --help    that command's usage and options\n  tq --version           the version\n`;
}

const PROCESS_IO: CliIo = { stdout: process.stdout, stderr: process.stderr };

/** Runs `tq <name> …` and returns its exit status. */
export async function main(argv: string[], io: CliIo = PROCESS_IO, commands: Readonly<Record<string, CommandEntry>> = COMMANDS): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr.write(usage(commands));
    return 2;
  }
  if (first === '--version' || first === '-V' || first === 'version') {
    io.stdout.write(`tq ${packageVersion()}\n`);
    return 0;
  }
  const helpOf = first === 'help' && rest[0] !== undefined ? rest[0] : undefined;
  if ((first === 'help' && helpOf === undefined) || first === '--help' || first === '-h') {
    io.stdout.write(usage(commands));
    return 0;
  }
  const name = helpOf ?? first;
  const entry = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (entry === undefined) {
    io.stderr.write(`tq: unknown command "${name}"\n${usage(commands)}`);
    return 2;
  }
  const command: CliCommand = await entry.load();
  if (helpOf !== undefined || asksForHelp(rest)) {
    io.stdout.write(helpText(command.help));
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`tq ${name}: ${e.message}\n${usageText(command.help)}\n`);
      return 2;
    }
    io.stderr.write(`tq ${name}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

/** True when node runs this file, directly or through tq-bin.js (`npx tq`). */
function invokedAsProgram(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    const real = realpathSync(script);
    return real === fileURLToPath(import.meta.url) || real === fileURLToPath(new URL('./tq-bin.js', import.meta.url));
  } catch {
    return false;
  }
}

if (invokedAsProgram()) process.exitCode = await main(process.argv.slice(2));
