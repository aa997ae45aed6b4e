/** Test helpers: the simulator on a serialport mock line, the test playing the host. */
import { finished } from 'node:stream/promises';
import type { SerialPortMock } from 'serialport';
import { encodeFrame, type Frame } from '../../../server/serial/frame.ts';
import { FrameParser, type ParsedFrame } from '../../../server/serial/frame-parser.ts';

/** What the simulator wrote so far, parsed as the host would. */
export async function simulatorWrote(port: SerialPortMock) {
  const parser = new FrameParser();
  const items: ParsedFrame[] = [];
  parser.on('data', (i: ParsedFrame) => items.push(i));
  parser.end(port.port!.recording);
  await finished(parser);
  return { items, frames: items.flatMap((i) => (i.ok ? [i.frame] : [])), counters: parser.counters };
}

/** The simulator's good frames as short text, e.g. `CARD,1,QH`. */
export async function simulatorLines(port: SerialPortMock): Promise<string[]> {
  return (await simulatorWrote(port)).frames.map((f) =>
    encodeFrame(f)
      .slice(4)
      .replace(/\*[0-9A-F]{2}\r\n$/, ''),
  );
}

export function hostSends(port: SerialPortMock, ...frames: Frame[]): void {
  port.port!.emitData(Buffer.from(frames.map(encodeFrame).join(''), 'latin1'));
}
