import { expect } from 'chai';
import { encodeFrame, type Frame } from '../../../server/serial/frame.ts';
import { FrameDecoder, type FrameDecoderOptions, type ParsedFrame } from '../../../server/serial/frame-decoder.ts';
import { mulberry32, randomInt, type Random } from '../../../server/simulator/seeded-random.ts';
import { ALL_CARDS } from '../../../shoe/card.ts';

function parse(chunks: readonly (Buffer | string)[], options?: FrameDecoderOptions) {
  const decoder = new FrameDecoder(options);
  const items: ParsedFrame[] = [];
  for (const chunk of chunks) items.push(...decoder.decode(chunk));
  items.push(...decoder.end());
  return { items, counters: decoder.counters, frames: items.flatMap((i) => (i.ok ? [i.frame] : [])) };
}

const FRAMES: Frame[] = [
  { kind: 'HELLO', model: 'TQSIM', firmware: '1.0' },
  { kind: 'SHOE', serial: 'S1', cards: 312 },
  { kind: 'CARD', seq: 1, card: 'QH', exposed: false },
  { kind: 'CARD', seq: 2, card: 'TS', exposed: true },
  { kind: 'ERR', code: 'JAM', text: 'Card jam' },
];
const STREAM = Buffer.from(`${FRAMES.map(encodeFrame).join('')}`, 'latin1');

function randomCard(random: Random): Frame {
  return { kind: 'CARD', seq: 1 + randomInt(random, 312), card: ALL_CARDS[randomInt(random, 52)]!, exposed: random() < 0.1 };
}

