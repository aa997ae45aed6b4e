/**
 * The demo's fallback line when no pseudo-terminal can be made: serialport's
 * mock binding on the host side (so the LinkSession still talks to a
 * SerialPort), joined to an in-process ShufflerSimulator: what the simulator
 * writes is emitted as data on the mock port, and what the host writes to the
 * mock port is handed to the simulator.
 */
import { EventEmitter } from 'node:events';
import type { SerialPortMock } from 'serialport';
import type { LinePort } from '../serial/line-port.ts';
import { openSerial, serialConfig } from '../serial/serial-config.ts';
import { ShufflerSimulator } from '../simulator/shuffler-simulator.ts';
import type { DemoShuffler, DemoShufflerOptions } from './demo-shuffler.ts';

export const MOCK_PATH = '/dev/tq-demo-mock';

export function mockShuffler(o: DemoShufflerOptions): DemoShuffler {
  let host: SerialPortMock | null = null;
  const shufflerSide = Object.assign(new EventEmitter(), {
    write(data: string | Buffer, callback?: (error: Error | null | undefined) => void): boolean {
      host?.port?.emitData(Buffer.from(data));
      callback?.(null);
      return true;
    },
  }) satisfies LinePort;
  let sim: ShufflerSimulator | null = null;
  let shoe = 1;
  const seed = /^\d+$/.test(o.seed) ? Number(o.seed) : o.seed;
  const load = (n: number) =>
    new ShufflerSimulator({
      port: shufflerSide,
      seed: n === 1 ? seed : `${seed}-${n}`,
      ...(n > 1 && { shoeSerial: `SIM-${seed}-${n}` }),
      ...(o.paceMs !== undefined && { paceMs: o.paceMs }),
      ...(o.faults !== undefined && { faults: o.faults }),
      logger: o.logger.child({ part: 'shuffler' }),
    });
  return {
    kind: 'mock',
    hostPath: MOCK_PATH,
    async openHostPort() {
      const port = (await openSerial(serialConfig({ path: MOCK_PATH, baudRate: 9600 }, {}), { mock: true })) as SerialPortMock;
      const binding = port.port!;
      const write = binding.write.bind(binding);
      binding.write = async (buffer: Buffer) => {
        await write(buffer);
        shufflerSide.emit('data', Buffer.from(buffer));
      };
      host = port;
      return port;
    },
    async start() {
      sim = load(1);
      sim.start();
    },
    deal: (newShoe = false) => {
      if (!sim) return false;
      // as tq shuffler does: the next shoe once this one is over, or when the table began a shoe after cards of this one were dealt
      if ((sim.remaining === 0 && sim.acked === sim.dealt) || (newShoe && sim.dealt > 0)) {
        sim.stop();
        sim = load(++shoe);
        sim.start();
      }
      return sim.deal();
    },
    async close() {
      sim?.stop();
    },
  };
}
