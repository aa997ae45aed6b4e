/**
 * `tq users add <name> --role <role> | set-pin <name> | remove <name> | list [--json]`
 * `          [--data <dir> | --users <file>]`
 *
 * The crew's accounts in `<data>/users.json` (or `--users`, as `tq serve`
 * reads it). The PIN is asked on the terminal without echo, or read from the
 * first line of standard input — never from the command line (read-pin.ts).
 * `list` shows names and roles, never a hash. A new PIN or a removed user
 * ends that user's sessions: each session is bound to the user's stored PIN
 * hash (server/http/users.ts `stamp`), a running server reads the users file
 * again within a second of the change and ends them, and a stopped one ends
 * them when it starts. Works while the table serves.
 */
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultUsersFile } from '../../http/users.ts';
import { lockDataDir } from '../../store/data-dir-lock.ts';
import { matchDirOwner } from '../../store/owner.ts';
import { ROLES, type Role } from '../../table/table.ts';
import { PinInputError, readNewPin, type PinInput } from '../read-pin.ts';
import { addUser, checkNewUser, editUsersFile, knownUser, readUsersFile, removeUser, setPin, UsersEditError } from '../users-file.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, usageMessage, usageText } from '../usage.ts';

export const help: CommandHelp = {
  usage: [
    'users add <name> --role <tailleur|payeur|chef|surveillance> [--data <dir> | --users <file>]',
    'users set-pin <name> [--data <dir> | --users <file>]',
    'users remove <name> [--data <dir> | --users <file>]',
    'users list [--json] [--data <dir> | --users <file>]',
  ],
  about:
    "The crew's accounts. The PIN (6 digits or more) is asked without echo, or read from the first line of standard\ninput, never from the command line. A new PIN or a removed user ends that user's sessions.",
  options: [
    ['add | set-pin | remove | list', 'what to do'],
    ['--role <role>', 'with add: tailleur, payeur, chef or surveillance'],
    ['--data <dir>', "the table's data directory: its users.json (TQ_DATA, default ./data)"],
    ['--users <file>', 'the users file itself, as `tq serve --users` reads it'],
    ['--json', 'with list: names and roles as JSON'],
  ],
};
export const USERS_USAGE = usageText(help);

const SUBCOMMANDS = ['add', 'set-pin', 'remove', 'list'] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];

interface UsersArgs {
  sub: Subcommand;
  name: string | undefined;
  role: Role | undefined;
  file: string;
  json: boolean;
}

/** The command's I/O; `stdin` defaults to the process's own. */
export type UsersIo = CliIo & { stdin?: PinInput };

function parse(argv: string[], env: NodeJS.ProcessEnv): UsersArgs {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: { data: { type: 'string' }, users: { type: 'string' }, role: { type: 'string' }, json: { type: 'boolean' }, pin: { type: 'string' } },
  });
  if (values.pin !== undefined)
    throw new UsersEditError('a PIN is never given on the command line (it would stay in the shell history and in ps): pipe it in, or type it when asked');
  const [sub, name, ...extra] = positionals;
  if (!SUBCOMMANDS.includes(sub as Subcommand))
    throw new UsersEditError(sub === undefined ? 'say add, set-pin, remove or list' : `unknown subcommand "${sub}"`);
  if (extra.length > 0 || (sub === 'list' ? name !== undefined : name === undefined))
    throw new UsersEditError(sub === 'list' ? 'list takes no name' : `${sub} takes one user name`);
  if (values.role !== undefined && !(ROLES as readonly string[]).includes(values.role)) throw new UsersEditError(`--role must be one of ${ROLES.join(', ')}`);
  if (sub === 'add' && values.role === undefined) throw new UsersEditError(`add needs --role (${ROLES.join(', ')})`);
  if (sub !== 'add' && values.role !== undefined) throw new UsersEditError('--role goes with add only');
  if (values.users !== undefined && values.data !== undefined) throw new UsersEditError('give --data or --users, not both');
  const dataDir = values.data ?? (env.TQ_DATA || './data');
  return {
    sub: sub as Subcommand,
    name,
    role: values.role as Role | undefined,
    file: values.users !== undefined ? resolve(values.users) : defaultUsersFile(resolve(dataDir)),
    json: values.json === true,
  };
}

export async function run(argv: string[], io: UsersIo): Promise<number> {
  let args: UsersArgs;
  try {
    args = parse(argv, process.env);
  } catch (e) {
    io.stderr.write(`tq users: ${usageMessage(e)}\n${USERS_USAGE}\n`);
    return 2;
  }
  try {
    return await withSharedLock(dirname(args.file), () => perform(args, io));
  } catch (e) {
    if (!(e instanceof UsersEditError || e instanceof PinInputError)) throw e;
    io.stderr.write(`tq users: ${e.message}\n`);
    return 2;
  }
}

/**
 * Beside a running server (which reloads the file), never beside a restore or
 * a recover (server/store/data-dir-lock.ts); a directory that is absent or not
 * ours to write (a users file under /etc) is edited without it.
 */
async function withSharedLock<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const lock = await lockDataDir(dir, { command: 'users', mode: 'shared' }).catch((e: unknown) => {
    if (['ENOENT', 'EACCES', 'EROFS', 'EPERM'].includes((e as NodeJS.ErrnoException).code ?? '')) return null;
    throw e;
  });
  try {
    return await work();
  } finally {
    await lock?.release();
  }
}

async function perform(args: UsersArgs, io: UsersIo): Promise<number> {
  const file = await readUsersFile(args.file);
  const stdin = io.stdin ?? (process.stdin as PinInput);
  const ending = 'its sessions end (a running server notices within a second)';
  switch (args.sub) {
    case 'list':
      if (args.json) io.stdout.write(`${JSON.stringify(file.users.map(({ user, role }) => ({ user, role })))}\n`);
      else if (file.users.length === 0) io.stderr.write(`tq users: no users in ${args.file}: add one with \`tq users add <name> --role <role>\`\n`);
      else for (const { user, role } of file.users) io.stdout.write(`${user.padEnd(20)} ${role}\n`);
      return 0;
    case 'add': {
      const user = args.name!;
      checkNewUser(file, user);
      const pin = await readNewPin(stdin, io.stderr, user);
      // The file as it is once the PIN is typed, under a lock: nothing another tq users did meanwhile is undone.
      await editUsersFile(args.file, (now) => addUser(now, user, args.role!, pin));
      await matchDirOwner(args.file); // run as root: the file stays the service user's (server/store/owner.ts)
      io.stdout.write(`added ${user} (${args.role}) to ${args.file}\n`);
      return 0;
    }
    case 'set-pin': {
      const user = args.name!;
      knownUser(file, user);
      const pin = await readNewPin(stdin, io.stderr, user);
      await editUsersFile(args.file, (now) => setPin(now, user, pin));
      await matchDirOwner(args.file); // run as root: the file stays the service user's (server/store/owner.ts)
      io.stdout.write(`new PIN for ${user} in ${args.file}; ${ending}\n`);
      return 0;
    }
    case 'remove':
      await editUsersFile(args.file, (now) => removeUser(now, args.name!));
      await matchDirOwner(args.file); // run as root: the file stays the service user's (server/store/owner.ts)
      io.stdout.write(`removed ${args.name} from ${args.file}; ${ending}\n`);
      return 0;
    default: {
      const never: never = args.sub;
      throw new Error(`unknown subcommand ${String(never)}`);
    }
  }
}
