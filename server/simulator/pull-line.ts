/**
 * A line on the hand-dealt simulator's stdin: a press of the shuffler's
 * button. Typed by hand it is Enter ("pull"), "new" or "reload"; the demo
 * writes `pull <ms>` / `new <ms>` with the time it was pressed (ms since the
 * epoch, this machine's clock).
 *
 * A shuffler that hangs (or a simulator stopped with SIGSTOP) registers no
 * press meanwhile: when it comes back it deals on the next press, not one
 * card for every press made while it was not answering. So a press older
 * than `STALE_PULL_MS` when read deals nothing; a stale "new" still loads the
 * next shoe (the table began one), without dealing from it.
 */

/** How old a press may be when read and still deal: far above a pipe's delay on a loaded machine, far below a hang. */
export const STALE_PULL_MS = 2_000;

export interface PullLine {
  kind: 'pull' | 'new' | 'reload';
  /** When it was pressed (ms since the epoch), if the line says. */
  pressedAt?: number;
}

export function readPullLine(line: string): PullLine {
  const [word = '', at] = line.trim().split(/\s+/);
  const kind = word === 'new' || word === 'reload' ? word : 'pull';
  const pressedAt = at !== undefined && /^\d+$/.test(at) ? Number(at) : undefined;
  return pressedAt === undefined ? { kind } : { kind, pressedAt };
}

/** How long ago the press was made, when it is stale; null for a press to act on. */
export function staleBy(pull: PullLine, now: number): number | null {
  if (pull.pressedAt === undefined) return null;
  const age = now - pull.pressedAt;
  return age > STALE_PULL_MS ? age : null;
}

/** The line the demo writes for a press made now. */
export function pullLineFor(newShoe: boolean, now: number): string {
  return `${newShoe ? 'new' : 'pull'} ${now}\n`;
}
