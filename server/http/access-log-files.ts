/**
 * Reading the access log's files without reading them whole (anyone unauthenticated adds lines, and a chef opening the dashboard
 * with 1 M lines read and parsed all of them on the server's thread, 10–13 s,
 * `/api/me` stalled 17 s). The log is `access.jsonl` plus rotated files
 * `access.jsonl.1` (newest) … `.N`; each is read in chunks of
 * {@link CHUNK} bytes, so the event loop runs between two chunks.
 */
import { open, stat } from 'node:fs/promises';

const CHUNK = 256 * 1024;

/** The files of the log, newest first: the live one, then `.1`, `.2`, … as far as they exist. */
export async function logFiles(file: string, keep: number): Promise<{ path: string; size: number }[]> {
  const files = [];
  for (const path of [file, ...Array.from({ length: keep }, (_, k) => `${file}.${k + 1}`)]) {
    const size = await stat(path).then(
      (s) => s.size,
      () => undefined,
    );
    if (size !== undefined) files.push({ path, size });
  }
  return files;
}

/** Newline-terminated lines counted a chunk at a time. */
export async function countLines(path: string): Promise<number> {
  let lines = 0;
  for await (const chunk of chunks(path, 0)) for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
  return lines;
}

/** The file's lines from `offset` on, oldest first, as text, a chunk's worth at a time. */
export async function* linesForward(path: string, offset = 0): AsyncGenerator<string[]> {
  let rest = Buffer.alloc(0);
  for await (const chunk of chunks(path, offset)) {
    const buf = Buffer.concat([rest, chunk]);
    const end = buf.lastIndexOf(10);
    if (end < 0) {
      rest = buf;
      continue;
    }
    rest = buf.subarray(end + 1);
    yield buf.subarray(0, end).toString('utf8').split('\n');
  }
}

/**
 * Up to `want` complete lines ending before byte `end` of the file, newest
 * first, reading backwards a chunk at a time; with the offset where the
 * first of them starts (the next page ends there; 0: the file is done).
 */
export async function linesBackward(path: string, end: number, want: number): Promise<{ lines: string[]; start: number }> {
  const handle = await open(path, 'r');
  try {
    const lines: string[] = [];
    let pos = end;
    // Bytes after `pos` not yet taken: the end of a line whose start lies before `pos`.
    let carry = Buffer.alloc(0);
    while (pos > 0) {
      const size = Math.min(CHUNK, pos);
      const chunk = Buffer.alloc(size);
      await handle.read(chunk, 0, size, pos - size);
      pos -= size;
      const data = Buffer.concat([chunk, carry]);
      let stop = data.length;
      for (let cut = data.lastIndexOf(10, stop - 1); cut >= 0; cut = stop > 0 ? data.lastIndexOf(10, stop - 1) : -1) {
        if (cut + 1 < stop) lines.push(data.subarray(cut + 1, stop).toString('utf8'));
        stop = cut;
        // The next page ends just after the newline that ends the line before.
        if (lines.length >= want) return { lines, start: pos + stop + 1 };
      }
      carry = data.subarray(0, stop);
    }
    if (carry.length > 0) lines.push(carry.toString('utf8'));
    return { lines, start: 0 };
  } finally {
    await handle.close();
  }
}

async function* chunks(path: string, offset: number): AsyncGenerator<Buffer> {
  const handle = await open(path, 'r');
  try {
    for (let pos = offset; ; ) {
      const buf = Buffer.alloc(CHUNK);
      const { bytesRead } = await handle.read(buf, 0, CHUNK, pos);
      if (bytesRead === 0) return;
      pos += bytesRead;
      yield buf.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}
