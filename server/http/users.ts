/**
 * The crew's accounts (docs/rules.md#roles): a JSON file
 * `{"users":[{"user","role","pin":"scrypt$<salt-hex>$<hash-hex>"}]}`, by default
 * `<data>/users.json`. PINs are never stored in clear: scrypt from node:crypto,
 * compared in constant time. The demo users make a fresh install usable and
 * are refused in production.
 */
import { CodedError } from '../../shoe/coded-error.ts';
import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../store/atomic-write.ts';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { ROLES, type Role } from '../table/table.ts';
import { scryptAway } from './pin-hasher.ts';

export interface Account {
  user: string;
  role: Role;
}

export interface UserStore {
  /** The account when `pin` is right; undefined otherwise (unknown users cost the same time). */
  authenticate(user: string, pin: string): Promise<Account | undefined>;
  /** True when any demo user still logs in with its demo PIN. */
  hasDemoUsers(): Promise<boolean>;
  /**
   * What a session of `user` is bound to: a digest of the user's name, role
   * and stored PIN hash; undefined when there is no such user. A new PIN (a
   * new salt) or a removed user changes it, which ends that user's sessions.
   */
  stamp(user: string): string | undefined;
  readonly accounts: readonly Account[];
  /** The users file it was made from, when there is one: a worker thread makes its own store from it (server/app/http-side.ts). */
  readonly source?: UsersFile;
}

/** API.md: tailleur/1111, payeur/2222, chef/3333, surveillance/4444. */
export const DEMO_USERS: readonly (Account & { pin: string })[] = [
  { user: 'tailleur', role: 'tailleur', pin: '1111' },
  { user: 'payeur', role: 'payeur', pin: '2222' },
  { user: 'chef', role: 'chef', pin: '3333' },
  { user: 'surveillance', role: 'surveillance', pin: '4444' },
];

export function defaultUsersFile(dataDir: string): string {
  return join(dataDir, 'users.json');
}

const KEY_LENGTH = 32;
const HASH_FORMAT = /^scrypt\$([0-9a-f]{32,})\$([0-9a-f]{64})$/;

export const usersFile = z.object({
  users: z.array(
    z.object({
      user: z.string().min(1),
      role: z.enum(ROLES),
      pin: z.string().regex(HASH_FORMAT, { error: 'must be "scrypt$<salt-hex>$<hash-hex>"' }),
    }),
  ),
});

export type UsersFile = z.infer<typeof usersFile>;

/** `scrypt$<salt-hex>$<hash-hex>` for a PIN, with a fresh 16-byte salt. */
export function hashPin(pin: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('hex')}$${scryptSync(pin, salt, KEY_LENGTH).toString('hex')}`;
}

/** Whether `pin` matches a stored hash; constant-time, off the event loop and at a low CPU priority (pin-hasher.ts). */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const match = HASH_FORMAT.exec(stored);
  if (!match) return false;
  const expected = Buffer.from(match[2]!, 'hex');
  const actual = await scryptAway(pin, Buffer.from(match[1]!, 'hex'), KEY_LENGTH);
  return timingSafeEqual(actual, expected);
}

/**
 * What an unknown user's PIN is checked against, so the answer takes one
 * scrypt as for a wrong PIN. Random bytes in the stored format: the check
 * costs the same as against a real hash and can never match, and nothing is
 * hashed on the event loop (hashPin is synchronous) to make it.
 */
const DECOY = `scrypt$${randomBytes(16).toString('hex')}$${randomBytes(KEY_LENGTH).toString('hex')}`;

/** The session binding of one entry of the users file (see UserStore.stamp). */
export function stampOf(entry: UsersFile['users'][number]): string {
  return createHash('sha256').update(`${entry.user}\u0000${entry.role}\u0000${entry.pin}`).digest('hex').slice(0, 32);
}

export function userStore(file: UsersFile): UserStore {
  const byName = new Map(file.users.map((u) => [u.user, u]));
  const stamps = new Map(file.users.map((u) => [u.user, stampOf(u)]));
  return {
    source: file,
    accounts: file.users.map(({ user, role }) => ({ user, role })),
    stamp: (user) => stamps.get(user),
    async authenticate(user, pin) {
      const entry = byName.get(user);
      const ok = await verifyPin(pin, entry?.pin ?? DECOY);
      return ok && entry ? { user: entry.user, role: entry.role } : undefined;
    },
    async hasDemoUsers() {
      for (const demo of DEMO_USERS) if ((await this.authenticate(demo.user, demo.pin))?.role === demo.role) return true;
      return false;
    },
  };
}

/** Reads and checks a users file; a malformed file is a startup error naming the problem. */
export async function loadUsers(path: string): Promise<UserStore> {
  return userStore(parseUsersFile(await readFile(path, 'utf8'), path));
}

/** The users file's text checked; a malformed file is an error naming the file and the field. */
export function parseUsersFile(text: string, path: string): UsersFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${path}: not JSON (${(e as Error).message})`);
  }
  const parsed = usersFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${path}: ${issue.path.join('.')} ${issue.message}`);
  }
  return parsed.data;
}

/** Writes the documented demo users (PINs hashed) to `path` and returns them as a store. */
export async function createDemoUsers(path: string): Promise<UserStore> {
  const file: UsersFile = { users: DEMO_USERS.map(({ user, role, pin }) => ({ user, role, pin: hashPin(pin) })) };
  await writeUsersFile(path, file);
  return userStore(file);
}

/** Writes a users file whole or not at all (a reader never sees half of it), readable by its owner only. */
export async function writeUsersFile(path: string, file: UsersFile): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`, 0o600);
}

export class DemoUsersInProductionError extends CodedError {
  override readonly code = 'DEMO_USERS_IN_PRODUCTION';
  constructor() {
    super('NODE_ENV=production and the demo users (tailleur/1111, …) still log in: give every user its own PIN in the users file before starting');
    this.name = 'DemoUsersInProductionError';
  }
}

/** Refuses to start in production while a demo PIN still works (API.md "refused when NODE_ENV=production"). */
export async function assertNotProductionDemo(users: UserStore, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (env.NODE_ENV === 'production' && (await users.hasDemoUsers())) throw new DemoUsersInProductionError();
}
