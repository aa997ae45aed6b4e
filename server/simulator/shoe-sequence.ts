/**
 * A simulated shuffler dealt by hand, shoe after shoe, as a crew plays it
 * (`tq shuffler --next-shoes`, and the demo's in-process fallback): shoe 1 is
 * shuffled from the seed, shoe n from `<seed>-n` with serial `SIM-<seed>-n`.
 * A pull after the shoe is complete (or a pull asking for a new shoe once
 * cards of this one were dealt) loads and announces the next shoe.
 *
 * It keeps its memory across a restart when given a state file
 * (shuffler-state-file.ts): the same seed resumes the same shoe where it
 * stood, so the table sees the shoe it recorded, not a reload.
 * And, for a simulator restarted without that memory, the host's
 * RESEND past everything dealt moves it on to where the host stands.
 */
import type { Frame } from '../serial/frame.ts';
import type { LinePort } from '../serial/line-port.ts';
import { ShufflerSimulator } from './shuffler-simulator.ts';
import type { ShufflerState, ShufflerStateFile } from './shuffler-state-file.ts';
import type { ShufflerSimulatorOptions } from './simulator-options.ts';

export interface ShoeSequenceOptions {
  port: LinePort;
  /** The options of every shoe; `seed` is the base seed. */
  simulator: Omit<ShufflerSimulatorOptions, 'port' | 'resumeFrom' | 'shoeSerial'>;
  /** Where the shuffler keeps its memory under the base seed's text, and what it held at start (only when it was for that seed). */
  memory?: { file: ShufflerStateFile; saved: ShufflerState | null; seed: string };
  /** Called with each shoe loaded, before it starts (to listen to it). */
  onLoad?: (sim: ShufflerSimulator, shoe: number) => void;
  /** Told what happens, in words (resuming, loading the next shoe). */
  say?: (line: string) => void;
}

/** The SHOE serial of the seed's shoe `n`, as the simulator announces it (shoe 1 keeps the simulator's own, `SIM-<seed>`). */
export function simShoeSerial(seed: number | string, n: number): string {
  return n > 1 ? `SIM-${seed}-${n}` : `SIM-${seed}`;
}

/** The seed as the simulator takes it from the command line: digits are a number. */
export function simSeed(text: string): number | string {
  return /^\d+$/.test(text) ? Number(text) : text;
}

export class ShoeSequence {
  #sim: ShufflerSimulator;
  #shoe: number;

  constructor(private readonly o: ShoeSequenceOptions) {
    const saved = o.memory?.saved ?? null;
    this.#shoe = saved?.shoe ?? 1;
    this.#sim = this.load(this.#shoe, saved ?? undefined);
    if (saved) o.say?.(`resuming shoe ${saved.shoe} of seed ${saved.seed}: ${saved.dealt} cards dealt, ${saved.acked} acknowledged`);
  }

  /** The shoe loaded now. */
  get sim(): ShufflerSimulator {
    return this.#sim;
  }

  get shoe(): number {
    return this.#shoe;
  }

  start(): void {
    this.#sim.start();
  }

  stop(): void {
    this.#sim.stop();
  }

  /** Resolves once the memory is on disk. */
  async flush(): Promise<void> {
    await this.o.memory?.file.flush();
  }

  /**
   * "Pull a card". `newShoe`: the table began a shoe with no card yet (after
   * a suspension or a run-out shoe), so a shoe already dealt from is replaced.
   * False when no card could be dealt (the window is full).
   */
  pull(newShoe = false): boolean {
    const sim = this.#sim;
    if ((sim.remaining === 0 && sim.acked === sim.dealt) || (newShoe && sim.dealt > 0)) this.#loadNext();
    return this.#sim.deal();
  }

  /**
   * The host began a new shoe while this one was dealt from (a suspension, or
   * a run-out shoe): the next shoe is loaded and announced, as a dealer
   * reloads the shuffler. A shoe not dealt from yet stays: it is the new one.
   * For a shuffler dealing on its own pace (`--pace`), which is never pulled.
   */
  reload(): boolean {
    if (this.#sim.dealt === 0) return false;
    this.#loadNext();
    return true;
  }

  /** The shoe in play stops; the next is loaded, started (its SHOE frame) and said. */
  #loadNext(): void {
    this.#sim.stop();
    this.#sim = this.load(++this.#shoe);
    this.#sim.start();
    this.o.say?.(`loaded shoe ${this.#shoe}`);
  }

  private load(n: number, resumeFrom?: { dealt: number; acked: number }): ShufflerSimulator {
    const seed = this.o.simulator.seed ?? 1;
    const sim = new ShufflerSimulator({
      ...this.o.simulator,
      port: this.o.port,
      ...(n > 1 && { seed: `${seed}-${n}`, shoeSerial: simShoeSerial(seed, n) }),
      ...(resumeFrom && { resumeFrom }),
    });
    const memory = this.o.memory;
    if (memory) {
      const remember = (): void => memory.file.save({ seed: memory.seed, shoe: n, dealt: sim.dealt, acked: sim.acked });
      sim.on('started', remember);
      sim.on('dealt', remember);
      sim.on('acked', remember);
    }
    this.o.onLoad?.(sim, n);
    sim.on('received', (frame: Frame) => {
      if (frame.kind === 'RESEND' && sim.resumeAt(frame.from - 1)) this.o.say?.(`resuming shoe ${n} after card ${frame.from - 1}`);
    });
    return sim;
  }
}
