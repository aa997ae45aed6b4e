/**
 * What a restore would change in who may log in: a
 * backup's `users.json` with a chef added and its manifest entry recomputed
 * passed every check, since the manifest lies inside the backup and anyone
 * who can edit the one can recompute the other. Signing it with the table key
 * would not help either: the key is in the backup. So restore compares the
 * backup's users with those of the data directory it replaces, and refuses
 * any user added, or whose role or PIN differs, unless the operator accepts
 * it (`tq restore --accept-users`), the change shown. Users removed are no
 * risk and pass.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export const USERS_FILE = 'users.json';

const usersSchema = z.object({ users: z.array(z.looseObject({ user: z.string(), role: z.string(), pin: z.string() })) });

export interface UsersChange {
  /** `name (role)` of each user the backup adds or changes, with what changes. */
  added: string[];
  changed: string[];
  /** Users the backup would restore, `name (role)`, for the report. */
  restored: string[];
  /** False when the data directory has no users file to compare with (a fresh machine). */
  compared: boolean;
}

async function readUsers(dir: string): Promise<{ user: string; role: string; pin: string }[] | undefined> {
  const text = await readFile(join(dir, USERS_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return usersSchema.parse(JSON.parse(text)).users;
  } catch {
    return undefined;
  }
}

export async function usersChange(backup: string, dataDir: string): Promise<UsersChange> {
  const incoming = (await readUsers(backup)) ?? [];
  const current = await readUsers(dataDir);
  const restored = incoming.map((u) => `${u.user} (${u.role})`);
  if (current === undefined) return { added: [], changed: [], restored, compared: false };
  const now = new Map(current.map((u) => [u.user, u]));
  const added: string[] = [];
  const changed: string[] = [];
  for (const u of incoming) {
    const was = now.get(u.user);
    if (was === undefined) added.push(`${u.user} (${u.role})`);
    else if (was.role !== u.role) changed.push(`${u.user}: role ${was.role} → ${u.role}`);
    else if (was.pin !== u.pin) changed.push(`${u.user}: another PIN`);
  }
  return { added, changed, restored, compared: true };
}
