/**
 * The simulated shuffler of `tq demo` (npm start), on the same serial code
 * path as hardware: a pseudo-terminal pair, the host end opened by the real
 * serialport binding, and `tq shuffler` as a separate process on the other
 * end, dealing one card per newline on its stdin. Where no PTY can be made,
 * mock-shuffler.ts stands in (serialport's mock binding, simulator in-process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { LinePort } from '../serial/line-port.ts';
import { startPtyPair } from '../serial/pty-pair.ts';
import { pullLineFor } from '../simulator/pull-line.ts';
import { openSerial, serialConfig } from '../serial/serial-config.ts';

export interface DemoShuffler {
  /** How the line is made, for the banner. */
  readonly kind: 'pty' | 'mock';
  /** The host side's path, as `tq serve --serial` would take it. */
  readonly hostPath: string;
  openHostPort(): Promise<LinePort>;
  /** Starts the simulator once the host listens. */
  start(): Promise<void>;
  /**
   * Asks for one card ("pull a card"); false when there is no simulator to ask.
   * `newShoe`: the table has started a shoe with no card yet, so a shuffler
   * that has dealt from its shoe loads (and announces) the next one first.
   */
  deal(newShoe?: boolean): boolean;
  /**
   * The table began a new shoe: a shuffler that has dealt from its shoe loads
   * the next one and announces it (its SHOE frame), dealing nothing, as a
   * dealer reloads the shuffler (reload-on-new-shoe.ts).
   */
  reload(): void;
  close(): Promise<void>;
}

export interface DemoShufflerOptions {
  seed: string;
  /** The shuffler's memory (server/simulator/shuffler-state-file.ts): the same shoe after a restart, not a reload. */
  statePath?: string;
  paceMs?: number;
  faults?: string;
  logger: Logger;
}

const TQ = fileURLToPath(new URL('../cli/tq.ts', import.meta.url));
/** tsx by absolute URL, so the child starts from any working directory. */
export const TSX = import.meta.resolve('tsx');

/** A PTY pair and `tq shuffler` in its own process. Throws PtyUnavailableError when no PTY can be made. */
export async function ptyShuffler(o: DemoShufflerOptions): Promise<DemoShuffler> {
  const pair = await startPtyPair();
  let child: ChildProcess | null = null;
  // --next-shoes: the demo table deals shoe after shoe, as a crew plays it
  const args = ['--import', TSX, TQ, 'shuffler', '--port', pair.shufflerPath, '--seed', o.seed, '--next-shoes'];
  if (o.paceMs !== undefined) args.push('--pace', String(o.paceMs));
  if (o.faults !== undefined) args.push('--faults', o.faults);
  if (o.statePath !== undefined) args.push('--state', o.statePath);
  return {
    kind: 'pty',
    hostPath: pair.hostPath,
    openHostPort: () => openSerial(serialConfig({ path: pair.hostPath, baudRate: 9600 }, {})),
    async start() {
      const proc = spawn(process.execPath, args, { stdio: ['pipe', 'ignore', 'pipe'] });
      child = proc;
      // A pull written after the process died (killed, crashed) and before its exit is seen fails with EPIPE: that pull
      // brought no card, and the table goes on without its shuffler (the link goes silent), as with a real one unplugged.
      proc.stdin!.on('error', (e) => o.logger.warn({ err: e }, 'the shuffler simulator is gone: the pull was not delivered'));
      const lines = createInterface({ input: proc.stderr! });
      const opened = new Promise<void>((resolve, reject) => {
        lines.on('line', (line) => {
          o.logger.debug({ part: 'shuffler' }, line);
          if (line.startsWith('shuffler: opened')) resolve();
        });
        proc.once('exit', (code, signal) => reject(new Error(`the shuffler simulator stopped (${signal ?? code}) before opening ${pair.shufflerPath}`)));
        proc.once('error', reject);
      });
      proc.once('exit', (code, signal) => o.logger.info({ code, signal }, 'shuffler simulator stopped'));
      await opened;
    },
    deal(newShoe = false) {
      if (!child?.stdin || child.exitCode !== null || child.signalCode !== null) return false;
      child.stdin.write(pullLineFor(newShoe, Date.now()));
      return true;
    },
    reload() {
      if (child?.stdin && child.exitCode === null && child.signalCode === null) child.stdin.write('reload\n');
    },
    async close() {
      const proc = child;
      if (proc && proc.exitCode === null && proc.signalCode === null) {
        const exited = once(proc, 'exit');
        proc.stdin?.end();
        const timer = setTimeout(() => proc.kill('SIGTERM'), 2000);
        await exited;
        clearTimeout(timer);
      }
      await pair.close();
    },
  };
}
