/** Test helpers: the simulator on a serialport mock line, the test playing the host. */
import type { SerialPortMock } from 'serialport';
import { encodeFrame, type Frame } from '../../../server/serial/frame.ts';
import { FrameDecoder } from '../../../server/serial/frame-decoder.ts';

/** What the simulator wrote so far, parsed as the host would. */
export function simulatorWrote(port: SerialPortMock) {
  const decoder = new FrameDecoder();
  const items = [...decoder.decode(port.port!.recording), ...decoder.end()];
  return { items, frames: items.flatMap((i) => (i.ok ? [i.frame] : [])), counters: decoder.counters };
}

/** The simulator's good frames as short text, e.g. `CARD,1,QH`. */
export function simulatorLines(port: SerialPortMock): string[] {
  return simulatorWrote(port).frames.map((f) =>
    encodeFrame(f)
      .slice(4)
      .replace(/\*[0-9A-F]{2}\r\n$/, ''),
  );
}

export function hostSends(port: SerialPortMock, ...frames: Frame[]): void {
  port.port!.emitData(Buffer.from(frames.map(encodeFrame).join(''), 'latin1'));
}
