/**
 * Graceful shutdown of a long-running command (`tq serve`, `tq demo`): waits
 * for SIGINT or SIGTERM, then runs `close` once. A second signal while closing
 * exits at once, as an operator pressing Ctrl-C twice expects.
 */
import type { Logger } from 'pino';

export function untilSignal(close: () => Promise<void>, logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    let closing = false;
    const onSignal = (signal: NodeJS.Signals): void => {
      if (closing) {
        logger.warn({ signal }, 'second signal while closing: exiting now');
        process.exit(1);
      }
      closing = true;
      logger.info({ signal }, 'shutting down');
      void close()
        .catch((e: unknown) => logger.error({ err: e }, 'error while shutting down'))
        .finally(() => {
          process.removeListener('SIGINT', onSignal);
          process.removeListener('SIGTERM', onSignal);
          logger.info('stopped');
          resolve();
        });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
