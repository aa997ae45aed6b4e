/**
 * Every sequence the random crew (random-crew.test.ts) found a defect with,
 * kept as it was shrunk, replayed at a fresh real table with every invariant
 * checked after every step.
 */
import { expect } from 'chai';
import { CrewTable } from '../../support/random-crew/crew-table.ts';
import { brokenInvariant } from '../../support/random-crew/crew-invariants.ts';
import { stuck } from '../../support/random-crew/crew-liveness.ts';
import { runStep, stepText, type Step } from '../../support/random-crew/crew-steps.ts';

type Found = { found: string; deckSeed: number; steps: [Step['kind'], number, number, number][] };

const FOUND: Found[] = [
  {
    found: 'a coup dealt with no open after an après settled without the stakes the après left on the layout (shoe/lying-stakes.ts)',
    deckSeed: 0,
    steps: [
      ['flow', 0, 0, 0],
      ['pull', 3, 0, 0],
      ['flow', 0, 0, 0],
      ['flow', 0, 0, 5],
      ['pull', 6, 0, 0],
      ['flow', 8, 0, 0],
    ],
  },
  {
    found: 'voiding the last burn card after the bets were opened dropped the open and every bet since (shoe/evolve.ts, open)',
    deckSeed: 0,
    steps: [
      ['pull', 2, 0, 0],
      ['flow', 4, 0, 0],
      ['flow', 0, 0, 0],
      ['bet', 0, 0, 0],
      ['void', 0, 0, 0],
    ],
  },
];

describe('the random crew’s finds, kept', () => {
  for (const { found, deckSeed, steps } of FOUND) {
    it(found, async () => {
      const crew = await CrewTable.open(deckSeed);
      try {
        crew.load(40);
        await crew.table.startShoe({ user: 'tailleur', role: 'tailleur' }, { cards: 40 });
        crew.bind();
        for (const [kind, a, b, c] of steps) {
          const step = { kind, a, b, c };
          await runStep(crew, step);
          const broken = (await brokenInvariant(crew)) ?? stuck(crew.table.state(), crew.deck());
          expect(broken, `after ${stepText(step)}`).to.equal(null);
        }
      } finally {
        await crew.close();
      }
    });
  }
});
