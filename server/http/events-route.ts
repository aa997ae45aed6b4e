/**
 * GET /api/events (API.md "Live"): Server-Sent Events. `event: table` with
 * `id: <shoe>:<index>` and a LiveMessage; `event: link` with the LinkStatus
 * (at most one a second, the latest: a burst of bad frames is one push);
 * a `: ping` comment every 15 s. With Last-Event-ID the missed events are
 * sent first, compactly: each without the view, the last with the current
 * one; beyond {@link MAX_RESUME_EVENTS} an `event: reload` with the id of the
 * last stored event tells the client to read the table afresh instead. The listener is attached before the backlog is read, and what
 * it hears meanwhile is held back and sent after, without repeats, so there
 * is neither a gap nor a duplicate. Listeners are removed when the client goes.
 */
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { LinkStatus, LiveMessage, StreamMessage, Table } from '../table/table.ts';
import { coalesce } from './coalesce.ts';
import { missedSince, parseEventId } from './live-resume.ts';
import type { ShoeArchive } from './shoe-archive.ts';
import { SseStream } from './sse-stream.ts';

export const DEFAULT_HEARTBEAT_MS = 15_000;
/** Link status pushes to one client at most once a second, the latest each time. */
export const LINK_PUSH_MS = 1_000;
/** Missed events sent on resume at most (~250 bytes each); a longer gap is a reload. */
export const MAX_RESUME_EVENTS = 5_000;

export function eventsRoute(table: Table, archive: ShoeArchive | undefined, logger: Logger, heartbeatMs = DEFAULT_HEARTBEAT_MS) {
  return async (req: Request, res: Response): Promise<void> => {
    const stream = new SseStream(res);
    let held: LiveMessage[] | undefined = [];
    const send = (m: StreamMessage) => stream.event('table', m, m.id);
    const unsubscribe = table.subscribe((m) => (held ? held.push(m) : send(m)));
    const link = coalesce<LinkStatus>((status) => stream.event('link', status), LINK_PUSH_MS);
    const unlink = table.onLink((status) => link.push(status));
    const ping = setInterval(() => stream.comment('ping'), heartbeatMs);
    res.once('close', () => {
      clearInterval(ping);
      link.stop();
      unsubscribe();
      unlink();
    });

    const from = parseEventId(req.get('Last-Event-ID'));
    try {
      const sent = new Set<string>();
      const missed = from ? await missedSince(table, archive, from) : [];
      if (missed.length > MAX_RESUME_EVENTS) {
        const last = missed.at(-1)!;
        for (const m of missed) sent.add(m.id);
        stream.event('reload', { missed: missed.length, message: 'too many events missed: read the table afresh' }, last.id);
      } else {
        missed.forEach((m, k) => {
          sent.add(m.id);
          send(k === missed.length - 1 ? { ...m, view: table.view() } : m);
        });
      }
      for (const m of held) if (!sent.has(m.id)) send(m);
      held = undefined;
      link.flush(table.linkStatus());
    } catch (error) {
      // Headers are sent: the client sees the stream end and reconnects with the same Last-Event-ID.
      logger.error({ err: error, requestId: res.locals.requestId, lastEventId: req.get('Last-Event-ID') }, 'live resume failed');
      stream.end();
    }
  };
}
