/**
 * `tq`, the command line of the Trente et Quarante table: one file per
 * command in ./commands, loaded only when asked for, so a command's
 * dependencies (the server, the serial port) cost nothing to the others.
 *
 * Exit status: 0 done, 1 the command failed, 2 the input was wrong (usage,
 * a bad card, a malformed log).
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/** What every module of ./commands exports. */
export interface CliCommand {
  run(argv: string[], io: CliIo): Promise<number>;
}

interface Entry {
  summary: string;
  load: () => Promise<CliCommand>;
}

/** A command whose file is written later: loaded by URL so the type-check does not need it yet. */
const fileOf = (name: string) => new URL(`./commands/${name}.ts`, import.meta.url);
const later = (name: string) => () => import(fileOf(name).href) as Promise<CliCommand>;

export const COMMANDS: Readonly<Record<string, Entry>> = {
  call: { summary: 'tq call <card>… [--json]            the rows, totals and call of one coup', load: () => import('./commands/call.ts') },
  replay: { summary: 'tq replay <shoe.jsonl> [--json]     replay a shoe log through the rules', load: () => import('./commands/replay.ts') },
  simulate: { summary: 'tq simulate --shoes N [--seed S] [--json]  deal shuffled shoes, print frequencies', load: () => import('./commands/simulate.ts') },
  serve: { summary: 'tq serve …                          run the table server', load: later('serve') },
  shuffler: { summary: 'tq shuffler …                       simulate a card shuffler on a serial line', load: later('shuffler') },
  export: { summary: 'tq export …                         export a recorded shoe log', load: later('export') },
  verify: { summary: 'tq verify …                         verify a recorded shoe log', load: later('verify') },
  demo: { summary: 'tq demo …                           a demonstration table', load: later('demo') },
};

export function usage(): string {
  const lines = Object.values(COMMANDS).map((c) => `  ${c.summary}`);
  return `usage: tq <${Object.keys(COMMANDS).join('|')}> …\n${lines.join('\n')}\n`;
}

const PROCESS_IO: CliIo = { stdout: process.stdout, stderr: process.stderr };

export async function main(argv: string[], io: CliIo = PROCESS_IO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr.write(usage());
    return 2;
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    io.stdout.write(usage());
    return 0;
  }
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (entry === undefined) {
    io.stderr.write(`tq: unknown command "${name}"\n${usage()}`);
    return 2;
  }
  let command: CliCommand;
  try {
    command = await entry.load();
  } catch (e) {
    if (isMissing(e, name)) {
      io.stderr.write(`tq ${name}: not available yet\n`);
      return 1;
    }
    throw e;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    io.stderr.write(`tq ${name}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

/** The command's own file is missing — not a module it imports. */
function isMissing(e: unknown, name: string): boolean {
  const { code, message, url } = e as { code?: string; message?: string; url?: string };
  if (code !== 'ERR_MODULE_NOT_FOUND') return false;
  const file = fileOf(name);
  return url === file.href || (message ?? '').includes(fileURLToPath(file)) || (message ?? '').includes(file.href);
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
