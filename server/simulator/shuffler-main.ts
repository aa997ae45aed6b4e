/**
 * `tq shuffler --port <path> [--fixture shoe.jsonl | --seed S] [--pace ms] [--faults list] [--baud n]`
 *
 * Plays a shuffler on a real serial port (hardware null-modem or a PTY from
 * startPtyPair) with the TQ/1 protocol (SPEC §7). Without `--pace` it deals
 * one card per line read on stdin (press Enter to "pull a card"); with it, a
 * card every `ms`. Faults: see fault-plan.ts. Prints one line per event to stderr.
 * Resolves with the exit code once every card is dealt and acknowledged,
 * on SIGINT/SIGTERM, or when stdin closes in hand-dealing mode.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { encodeFrame, type Frame } from '../serial/frame.ts';
import { openSerial, serialConfig, type SerialLine } from '../serial/serial-config.ts';
import { parseFaults } from './fault-plan.ts';
import { readFixtureCards } from './fixture-cards.ts';
import { ShufflerSimulator, type ShufflerSimulatorOptions } from './shuffler-simulator.ts';

export const SHUFFLER_USAGE =
  'usage: tq shuffler --port <path> [--fixture shoe.jsonl | --seed S] [--pace ms] [--faults list] [--baud n] [--resend-ms ms]\n' +
  '  faults: comma-separated <fault>:<rate>[:<ms>] or <fault>@<seq>[:<ms>], e.g. drop:0.03,jam@100,cut@200:1500\n' +
  '  faults are badChecksum garbage drop duplicate split exposed jam cut';

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

const show = (frame: Frame): string => encodeFrame(frame).slice(4).replace(/\*[0-9A-F]{2}\r\n$/, '');

export async function runShufflerCli(argv: string[], io: ShufflerCliIo = { stdin: process.stdin, stderr: process.stderr }): Promise<number> {
  const say = (line: string): void => void io.stderr.write(`shuffler: ${line}\n`);
  let port: SerialLine;
  let options: Omit<ShufflerSimulatorOptions, 'port'>;
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: 'string' },
        fixture: { type: 'string' },
        seed: { type: 'string' },
        pace: { type: 'string' },
        faults: { type: 'string' },
        baud: { type: 'string' },
        'resend-ms': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      say(SHUFFLER_USAGE);
      return 0;
    }
    if (values.fixture !== undefined && values.seed !== undefined) throw new Error('give --fixture or --seed, not both');
    const seedText = values.seed ?? String(Date.now() % 1_000_000);
    options = {
      seed: /^\d+$/.test(seedText) ? Number(seedText) : seedText,
      cards: values.fixture === undefined ? undefined : await readFixtureCards(values.fixture),
      paceMs: positive('pace', values.pace),
      resendMs: positive('resend-ms', values['resend-ms']),
      faults: values.faults === undefined ? [] : parseFaults(values.faults),
    };
    const config = serialConfig({ path: values.port, baudRate: positive('baud', values.baud) });
    port = await openSerial(config);
    say(`opened ${config.path} at ${config.baudRate} baud; ${values.fixture ? `fixture ${values.fixture}` : `seed ${seedText}`}`);
  } catch (e) {
    say(`${e instanceof Error ? e.message : String(e)}\n${SHUFFLER_USAGE}`);
    return 2;
  }

  const sim = new ShufflerSimulator({ ...options, port });
  sim.on('sent', (frame: Frame, faults: string[]) => say(`→ ${show(frame)}${faults.length ? `  [${faults.join(' ')}]` : ''}`));
  sim.on('received', (frame: Frame) => say(`← ${show(frame)}`));

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
      sim.stop();
      port.close(() => resolve(code));
    };
    const onSignal = (signal: string): void => finish(0, `${signal}: stopping`);
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    sim.whenComplete().then(() => finish(0, `shoe complete: ${sim.dealt} cards dealt and acknowledged`));
    port.once('close', () => finish(1, 'the port closed'));
    sim.start();
    io.onStarted?.(sim);
    if (options.paceMs === undefined) {
      say('press Enter to pull a card');
      lines = createInterface({ input: io.stdin });
      lines.on('line', () => {
        if (!sim.deal()) say(sim.remaining === 0 ? 'the shoe is empty' : `waiting: ${sim.dealt - sim.acked} cards not acknowledged`);
      });
      lines.on('close', () => finish(0, 'stdin closed: stopping'));
    }
  });
}
