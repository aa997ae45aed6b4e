/**
 * The shuffler of the card-path bench (card-path.bench.ts), as its own
 * process on the shuffler's end of a PTY: the simulator of
 * server/simulator/ deals cards, each once the last was acknowledged and
 * `paceMs` after it, and times each from its CARD frame leaving to its ACK
 * coming back. Prints `ready` once HELLO and SHOE are sent; on a line on
 * stdin deals the warm-up cards, then the quiet ones, and prints their
 * latencies (ms) as one JSON line; on the next line (the load is on) deals
 * the measured ones and prints theirs.
 *
 *   node --import tsx test/bench/card-path-shuffler.ts <pty> <seed> <warm-up> <quiet> <cards> <pace ms>
 */
import { once } from 'node:events';
import { openSerial, serialConfig } from '../../server/serial/serial-config.ts';
import { ShufflerSimulator } from '../../server/simulator/shuffler-simulator.ts';
import { cardAckTimer } from './card-ack-timer.ts';

const [path, seed, warmText, quietText, cardsText, paceText] = process.argv.slice(2);
const warm = Number(warmText);
const quiet = Number(quietText);
const cards = Number(cardsText);
const paceMs = Number(paceText);
const port = await openSerial(serialConfig({ path: path! }, {}));
// No resend while an ACK is late: the bench measures the wait, not the retry.
const sim = new ShufflerSimulator({ port, seed: seed!, heartbeatMs: 0, resendMs: 60_000 });
const timer = cardAckTimer(sim);
const dealOne = () => timer.dealOne();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

sim.start();
process.stdout.write('ready\n');
const input = process.stdin.setEncoding('utf8');
// The bench gone (its pipe closed), this process goes too.
input.on('end', () => process.exit(0));
const nextLine = async () => {
  await once(input, 'data');
};
const measure = async (n: number) => {
  const latencies: number[] = [];
  for (let k = 0; k < n; k++) {
    latencies.push(await dealOne());
    await sleep(paceMs);
  }
  return latencies;
};
await nextLine();
await measure(warm);
process.stdout.write(`${JSON.stringify(await measure(quiet))}\n`);
await nextLine();
process.stdout.write(`${JSON.stringify(await measure(cards))}\n`);
sim.stop();
port.close();
process.exit(0);
