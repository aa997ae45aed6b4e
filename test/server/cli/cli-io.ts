/** An in-memory stdout/stderr pair for running tq commands in-process. */
import type { CliIo } from '../../../server/cli/tq.ts';

export interface CapturedIo extends CliIo {
  out(): string;
  err(): string;
}

export function captureIo(): CapturedIo {
  let out = '';
  let err = '';
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    out: () => out,
    err: () => err,
  };
}

/** Runs a command module's `run` and returns its exit status with what it wrote. */
export async function runCommand(
  command: { run(argv: string[], io: CliIo): Promise<number> },
  argv: string[],
): Promise<{ status: number; out: string; err: string }> {
  const io = captureIo();
  const status = await command.run(argv, io);
  return { status, out: io.out(), err: io.err() };
}
