/**
 * GET /api/events (API.md "Live"): Server-Sent Events. `event: table` with
 * `id: <shoe>:<index>` and a LiveMessage; `event: link` with the LinkStatus
 * (at most one a second, the latest: a burst of bad frames is one push);
 * a `: ping` comment every 15 s and `event: alive` every 5 s. With Last-Event-ID the missed events are
 * sent first, compactly: each without the view, the last with the current
 * one; beyond {@link MAX_RESUME_EVENTS} an `event: reload` with the id of the
 * last stored event tells the client to read the table afresh instead. The listener is attached before the backlog is read, and what
 * it hears meanwhile is held back and sent after, without repeats, so there
 * is neither a gap nor a duplicate. Listeners are removed when the client goes.
 */
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { withCurrentAlerts } from '../table/link-summary.ts';
import type { LinkStatus, LiveMessage, StreamMessage, Table } from '../table/table.ts';
import { coalesce } from './coalesce.ts';
import { parseEventId, resumeFrom } from './live-resume.ts';
import type { ShoeArchive } from './shoe-archive.ts';
import { SseStream } from './sse-stream.ts';
import { TakeTurns } from './take-turns.ts';

export const DEFAULT_HEARTBEAT_MS = 15_000;
/** Link status pushes to one client at most once a second, the latest each time. */
export const LINK_PUSH_MS = 1_000;
/** Missed events sent on resume at most (~250 bytes each); a longer gap is a reload. */
export const MAX_RESUME_EVENTS = 5_000;
/**
 * The stream says `alive` this often, so a screen can tell a table server that
 * stopped answering from a quiet table (client/live-store.ts): a comment would
 * not do, EventSource never hands comments to the page. A floor server held
 * 30 s left every screen "connected" (outsider pass 32); a table's is the same.
 */
export const LIVE_ALIVE_MS = 5_000;
/** Resumes reading stored events at once; the others wait, and are dropped if their client leaves. */
export const RESUMES_AT_ONCE = 2;

export function eventsRoute(table: Table, archive: ShoeArchive | undefined, logger: Logger, heartbeatMs = DEFAULT_HEARTBEAT_MS) {
  const turns = new TakeTurns(RESUMES_AT_ONCE);
  return async (req: Request, res: Response): Promise<void> => {
    const stream = new SseStream(res);
    let held: LiveMessage[] | undefined = [];
    const send = (m: StreamMessage) => stream.event('table', m, m.id);
    const unsubscribe = table.subscribe((m) => (held ? held.push(m) : send(m)));
    const link = coalesce<LinkStatus>((status) => stream.event('link', withCurrentAlerts(status, Date.now())), LINK_PUSH_MS);
    const unlink = table.onLink((status) => link.push(status));
    const ping = setInterval(() => stream.comment('ping'), heartbeatMs);
    const alive = setInterval(() => stream.event('alive', { at: new Date().toISOString() }), LIVE_ALIVE_MS);
    res.once('close', () => {
      clearInterval(ping);
      clearInterval(alive);
      link.stop();
      unsubscribe();
      unlink();
    });

    const from = parseEventId(req.get('Last-Event-ID'));
    try {
      const sent = new Set<string>();
      const resume = from
        ? await turns.run(
            () => resumeFrom(table, archive, from, MAX_RESUME_EVENTS, () => stream.open),
            () => !stream.open,
          )
        : undefined;
      if (!stream.open) return;
      const missed = resume?.kind === 'events' ? resume.messages : [];
      if (resume?.kind === 'reload' || missed.length > MAX_RESUME_EVENTS) {
        const last = resume?.kind === 'reload' ? resume.last : missed.at(-1)!.id;
        const count = resume?.kind === 'reload' ? resume.missed : missed.length;
        for (const m of missed) sent.add(m.id);
        // Live events held meanwhile up to the last stored one are covered by the reload.
        for (const m of held) if (!after(m.id, last)) sent.add(m.id);
        stream.event('reload', { missed: count, message: 'too many events missed: read the table afresh' }, last);
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

/** Whether a live id comes after `last` (same shoe, higher index, or another shoe: a newer one). */
function after(id: string, last: string): boolean {
  const a = parseEventId(id);
  const b = parseEventId(last);
  return a === undefined || b === undefined || a.shoe !== b.shoe || a.index > b.index;
}
