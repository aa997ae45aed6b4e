import { expect } from 'chai';
import { checksum, decodeFrame, encodeFrame, FrameError, type Frame } from '../../../server/serial/frame.ts';

function frameError(line: string): FrameError {
  try {
    decodeFrame(line);
  } catch (e) {
    expect(e).to.be.instanceOf(FrameError);
    return e as FrameError;
  }
  throw new Error(`${JSON.stringify(line)} was accepted`);
}

/** Wraps a body with a correct checksum, to test field rules past the checksum. */
function line(body: string): string {
  return `$${body}*${checksum(body)}\r\n`;
}

describe('TQ/1 frames', () => {
  describe('checksum', () => {
    it('is the XOR of the bytes between $ and *, worked by hand', () => {
      // T 54 ^ Q 51 = 05; ^ , 2C = 29; ^ A 41 = 68; ^ C 43 = 2B; ^ K 4B = 60; ^ , 2C = 4C; ^ 1 31 = 7D
      expect(encodeFrame({ kind: 'ACK', seq: 1 })).to.equal('$TQ,ACK,1*7D\r\n');
      // 05 ^ , 2C = 29; ^ S 53 = 7A; ^ T 54 = 2E; ^ A 41 = 6F; ^ T 54 = 3B; ^ ? 3F = 04
      expect(encodeFrame({ kind: 'STAT?' })).to.equal('$TQ,STAT?*04\r\n');
    });

    it('pads a small checksum to two upper-case hex digits', () => {
      expect(checksum('TQ')).to.equal('05');
      expect(checksum('\x5a\x10')).to.equal('4A');
    });
  });

  describe('every kind encodes and decodes back to itself', () => {
    const frames: Frame[] = [
      { kind: 'HELLO', model: 'TQSIM', firmware: '1.0' },
      { kind: 'SHOE', serial: 'S-2024-001', cards: 312 },
      { kind: 'CARD', seq: 1, card: 'QH', exposed: false },
      { kind: 'CARD', seq: 312, card: 'TS', exposed: true },
      { kind: 'EMPTY', lastSeq: 312 },
      { kind: 'ERR', code: 'JAM', text: 'Card jam' },
      { kind: 'STAT', state: 'DEALING', remaining: 17 },
      { kind: 'ACK', seq: 42 },
      { kind: 'RESEND', from: 7 },
      { kind: 'STAT?' },
    ];
    for (const frame of frames) {
      it(`${frame.kind} ${JSON.stringify(frame)}`, () => {
        const text = encodeFrame(frame);
        expect(text).to.match(/^\$TQ,[A-Z?]+(,[^,*$]*)*\*[0-9A-F]{2}\r\n$/);
        expect(decodeFrame(text)).to.deep.equal(frame);
      });
    }
  });

  it('writes the exposed flag as a 4th field E', () => {
    expect(encodeFrame({ kind: 'CARD', seq: 5, card: 'AD', exposed: true })).to.match(/^\$TQ,CARD,5,AD,E\*/);
  });

  it('normalises 10H to TH (the card notation allows it) but refuses lower case: the line is strict', () => {
    expect(decodeFrame(line('TQ,CARD,3,10H'))).to.deep.equal({ kind: 'CARD', seq: 3, card: 'TH', exposed: false });
    for (const card of ['qs', 'Qs', 'qS', 'th', '10h']) expect(frameError(line(`TQ,CARD,4,${card}`)).code, card).to.equal('FIELD');
  });

  it('refuses numbers with leading zeros, so 021 is never read as card 21', () => {
    for (const body of ['TQ,CARD,021,QH', 'TQ,CARD,01,QH', 'TQ,ACK,007', 'TQ,RESEND,00', 'TQ,EMPTY,0312', 'TQ,SHOE,S1,0312', 'TQ,STAT,DEALING,01']) {
      expect(frameError(line(body)).code, body).to.equal('FIELD');
    }
    expect(decodeFrame(line('TQ,EMPTY,0'))).to.deep.equal({ kind: 'EMPTY', lastSeq: 0 });
    expect(decodeFrame(line('TQ,CARD,21,QH'))).to.deep.equal({ kind: 'CARD', seq: 21, card: 'QH', exposed: false });
  });

  it('accepts a line without its CR LF', () => {
    expect(decodeFrame('$TQ,CARD,1,QH*15')).to.deep.equal({ kind: 'CARD', seq: 1, card: 'QH', exposed: false });
  });

  it('keeps commas in the text of an ERR frame', () => {
    const frame: Frame = { kind: 'ERR', code: 'DOOR', text: 'Door open, close it' };
    expect(decodeFrame(encodeFrame(frame))).to.deep.equal(frame);
  });

  describe('rejects', () => {
    it('a wrong checksum with CHECKSUM, naming both values', () => {
      const e = frameError('$TQ,ACK,1*7C\r\n');
      expect(e.code).to.equal('CHECKSUM');
      expect(e.message).to.include('*7C').and.include('*7D');
    });

    it('one flipped bit anywhere in the body with CHECKSUM', () => {
      const good = encodeFrame({ kind: 'CARD', seq: 17, card: 'KD', exposed: false });
      for (let i = 1; i < good.indexOf('*'); i++) {
        const bad = good.slice(0, i) + String.fromCharCode(good.charCodeAt(i) ^ 0x02) + good.slice(i + 1);
        expect(frameError(bad).code, bad).to.equal('CHECKSUM');
      }
    });

    it('lines that are not frames with SYNTAX', () => {
      for (const bad of ['TQ,ACK,1*7D\r\n', '$TQ,ACK,1*7d\r\n', '$TQ,ACK,1\r\n', '$TQ,ACK,1*7\r\n', '$TQ,ACK,1*7DX\r\n', '', '$', '$*00']) {
        expect(frameError(bad).code, JSON.stringify(bad)).to.equal('SYNTAX');
      }
    });

    it('another talker or an unknown kind with SYNTAX', () => {
      expect(frameError(line('GP,ACK,1')).code).to.equal('SYNTAX');
      expect(frameError(line('TQ,DEAL,1')).message).to.include('unknown kind');
    });

    it('control bytes inside a frame with SYNTAX', () => {
      expect(frameError(line('TQ,CARD,1,Q\x00H')).code).to.equal('SYNTAX');
    });

    it('a card that is not a card with FIELD', () => {
      for (const card of ['1H', 'QX', 'Q', '11H', '']) {
        const e = frameError(line(`TQ,CARD,1,${card}`));
        expect(e.code, card).to.equal('FIELD');
      }
    });

    it('seq 0, negative, fractional or not a number with FIELD', () => {
      for (const seq of ['0', '-1', '1.5', 'x', '', '1e3']) {
        expect(frameError(line(`TQ,CARD,${seq},QH`)).code, seq).to.equal('FIELD');
      }
      expect(frameError(line('TQ,ACK,0')).code).to.equal('FIELD');
      expect(frameError(line('TQ,RESEND,-3')).code).to.equal('FIELD');
    });

    it('missing or extra fields with FIELD', () => {
      for (const body of [
        'TQ,CARD,1',
        'TQ,CARD,1,QH,E,E',
        'TQ,CARD,1,QH,X',
        'TQ,HELLO,TQSIM',
        'TQ,SHOE,S1',
        'TQ,SHOE,S1,0',
        'TQ,EMPTY',
        'TQ,ERR,JAM',
        'TQ,STAT,DEALING',
        'TQ,ACK',
        'TQ,ACK,1,2',
        'TQ,RESEND',
        'TQ,STAT?,1',
        'TQ,HELLO,,1.0',
      ]) {
        expect(frameError(line(body)).code, body).to.equal('FIELD');
      }
    });

    it('on encoding, a field holding a comma, * or $', () => {
      expect(() => encodeFrame({ kind: 'HELLO', model: 'A,B', firmware: '1' })).to.throw(FrameError, /cannot carry/);
      expect(() => encodeFrame({ kind: 'ERR', code: 'JAM', text: 'a*b' })).to.throw(FrameError);
      expect(() => encodeFrame({ kind: 'SHOE', serial: '$1', cards: 3 })).to.throw(FrameError);
    });
  });
});
