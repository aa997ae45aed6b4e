/**
 * The least a serial line must offer the TQ/1 link (docs/serial-protocol.md): a SerialPort,
 * a SerialPortMock, or any duplex stream with `write` and `data` events.
 * Both the host's LinkSession and the ShufflerSimulator speak through it.
 */
export interface LinePort {
  write(data: string | Buffer, callback?: (error: Error | null | undefined) => void): unknown;
  // biome-ignore lint/suspicious/noExplicitAny: Node's EventEmitter listener type, which SerialPort and PassThrough both declare.
  on(event: string, listener: (...args: any[]) => void): unknown;
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  removeListener(event: string, listener: (...args: any[]) => void): unknown;
  /** SerialPort's flag; absent on plain streams (taken as open). */
  readonly isOpen?: boolean;
  close?(callback?: (error?: Error | null) => void): unknown;
}

/** Writes a line and never throws: a closed port reports through its `error`/`close` events instead. */
export function writeLine(port: LinePort, data: string | Buffer, onError: (error: Error) => void): void {
  try {
    port.write(data, (error) => {
      if (error) onError(error);
    });
  } catch (e) {
    onError(e instanceof Error ? e : new Error(String(e)));
  }
}

/** Closes a port if it can be and is open; resolves either way. */
export function closeQuietly(port: LinePort): Promise<void> {
  return new Promise((resolve) => {
    if (!port.close || port.isOpen === false) return resolve();
    try {
      port.close(() => resolve());
    } catch {
      resolve();
    }
  });
}
