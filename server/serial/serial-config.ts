/**
 * Serial settings of the shuffler line (docs/serial-protocol.md: RS-232, default 9600 baud,
 * 8N1) and the one way to open it, for hardware, a PTY and the mock binding alike.
 */
import { CodedError } from '../../shoe/coded-error.ts';
import { SerialPortStream } from '@serialport/stream';
import { SerialPortMock } from 'serialport';
import { z } from 'zod';
import { onThreadBinding } from './on-thread-binding.ts';

export interface SerialConfig {
  /** Device path, e.g. `/dev/ttyUSB0`, or a PTY link made by startPtyPair. */
  path: string;
  baudRate: number;
  dataBits: 5 | 6 | 7 | 8;
  parity: 'none' | 'even' | 'odd' | 'mark' | 'space';
  stopBits: 1 | 1.5 | 2;
}

export type SerialLine = SerialPortStream | SerialPortMock;

export class SerialConfigError extends CodedError {
  override readonly code = 'SERIAL_CONFIG';
}

export class SerialOpenError extends CodedError {
  override readonly code = 'SERIAL_OPEN';
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(`cannot open serial port ${path}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'SerialOpenError';
  }
}

const schema = z.object({
  path: z.string().min(1, 'no serial port: give a path or set TQ_SERIAL'),
  baudRate: z.coerce.number().int().positive(),
  dataBits: z.union([z.literal(5), z.literal(6), z.literal(7), z.literal(8)]),
  parity: z.enum(['none', 'even', 'odd', 'mark', 'space']),
  stopBits: z.union([z.literal(1), z.literal(1.5), z.literal(2)]),
});

/**
 * Settings from `options`, else the environment (`TQ_SERIAL` path, `TQ_BAUD`
 * baud rate), else the protocol's defaults 9600 8N1. Throws SerialConfigError.
 */
export function serialConfig(options: Partial<SerialConfig> = {}, env: NodeJS.ProcessEnv = process.env): SerialConfig {
  const parsed = schema.safeParse({
    path: options.path ?? env.TQ_SERIAL ?? '',
    baudRate: options.baudRate ?? env.TQ_BAUD ?? 9600,
    dataBits: options.dataBits ?? 8,
    parity: options.parity ?? 'none',
    stopBits: options.stopBits ?? 1,
  });
  if (!parsed.success) {
    throw new SerialConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  return parsed.data;
}

/**
 * Opens the line and resolves once it is open. With `mock`, uses serialport's
 * mock binding (creating the mock port if it does not exist yet); otherwise the
 * native binding, which serves hardware and PTYs the same way, its reads and
 * writes made on this thread (on-thread-binding.ts).
 */
export function openSerial(config: SerialConfig, { mock = false }: { mock?: boolean } = {}): Promise<SerialLine> {
  return new Promise((resolve, reject) => {
    const done = (port: SerialLine) => (error: Error | null) => (error ? reject(new SerialOpenError(config.path, error)) : resolve(port));
    const settings = { ...config, autoOpen: false } as const;
    try {
      if (mock) {
        createMockPortIfMissing(config.path).then(
          () => {
            const port = new SerialPortMock(settings);
            port.open(done(port));
          },
          (e: unknown) => reject(new SerialOpenError(config.path, e)),
        );
      } else {
        const port = new SerialPortStream({ ...settings, binding: onThreadBinding() });
        port.open(done(port));
      }
    } catch (e) {
      reject(new SerialOpenError(config.path, e));
    }
  });
}

async function createMockPortIfMissing(path: string): Promise<void> {
  const ports = await SerialPortMock.binding.list();
  if (!ports.some((p) => p.path === path)) SerialPortMock.binding.createPort(path, { echo: false, record: true });
}
