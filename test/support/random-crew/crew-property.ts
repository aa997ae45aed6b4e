/**
 * The random crew as a fast-check model-based property: random sequences of
 * steps (crew-steps.ts) run against a fresh real table each, every invariant
 * (crew-invariants.ts) and liveness (crew-liveness.ts) checked after every
 * step, and the view compared across each restart. A failure is reported by
 * fast-check with its seed and the shrunk sequence of steps.
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { CrewTable } from './crew-table.ts';
import { brokenInvariant } from './crew-invariants.ts';
import { stuck } from './crew-liveness.ts';
import { runStep, STEP_KINDS, stepText, type Step, type StepKind } from './crew-steps.ts';

/** What the runs did, for the report: steps run, refused, shoes started. */
export interface CrewTally {
  sequences: number;
  steps: number;
  refused: number;
  shoes: number;
  /** Coups begun. */
  coups: number;
  /** Events stored, by type (what the crew's steps came to). */
  events: Record<string, number>;
  /** Steps done (not refused), by kind. */
  done: Partial<Record<StepKind, number>>;
}

export const newTally = (): CrewTally => ({ sequences: 0, steps: 0, refused: 0, shoes: 0, coups: 0, events: {}, done: {} });

/** How often each kind comes: the game going on most, a restart now and then, a shoe cut short (suspension, reload) rarely, so shoes run long enough for prisons to deepen. */
const WEIGHTS: Record<StepKind, number> = {
  bet: 36,
  withdraw: 6,
  insure: 6,
  choice: 18,
  open: 18,
  close: 6,
  pull: 12,
  confirm: 18,
  dispute: 9,
  rule: 9,
  void: 9,
  suspend: 1,
  unhold: 2,
  newShoe: 9,
  shufflerShoe: 1,
  fault: 6,
  restart: 9,
  flow: 108,
  stray: 3,
  handBack: 6,
  silence: 3,
};

const digit = fc.integer({ min: 0, max: 9 });

class CrewStep implements fc.AsyncCommand<CrewTally, CrewTable> {
  constructor(readonly step: Step) {}
  check(): boolean {
    return true;
  }
  async run(tally: CrewTally, crew: CrewTable): Promise<void> {
    const before = this.step.kind === 'restart' ? crew.table.view() : null;
    const shoe = crew.table.state().shoe;
    const coups = crew.table.state().coups.length;
    const outcome = await runStep(crew, this.step);
    tally.steps++;
    const now = crew.table.state();
    tally.coups += now.shoe === shoe ? Math.max(0, now.coups.length - coups) : now.coups.length;
    if (outcome === 'refused') tally.refused++;
    else tally.done[this.step.kind] = (tally.done[this.step.kind] ?? 0) + 1;
    if (crew.table.state().shoe !== shoe) tally.shoes++;
    if (before && !isDeepStrictEqual(JSON.parse(JSON.stringify(before)), JSON.parse(JSON.stringify(crew.table.view())))) {
      throw new Error('the view after a restart differs from the view before it');
    }
    const broken = (await brokenInvariant(crew, this.step.kind === 'restart')) ?? stuck(crew.table.state(), crew.deck());
    if (broken) throw new Error(`after ${stepText(this.step)}: ${broken}`);
  }
  toString(): string {
    return stepText(this.step);
  }
}

const stepArb = fc.oneof(
  ...STEP_KINDS.map((kind) => ({
    weight: WEIGHTS[kind],
    arbitrary: fc.tuple(digit, digit, digit).map(([a, b, c]) => new CrewStep({ kind, a, b, c })),
  })),
);

/** The property: a sequence of up to `maxCommands` steps at a table whose shuffler decks come from `deckSeed`. */
export function crewProperty(maxCommands: number, tally: CrewTally) {
  return fc.asyncProperty(fc.commands([stepArb], { maxCommands, size: 'max' }), fc.nat(1_000_000), async (steps, deckSeed) => {
    const crew = await CrewTable.open(deckSeed);
    try {
      crew.load(40);
      await crew.table.startShoe({ user: 'tailleur', role: 'tailleur' }, { cards: 40 });
      crew.bind();
      tally.sequences++;
      tally.shoes++;
      await fc.asyncModelRun(() => ({ model: tally, real: crew }), steps);
      const broken = await brokenInvariant(crew, true);
      if (broken) throw new Error(`at the end, reading the log from disk: ${broken}`);
      for (const { id } of crew.store.listShoes()) {
        for (const e of await crew.store.readShoe(id)) tally.events[e.type] = (tally.events[e.type] ?? 0) + 1;
      }
    } finally {
      await crew.close();
    }
  });
}
