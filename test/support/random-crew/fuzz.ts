/**
 * `npm run fuzz -- --steps N --seed S [--length L]`: the random crew
 * (crew-property.ts) for long runs, outside `npm test`. Batches of 100
 * sequences of up to L steps (default 60), the k-th batch seeded S + k,
 * until N steps have run. A failure prints its batch's seed and the shrunk
 * sequence (fast-check's report) and exits 1; keep that sequence in
 * test/server/table/random-crew-regressions.test.ts once fixed.
 */
import fc from 'fast-check';
import { parseArgs } from 'node:util';
import { crewProperty, newTally } from './crew-property.ts';

const { values } = parseArgs({
  options: { steps: { type: 'string', default: '100000' }, seed: { type: 'string', default: '1' }, length: { type: 'string', default: '60' } },
});
const steps = Number(values.steps);
const seed = Number(values.seed);
const length = Number(values.length);
if (![steps, seed, length].every(Number.isSafeInteger) || steps < 1 || length < 1) {
  console.error('usage: npm run fuzz -- --steps N --seed S [--length L]');
  process.exit(2);
}

const tally = newTally();
const started = performance.now();
let batch = 0;
try {
  for (; tally.steps < steps; batch++) {
    await fc.assert(crewProperty(length, tally), { numRuns: 100, seed: seed + batch });
    if (batch % 10 === 9) console.error(`… ${tally.steps} steps, ${tally.sequences} sequences (${Math.round((performance.now() - started) / 1000)} s)`);
  }
} catch (e) {
  console.error(`the random crew found a defect in batch ${batch} (seed ${seed + batch}):\n${(e as Error).message}`);
  process.exit(1);
}
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ seed, batches: batch, ...tally, seconds: Math.round(seconds), stepsPerSecond: Math.round(tally.steps / seconds) }));
