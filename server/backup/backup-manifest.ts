/**
 * `backup.json`, the list of a backup's files with their size, SHA-256 and
 * mode (docs/deploy.md#backups). It is what restore checks the copy against
 * before and after: a file changed, missing or added since the backup shows.
 * It is not a witness against someone who rewrites the whole backup, manifest
 * included: that is the central store's signed seals (docs/central-store.md).
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export const MANIFEST_FILE = 'backup.json';
export const MANIFEST_FORMAT = 'tq-backup/1';

const fileSchema = z.object({ path: z.string(), bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/), mode: z.number().int() });
const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  createdAt: z.string(),
  source: z.string(),
  table: z.string().nullable(),
  tq: z.string(),
  files: z.array(fileSchema),
});
export type BackupManifest = z.infer<typeof manifestSchema>;
export type ManifestFile = z.infer<typeof fileSchema>;

export async function describeFile(root: string, path: string): Promise<ManifestFile> {
  const full = join(root, path);
  const [bytes, info] = await Promise.all([readFile(full), stat(full)]);
  return { path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), mode: info.mode & 0o777 };
}

/** The manifest of a backup directory, or why it cannot be read. */
export async function readManifest(dir: string): Promise<{ manifest: BackupManifest } | { problem: string }> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch (e) {
    return { problem: `no ${MANIFEST_FILE} in ${dir}: not a tq backup (${(e as Error).message})` };
  }
  try {
    const checked = manifestSchema.safeParse(JSON.parse(text));
    return checked.success ? { manifest: checked.data } : { problem: `${MANIFEST_FILE} has the wrong shape: ${checked.error.issues[0]?.message ?? 'invalid'}` };
  } catch (e) {
    return { problem: `${MANIFEST_FILE} does not parse: ${(e as Error).message}` };
  }
}

/**
 * Every difference between the files under `dir` (as `listed` finds them) and
 * the manifest: a file missing, added, of another size or content, or with
 * another mode where the mode is a secret's (0600).
 */
export async function compareWithManifest(dir: string, manifest: BackupManifest, present: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  const expected = new Map(manifest.files.map((f) => [f.path, f]));
  for (const path of present) if (!expected.has(path)) problems.push(`${path}: not in the backup's manifest`);
  const here = new Set(present);
  for (const file of manifest.files) {
    if (!here.has(file.path)) {
      problems.push(`${file.path}: missing`);
      continue;
    }
    const now = await describeFile(dir, file.path);
    if (now.bytes !== file.bytes || now.sha256 !== file.sha256)
      problems.push(`${file.path}: changed since the backup (${now.bytes} bytes, ${file.bytes} recorded)`);
    else if (file.mode === 0o600 && now.mode !== 0o600) problems.push(`${file.path}: mode ${now.mode.toString(8)}, the backup kept it 600`);
  }
  return problems;
}
