/**
 * `tq central …`: the central witness's administration (docs/central-store.md).
 *
 *   tq central init --central <url> [--table-role <id>]… [--surveillance-role <name>]… [--password-file f]
 *       creates or upgrades the schema (safe to run again), and the login roles asked for
 *   tq central register --central <url> --table <id> --key <public key line>
 *       surveillance registers a table's public key (`tq keys show` prints it)
 *   tq central anchor --central <url> --out <dir> [--key <file>]
 *       a signed checkpoint of every table's head, for the regulator (docs/central-store.md#anchor)
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSurveillanceRole, createTableRole, registerTable } from '../../central/central-admin.ts';
import { withCentral } from '../../central/central-connect.ts';
import { CentralError } from '../../central/central-error.ts';
import { revokeTableKey, rotateTableKey } from '../../central/key-history.ts';
import { migrate } from '../../central/migrate.ts';
import { parsePublicKey } from '../../central/table-keys.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs, usageMessage, usageText } from '../usage.ts';

export const help: CommandHelp = {
  usage: [
    'central init --central <url> [--table-role <id>]… [--surveillance-role <name>]… [--password-dir <dir> | --password-file <file>]',
    'central register --central <url> --table <id> --key <public key>',
    'central anchor --central <url> --out <dir> [--key <file>]',
    'central rotate --central <url> --table <id> --key <new public key> --sig <rotation signature>',
    'central revoke --central <url> --table <id> --key-no <n> --reason <why>',
  ],
  about:
    "The central witness's administration (docs/central-store.md): init creates or upgrades the schema (safe to run\nagain) and the login roles asked for; register records a table's public key (`tq keys show` prints it).",
  options: [
    ['--central <url>', 'the central store, postgres://…'],
    ['--table-role <id>', 'init: a login role that appends for this table (repeatable)'],
    ['--surveillance-role <name>', 'init: a read-only login role for the whole floor (repeatable)'],
    ['--password-dir <dir>', 'init: one password per role, <dir>/table-<id>.pass and <dir>/surveillance-<name>.pass'],
    ['--password-file <file>', "init: the new role's password, read from this file (one role only)"],
    ['--table <id>', 'register: the table'],
    ['--key <public key>', "register: the table's public key line; anchor: surveillance's signing key file (default <out>/surveillance.key, made if missing)"],
    ['--out <dir>', 'anchor: where the checkpoint file is written'],
    ['--sig <base64>', "rotate: the old key's signature of the new one (tq keys rotate prints the whole command)"],
    ['--key-no <n>, --reason <why>', 'revoke: the key number and why'],
  ],
};
const CENTRAL_USAGE = usageText(help);

const OPTIONS = {
  central: { type: 'string' },
  table: { type: 'string' },
  key: { type: 'string' },
  'table-role': { type: 'string', multiple: true },
  'surveillance-role': { type: 'string', multiple: true },
  'password-file': { type: 'string' },
  'password-dir': { type: 'string' },
  out: { type: 'string' },
  sig: { type: 'string' },
  'key-no': { type: 'string' },
  reason: { type: 'string' },
} as const;

/**
 * One password per role: `--password-file` with several roles gave the
 * table's role and surveillance's the same password, so whoever holds the
 * table's could read the whole floor. Read before connecting, so a missing
 * file stops nothing half done.
 */
async function rolePasswords(values: { 'password-file'?: string; 'password-dir'?: string; 'table-role'?: string[]; 'surveillance-role'?: string[] }) {
  const read = async (file: string) => (await readFile(file, 'utf8')).trim();
  const dir = values['password-dir'];
  const one = values['password-file'] === undefined ? undefined : await read(values['password-file']);
  const of = async (file: string) => (dir === undefined ? one : read(join(dir, file)));
  return {
    tables: await Promise.all((values['table-role'] ?? []).map(async (id) => [id, await of(`table-${id}.pass`)] as const)),
    surveillance: await Promise.all((values['surveillance-role'] ?? []).map(async (name) => [name, await of(`surveillance-${name}.pass`)] as const)),
  };
}

