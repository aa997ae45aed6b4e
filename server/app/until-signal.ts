/**
 * Graceful shutdown of a long-running command (`tq serve`, `tq demo`,
 * `tq floor-demo`): waits for SIGINT or SIGTERM, then runs `close` once.
 *
 * One Ctrl-C often arrives twice: the terminal signals the whole foreground
 * process group and npm (`npm start`) forwards the SIGINT it got to its child
 * as well. A signal within {@link SAME_REQUEST_MS} of the first is that same
 * request and is ignored; `npm start` used to take it for a second Ctrl-C,
 * print "second signal while closing", exit 1 and leave its PTY directory and
 * the floor demo's PostgreSQL behind. A signal later than that, while closing
 * still runs, is an operator pressing Ctrl-C again: exit 1 at once.
 *
 * `ready` runs once the handlers are in place: a banner saying "Ctrl-C to
 * stop" is printed there, never before, or a Ctrl-C typed as it appears can
 * meet Node's default handler and kill the process with everything it
 * started left behind (seen under load: one start in three).
 *
 * Started by an npm script (`npm start`), the command stops too when that npm
 * is gone: a `kill -9` of npm cannot be forwarded, and the server it started
 * kept running on the port, so the same `npm start` again failed or made a
 * second server (outside crew pass 52). A parent gone is seen within
 * {@link PARENT_CHECK_MS}, as the process is handed to another parent.
 */
import type { Logger } from 'pino';

export const SAME_REQUEST_MS = 2000;
export const PARENT_CHECK_MS = 1000;

export interface UntilSignalOptions {
  ready?: () => void;
  now?: () => number;
  /** Stop when the parent process is gone; by default when an npm script started the command (`npm_lifecycle_event`). */
  withParent?: boolean;
  /** The parent's pid (`process.ppid`), read again at every check. */
  parentPid?: () => number;
  parentCheckMs?: number;
}

export function untilSignal(close: () => Promise<void>, logger: Logger, opts: UntilSignalOptions = {}): Promise<void> {
  const now = opts.now ?? Date.now;
  const parentPid = opts.parentPid ?? (() => process.ppid);
  return new Promise((resolve) => {
    let watch: ReturnType<typeof setInterval> | undefined;
    let first: number | null = null;
    let closed = false;
    const onSignal = (signal: NodeJS.Signals): void => {
      if (closed) process.exit(process.exitCode ?? 0); // all closed already: nothing left to lose
      if (first !== null) {
        if (now() - first < SAME_REQUEST_MS) {
          logger.debug({ signal }, 'the same stop request again (the terminal and npm both signal): still closing');
          return;
        }
        logger.warn({ signal }, 'second signal while closing: exiting now');
        process.exit(1);
      }
      first = now();
      logger.info({ signal }, 'shutting down');
      void close()
        .catch((e: unknown) => logger.error({ err: e }, 'error while shutting down'))
        .finally(() => {
          clearInterval(watch);
          closed = true;
          logger.info('stopped');
          resolve();
        });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    if (opts.withParent ?? process.env.npm_lifecycle_event !== undefined) {
      const parent = parentPid();
      watch = setInterval(() => {
        if (parentPid() === parent) return;
        clearInterval(watch);
        logger.warn({ parent }, 'the npm that started this command is gone (killed?): stopping');
        onSignal('SIGHUP');
      }, opts.parentCheckMs ?? PARENT_CHECK_MS);
      watch.unref();
    }
    opts.ready?.();
  });
}
