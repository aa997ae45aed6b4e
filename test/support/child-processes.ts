/**
 * This process's child processes, read from /proc (Linux): the tests that
 * must find a child they started (the PIN hasher, esbuild's service) take the
 * ones that appeared after their own call, never one by its position.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ChildProcessInfo {
  pid: number;
  nice: number;
  /** The command line, arguments joined by spaces. */
  command: string;
}

export function childProcesses(): ChildProcessInfo[] {
  const found: ChildProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command name in parentheses (which may itself hold ") "): state, ppid, … nice is the 17th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      found.push({ pid: Number(entry), nice: Number(fields[16]), command });
    } catch {
      // the process ended while the list was read
    }
  }
  return found;
}
