/**
 * Benchmarks of the shuffler link (docs/serial-protocol.md). Never run as timed tests.
 *
 *   node --import tsx test/bench/serial.bench.ts
 *
 * 1. Frames per second through FrameDecoder + LinkSession into an in-memory
 *    sink: pre-encoded CARD frames fed in 64 KB chunks.
 * 2. Latency from a CARD written by the simulator to its ACK read back, over
 *    a real PTY pair with the native SerialPort binding on both ends, with
 *    the table itself as the sink: the rules engine and the durable store
 *    (TableService on a TableStore, one fdatasync'd append per card).
 */
import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { encodeFrame } from '../../server/serial/frame.ts';
import { TableStore } from '../../server/store/table-store.ts';
import { TableService } from '../../server/table/table-service.ts';
import { VENICE_RULES } from '../../shoe/rules.ts';
import type { LinePort } from '../../server/serial/line-port.ts';
import { LinkSession } from '../../server/serial/link-session.ts';
import { MemoryCardSink } from '../../server/serial/memory-card-sink.ts';
import { startPtyPair } from '../../server/serial/pty-pair.ts';
import { openSerial, serialConfig } from '../../server/serial/serial-config.ts';
import { ShufflerSimulator } from '../../server/simulator/shuffler-simulator.ts';
import { ALL_CARDS } from '../../shoe/card.ts';
import { percentile, round } from './bench-support.ts';

/** A duplex that only counts what is written: the session's far end in memory. */
class MemoryLine extends EventEmitter implements LinePort {
  written = 0;
  write(data: string | Buffer, callback?: (error: Error | null | undefined) => void): boolean {
    this.written += data.length;
    callback?.(null);
    return true;
  }
}

async function framesPerSecond(frames = 200_000): Promise<number> {
  const line = new MemoryLine();
  const sink = new MemoryCardSink();
  const session = new LinkSession({ sink, port: line });
  await session.start();
  const text = [encodeFrame({ kind: 'SHOE', serial: 'BENCH', cards: frames })];
  for (let seq = 1; seq <= frames; seq++) text.push(encodeFrame({ kind: 'CARD', seq, card: ALL_CARDS[seq % 52]!, exposed: false }));
  const bytes = Buffer.from(text.join(''), 'latin1');
  const start = performance.now();
  for (let i = 0; i < bytes.length; i += 65_536) line.emit('data', bytes.subarray(i, i + 65_536));
  while (sink.cards.length < frames) await session.idle();
  const seconds = (performance.now() - start) / 1000;
  await session.close();
  if (session.counters.acks !== frames) throw new Error(`expected ${frames} ACKs, got ${session.counters.acks}`);
  return (frames + 1) / seconds;
}

/** Something run beside the table during the measure (e.g. the central witness); returns how to stop it. */
export type BesideTable = (ctx: { dir: string; store: TableStore; table: TableService }) => Promise<() => Promise<void>>;

export async function ackLatency(cards = 312, beside?: BesideTable): Promise<{ p50: number; p99: number; max: number }> {
  const pair = await startPtyPair();
  const dir = await mkdtemp(join(tmpdir(), 'tq-bench-'));
  const store = await TableStore.open(dir, { table: 'T1' });
  const sink = await TableService.open({ store, tableId: 'T1', rules: VENICE_RULES });
  const stopBeside = beside ? await beside({ dir, store, table: sink }) : async () => undefined;
  const session = new LinkSession({ sink, openPort: () => openSerial(serialConfig({ path: pair.hostPath }, {})) });
  const shufflerPort = await openSerial(serialConfig({ path: pair.shufflerPath }, {}));
  try {
    await session.start();
    const sim = new ShufflerSimulator({ port: shufflerPort, seed: 'bench', heartbeatMs: 0 });
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    sim.on('sent', (frame: { kind: string; seq?: number }) => {
      if (frame.kind === 'CARD' && frame.seq !== undefined && !sentAt.has(frame.seq)) sentAt.set(frame.seq, performance.now());
    });
    sim.start();
    for (let seq = 1; seq <= cards; seq++) {
      const acked = new Promise<void>((resolve) => {
        const onAck = (n: number): void => {
          if (n < seq) return;
          latencies.push(performance.now() - sentAt.get(seq)!);
          sim.removeListener('acked', onAck);
          resolve();
        };
        sim.on('acked', onAck);
      });
      if (!sim.deal()) throw new Error(`card ${seq} could not be dealt`);
      await acked;
    }
    sim.stop();
    const sorted = latencies.sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1]! };
  } finally {
    await session.close();
    await new Promise((r) => shufflerPort.close(r));
    await sink.close();
    await stopBeside();
    await store.close();
    await rm(dir, { recursive: true, force: true });
    await pair.close();
  }
}

export async function benchSerial(): Promise<Record<string, number>> {
  const fps = await framesPerSecond();
  const latency = await ackLatency();
  return {
    'serial: frames/s through parser + session (in-memory sink)': Math.round(fps),
    "serial: CARD→ACK p50 ms over PTY (rules engine + fsync'd store in the path)": round(latency.p50),
    "serial: CARD→ACK p99 ms over PTY (rules engine + fsync'd store in the path)": round(latency.p99),
    "serial: CARD→ACK max ms over PTY (rules engine + fsync'd store in the path)": round(latency.max),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [label, value] of Object.entries(await benchSerial())) console.log(`${label}: ${value}`);
}
