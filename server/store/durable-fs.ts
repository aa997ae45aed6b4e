/**
 * The few file-system steps durability needs ("every accepted event
 * is on disk, flushed with fsync, before it is acknowledged").
 */
import { fdatasyncSync, writeSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/**
 * fsync of a file or directory by path. A directory must be synced after a
 * file is created or renamed in it: the file's data being on disk does not
 * make its name survive a power cut.
 */
export async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes all of `data` at `position`, however many write calls the kernel needs. */
export async function writeFully(handle: FileHandle, data: Uint8Array, position: number): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await handle.write(data, done, data.length - done, position + done);
    if (bytesWritten <= 0) throw new Error(`write returned ${bytesWritten}`);
    done += bytesWritten;
  }
}

/**
 * The calling thread's own write and datasync, for the card path's appends
 * (server/store/shoe-file.ts): never queued in libuv's threadpool, which every
 * thread of the process shares. One object, so a test can make the disk fail.
 */
export const onThisThread = {
  write: writeSync,
  datasync: fdatasyncSync,
};

/** `writeFully` on the calling thread. */
export function writeFullySync(fd: number, data: Uint8Array, position: number): void {
  let done = 0;
  while (done < data.length) {
    const written = onThisThread.write(fd, data, done, data.length - done, position + done);
    if (written <= 0) throw new Error(`write returned ${written}`);
    done += written;
  }
}
