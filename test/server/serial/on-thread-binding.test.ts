import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PtyPair } from '../../../server/serial/pty-pair.ts';
import { openSerial, serialConfig, type SerialLine } from '../../../server/serial/serial-config.ts';
import { ptyPairOrSkip } from '../../support/pty.ts';
import { stickThreadpool, within } from '../../support/stuck-threadpool.ts';

/** Resolves with the first `bytes` bytes the line receives. */
function receive(port: SerialLine, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let got = 0;
  return new Promise((resolve) => {
    const take = (chunk: Buffer) => {
      chunks.push(chunk);
      got += chunk.length;
      if (got >= bytes) {
        port.off('data', take);
        resolve(Buffer.concat(chunks).subarray(0, bytes));
      }
    };
    port.on('data', take);
  });
}

/** Resolves once the binding has written `data` to the line (no drain: tcdrain is the pool's). */
const write = (port: SerialLine, data: Buffer | string) => new Promise<void>((resolve, reject) => port.write(data, (e) => (e ? reject(e) : resolve())));

describe('the serial line read and written on the card thread', function () {
  this.timeout(20_000);
  let pair: PtyPair | null = null;
  let dir = '';
  const ports: SerialLine[] = [];

  before(async function () {
    pair = await ptyPairOrSkip(this);
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tq-on-thread-'));
  });
  afterEach(async () => {
    for (const port of ports.splice(0)) if (port.isOpen) await new Promise((r) => port.close(r));
    await rm(dir, { recursive: true, force: true });
  });
  after(async () => pair?.close());

  async function open(path: string): Promise<SerialLine> {
    const port = await openSerial(serialConfig({ path }, {}));
    ports.push(port);
    return port;
  }

  it("takes a CARD frame and sends its ACK while every thread of libuv's pool is busy elsewhere", async () => {
    const host = await open(pair!.hostPath);
    const shuffler = await open(pair!.shufflerPath);
    const pool = stickThreadpool(dir);
    try {
      const card = '$TQ,CARD,1,QH*00\r\n';
      const frame = receive(host, card.length);
      await within(write(shuffler, card), 2_000);
      expect((await within(frame, 2_000)).toString()).to.equal(card);
      const ack = receive(shuffler, 12);
      await within(write(host, '$TQ,ACK,1*00'), 2_000);
      expect((await within(ack, 2_000)).toString()).to.equal('$TQ,ACK,1*00');
    } finally {
      await pool.release();
    }
  });

  it("delivers a write larger than the line's buffer holds at once, every byte in order", async () => {
    const host = await open(pair!.hostPath);
    const shuffler = await open(pair!.shufflerPath);
    const big = Buffer.from(Array.from({ length: 48_000 }, (_, k) => 65 + (k % 26)));
    const arriving = receive(shuffler, big.length);
    await write(host, big);
    expect((await arriving).equals(big)).to.equal(true);
  });
});
