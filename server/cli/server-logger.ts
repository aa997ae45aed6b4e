/**
 * The log of `tq serve`, `tq demo` and `tq floor`: JSON lines (pino) on
 * stdout. With the process's own stdout, Node writes a file (systemd's
 * `StandardOutput=append:`) synchronously on the thread that logs, which for
 * the card side is the one that acknowledges the shuffler's cards
 * (server/app/README.md#the-card-side-and-the-http-side), and it buffers a
 * pipe or socket (the journal) without bound while nobody reads it. The lines
 * go through an asynchronous destination instead, written off the thread, and
 * wait in memory up to {@link LOG_BUFFER_BYTES}; beyond that they are dropped
 * and the drop is counted in the log once it flows again. The shoe record, not
 * the log, is the audit trail (docs/shoe-log.md). Other streams (tests
 * capturing the output) are written as given.
 */
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';
import type { CliIo } from './tq.ts';

/** How much log the server holds while stdout is not read: minutes of a busy table at `info`. */
export const LOG_BUFFER_BYTES = 16 * 1024 * 1024;

export function serverLogger(level: LevelWithSilent, base: Record<string, string>, io: Pick<CliIo, 'stdout'>, bufferBytes = LOG_BUFFER_BYTES): Logger {
  if (io.stdout !== process.stdout) return pino({ level, base }, io.stdout as DestinationStream);
  const out = pino.destination({ fd: 1, sync: false, maxLength: bufferBytes });
  const logger = pino({ level, base }, out);
  let dropped = 0;
  out.on('drop', () => {
    if (dropped++ === 0) out.once('drain', () => tellDropped());
  });
  const tellDropped = () => {
    const lines = dropped;
    dropped = 0;
    logger.warn({ lines }, 'log lines dropped: stdout was not read and the log buffer was full');
  };
  return logger;
}
