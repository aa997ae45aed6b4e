/**
 * The native serial binding with its reads and writes made on the card
 * thread itself. serialport's Linux binding reads and writes the line with
 * `fs.read`/`fs.write`, which libuv runs in its threadpool — one pool for the
 * whole process, shared with the HTTP side's file reads (SSE resumes, exports,
 * the access log). A CARD frame or its ACK then waited behind them
 * (server/app/README.md#the-card-side-and-the-http-side). The line is opened
 * non-blocking (O_NONBLOCK), so a read or write here never blocks: it returns
 * what is there, or EAGAIN, and the binding's own poller waits for the line
 * to be ready, exactly as it does for the pool's answers. The binding's
 * retry, EAGAIN and disconnect handling are reused as they are.
 */
import { readSync, writeSync } from 'node:fs';
import { autoDetect, type AutoDetectTypes, type BindingInterface, type LinuxPortBinding } from '@serialport/bindings-cpp';
import { unixRead } from '@serialport/bindings-cpp/dist/unix-read.js';
import { unixWrite } from '@serialport/bindings-cpp/dist/unix-write.js';

type ReadHere = NonNullable<Parameters<typeof unixRead>[0]['fsReadAsync']>;
type WriteHere = NonNullable<Parameters<typeof unixWrite>[0]['fsWriteAsync']>;

const readHere = (async (fd: number, buffer: Buffer, offset: number, length: number, position: number | null) => ({
  bytesRead: readSync(fd, buffer, offset, length, position),
  buffer,
})) as unknown as ReadHere;

const writeHere = (async (fd: number, buffer: Buffer, offset: number, length: number) => ({
  bytesWritten: writeSync(fd, buffer, offset, length),
  buffer,
})) as unknown as WriteHere;

/** Linux's binding with on-thread reads and writes; elsewhere the detected binding unchanged. */
export function onThreadBinding(base: AutoDetectTypes = autoDetect()): AutoDetectTypes {
  if (process.platform !== 'linux') return base;
  const linux = base as BindingInterface<LinuxPortBinding>;
  const binding: BindingInterface<LinuxPortBinding> = {
    list: () => linux.list(),
    async open(options) {
      const port = await linux.open(options);
      const poolRead = port.read.bind(port);
      const poolWrite = port.write.bind(port);
      // The binding's field that drain() awaits: a write in progress.
      const pending = port as unknown as { writeOperation: Promise<void> | null };
      port.read = async (buffer, offset, length) => {
        if (!port.isOpen) return poolRead(buffer, offset, length); // its own refusal, word for word
        return unixRead({ binding: port, buffer, offset, length, fsReadAsync: readHere });
      };
      port.write = (buffer) => {
        if (!port.isOpen || buffer.length === 0) return poolWrite(buffer);
        const writing = unixWrite({ binding: port, buffer, fsWriteAsync: writeHere }).then(() => {
          if (pending.writeOperation === writing) pending.writeOperation = null;
        });
        pending.writeOperation = writing;
        return writing;
      };
      return port;
    },
  };
  return binding as AutoDetectTypes;
}
