/**
 * `tq shuffler --port <path> [--fixture shoe.jsonl | --seed S [--shuffle spec [--previous shoe.jsonl]]] [--pace ms] [--faults list] [--baud n]`
 *
 * Plays a shuffler on a real serial port (hardware null-modem or a PTY from
 * startPtyPair) with the TQ/1 protocol (docs/serial-protocol.md). Without `--pace` it deals
 * one card per line read on stdin (press Enter to "pull a card"); with it, a
 * card every `ms`. Faults: see fault-plan.ts. Prints one line per event to stderr.
 * `--shuffle` deals a shoe shuffled by one of the simulator's (possibly weak)
 * shufflers from the previous shoe's dealt order (shuffle-option.ts).
 * Hand-dealt with `--next-shoes` (the demo), a seeded shoe is followed by the next one, as a real shuffler
 * is reloaded: the first pull after a shoe is complete (or a line "new" once
 * cards of this shoe were dealt) loads shoe 2
 * (serial `SIM-<seed>-2`, shuffled from `<seed>-2`) and announces it with a
 * SHOE frame. A line "reload" (the table began a new shoe) loads and
 * announces the next shoe without dealing, once this one was dealt from; so
 * does "new" when it deals on its own pace (`--pace`). A restarted simulator resumes the shoe the host has stored
 * when the host's first RESEND asks for a card past the start. With
 * `--state <file>` it keeps its seed, shoe and position in that file
 * (shuffler-state-file.ts) and, restarted with the same seed (or none), picks
 * up the same shoe where it stood: a shuffler keeps its shoe when the table restarts.
 * A press stamped with its time (`pull <ms>`, as the demo writes) that is
 * read more than 2 s late deals nothing (pull-line.ts).
 * Resolves with the exit code on SIGINT/SIGTERM, when stdin closes in
 * hand-dealing mode, or (without `--next-shoes`) once every card is dealt and
 * acknowledged.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { encodeFrame, type Frame } from '../serial/frame.ts';
import { openSerial, serialConfig, type SerialLine } from '../serial/serial-config.ts';
import { parseFaults } from './fault-plan.ts';
import { readPullLine, staleBy } from './pull-line.ts';
import { readFixtureCards } from './fixture-cards.ts';
import { shuffledFromPrevious } from './shuffle-option.ts';
import { ShoeSequence, simSeed } from './shoe-sequence.ts';
import type { ShufflerSimulator } from './shuffler-simulator.ts';
import { readShufflerState, ShufflerStateFile, type ShufflerState } from './shuffler-state-file.ts';
import type { ShufflerSimulatorOptions } from './simulator-options.ts';

export const SHUFFLER_USAGE =
  'usage: tq shuffler --port <path> [--fixture shoe.jsonl | --seed S [--shuffle spec [--previous shoe.jsonl]]] [--pace ms] [--faults list] [--baud n] [--resend-ms ms] [--next-shoes] [--state file]\n' +
  "  shuffle: fair, riffle:K, cut or pull:R[:P], from the previous shoe's dealt order (factory order without --previous)\n" +
  '  --next-shoes: load the next shoe on a line "reload" (hand-dealt also on "new" or when one is over) instead of stopping\n' +
  '  --state: keep the seed, shoe and position in this file, and resume from it (a seeded shoe; a new --seed starts afresh)\n' +
  '  faults: comma-separated <fault>:<rate>[:<ms>] or <fault>@<seq>[:<ms>], e.g. drop:0.03,jam@100,cut@200:1500\n' +
  '  faults are badChecksum garbage drop duplicate split exposed jam cut';

/** The options `tq shuffler` takes (server/cli/commands/shuffler.ts checks a command line against them first). */
export const SHUFFLER_OPTIONS = {
  port: { type: 'string' },
  fixture: { type: 'string' },
  seed: { type: 'string' },
  shuffle: { type: 'string' },
  previous: { type: 'string' },
  pace: { type: 'string' },
  faults: { type: 'string' },
  baud: { type: 'string' },
  'resend-ms': { type: 'string' },
  'next-shoes': { type: 'boolean' },
  state: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface ShufflerCliIo {
  stdin: NodeJS.ReadableStream;
  stderr: { write(text: string): unknown };
  /** Receives the running simulator (for tests and launchers). */
  onStarted?: (sim: ShufflerSimulator) => void;
}

function positive(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got ${JSON.stringify(text)}`);
  return n;
}

const show = (frame: Frame): string =>
  encodeFrame(frame)
    .slice(4)
    .replace(/\*[0-9A-F]{2}\r\n$/, '');

export async function runShufflerCli(argv: string[], io: ShufflerCliIo = { stdin: process.stdin, stderr: process.stderr }): Promise<number> {
  const say = (line: string): void => void io.stderr.write(`shuffler: ${line}\n`);
  let port: SerialLine;
  let options: Omit<ShufflerSimulatorOptions, 'port'>;
  let nextShoes = false;
  let memory: { file: ShufflerStateFile; saved: ShufflerState | null; seed: string } | null = null;
  try {
    const { values } = parseArgs({ args: argv, strict: true, options: SHUFFLER_OPTIONS });
    if (values.help) {
      say(SHUFFLER_USAGE);
      return 0;
    }
    if (values.fixture !== undefined && values.seed !== undefined) throw new Error('give --fixture or --seed, not both');
    if (values.fixture !== undefined && values.shuffle !== undefined) throw new Error('give --fixture or --shuffle, not both');
    if (values.previous !== undefined && values.shuffle === undefined) throw new Error('--previous goes with --shuffle');
    const seedText = values.seed ?? String(Date.now() % 1_000_000);
    const seed = simSeed(seedText);
    options = {
      seed,
      cards:
        values.fixture !== undefined
          ? await readFixtureCards(values.fixture)
          : values.shuffle !== undefined
            ? shuffledFromPrevious(values.shuffle, seed, values.previous)
            : undefined,
      paceMs: positive('pace', values.pace),
      resendMs: positive('resend-ms', values['resend-ms']),
      faults: values.faults === undefined ? [] : parseFaults(values.faults),
    };
    nextShoes = values['next-shoes'] === true;
    if (values.state !== undefined) {
      if (values.fixture !== undefined || values.shuffle !== undefined) throw new Error('--state goes with a seeded shoe, not --fixture or --shuffle');
      const file = new ShufflerStateFile(values.state, (e) => say(`state not saved in ${values.state}: ${e instanceof Error ? e.message : String(e)}`));
      const saved = await readShufflerState(values.state);
      memory = { file, saved: saved?.seed === seedText ? saved : null, seed: seedText };
    }
    const config = serialConfig({ path: values.port, baudRate: positive('baud', values.baud) });
    // A port that cannot be opened is a failure, exit 1 without the usage, as `tq serve` says it: not a wrong command line.
    const opened = await openSerial(config).catch((e: unknown) => e as Error);
    if (opened instanceof Error) {
      say(opened.message);
      return 1;
    }
    port = opened;
    say(`opened ${config.path} at ${config.baudRate} baud; ${values.fixture ? `fixture ${values.fixture}` : `seed ${seedText}`}`);
  } catch (e) {
    say(`${e instanceof Error ? e.message : String(e)}\n${SHUFFLER_USAGE}`);
    return 2;
  }

  const shoes = new ShoeSequence({
    port,
    simulator: options,
    ...(memory && { memory }),
    say,
    onLoad: (next) => {
      next.on('sent', (frame: Frame, faults: string[]) => say(`→ ${show(frame)}${faults.length ? `  [${faults.join(' ')}]` : ''}`));
      next.on('received', (frame: Frame) => say(`← ${show(frame)}`));
    },
  });
  const continues = nextShoes && options.cards === undefined;

  return new Promise<number>((resolve) => {
    let lines: ReturnType<typeof createInterface> | null = null;
    let finished = false;
    const finish = (code: number, why: string): void => {
      if (finished) return;
      finished = true;
      say(why);
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
      lines?.close();
      shoes.stop();
      void shoes.flush().finally(() => port.close(() => resolve(code)));
    };
    const onSignal = (signal: string): void => finish(0, `${signal}: stopping`);
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    const first = shoes.sim;
    if (!continues) void first.whenComplete().then(() => finish(0, `shoe complete: ${first.dealt} cards dealt and acknowledged`));
    port.once('close', () => finish(1, 'the port closed'));
    shoes.start();
    io.onStarted?.(first);
    const reload = (): void => {
      if (!shoes.reload()) say('the shoe loaded is not dealt from yet: it is the new one');
    };
    if (options.paceMs === undefined) {
      say('press Enter to pull a card');
      lines = createInterface({ input: io.stdin });
      lines.on('line', (line) => {
        const pull = readPullLine(line);
        // "reload": the table began a new shoe; the next one is loaded and announced, no card dealt (reload-on-new-shoe.ts)
        if (pull.kind === 'reload') {
          if (continues) reload();
          return;
        }
        const stale = staleBy(pull, Date.now());
        if (stale !== null) {
          if (pull.kind === 'new' && continues) reload();
          say(`a pull pressed ${(stale / 1000).toFixed(1)} s ago is dropped: the shuffler was not answering then`);
          return;
        }
        // "new": the host began a shoe with no card yet (a suspended shoe is reshuffled); a shoe already dealt from is replaced
        const dealt = continues ? shoes.pull(pull.kind === 'new') : shoes.sim.deal();
        const sim = shoes.sim;
        if (!dealt) say(sim.remaining === 0 ? 'the shoe is empty' : `waiting: ${sim.dealt - sim.acked} cards not acknowledged`);
      });
      lines.on('close', () => finish(0, 'stdin closed: stopping'));
    } else if (continues) {
      // dealing on its own pace, shoe after shoe: "new" when the table began a shoe (a suspended shoe is reshuffled,
      // a run-out one replaced); it kept dealing the suspended shoe's cards, every one refused (outsider pass 10)
      lines = createInterface({ input: io.stdin });
      lines.on('line', (line) => {
        if (line.trim() === 'reload' || line.trim() === 'new') reload();
      });
    }
  });
}
