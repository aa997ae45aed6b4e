/**
 * One shoe's append-only JSON Lines file, written through one open handle
 * ("each append = one write of the encoded lines + datasync"). The cost
 * of an append depends only on the events appended, never on how many shoes
 * or events are stored. Not safe for concurrent calls: the store queues them.
 */
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CanonicalJsonError } from './canonical-json.ts';
import { fsyncPath, onThisThread, writeFully, writeFullySync } from './durable-fs.ts';
import { chainBatch, type ChainedBatch } from './hash-chain.ts';
import { StoreError } from './store-errors.ts';
import { GENESIS_PREV, type StampedEvent, type StoredEvent } from './stored-event.ts';

/** Where the next event goes: the file's size and the chain's last link. */
export interface ShoeTail {
  size: number;
  nextIndex: number;
  lastHash: string;
}

export class ShoeFile {
  #handle: FileHandle;
  #tail: ShoeTail;
  #failure: Error | null = null;

  private constructor(
    readonly path: string,
    handle: FileHandle,
    tail: ShoeTail,
  ) {
    this.#handle = handle;
    this.#tail = tail;
  }

  /**
   * Creates the file of a new shoe holding its first event. The file is
   * created exclusively (a stored shoe is never overwritten), synced, and its
   * directory synced so the new name survives a power cut.
   */
  static async create(path: string, first: StampedEvent): Promise<{ file: ShoeFile; stored: StoredEvent }> {
    const batch = encode(GENESIS_PREV, 0, [first]);
    let handle: FileHandle;
    try {
      handle = await open(path, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new StoreError('SHOE_EXISTS', path);
      throw e;
    }
    try {
      const data = Buffer.from(batch.text, 'utf8');
      await writeFully(handle, data, 0);
      await handle.datasync();
      await fsyncPath(dirname(path));
      const file = new ShoeFile(path, handle, { size: data.length, nextIndex: 1, lastHash: batch.lastHash });
      return { file, stored: batch.events[0]! };
    } catch (e) {
      // Never acknowledged: leave no half-made shoe behind.
      await handle.close().catch(() => undefined);
      await unlink(path).catch(() => undefined);
      throw new StoreError('WRITE_FAILED', `${path}: ${(e as Error).message}`, { cause: e });
    }
  }

  /** Opens an existing shoe file to append after `tail` (found by recovery). */
  static async reopen(path: string, tail: ShoeTail): Promise<ShoeFile> {
    return new ShoeFile(path, await open(path, 'r+'), { ...tail });
  }

  get tail(): Readonly<ShoeTail> {
    return this.#tail;
  }

  /**
   * Chains the events after the last one, writes them in one write and
   * resolves only after datasync: an event is acknowledged once it is on disk.
   * The write and the sync are made on the calling thread, not in libuv's
   * threadpool: that pool is shared by every thread of the process, so the
   * HTTP side's file reads (SSE resumes, exports, the access log) queued there
   * made a card wait behind them (server/app/README.md#the-card-side-and-the-http-side).
   * The card thread has nothing else to do meanwhile.
   * If the write or the sync fails the file is cut back to its last good size
   * and refuses further appends until the store is reopened (after a failed
   * fsync the kernel may have dropped the pages: the file's state is unknown).
   */
  async append(events: readonly StampedEvent[]): Promise<StoredEvent[]> {
    if (this.#failure) throw new StoreError('SHOE_UNAVAILABLE', `${this.path}: ${this.#failure.message}`);
    const batch = encode(this.#tail.lastHash, this.#tail.nextIndex, events);
    const data = Buffer.from(batch.text, 'utf8');
    try {
      writeFullySync(this.#handle.fd, data, this.#tail.size);
      onThisThread.datasync(this.#handle.fd);
    } catch (e) {
      this.#failure = e as Error;
      await this.#handle.truncate(this.#tail.size).catch(() => undefined);
      throw new StoreError('WRITE_FAILED', `${this.path}: ${(e as Error).message}`, { cause: e });
    }
    this.#tail = { size: this.#tail.size + data.length, nextIndex: this.#tail.nextIndex + events.length, lastHash: batch.lastHash };
    return batch.events;
  }

  async close(): Promise<void> {
    await this.#handle.close();
  }
}

function encode(prev: string, start: number, events: readonly StampedEvent[]): ChainedBatch {
  try {
    return chainBatch(prev, start, events);
  } catch (e) {
    if (e instanceof CanonicalJsonError) throw new StoreError('BAD_EVENT', e.message, { cause: e });
    throw e;
  }
}
