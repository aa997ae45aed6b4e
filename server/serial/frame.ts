/**
 * The frames of the shuffler link TQ/1 (docs/serial-protocol.md#framing), in the manner of NMEA 0183:
 *
 *     $TQ,<kind>,<field>,...*HH\r\n
 *
 * `HH` is the XOR of every byte between `$` and `*`, two upper-case hex digits
 * (strictly: a lower-case digit is a corrupted byte like any other).
 * Fields are printable ASCII without `$ * ,`; the text of an `ERR` frame is
 * the rest of the line, so it may hold commas.
 */
import { CodedError } from '../../shoe/coded-error.ts';
import { parseCard, type Card } from '../../shoe/card.ts';

/** Shuffler → host frames. */
export type ShufflerFrame =
  | { kind: 'HELLO'; model: string; firmware: string }
  | { kind: 'SHOE'; serial: string; cards: number }
  | { kind: 'CARD'; seq: number; card: Card; exposed: boolean }
  | { kind: 'EMPTY'; lastSeq: number }
  | { kind: 'ERR'; code: string; text: string }
  | { kind: 'STAT'; state: string; remaining: number };

/** Host → shuffler frames. */
export type HostFrame = { kind: 'ACK'; seq: number } | { kind: 'RESEND'; from: number } | { kind: 'STAT?' };

export type Frame = ShufflerFrame | HostFrame;
export type FrameKind = Frame['kind'];

export const FRAME_KINDS = ['HELLO', 'SHOE', 'CARD', 'EMPTY', 'ERR', 'STAT', 'ACK', 'RESEND', 'STAT?'] as const satisfies readonly FrameKind[];

/** Why a line is not a frame: its checksum, its envelope/field count, or a field's value. */
export const FRAME_ERROR_CODES = {
  CHECKSUM: 'the checksum does not match the bytes between $ and *',
  SYNTAX: 'the line is not $TQ,<kind>,<field>,...*HH\\r\\n',
  FIELD: 'a field is missing, extra or not valid',
} as const;
export type FrameErrorCode = keyof typeof FRAME_ERROR_CODES;

export class FrameError extends CodedError {
  constructor(
    override readonly code: FrameErrorCode,
    detail: string,
  ) {
    super(`${FRAME_ERROR_CODES[code]}: ${detail}`);
    this.name = 'FrameError';
  }
}

const TALKER = 'TQ';
const FIELD_TEXT = /^[\x20-\x7e]*$/;
const FORBIDDEN = /[$*,]/;
const HEX2 = /^[0-9A-F]{2}$/;

/** XOR of the char codes of `body` (the bytes between `$` and `*`), as two upper-case hex digits. */
export function checksum(body: string): string {
  let x = 0;
  for (let i = 0; i < body.length; i++) x ^= body.charCodeAt(i);
  return x.toString(16).toUpperCase().padStart(2, '0');
}

function fieldsOf(frame: Frame): string[] {
  switch (frame.kind) {
    case 'HELLO':
      return [frame.model, frame.firmware];
    case 'SHOE':
      return [frame.serial, String(frame.cards)];
    case 'CARD':
      return frame.exposed ? [String(frame.seq), frame.card, 'E'] : [String(frame.seq), frame.card];
    case 'EMPTY':
      return [String(frame.lastSeq)];
    case 'ERR':
      return [frame.code, frame.text];
    case 'STAT':
      return [frame.state, String(frame.remaining)];
    case 'ACK':
      return [String(frame.seq)];
    case 'RESEND':
      return [String(frame.from)];
    case 'STAT?':
      return [];
    default: {
      const never: never = frame;
      throw new FrameError('SYNTAX', `unknown frame ${JSON.stringify(never)}`);
    }
  }
}

/** The line for a frame, `\r\n` included. Throws FIELD if a field cannot be written. */
export function encodeFrame(frame: Frame): string {
  const fields = fieldsOf(frame);
  fields.forEach((field, i) => {
    const isErrText = frame.kind === 'ERR' && i === 1;
    if (!FIELD_TEXT.test(field) || (isErrText ? /[$*]/ : FORBIDDEN).test(field)) {
      throw new FrameError('FIELD', `${frame.kind} field ${i + 1} ${JSON.stringify(field)} has a character TQ/1 cannot carry`);
    }
  });
  const body = [TALKER, frame.kind, ...fields].join(',');
  return `$${body}*${checksum(body)}\r\n`;
}

