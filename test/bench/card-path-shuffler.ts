/**
 * The shuffler of the card-path bench (card-path.bench.ts), as its own
 * process on the shuffler's end of a PTY: the simulator of
 * server/simulator/ deals `cards` cards, each once the last was acknowledged
 * and `paceMs` after it, and times each from its CARD frame leaving to its ACK
 * coming back. Prints `ready` once HELLO and SHOE are sent, waits for a line
 * on stdin, deals, then prints the latencies (ms) as one JSON line.
 *
 *   node --import tsx test/bench/card-path-shuffler.ts <pty> <seed> <warm-up cards> <cards> <pace ms>
 */
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { openSerial, serialConfig } from '../../server/serial/serial-config.ts';
import { ShufflerSimulator } from '../../server/simulator/shuffler-simulator.ts';

const [path, seed, warmText, cardsText, paceText] = process.argv.slice(2);
const warm = Number(warmText);
const cards = Number(cardsText);
const paceMs = Number(paceText);
const port = await openSerial(serialConfig({ path: path! }, {}));
// No resend while an ACK is late: the bench measures the wait, not the retry.
const sim = new ShufflerSimulator({ port, seed: seed!, heartbeatMs: 0, resendMs: 60_000 });
const sentAt = new Map<number, number>();
sim.on('sent', (frame: { kind: string; seq?: number }) => {
  if (frame.kind === 'CARD' && frame.seq !== undefined && !sentAt.has(frame.seq)) sentAt.set(frame.seq, performance.now());
});
let seq = 0;
const dealOne = (): Promise<number> => {
  const n = ++seq;
  const acked = new Promise<number>((resolve) => {
    const onAck = (a: number): void => {
      if (a < n) return;
      sim.removeListener('acked', onAck);
      resolve(performance.now() - sentAt.get(n)!);
    };
    sim.on('acked', onAck);
  });
  if (!sim.deal()) throw new Error(`card ${n} could not be dealt`);
  return acked;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

sim.start();
process.stdout.write('ready\n');
process.stdin.setEncoding('utf8');
await once(process.stdin, 'data');
for (let k = 0; k < warm; k++) {
  await dealOne();
  await sleep(paceMs);
}
process.stdout.write('measuring\n');
const latencies: number[] = [];
for (let k = 0; k < cards; k++) {
  latencies.push(await dealOne());
  await sleep(paceMs);
}
sim.stop();
process.stdout.write(`${JSON.stringify(latencies)}\n`);
port.close();
process.exit(0);
