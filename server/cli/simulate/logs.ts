/**
 * `tq simulate --logs <dir> --shoes N --shuffle <spec> [--seed S]`: writes one
 * shoe log per shoe (shoe-00001.jsonl …, so a shell glob lists them in the
 * order dealt), each shoe shuffled by the named shuffler from the previous
 * shoe's dealt order — the material `tq audit shuffle` is tested on.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../../../shoe/math/seeded-random.ts';
import type { Rules } from '../../../shoe/rules.ts';
import { formatShoeLog } from '../../../shoe/shoe-log.ts';
import { dealtShoeLog, shuffledSequence } from '../../simulator/simulated-logs.ts';
import type { Shuffler } from '../../simulator/weak-shufflers.ts';

export function shoeLogName(i: number): string {
  return `shoe-${String(i).padStart(5, '0')}.jsonl`;
}

export function writeSimulatedLogs(dir: string, shoes: number, shuffle: Shuffler, seed: number | string, rules: Rules): string[] {
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  let i = 0;
  for (const cards of shuffledSequence(shuffle, mulberry32(seed), shoes)) {
    i++;
    const file = join(dir, shoeLogName(i));
    writeFileSync(file, formatShoeLog(dealtShoeLog('SIM', `sim-${seed}-${i}`, cards, rules)));
    files.push(file);
  }
  return files;
}