describe('the TQ/1 frame decoder', () => {
  it('finds every frame whatever single chunk boundary the bytes arrive with', () => {
    for (let i = 0; i <= STREAM.length; i++) {
      const { frames, counters } = parse([STREAM.subarray(0, i), STREAM.subarray(i)]);
      expect(frames, `split at ${i}`).to.deep.equal(FRAMES);
      expect(counters).to.deep.equal({ frames: FRAMES.length, badFrames: 0, garbageBytes: 0 });
    }
  });

  it('finds every frame with any two chunk boundaries', () => {
    const stream = STREAM.subarray(0, encodeFrame(FRAMES[0]!).length + encodeFrame(FRAMES[1]!).length + encodeFrame(FRAMES[2]!).length);
    for (let i = 0; i <= stream.length; i++) {
      for (let j = i; j <= stream.length; j++) {
        const { frames } = parse([stream.subarray(0, i), stream.subarray(i, j), stream.subarray(j)]);
        expect(frames, `split at ${i} and ${j}`).to.deep.equal(FRAMES.slice(0, 3));
      }
    }
  });

  it('finds every frame fed one byte at a time', () => {
    const bytes = [...STREAM].map((b) => Buffer.from([b]));
    const { frames } = parse(bytes);
    expect(frames).to.deep.equal(FRAMES);
  });

  it('skips garbage between frames and counts its bytes', () => {
    const a = encodeFrame(FRAMES[2]!);
    const b = encodeFrame(FRAMES[3]!);
    const { frames, counters } = parse([Buffer.from([0x00, 0xff, 0x0d, 0x0a, 0x2a]), a, 'noise\r\n', b, 'xyz']);
    expect(frames).to.deep.equal([FRAMES[2], FRAMES[3]]);
    expect(counters).to.deep.equal({ frames: 2, badFrames: 0, garbageBytes: 5 + 7 + 3 });
  });

  it('emits a bad checksum as a bad frame with its raw line, and carries on', () => {
    const good = encodeFrame(FRAMES[2]!);
    const bad = good.replace('*15', '*16');
    const { items, counters } = parse([bad, good]);
    expect(items[0]).to.include({ ok: false, raw: bad });
    expect(items[0]!.ok === false && items[0]!.error.code).to.equal('CHECKSUM');
    expect(items[1]).to.deep.equal({ ok: true, frame: FRAMES[2], raw: good });
    expect(counters.badFrames).to.equal(1);
  });

  it('drops a line longer than maxLineLength as bad and finds the frame after it', () => {
    const long = `$TQ,ERR,X,${'y'.repeat(100)}*00\r\n`;
    const { items, counters, frames } = parse([long, encodeFrame(FRAMES[2]!)], { maxLineLength: 64 });
    expect(items[0]!.ok).to.equal(false);
    expect(items[0]!.ok === false && items[0]!.error.message).to.include('longer than maxLineLength 64');
    expect(items[0]!.raw).to.have.length(64);
    expect(frames).to.deep.equal([FRAMES[2]]);
    expect(counters).to.deep.equal({ frames: 1, badFrames: 1, garbageBytes: long.length - 64 });
  });

  it('keeps a frame exactly maxLineLength long', () => {
    const frame: Frame = { kind: 'ERR', code: 'X', text: 'y'.repeat(20) };
    const text = encodeFrame(frame);
    const { frames } = parse([text], { maxLineLength: text.length });
    expect(frames).to.deep.equal([frame]);
  });

  it('ends a frame whose CR LF was lost at the next $, losing only that frame', () => {
    const cut = encodeFrame(FRAMES[2]!).slice(0, -2);
    const { items, frames } = parse([cut, encodeFrame(FRAMES[3]!)]);
    expect(items.map((i) => i.ok)).to.deep.equal([false, true]);
    expect(frames).to.deep.equal([FRAMES[3]]);
  });

  it('rejects a line ended by LF alone', () => {
    const { items } = parse([encodeFrame(FRAMES[2]!).replace('\r\n', '\n')]);
    expect(items).to.have.length(1);
    expect(items[0]!.ok === false && items[0]!.error.message).to.include('LF instead of CR LF');
  });

  it('reports a frame cut short by the end of the stream', () => {
    const { items, counters } = parse(['$TQ,CARD,1']);
    expect(items.map((i) => i.ok)).to.deep.equal([false]);
    expect(counters.badFrames).to.equal(1);
  });

  it('survives 10,000 random garbage buffers mixed with valid and corrupted frames, recovering and counting each', function () {
    this.timeout(60_000);
    const random = mulberry32('frame-parser-fuzz');
    const sent: Frame[] = [];
    const parts: Buffer[] = [];
    let corrupted = 0;
    let dollarsInNoise = 0;
    let garbageWithoutDollar = 0;
    for (let k = 0; k < 10_000; k++) {
      const noise = Buffer.alloc(randomInt(random, 64));
      for (let i = 0; i < noise.length; i++) noise[i] = randomInt(random, 256);
      if (random() < 0.5) {
        for (let i = 0; i < noise.length; i++) if (noise[i] === 0x24) noise[i] = 0x25;
        garbageWithoutDollar += noise.length;
      } else {
        dollarsInNoise += noise.filter((b) => b === 0x24).length;
      }
      parts.push(noise);
      const frame = randomCard(random);
      const line = Buffer.from(encodeFrame(frame), 'latin1');
      if (random() < 0.2) {
        // One byte changed anywhere but the leading $ and the final LF, never into $ or LF.
        const at = 1 + randomInt(random, line.length - 2);
        let b: number;
        do b = randomInt(random, 256);
        while (b === line[at] || b === 0x24 || b === 0x0a);
        line[at] = b;
        corrupted++;
      } else {
        sent.push(frame);
      }
      parts.push(line);
    }
    const all = Buffer.concat(parts);
    const chunks: Buffer[] = [];
    for (let i = 0; i < all.length; ) {
      const n = 1 + randomInt(random, 300);
      chunks.push(all.subarray(i, i + n));
      i += n;
    }
    const { frames, counters } = parse(chunks);
    expect(frames).to.deep.equal(sent);
    expect(counters.frames).to.equal(sent.length);
    // Each $ starts exactly one frame, so each $ in the noise costs exactly one bad frame.
    expect(counters.badFrames).to.equal(corrupted + dollarsInNoise);
    expect(counters.garbageBytes).to.be.at.least(garbageWithoutDollar);
    expect(corrupted).to.be.greaterThan(1000);
  });

  it('never throws, whatever is written to it', () => {
    const decoder = new FrameDecoder();
    const random = mulberry32('never-throws');
    for (let k = 0; k < 500; k++) {
      const chunk = Buffer.alloc(randomInt(random, 600));
      for (let i = 0; i < chunk.length; i++) chunk[i] = [0x24, 0x0d, 0x0a, 0x2a, 0x2c][randomInt(random, 5)]! ^ (random() < 0.3 ? randomInt(random, 256) : 0);
      expect(() => decoder.decode(chunk)).not.to.throw();
    }
    expect(() => decoder.decode('a string, not a buffer')).not.to.throw();
    expect(() => decoder.decode(new Uint8Array([0x24, 0x0a]))).not.to.throw();
    expect(() => decoder.end()).not.to.throw();
    expect(decoder.counters.badFrames).to.be.greaterThan(0);
  });

  it('on reset drops the frame a lost port cut short, counts it as bad, and finds the frames of the next stream', () => {
    const decoder = new FrameDecoder();
    const line = encodeFrame(FRAMES[2]!);
    expect(decoder.decode(line.slice(0, 7))).to.deep.equal([]);
    decoder.reset();
    const items = decoder.decode(line.slice(7) + encodeFrame(FRAMES[3]!));
    expect(items.flatMap((i) => (i.ok ? [i.frame] : []))).to.deep.equal([FRAMES[3]]);
    expect(decoder.counters).to.deep.equal({ frames: 1, badFrames: 1, garbageBytes: line.length - 7 });
  });

  it('reports nothing at the end of a stream that ended between frames', () => {
    const decoder = new FrameDecoder();
    decoder.decode(encodeFrame(FRAMES[2]!));
    expect(decoder.end()).to.deep.equal([]);
  });
});