function count(text: string | undefined, what: string, min: number): number {
  // Decimal without leading zeros (`021` is not 21): one spelling per number.
  if (text === undefined || !/^(0|[1-9]\d{0,8})$/.test(text)) {
    throw new FrameError('FIELD', `${what} must be a whole number written without leading zeros, got ${JSON.stringify(text ?? '')}`);
  }
  const n = Number(text);
  if (n < min) throw new FrameError('FIELD', `${what} must be at least ${min}, got ${n}`);
  return n;
}

function token(text: string | undefined, what: string): string {
  if (text === undefined || text === '') throw new FrameError('FIELD', `${what} is missing`);
  return text;
}

function expectFields(kind: string, fields: string[], n: number): void {
  if (fields.length !== n) {
    throw new FrameError('FIELD', `${kind} takes ${n} field${n === 1 ? '' : 's'}, got ${fields.length}`);
  }
}

function decodeFields(kind: string, f: string[]): Frame {
  switch (kind) {
    case 'HELLO':
      expectFields(kind, f, 2);
      return { kind, model: token(f[0], 'model'), firmware: token(f[1], 'firmware') };
    case 'SHOE':
      expectFields(kind, f, 2);
      return { kind, serial: token(f[0], 'shoe serial'), cards: count(f[1], 'cards', 1) };
    case 'CARD': {
      if (f.length !== 2 && f.length !== 3) throw new FrameError('FIELD', `CARD takes 2 or 3 fields, got ${f.length}`);
      if (f.length === 3 && f[2] !== 'E') throw new FrameError('FIELD', `CARD 3rd field must be E (exposed), got ${JSON.stringify(f[2])}`);
      const seq = count(f[0], 'card seq', 1);
      let card: Card;
      try {
        // Upper case only on the line (`qh` is refused); `10H` is the card notation's other spelling of `TH`.
        const text = token(f[1], 'card');
        if (text !== text.toUpperCase()) throw new Error(`card must be upper case, got ${JSON.stringify(text)}`);
        card = parseCard(text);
      } catch (e) {
        throw new FrameError('FIELD', e instanceof Error ? e.message : String(e));
      }
      return { kind, seq, card, exposed: f.length === 3 };
    }
    case 'EMPTY':
      expectFields(kind, f, 1);
      return { kind, lastSeq: count(f[0], 'last seq', 0) };
    case 'ERR':
      if (f.length < 2) throw new FrameError('FIELD', `ERR takes a code and a text, got ${f.length} field(s)`);
      return { kind, code: token(f[0], 'error code'), text: f.slice(1).join(',') };
    case 'STAT':
      expectFields(kind, f, 2);
      return { kind, state: token(f[0], 'state'), remaining: count(f[1], 'remaining', 0) };
    case 'ACK':
      expectFields(kind, f, 1);
      return { kind, seq: count(f[0], 'ack seq', 1) };
    case 'RESEND':
      expectFields(kind, f, 1);
      return { kind, from: count(f[0], 'resend from', 1) };
    case 'STAT?':
      expectFields(kind, f, 0);
      return { kind };
    default:
      throw new FrameError('SYNTAX', `unknown kind ${JSON.stringify(kind)}`);
  }
}

/**
 * Parses one line (with or without its `\r\n`). Checks, in order: the envelope
 * (SYNTAX), the checksum (CHECKSUM), the talker and kind (SYNTAX), the fields (FIELD).
 */
export function decodeFrame(line: string): Frame {
  const text = line.endsWith('\r\n') ? line.slice(0, -2) : line;
  const show = JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
  if (!text.startsWith('$')) throw new FrameError('SYNTAX', `${show} does not start with $`);
  const star = text.lastIndexOf('*');
  if (star < 0 || !HEX2.test(text.slice(star + 1))) {
    throw new FrameError('SYNTAX', `${show} does not end with *HH (two upper-case hex digits)`);
  }
  const body = text.slice(1, star);
  if (!FIELD_TEXT.test(body) || body.includes('$') || body.includes('*')) {
    throw new FrameError('SYNTAX', `${show} holds a byte that is not printable ASCII or a stray $ or *`);
  }
  const want = checksum(body);
  const got = text.slice(star + 1);
  if (got !== want) throw new FrameError('CHECKSUM', `${show} carries *${got}, its bytes give *${want}`);
  const [talker, kind, ...fields] = body.split(',');
  if (talker !== TALKER) throw new FrameError('SYNTAX', `${show} does not start with $TQ,`);
  return decodeFields(kind ?? '', fields);
}
