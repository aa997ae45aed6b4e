/**
 * GET /api/events (API.md "Live"): Server-Sent Events. `event: table` with
 * `id: <shoe>:<index>` and a LiveMessage; `event: link` with the LinkStatus;
 * a `: ping` comment every 15 s. With Last-Event-ID the missed events are
 * sent first. The listener is attached before the backlog is read, and what
 * it hears meanwhile is held back and sent after, without repeats, so there
 * is neither a gap nor a duplicate. Listeners are removed when the client goes.
 */
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { LiveMessage, Table } from '../table/table.ts';
import { missedSince, parseEventId } from './live-resume.ts';
import type { ShoeArchive } from './shoe-archive.ts';
import { SseStream } from './sse-stream.ts';

export const DEFAULT_HEARTBEAT_MS = 15_000;

export function eventsRoute(table: Table, archive: ShoeArchive | undefined, logger: Logger, heartbeatMs = DEFAULT_HEARTBEAT_MS) {
  return async (req: Request, res: Response): Promise<void> => {
    const stream = new SseStream(res);
    let held: LiveMessage[] | undefined = [];
    const send = (m: LiveMessage) => stream.event('table', m, m.id);
    const unsubscribe = table.subscribe((m) => (held ? held.push(m) : send(m)));
    const unlink = table.onLink((status) => stream.event('link', status));
    const ping = setInterval(() => stream.comment('ping'), heartbeatMs);
    res.once('close', () => {
      clearInterval(ping);
      unsubscribe();
      unlink();
    });

    const from = parseEventId(req.get('Last-Event-ID'));
    try {
      const sent = new Set<string>();
      for (const m of from ? await missedSince(table, archive, from) : []) {
        sent.add(m.id);
        send(m);
      }
      for (const m of held) if (!sent.has(m.id)) send(m);
      held = undefined;
      stream.event('link', table.linkStatus());
    } catch (error) {
      // Headers are sent: the client sees the stream end and reconnects with the same Last-Event-ID.
      logger.error({ err: error, requestId: res.locals.requestId, lastEventId: req.get('Last-Event-ID') }, 'live resume failed');
      stream.end();
    }
  };
}
