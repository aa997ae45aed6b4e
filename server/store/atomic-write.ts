/**
 * Replaces a small file whole, so a reader (or a restart after a power cut)
 * sees either the old text or the new one, never half of each: the new text
 * goes to a temporary file beside it, is flushed, renamed over the old name,
 * and the directory is flushed so the rename itself survives.
 */
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fsyncPath } from './durable-fs.ts';

export async function writeFileAtomic(path: string, text: string, mode = 0o600): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  const handle = await open(temp, 'w', mode);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } catch (e) {
    await handle.close();
    await rm(temp, { force: true });
    throw e;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
  await fsyncPath(dirname(path));
}
