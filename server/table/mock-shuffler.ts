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
      sim = new ShufflerSimulator({ port: shufflerSide, seed: /^\d+$/.test(o.seed) ? Number(o.seed) : o.seed, ...(o.paceMs !== undefined && { paceMs: o.paceMs }), ...(o.faults !== undefined && { faults: o.faults }), logger: o.logger.child({ part: 'shuffler' }) });
      sim.start();
    },
    deal: () => sim?.deal() ?? false,
    async close() {
      sim?.stop();
    },
  };
}
