/**
 * PIN hashing away from the card path. scrypt costs ~50 ms of a core per
 * login; run in this process's threadpool it competes on equal terms with
 * the thread that acknowledges the shuffler's cards, so a login flood on a
 * two-core table machine made card→ACK wait. Here the hashes are computed in
 * one child process that lowers its own CPU priority (nice 10) before its
 * first hash: when the machine is busy the kernel serves the table's thread
 * and the serial line first, and logins, already capped by the login limiter
 * to one check at a time, simply take longer.
 *
 * The child is started at the first PIN check and shared; it never keeps the
 * server alive, and it exits when this process goes (its IPC channel closes).
 * Should it die, the checks in flight fail (a 500 for those logins, never a
 * wrong "yes") and the next one starts a new child. Where a child cannot be
 * started at all, the hash is computed here, as before.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { scrypt } from 'node:crypto';

/** Lower than the table's threads (0), not so low that logins stall on a busy box. */
const NICE = 10;

/**
 * The child's whole program (CommonJS, no loader needed). It lowers its own
 * priority before its first hash, so the threadpool threads that libuv then
 * creates for scrypt inherit it (on Linux a new thread takes its creator's).
 */
const CHILD = `
const { scrypt } = require('node:crypto');
try { require('node:os').setPriority(${NICE}); } catch {}
process.on('message', (m) => {
  scrypt(m.pin, Buffer.from(m.salt, 'hex'), m.length, (error, key) => {
    if (process.connected) process.send(error ? { id: m.id, error: String(error.message) } : { id: m.id, key: key.toString('hex') });
  });
});
process.on('disconnect', () => process.exit(0));
`;

interface Pending {
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

interface Reply {
  id: number;
  key?: string;
  error?: string;
}

interface Hasher {
  process: ChildProcess;
  /** Requests sent to this child and not yet answered. */
  pending: Map<number, Pending>;
}

let child: Hasher | undefined;
let nextId = 0;

function start(): Hasher {
  const pending = new Map<number, Pending>();
  const started = spawn(process.execPath, ['-e', CHILD], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: {} });
  started.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) started.channel?.unref();
    if (reply.key !== undefined) waiting.resolve(Buffer.from(reply.key, 'hex'));
    else waiting.reject(new Error(`PIN hasher: ${reply.error}`));
  });
  const gone = (why: string) => {
    if (child?.process === started) child = undefined;
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(new Error(`PIN hasher: ${why}`));
    }
  };
  started.on('exit', (code, signal) => gone(`exited (${signal ?? code})`));
  started.on('error', (error) => gone(error.message));
  started.unref();
  started.channel?.unref();
  return { process: started, pending };
}

function inProcess(pin: string, salt: Buffer, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(pin, salt, length, (error, key) => (error ? reject(error) : resolve(key))));
}

/** scrypt(pin, salt) with Node's default cost, computed in the low-priority child. */
export function scryptAway(pin: string, salt: Buffer, length: number): Promise<Buffer> {
  let hasher: Hasher;
  try {
    hasher = child ??= start();
  } catch {
    return inProcess(pin, salt, length);
  }
  const { process: worker, pending } = hasher;
  if (!worker.connected) return inProcess(pin, salt, length);
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.channel?.ref();
    worker.send({ id, pin, salt: salt.toString('hex'), length }, (error) => {
      if (!error || !pending.delete(id)) return;
      reject(new Error(`PIN hasher: ${error.message}`));
    });
  });
}

/** Stops the child (tests, and a server that closes while its process lives on). */
export function stopPinHasher(): void {
  child?.process.kill();
  child = undefined;
}
