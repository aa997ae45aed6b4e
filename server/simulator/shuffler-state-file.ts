/**
 * The simulated shuffler's memory across a restart: a real
 * shuffler keeps its shoe when the table's server restarts, so the demo's
 * simulator keeps, in a small JSON file in the table's data directory, the
 * seed, which shoe of that seed it holds (1, 2, …) and how far it has dealt
 * and been acknowledged. Restarted, it announces the same shoe (same SHOE
 * serial: the table takes it as the shoe already recorded, no RELOAD, no
 * suspension) and deals on. Each state replaces the file whole
 * (server/store/atomic-write.ts), one write at a time, the latest winning.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../store/atomic-write.ts';

/** The file's name in the data directory. */
export const SHUFFLER_STATE_FILE = 'demo-shuffler.json';

const schema = z.object({
  seed: z.string(),
  shoe: z.number().int().min(1),
  dealt: z.number().int().min(0),
  acked: z.number().int().min(0),
});
export type ShufflerState = z.infer<typeof schema>;

/** What the file says; null when there is none. An unreadable file is an error: the crew must know the shuffler lost its memory. */
export async function readShufflerState(path: string): Promise<ShufflerState | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const parsed = schema.safeParse(safeJson(text));
  if (!parsed.success)
    throw new Error(`${path} is not a simulated shuffler's state (${parsed.error.issues[0]?.message ?? 'bad JSON'}): remove it to start a fresh shoe`);
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Replaces the file whole with `state` (server/store/atomic-write.ts). */
export function writeShufflerState(path: string, state: ShufflerState): Promise<void> {
  return writeFileAtomic(path, `${JSON.stringify(state)}\n`, 0o644);
}

/** Writes states as they come, one write at a time; a state given during a write is written next, the ones between are skipped. */
export class ShufflerStateFile {
  #next: ShufflerState | null = null;
  #writing: Promise<void> | null = null;
  #lastError: unknown = null;

  constructor(
    readonly path: string,
    private readonly onError: (e: unknown) => void = () => {},
  ) {}

  save(state: ShufflerState): void {
    this.#next = { ...state };
    this.#writing ??= this.drain();
  }

  /** Resolves once the last state given is on disk. */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  private async drain(): Promise<void> {
    while (this.#next !== null) {
      const state = this.#next;
      this.#next = null;
      try {
        await writeShufflerState(this.path, state);
        this.#lastError = null;
      } catch (e) {
        if (String(e) !== String(this.#lastError)) this.onError(e);
        this.#lastError = e;
      }
    }
    this.#writing = null;
  }
}
