/**
 * The demo's line when no pseudo-terminal can be made: serialport's mock
 * binding on the host side (so the LinkSession still talks to a SerialPort),
 * joined to an in-process simulated shuffler dealing shoe after shoe with the
 * same memory as `tq shuffler --state` (server/simulator/shoe-sequence.ts):
 * what the simulator writes is emitted as data on the mock port, and what the
 * host writes to the mock port is handed to the simulator. It deals exactly as
 * the PTY one does, restarts included (the old fallback
 * restarted its shoe from card 1 and every pull was refused).
 */
import { EventEmitter } from 'node:events';
import type { SerialPortMock } from 'serialport';
import type { LinePort } from '../serial/line-port.ts';
import { openSerial, serialConfig } from '../serial/serial-config.ts';
import { ShoeSequence, simSeed } from '../simulator/shoe-sequence.ts';
import { readShufflerState, ShufflerStateFile } from '../simulator/shuffler-state-file.ts';
import type { DemoShuffler, DemoShufflerOptions } from './demo-shuffler.ts';

export const MOCK_PATH = '/dev/tq-demo-mock';

export async function mockShuffler(o: DemoShufflerOptions): Promise<DemoShuffler> {
  let host: SerialPortMock | null = null;
  const shufflerSide = Object.assign(new EventEmitter(), {
    write(data: string | Buffer, callback?: (error: Error | null | undefined) => void): boolean {
      host?.port?.emitData(Buffer.from(data));
      callback?.(null);
      return true;
    },
  }) satisfies LinePort;
  const log = o.logger.child({ part: 'shuffler' });
  // Read at start, as `tq shuffler --state` reads it: the demo may have moved it past a spent shoe (spent-shuffler-shoe.ts).
  const memory = async () => {
    if (o.statePath === undefined) return undefined;
    const saved = await readShufflerState(o.statePath);
    return {
      file: new ShufflerStateFile(o.statePath, (e) => log.error({ err: e }, 'the shuffler state was not saved')),
      saved: saved?.seed === o.seed ? saved : null,
      seed: o.seed,
    };
  };
  let shoes: ShoeSequence | null = null;
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
      const remembered = await memory();
      shoes = new ShoeSequence({
        port: shufflerSide,
        simulator: {
          seed: simSeed(o.seed),
          ...(o.paceMs !== undefined && { paceMs: o.paceMs }),
          ...(o.faults !== undefined && { faults: o.faults }),
          logger: log,
        },
        ...(remembered && { memory: remembered }),
        say: (line) => log.info(line),
      });
      shoes.start();
    },
    deal: (newShoe = false) => shoes?.pull(newShoe) ?? false,
    reload: () => void shoes?.reload(),
    async close() {
      shoes?.stop();
      await shoes?.flush();
    },
  };
}
