/**
 * Verifying one shoe (`verifyShoe`): the hash chain shows whether the
 * record was changed after it was written; the replay through the rules
 * engine shows whether what was recorded is what the rules allow.
 */
import type { ShoeEvent } from '../../shoe/events.ts';
import { ChainCursor, storedDigestOfLine, type ChainProblem, type ChainProblemKind } from './hash-chain.ts';
import type { ShoeLogLine, ShoeLogText } from './shoe-log-file.ts';
import { shufflerShoeCheck } from './verify-shuffler-shoe.ts';

export type VerifyProblemKind =
  | ChainProblemKind
  /** A line that is not a JSON object. */
  | 'unreadable'
  /** The last line has no newline: cut short (or being written right now). */
  | 'torn-tail'
  /** A stored result or event the rules disagree with. */
  | 'rule'
  | 'replay-failed'
  /** verifyDataDir: the index names a shoe whose file is gone. */
  | 'missing-file'
  /** verifyDataDir: the file's end is not the one the index recorded when the shoe ended. */
  | 'tail-mismatch'
  /** verifyDataDir: the file starts another shoe than its name says (a file swapped in). */
  | 'wrong-shoe'
  /** Cards of another shuffler shoe than the shoe's own (docs/serial-protocol.md#shoe-identity). */
  | 'other-shoe';

export interface VerifyProblem {
  /** Position of the event in the shoe (0-based); null when the problem is the shoe's as a whole. */
  index: number | null;
  kind: VerifyProblemKind;
  message: string;
  /** 1-based line in the file, when verifying a file. */
  line?: number;
}

export interface ShoeVerdict {
  shoe: string | null;
  ok: boolean;
  /** Lines read, readable or not. */
  events: number;
  problems: VerifyProblem[];
  /** The shuffler shoe serials the shoe names, for verifyDataDir's check across shoes (removed from its verdict). */
  serials?: string[];
}

/** What verify needs of `replayShoe` (shoe/replay.ts). */
export interface ReplayAlert {
  kind: string;
  index?: number;
  seq?: number;
  coup?: number;
  message: string;
}
export type ReplayFn = (events: ShoeEvent[]) => { alerts: readonly ReplayAlert[] };

export interface VerifyShoeOptions {
  /** The rules check: a replay function, or false for the chain only. */
  replay: ReplayFn | false;
  /** The shoe's id, when its first line cannot tell. */
  shoe?: string;
}

/**
 * `verifyShoe(events | parsed file, opts)`. Events are checked as given; a
 * parsed file (see shoe-log-file.ts) is checked line by line, hashing the
 * stored bytes, and its unreadable lines are problems at their position.
 */
export function verifyShoe(input: readonly object[] | ShoeLogText, opts: VerifyShoeOptions): ShoeVerdict {
  const lines: readonly object[] = Array.isArray(input) ? input : (input as ShoeLogText).lines;
  const fromFile = !Array.isArray(input);
  const problems: VerifyProblem[] = [];
  const cursor = new ChainCursor();
  const events: ShoeEvent[] = [];
  /** Position in the shoe of each event given to the replay. */
  const positions: number[] = [];

  for (let index = 0; index < lines.length; index++) {
    const before = problems.length;
    if (fromFile) {
      const line = lines[index] as ShoeLogLine;
      if (line.kind === 'unreadable') {
        cursor.skip();
        problems.push({ index, kind: 'unreadable', message: line.message, line: line.line });
        continue;
      }
      cursor.check(line.event, problems as ChainProblem[], line.digest ?? storedDigestOfLine(line.text, line.event.hash));
      for (let k = before; k < problems.length; k++) problems[k]!.line = line.line;
      events.push(line.event as unknown as ShoeEvent);
    } else {
      const event = lines[index]!;
      cursor.check(event, problems as ChainProblem[]);
      events.push(event as unknown as ShoeEvent);
    }
    positions.push(index);
  }

  const tail = fromFile ? (input as ShoeLogText).unterminated : null;
  if (tail !== null) {
    problems.push({
      index: lines.length,
      kind: 'torn-tail',
      line: tail.line,
      message: `line ${tail.line} has no newline: a write cut short, or one in progress`,
    });
  }

  if (opts.replay !== false) problems.push(...ruleProblems(opts.replay, events, positions));
  const shuffler = shufflerShoeCheck(events, positions);
  problems.push(...shuffler.problems);
  problems.sort(byIndex);
  const first = events[0] as Readonly<Record<string, unknown>> | undefined;
  const shoe = first?.type === 'shoe' && typeof first.shoe === 'string' ? first.shoe : (opts.shoe ?? null);
  const verdict: ShoeVerdict = { shoe, ok: problems.length === 0, events: lines.length + (tail === null ? 0 : 1), problems };
  if (shuffler.serials.length > 0) verdict.serials = shuffler.serials;
  return verdict;
}

/**
 * The first `rule-violation` of the replay is a `rule` problem at its event;
 * the ones after it are counted in one more problem, at the next of them: one
 * changed card makes every later coup disagree, and a list of hundreds would
 * hide where the record broke.
 */
function ruleProblems(replay: ReplayFn, events: ShoeEvent[], positions: readonly number[]): VerifyProblem[] {
  let alerts: readonly ReplayAlert[];
  try {
    alerts = replay(events).alerts;
  } catch (e) {
    return [{ index: null, kind: 'replay-failed', message: `the rules engine could not replay the shoe: ${(e as Error).message}` }];
  }
  const violations = alerts.filter((a) => a.kind === 'rule-violation');
  const at = (alert: ReplayAlert) => (alert.index === undefined ? null : (positions[alert.index] ?? null));
  const [first, second] = violations;
  if (first === undefined) return [];
  const problems: VerifyProblem[] = [{ index: at(first), kind: 'rule', message: first.message }];
  if (second !== undefined) {
    const more = violations.length - 1;
    problems.push({
      index: at(second),
      kind: 'rule',
      message: `${more} more event${more === 1 ? '' : 's'} the rules refuse after the first, from this one on (most follow from the first): ${second.message}`,
    });
  }
  return problems;
}

function byIndex(a: VerifyProblem, b: VerifyProblem): number {
  return (a.index ?? -1) - (b.index ?? -1);
}
