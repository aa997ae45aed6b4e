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
 */
import type { Logger } from 'pino';

export const SAME_REQUEST_MS = 2000;

export function untilSignal(close: () => Promise<void>, logger: Logger, now: () => number = Date.now): Promise<void> {
  return new Promise((resolve) => {
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
          closed = true;
          logger.info('stopped');
          resolve();
        });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