export async function run(argv: string[], io: CliIo): Promise<number> {
  let parsed: { values: { [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K] extends { multiple: true } ? string[] : string }; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, strict: true, allowPositionals: true, options: OPTIONS });
    const [sub] = parsed.positionals;
    if (parsed.positionals.length !== 1 || !['init', 'register', 'anchor', 'rotate', 'revoke'].includes(sub ?? ''))
      throw new Error('say init, register, anchor, rotate or revoke');
    if (sub === 'rotate' && (parsed.values.table === undefined || parsed.values.key === undefined || parsed.values.sig === undefined))
      throw new Error('rotate needs --table, --key and --sig');
    if (sub === 'revoke' && (parsed.values.table === undefined || !/^\d+$/.test(parsed.values['key-no'] ?? '') || !parsed.values.reason))
      throw new Error('revoke needs --table, --key-no and --reason');
    if (sub === 'anchor' && parsed.values.out === undefined) throw new Error('anchor needs --out <dir>');
    if (parsed.values.central === undefined) throw new Error('--central <postgres://…> is required');
    const roles = (parsed.values['table-role']?.length ?? 0) + (parsed.values['surveillance-role']?.length ?? 0);
    if (parsed.values['password-file'] !== undefined && parsed.values['password-dir'] !== undefined)
      throw new Error('give --password-dir or --password-file, not both');
    if (parsed.values['password-file'] !== undefined && roles > 1)
      throw new Error('one password per role: --password-file gives them all the same; use --password-dir <dir> (table-<id>.pass, surveillance-<name>.pass)');
    if (sub === 'register') {
      if (parsed.values.table === undefined || parsed.values.key === undefined) throw new Error('register needs --table and --key');
      parsePublicKey(parsed.values.key);
    }
  } catch (e) {
    io.stderr.write(`tq central: ${usageMessage(e)}\n${CENTRAL_USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const url = values.central!;
  try {
    if (positionals[0] === 'register') {
      const done = await withCentral(url, (pool) => registerTable(pool, values.table!, values.key!));
      io.stdout.write(done === 'registered' ? `table ${values.table} registered\n` : `table ${values.table} was already registered with this key\n`);
      return 0;
    }
    if (positionals[0] === 'rotate') {
      const keyNo = await withCentral(url, (pool) => rotateTableKey(pool, values.table!, values.key!, values.sig!));
      io.stdout.write(`table ${values.table}: key ${keyNo} registered, signed by key ${keyNo - 1}\n`);
      return 0;
    }
    if (positionals[0] === 'revoke') {
      await withCentral(url, (pool) => revokeTableKey(pool, values.table!, Number(values['key-no']), values.reason!));
      io.stdout.write(`table ${values.table}: key ${values['key-no']} revoked\n`);
      return 0;
    }
    if (positionals[0] === 'anchor') {
      const { writeAnchor } = await import('./central-anchor.ts');
      return await writeAnchor(url, values.out!, values.key, io);
    }
    const passwords = await rolePasswords(values).catch((e: Error) => e);
    if (passwords instanceof Error) {
      io.stderr.write(`tq central: a role's password file cannot be read, nothing was done: ${passwords.message}\n`);
      return 1;
    }
    await withCentral(url, async (pool) => {
      const { applied, version } = await migrate(pool);
      io.stdout.write(
        applied.length === 0 ? `schema up to date (version ${version})\n` : `schema at version ${version} (applied ${applied.map((m) => m.name).join(', ')})\n`,
      );
      for (const [table, password] of passwords.tables) io.stdout.write(`role ${await createTableRole(pool, table, password)} appends for table ${table}\n`);
      for (const [name, password] of passwords.surveillance)
        io.stdout.write(`role ${await createSurveillanceRole(pool, name, password)} reads the whole floor\n`);
    });
    return 0;
  } catch (e) {
    if (e instanceof CentralError) {
      io.stderr.write(`tq central: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}
