/**
 * A pseudo-terminal pair standing in for the shuffler's RS-232 cable (docs/serial-protocol.md),
 * so the native SerialPort binding can run the real link end to end on any
 * machine with python3, with nothing to install. The relay is `pty-pair.py`.
 * Where this fails, `tq demo` falls back to serialport's mock binding; the
 * floor demo cannot (its tables are separate processes' lines) and says so.
 */
import { CodedError } from '../../shoe/coded-error.ts';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface PtyPair {
  /** Device link for the host (the LinkSession). */
  hostPath: string;
  /** Device link for the shuffler (or its simulator). */
  shufflerPath: string;
  /** Stops the relay, removes the links (and the directory if startPtyPair made it). */
  close(): Promise<void>;
}

export class PtyUnavailableError extends CodedError {
  override readonly code = 'PTY_UNAVAILABLE';
  constructor(detail: string) {
    super(`cannot make a pseudo-terminal pair (python3 with its pty module is needed): ${detail}`);
    this.name = 'PtyUnavailableError';
  }
}

const SCRIPT = fileURLToPath(new URL('./pty-pair.py', import.meta.url));

/**
 * How long the relay may take to say READY: it answers at once, but python3
 * starting on a loaded machine (or behind a slow shim) took more than the
 * former fixed 5 s, and the floor demo then failed one start in seven. The
 * wait ends as soon as READY comes; TQ_PTY_READY_MS changes the bound.
 */
export const PTY_READY_MS = 60_000;

/** Starts the relay; links are `<dir>/shuffler` and `<dir>/host` (dir defaults to a fresh `/tmp/tq-XXXX`). */
export async function startPtyPair(
  dir?: string,
  { python = 'python3', readyTimeoutMs = Number(process.env.TQ_PTY_READY_MS) || PTY_READY_MS } = {},
): Promise<PtyPair> {
  const ownDir = dir === undefined;
  const base = dir ?? (await mkdtemp(join(tmpdir(), 'tq-')));
  const shufflerPath = join(base, 'shuffler');
  const hostPath = join(base, 'host');
  // In a process group of its own: a terminal's Ctrl-C reaches the whole foreground group, and the relay, gone before the
  // tables had closed, left each table logging its port lost and failing to reopen it (outsider pass 27). It still ends
  // with this process: it exits when its stdin closes, as it does when this process ends however it ends.
  const child = spawn(python, [SCRIPT, shufflerPath, hostPath], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr = (stderr + d).slice(-2000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const cleanupDir = async (): Promise<void> => {
    if (ownDir) await rm(base, { recursive: true, force: true });
  };

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new PtyUnavailableError(`${python} ${SCRIPT} said no READY within ${readyTimeoutMs} ms (TQ_PTY_READY_MS waits longer)`)),
        readyTimeoutMs,
      );
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        if (line.startsWith('READY ')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('error', (e) => {
        clearTimeout(timer);
        reject(new PtyUnavailableError(`${python}: ${e.message}`));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new PtyUnavailableError(`the relay exited (${signal ?? code}) before READY: ${stderr.trim() || 'no message'}`));
      });
    });
  } catch (e) {
    child.kill('SIGTERM');
    await cleanupDir();
    throw e;
  }

  let closing: Promise<void> | null = null;
  return {
    hostPath,
    shufflerPath,
    close: () =>
      (closing ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.stdin.end();
          const timer = setTimeout(() => child.kill('SIGTERM'), 1000);
          await exited;
          clearTimeout(timer);
        }
        await cleanupDir();
      })()),
  };
}
