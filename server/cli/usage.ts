/**
 * What every `tq` command says about itself, and how a wrong command line is
 * told: each module of ./commands exports its {@link CommandHelp}, which
 * `tq <command> --help` prints whole and a usage error prints the usage of
 * (`tq export: unknown option --foo`, then the usage, exit 2).
 */
import { parseArgs as nodeParseArgs, type ParseArgsConfig } from 'node:util';
import { CodedError } from '../../shoe/coded-error.ts';

export interface CommandHelp {
  /** Each way to call the command, without the leading `tq`: `export --data <dir> --shoe <id>`. */
  usage: readonly string[];
  /** What it does, in a sentence or two (wrapped by hand). */
  about: string;
  /** Each option or argument and what it means: `['--data <dir>', 'the data directory (TQ_DATA, default ./data)']`. */
  options: readonly (readonly [string, string])[];
}

/** The command line is wrong: exit 2 with the command's usage. */
export class UsageError extends CodedError {
  override readonly code = 'USAGE';
}

/** `usage: tq export …` and one more line per other form. */
export function usageText(help: CommandHelp): string {
  return help.usage.map((form, k) => `${k === 0 ? 'usage:' : '      '} tq ${form}`).join('\n');
}

/** The whole help of a command: usage, what it does, its options (and -h, --help). */
export function helpText(help: CommandHelp): string {
  const options = [...help.options, ['-h, --help', 'print this help and exit']] as const;
  const width = Math.min(28, Math.max(...options.map(([flag]) => flag.length)));
  const lines = options.map(([flag, text]) => (flag.length > width ? `  ${flag}\n  ${' '.repeat(width)}  ${text}` : `  ${flag.padEnd(width)}  ${text}`));
  return `${usageText(help)}\n\n${help.about}\n\noptions:\n${lines.join('\n')}\n`;
}

/** True when the arguments (before a `--`) ask for help. */
export function asksForHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/**
 * node:util's parse errors in the words of this CLI: `Unknown option '--foo'`
 * becomes `unknown option --foo` (also when another error wraps the message,
 * as server/config does); any other error's message is kept.
 */
export function usageMessage(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const quoted = /'([^']+)'/.exec(message)?.[1];
  if (/^Unknown option '/.test(message)) return `unknown option ${quoted}`;
  if (/^Unexpected argument '/.test(message)) return `unexpected argument ${quoted}`;
  if (/^Option '-/.test(message) && quoted !== undefined) {
    const flag = quoted.split(' ')[0];
    return message.includes('does not take an argument') ? `${flag} takes no value` : `${flag} needs a value`;
  }
  return message;
}

/** node:util's parseArgs (strict), throwing a {@link UsageError} in this CLI's words. */
export function parseArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof nodeParseArgs<T>> {
  try {
    return nodeParseArgs(config);
  } catch (e) {
    throw new UsageError(usageMessage(e));
  }
}
