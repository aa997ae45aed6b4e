/**
 * `tq shuffler --port <path> [--seed S | --fixture shoe.jsonl] [--pace ms] [--faults list]`:
 * a simulated card shuffler speaking TQ/1 (docs/serial-protocol.md) on a serial line. The
 * simulator and its options are the serial engineer's (server/simulator/shuffler-main.ts).
 */
import { runShufflerCli } from '../../simulator/shuffler-main.ts';
import type { CliIo } from '../tq.ts';

export function run(argv: string[], io: CliIo): Promise<number> {
  return runShufflerCli(argv, { stdin: process.stdin, stderr: io.stderr });
}
