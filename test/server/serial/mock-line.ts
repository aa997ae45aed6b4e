/** Test helpers: a serialport mock line to the host, and frames read back from it. */
import { once } from 'node:events';
import { SerialPortMock } from 'serialport';
import sinon from 'sinon';
import { decodeFrame, encodeFrame, type Frame } from '../../../server/serial/frame.ts';
import type { DealtCard } from '../../../server/serial/card-sink.ts';
import { parseCard } from '../../../shoe/card.ts';

export const MOCK_PATH = '/dev/ttyTQ0';

/** Opens a mock port that records what is written to it (create the port first). */
export async function openMockPort(path = MOCK_PATH): Promise<SerialPortMock> {
  const port = new SerialPortMock({ path, baudRate: 9600 });
  await once(port, 'open');
  return port;
}

export interface MockLine {
  /** This test's end of a fresh mock line at MOCK_PATH (echo off, what is written recorded). */
  readonly port: SerialPortMock;
  /** Fakes timers and the clock for this test (restored after it). */
  fakeTime(): sinon.SinonFakeTimers;
  /** Closes this end and opens it again: a fresh port on the same line. */
  reopen(): Promise<void>;
}

/** A fresh mock serial line for each test of the suite; after each, `stop` (what used the line), the clock restored, the line closed. */
export function mockLinePerTest(stop: () => Promise<void> | void): MockLine {
  let port: SerialPortMock | undefined;
  let clock: sinon.SinonFakeTimers | null = null;
  beforeEach(async () => {
    SerialPortMock.binding.reset();
    SerialPortMock.binding.createPort(MOCK_PATH, { echo: false, record: true });
    port = await openMockPort();
  });
  afterEach(async () => {
    await stop();
    clock?.restore();
    clock = null;
    if (port?.isOpen) await new Promise((r) => port!.close(r));
    SerialPortMock.binding.reset();
  });
  return {
    get port() {
      return port!;
    },
    async reopen() {
      await new Promise((r) => port!.close(r));
      port = await openMockPort();
    },
    fakeTime() {
      clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
      return clock;
    },
  };
}

/** The shuffler speaks: frames (or raw text) arrive at the host's port. */
export function shufflerSends(port: SerialPortMock, ...items: (Frame | string | Buffer)[]): void {
  const bytes = items.map((i) => (Buffer.isBuffer(i) ? i : Buffer.from(typeof i === 'string' ? i : encodeFrame(i), 'latin1')));
  port.port!.emitData(Buffer.concat(bytes));
}

/** Frames the host wrote to the port so far. */
export function hostWrote(port: SerialPortMock): Frame[] {
  const text = port.port!.recording.toString('latin1');
  return text
    .split('\r\n')
    .filter((l) => l !== '')
    .map((l) => decodeFrame(l));
}

export function hostLines(port: SerialPortMock): string[] {
  return hostWrote(port).map((f) =>
    encodeFrame(f)
      .trimEnd()
      .replace(/^\$TQ,/, '')
      .replace(/\*[0-9A-F]{2}$/, ''),
  );
}

/** Lets nextTicks, promises and I/O run, for `turns` event-loop turns (real, not faked, setImmediate). */
export async function settle(turns = 20): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((r) => setImmediate(r));
}

/**
 * Waits in event-loop turns until `cond` holds; fails naming `what` otherwise.
 * For the tests on fake timers, where test/support/until.ts (which waits on
 * setTimeout and the clock) would never wake: elsewhere use that one.
 */
export async function untilInTurns(cond: () => boolean, what: string, turns = 5000): Promise<void> {
  for (let i = 0; i < turns; i++) {
    if (cond()) return;
    await new Promise<void>((r) => setImmediate(r));
  }
  throw new Error(`timed out waiting until ${what}`);
}

export function card(seq: number, c = 'QH', exposed = false): Frame {
  return { kind: 'CARD', seq, card: parseCard(c), exposed };
}

/** storeCard calls held until the test resolves or rejects them by hand. */
export class HeldStores {
  readonly calls: { card: DealtCard; resolve: () => void; reject: (e: Error) => void }[] = [];
  readonly persist = (c: DealtCard): Promise<void> => new Promise((resolve, reject) => this.calls.push({ card: c, resolve, reject }));
}
