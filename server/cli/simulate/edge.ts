/**
 * `tq simulate --edge`: fair shuffles from a seed, the edge simulator
 * (shoe/edge/) over them, and its report as text or JSON.
 */
import { orderedShoe } from '../../../shoe/card.ts';
import { edgeReport, type EdgeReport } from '../../../shoe/edge/edge-estimate.ts';
import { createEdgeTally, playShoe, POLICIES } from '../../../shoe/edge/house-edge.ts';
import { CHANCES } from '../../../shoe/events.ts';
import { mulberry32, shuffleInPlace } from '../../../shoe/math/seeded-random.ts';
import type { Rules } from '../../../shoe/rules.ts';

export interface EdgeRun extends EdgeReport {
  seed: number | string;
  rules: { name: string; settings: Rules };
  coupsPerSecond: number;
}

export function simulateEdge(shoes: number, seed: number | string, rules: Rules, rulesName: string): EdgeRun {
  const random = mulberry32(seed);
  const shoe = orderedShoe();
  const tally = createEdgeTally(rules);
  const started = performance.now();
  for (let i = 0; i < shoes; i++) playShoe(shuffleInPlace(shoe, random), tally);
  const seconds = (performance.now() - started) / 1000;
  return { ...edgeReport(tally), seed, rules: { name: rulesName, settings: rules }, coupsPerSecond: seconds > 0 ? Math.round(tally.coups / seconds) : 0 };
}

const pct = (x: number, digits = 4) => `${(100 * x).toFixed(digits)} %`;

export function edgeText(run: EdgeRun): string {
  const head = `${run.shoes} shoes (seed ${run.seed}), ${run.coups} coups, rules ${run.rules.name}, unit ${(run.unit / 100).toFixed(2)}`;
  const rows = POLICIES.flatMap((policy) =>
    CHANCES.map((chance) => {
      const f = run.edge[policy][chance];
      return `  ${policy.padEnd(9)} ${chance.padEnd(8)} ${pct(f.edge).padStart(10)}  ± ${pct(f.se).padStart(9)}   (plain ± ${pct(f.sePlain)})`;
    }),
  );
  const fates = CHANCES.map((chance) => {
    const { imprisoned, fates: f } = run.prison[chance];
    const parts = Object.entries(f)
      .filter(([, v]) => v > 0)
      .map(([k, v]) => `${k} ${pct(v, 2)}`);
    return `  ${chance.padEnd(8)} ${imprisoned} imprisoned: ${parts.join(', ')}`;
  });
  return [
    head,
    '',
    'House edge (bank gain / fresh stakes) ± standard error',
    ...rows,
    '',
    'Stakes left in prison (leave policy): what became of them',
    ...fates,
    '',
    `${run.coupsPerSecond.toLocaleString('en')} coups/s (shuffling, dealing, settling every policy and chance)`,
    '',
  ].join('\n');
}
