/**
 * The sessions file (`<data>/sessions.json`, sessions.ts): one object per
 * session with the SHA-256 of its token (`hash`), never the token, and its
 * times as ISO 8601 text, so the file reads plainly when audited.
 */
import { z } from 'zod';
import { ROLES } from '../table/table.ts';
import type { Session } from './sessions.ts';

const iso = z.iso.datetime().transform((t) => Date.parse(t));
const sessionsFile = z.object({
  sessions: z.array(
    z.object({
      hash: z.string().regex(/^[0-9a-f]{64}$/),
      user: z.string().min(1),
      role: z.enum(ROLES),
      stamp: z.string().min(1),
      createdAt: iso,
      expiresAt: iso,
      lastSeenAt: iso,
    }),
  ),
});

export function parseSessionsFile(text: string, file: string): Session[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file} is not JSON (${(e as Error).message}): remove it to start with nobody logged in`);
  }
  const parsed = sessionsFile.safeParse(json);
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
  return parsed.data.sessions.map(({ hash, ...s }) => ({ id: hash, ...s }));
}

export function sessionsFileText(sessions: readonly Session[]): string {
  const rows = sessions.map((s) => ({
    hash: s.id,
    user: s.user,
    role: s.role,
    stamp: s.stamp,
    createdAt: new Date(s.createdAt).toISOString(),
    expiresAt: new Date(s.expiresAt).toISOString(),
    lastSeenAt: new Date(s.lastSeenAt).toISOString(),
  }));
  return `${JSON.stringify({ sessions: rows }, null, 1)}\n`;
}
