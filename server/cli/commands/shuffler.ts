/**
 * `tq shuffler --port <path> [--seed S | --fixture shoe.jsonl] [--pace ms] [--faults list]`:
 * a simulated card shuffler speaking TQ/1 (docs/serial-protocol.md) on a serial line. The
 * simulator and its options are the serial engineer's (server/simulator/shuffler-main.ts);
 * a wrong command line is refused here, before any port is opened.
 */
import { runShufflerCli, SHUFFLER_OPTIONS } from '../../simulator/shuffler-main.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs } from '../usage.ts';

export const help: CommandHelp = {
  usage: ['shuffler --port <path> [--fixture shoe.jsonl | --seed S [--shuffle spec [--previous shoe.jsonl]]] [--pace ms] [--faults list] [--baud n]'],
  about:
    'Plays a shuffler on a serial port (a null-modem cable or a PTY) with the TQ/1 protocol (docs/serial-protocol.md).\nWithout --pace it deals one card per line read on stdin (press Enter to pull a card). Prints each frame to stderr.',
  options: [
    ['--port <path>', 'the serial device or PTY end'],
    ['--seed <S>', 'a shoe shuffled from this seed (default: from the clock)'],
    ['--fixture <shoe.jsonl>', 'deal the cards of this shoe log, in order'],
    ['--shuffle <spec>', "fair, riffle:K, cut or pull:R[:P], from the previous shoe's dealt order"],
    ['--previous <shoe.jsonl>', 'with --shuffle: the previous shoe (factory order without it)'],
    ['--pace <ms>', 'a card every ms instead of one per line on stdin'],
    ['--faults <list>', 'e.g. drop:0.03,jam@100,cut@200:1500 (badChecksum garbage drop duplicate split exposed jam cut)'],
    ['--baud <n>', 'baud rate (default 9600)'],
    ['--resend-ms <ms>', 'how long to wait for an ACK before sending again'],
    ['--next-shoes', 'hand-dealt: load the next shoe when one is over (or on a line "new") instead of stopping'],
  ],
};

export function run(argv: string[], io: CliIo): Promise<number> {
  parseArgs({ args: argv, strict: true, options: SHUFFLER_OPTIONS });
  return runShufflerCli(argv, { stdin: process.stdin, stderr: io.stderr });
}
