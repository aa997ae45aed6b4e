/**
 * What the upload worker does with a shoe log opened by surveillance
 *: all of it off the server's thread, and the costly part
 * once. `open` reads the log within its bounds, replays it, and returns every
 * answer that depends on the whole log, as the text to send: the events, the
 * log, the report, verify, the settlement CSV in both separators. Only the
 * table at one event (`state`) and the printable report in one language and
 * zone (`page`) are asked for later, each replayed here and kept by the
 * caller. The server's thread then only sends strings.
 *
 * The table's own stored shoes are replayed here too (`record-state`,
 * `record-page`: GET /state and /report.html of surveillance-routes.ts),
 * given as the stored events, so their answers are the same as before they
 * left the server's thread.
 */
import { replayShoe, confirmsCalls } from '../../shoe/replay.ts';
import { reportOf } from '../../shoe/replay-report.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { deckCheck } from '../../shoe/deck-check.ts';
import { frequencies } from '../../shoe/frequencies.ts';
import { formatShoeLog, parseShoeLog, ShoeLogError } from '../../shoe/shoe-log.ts';
import { INITIAL_STATE } from '../../shoe/state.ts';
import { coupView, tableView } from '../../shoe/table-view.ts';
import type { StoredEvent } from '../store/stored-event.ts';
// verify-shoe.ts, not verify.ts: the latter starts verify workers, which a worker's bundle must not carry.
import { verifyShoe } from '../store/verify-shoe.ts';
import { eventContent } from './opened-against-record.ts';
import { reportHtml } from './report-html.ts';
import { reportLocale } from './report-words.ts';
import { settlementCsv } from './settlement-csv.ts';
import type { VerifyResult } from './shoe-archive.ts';
import type { UploadLimits } from './upload-check.ts';

export type UploadTask =
  | { kind: 'open'; text: string; limits: UploadLimits }
  | { kind: 'state'; log: string; at: number | undefined }
  | { kind: 'page'; log: string; lang: unknown; tz: unknown; nonce: string }
  | { kind: 'record-state'; events: StoredEvent[]; at: number | undefined }
  | { kind: 'record-page'; events: StoredEvent[]; lang: unknown; tz: unknown; nonce: string };

/** Everything kept of an opened log; strings, so nothing is rebuilt on the server's thread. */
export interface KeptUpload {
  table: string;
  /** The shoe the file names on its first line, and each event's content, to be compared with the table's record of that shoe (opened-against-record.ts). */
  shoe: string;
  contents: string[];
  startedAt: string | undefined;
  end: { reason: 'empty' | 'suspended'; at: string | undefined } | undefined;
  events: number;
  /** The events numbered by position, as GET /events sends them. */
  eventsJson: string;
  /** The log as GET /log sends it; also what later tasks replay. */
  log: string;
  reportJson: string;
  verify: VerifyResult;
  csv: { ',': string; ';': string };
}

export type UploadAnswer = { kind: 'ok'; kept: KeptUpload } | { kind: 'ok-text'; text: string } | { kind: 'bad'; field: string; message: string };

export function runUploadTask(task: UploadTask): UploadAnswer {
  switch (task.kind) {
    case 'open':
      return openLog(task.text, task.limits);
    case 'state': {
      const events = parseShoeLog(task.log);
      return stateAt(events, task.at, (i) => ({ ...events[i], i }));
    }
    case 'page':
      return pageOf(
        parseShoeLog(task.log).map((e, i) => ({ ...e, i }) as StoredEvent),
        task,
      );
    case 'record-state':
      return stateAt(task.events, task.at, (i) => task.events[i]);
    case 'record-page':
      return pageOf(task.events, task);
    default:
      return task satisfies never;
  }
}

function openLog(text: string, limits: UploadLimits): UploadAnswer {
  let events: ShoeEvent[];
  try {
    events = parseShoeLog(text);
  } catch (e) {
    if (e instanceof ShoeLogError) return { kind: 'bad', field: 'body', message: e.message };
    throw e;
  }
  const first = events[0];
  if (first?.type !== 'shoe') return { kind: 'bad', field: 'body', message: 'a shoe log starts with its "shoe" line' };
  // The players of the stakes carried in prison count too: 5,000 of them on the shoe line escaped the bound.
  const players = new Set<string>();
  for (const p of first.prison ?? []) players.add(p.player);
  for (const e of events) if ('player' in e) players.add(e.player);
  if (players.size > limits.maxPlayers)
    return { kind: 'bad', field: 'body', message: `a shoe log names at most ${limits.maxPlayers} players; this one names ${players.size}` };
  const { state } = replayShoe(events);
  const end = events.findLast((e) => e.type === 'end');
  return {
    kind: 'ok',
    kept: {
      table: first.table,
      shoe: first.shoe,
      contents: events.map(eventContent),
      startedAt: first.at,
      end: end?.type === 'end' ? { reason: end.reason, at: end.at } : undefined,
      events: events.length,
      eventsJson: JSON.stringify(events.map((e, i) => ({ ...e, i }))),
      log: formatShoeLog(events),
      reportJson: JSON.stringify({ ...reportOf(state), deck: deckCheck(state), frequencies: frequencies(state) }),
      verify: verifyOpened(events),
      csv: { ',': settlementCsv(state, ','), ';': settlementCsv(state, ';') },
    },
  };
}

function pageOf(events: StoredEvent[], o: { lang: unknown; tz: unknown; nonce: string }): UploadAnswer {
  const { state } = replayShoe(events);
  return { kind: 'ok-text', text: reportHtml({ state, events, report: reportOf(state), nonce: o.nonce, locale: reportLocale(o.lang, o.tz) }) };
}

/** The table just after event `at` (default: the last), with every coup; `eventAt` gives the event as GET /state shows it. */
function stateAt(events: readonly ShoeEvent[], at: number | undefined, eventAt: (i: number) => unknown): UploadAnswer {
  if (events.length === 0) return { kind: 'bad', field: 'id', message: 'the shoe has no events' };
  const index = at ?? events.length - 1;
  if (index >= events.length) return { kind: 'bad', field: 'at', message: `at must be an event index from 0 to ${events.length - 1}` };
  const { state } = replayShoe(events.slice(0, index + 1), INITIAL_STATE, { unconfirmedCalls: !confirmsCalls(events) });
  const view = tableView(state);
  const coups = state.coups.map((c) => coupView(c, state));
  return { kind: 'ok-text', text: JSON.stringify({ index, total: events.length, event: eventAt(index), view, coups }) };
}

/**
 * Verify of a log opened from a file: the hash chain of one that has one (an
 * export from one of our tables); of one without, says so once and checks the rules.
 */
function verifyOpened(events: ShoeEvent[]): VerifyResult {
  const chained = events.some((e) => typeof (e as { hash?: unknown }).hash === 'string');
  const verdict = verifyShoe(events, { replay: replayShoe });
  const problems: VerifyResult['problems'] = verdict.problems
    .filter((p) => chained || p.kind === 'rule' || p.kind === 'replay-failed')
    .map(({ index, kind, message }) => ({ index, kind, message }));
  if (!chained)
    problems.unshift({
      index: null,
      kind: 'no-chain',
      message: 'a log opened from a file without hashes: its integrity cannot be proven, only the rules are checked',
    });
  return { ok: problems.length === 0, problems };
}
