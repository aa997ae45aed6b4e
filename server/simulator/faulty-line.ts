/**
 * The shuffler's end of the TQ/1 line (docs/serial-protocol.md) as a real cable behaves:
 * frames go out with the transmission faults drawn for them (bad checksum,
 * noise before, split in small writes, sent twice, not sent), and during a
 * cut nothing goes out or comes in.
 */
import { encodeFrame, type Frame } from '../serial/frame.ts';
import { writeLine, type LinePort } from '../serial/line-port.ts';
import { garbageBytes, splitChunks, type SendFaults } from './fault-plan.ts';
import { randomInt } from './seeded-random.ts';

export class FaultyLine {
  private cutUntil = 0;

  constructor(
    private readonly port: LinePort,
    private readonly onWriteError: (error: Error) => void,
  ) {}

  /** True while a cut lasts: the line is dead both ways. */
  get isCut(): boolean {
    return Date.now() < this.cutUntil;
  }

  cut(ms: number): void {
    this.cutUntil = Math.max(this.cutUntil, Date.now() + ms);
  }

  send(frame: Frame, faults: SendFaults): void {
    if (faults.drop) return;
    let line = encodeFrame(frame);
    if (faults.badChecksum) {
      const good = parseInt(line.slice(-4, -2), 16);
      const bad = (good ^ (1 + randomInt(faults.random, 255))).toString(16).toUpperCase().padStart(2, '0');
      line = `${line.slice(0, -4)}${bad}\r\n`;
    }
    const bytes = Buffer.from(line, 'latin1');
    if (faults.garbage) this.write(garbageBytes(faults.random));
    if (faults.split) for (const chunk of splitChunks(bytes, faults.random)) this.write(chunk);
    else this.write(bytes);
    if (faults.duplicate) this.write(bytes);
  }

  private write(bytes: Buffer): void {
    if (this.isCut) return;
    writeLine(this.port, bytes, this.onWriteError);
  }
}
