import { expect } from 'chai';
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { SerialPort } from 'serialport';
import { PtyUnavailableError, startPtyPair, type PtyPair } from '../../../server/serial/pty-pair.ts';
import { openSerial, serialConfig } from '../../../server/serial/serial-config.ts';
import { until } from '../../support/until.ts';
import { ptyPairOrSkip } from '../../support/pty.ts';

async function collect(port: SerialPort, n: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let got = 0;
  const onData = (d: Buffer): void => {
    parts.push(d);
    got += d.length;
  };
  port.on('data', onData);
  await until(() => got >= n, `${n} bytes arrive`, 10_000);
  port.removeListener('data', onData);
  return Buffer.concat(parts);
}

describe('the pseudo-terminal pair standing in for the RS-232 cable', () => {
  let pair: PtyPair | null = null;

  before(async function () {
    pair = await ptyPairOrSkip(this);
  });

  after(async () => pair?.close());

  it('links two slave devices at the given paths', () => {
    for (const path of [pair!.hostPath, pair!.shufflerPath]) {
      expect(lstatSync(path).isSymbolicLink(), path).to.equal(true);
      expect(readlinkSync(path)).to.match(/^\/dev\/pts\/\d+$/);
    }
    expect(pair!.hostPath).to.match(/\/host$/);
    expect(pair!.shufflerPath).to.match(/\/shuffler$/);
  });

  it('lets the native SerialPort binding open both ends at 9600 8N1 and carries every byte value both ways', async function () {
    this.timeout(20_000);
    const host = (await openSerial(serialConfig({ path: pair!.hostPath }, {}))) as SerialPort;
    const shuffler = (await openSerial(serialConfig({ path: pair!.shufflerPath }, {}))) as SerialPort;
    try {
      const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      const toHost = collect(host, 512);
      shuffler.write(Buffer.concat([all, all]));
      expect((await toHost).equals(Buffer.concat([all, all]))).to.equal(true);
      const toShuffler = collect(shuffler, 256);
      host.write(all.reverse());
      expect((await toShuffler).equals(all)).to.equal(true);
    } finally {
      await Promise.all([new Promise((r) => host.close(r)), new Promise((r) => shuffler.close(r))]);
    }
  });

  it('lets one end close and reopen while the relay runs', async function () {
    this.timeout(20_000);
    const shuffler = (await openSerial(serialConfig({ path: pair!.shufflerPath }, {}))) as SerialPort;
    let host = (await openSerial(serialConfig({ path: pair!.hostPath }, {}))) as SerialPort;
    await new Promise((r) => host.close(r));
    host = (await openSerial(serialConfig({ path: pair!.hostPath }, {}))) as SerialPort;
    const got = collect(host, 5);
    shuffler.write('hello');
    expect((await got).toString()).to.equal('hello');
    await Promise.all([new Promise((r) => host.close(r)), new Promise((r) => shuffler.close(r))]);
  });

  it('removes its links and directory on close', async () => {
    const other = await startPtyPair();
    await other.close();
    expect(existsSync(other.hostPath)).to.equal(false);
    expect(existsSync(dirname(other.hostPath))).to.equal(false);
  });

  it('rejects with PTY_UNAVAILABLE when python3 cannot be run', async () => {
    const error = await startPtyPair(undefined, { python: 'python3-not-installed-here' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(PtyUnavailableError);
    expect((error as PtyUnavailableError).code).to.equal('PTY_UNAVAILABLE');
    expect((error as Error).message).to.include('python3 with its pty module is needed');
  });

  it('waits for a relay slow to start (python3 behind a slow shim on a loaded machine) more than the former 5 s', async function () {
    this.timeout(30_000);
    const dir = await mkdtemp(join(tmpdir(), 'tq-slow-python-'));
    const shim = join(dir, 'python3');
    await writeFile(shim, '#!/bin/sh\nsleep 6\nexec python3 "$@"\n', { mode: 0o755 });
    try {
      const slow = await startPtyPair(undefined, { python: shim });
      await slow.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects with PTY_UNAVAILABLE when the relay fails before READY', async () => {
    const error = await startPtyPair('/proc/tq-cannot-link-here').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(PtyUnavailableError);
    expect((error as Error).message).to.match(/exited/);
  });
});
