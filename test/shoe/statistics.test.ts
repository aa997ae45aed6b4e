/**
 * The engine's dealing checked against the game's known odds, and the fast
 * dealer (shoe-dealer.ts) checked against the table's own state machine: the
 * simulator's figures are only worth something if both deal alike.
 */
import { expect } from 'chai';
import { cardColour, orderedShoe, cardFromCode, type Card } from '../../shoe/card.ts';
import { decide } from '../../shoe/decide.ts';
import { evolve } from '../../shoe/evolve.ts';
import type { Command } from '../../shoe/commands.ts';
import { VENICE_RULES } from '../../shoe/rules.ts';
import { COULEUR_INDEX, createDealStats, dealShoe, RESULT_INDEX, tracedCoup } from '../../shoe/shoe-dealer.ts';
import { INITIAL_STATE, type ShoeState } from '../../shoe/state.ts';
import { mulberry32, shuffleInPlace } from '../../server/simulator/seeded-random.ts';

/** Exact per-coup probabilities for a six-deck shoe (Wizard of Odds, Trente et Quarante). */
const EXACT = { apres31: 0.021891, apres: 0.109599, rouge: 0.445201, noir: 0.445201 };

/** A simulated frequency must lie within 4 standard errors of the exact value. */
function expectNear(name: string, count: number, trials: number, p: number): void {
  const se = Math.sqrt((p * (1 - p)) / trials);
  const observed = count / trials;
  expect(Math.abs(observed - p), `${name}: ${observed.toFixed(6)} vs ${p} (4 SE = ${(4 * se).toFixed(6)})`).to.be.at.most(4 * se);
}

/** Deals a shoe of card codes through decide/evolve, as the server does, with no bets. */
function tableDeal(codes: Uint8Array): ShoeState {
  let state = INITIAL_STATE;
  const apply = (command: Command) => {
    for (const e of decide(state, command)) state = evolve(state, e);
  };
  apply({ type: 'start', table: 'T1', shoe: 'stats', cards: codes.length, rules: { ...VENICE_RULES } });
  codes.forEach((code, i) => {
    if (state.phase === 'waiting' && state.coups.length > 0) apply({ type: 'open' });
    apply({ type: 'card', seq: i + 1, card: cardFromCode(code) });
    const last = state.coups.at(-1);
    if (last?.status === 'awaiting-confirm') apply({ type: 'confirm', coup: last.coup });
  });
  apply({ type: 'end', reason: 'empty' });
  return state;
}

function shuffledShoes(count: number, seed: number, decks = 6): Uint8Array[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => shuffleInPlace(orderedShoe(decks), random));
}

describe('odds of the game, dealt by the engine (six decks, five burnt)', function () {
  this.timeout(30_000);
  const SHOES = 20_000;
  const stats = createDealStats();

  before(() => {
    const random = mulberry32(20_260_522);
    const shoe = orderedShoe();
    for (let i = 0; i < SHOES; i++) dealShoe(shuffleInPlace(shoe, random), VENICE_RULES, stats);
  });

  it('deals some 28 to 29 coups a shoe, with at most one coup a shoe cut short by the end of the cards', () => {
    expect(stats.shoes).to.equal(SHOES);
    expect(stats.coups / SHOES).to.be.within(28, 29.5);
    expect(stats.annulled).to.be.at.most(SHOES);
    expect(stats.foreign).to.equal(0);
  });

  it('gives the 31 après its exact probability, 0.021891', () => {
    expectNear('31 après', stats.results[RESULT_INDEX.apres31]!, stats.coups, EXACT.apres31);
  });

  it('gives an après of any total, 31 included, its exact probability, 0.109599', () => {
    expectNear('après', stats.results[RESULT_INDEX.apres]! + stats.results[RESULT_INDEX.apres31]!, stats.coups, EXACT.apres);
  });

  it('lets Rouge and Noir each win with probability 0.445201', () => {
    expectNear('Rouge', stats.results[RESULT_INDEX.rouge]!, stats.coups, EXACT.rouge);
    expectNear('Noir', stats.results[RESULT_INDEX.noir]!, stats.coups, EXACT.noir);
  });

  it('lets Couleur and Inverse each win half of the coups that are not après', () => {
    // Swapping hearts with clubs and diamonds with spades maps every deal to
    // one with the same totals and a first Noir card of the other colour, so
    // Couleur and Inverse are equally likely; between them they take every
    // coup that is not an après.
    const p = (1 - EXACT.apres) / 2;
    expectNear('Couleur', stats.couleur[COULEUR_INDEX.couleur]!, stats.coups, p);
    expectNear('Inverse', stats.couleur[COULEUR_INDEX.inverse]!, stats.coups, p);
  });

  it('counts two completed rows a coup, each totalling 31 to 40', () => {
    const rows = Array.from(stats.rowTotals);
    expect(rows.slice(0, 31).every((n) => n === 0)).to.equal(true);
    expect(rows.reduce((a, b) => a + b, 0)).to.equal(2 * stats.coups);
    // The lower the total, the likelier: a row stops at the first card past 30.
    for (let t = 31; t < 40; t++) expect(rows[t]!, `row total ${t} vs ${t + 1}`).to.be.greaterThan(rows[t + 1]!);
  });
});

describe('the fast dealer and the table state machine deal alike', function () {
  this.timeout(30_000);

  function compare(shoes: Uint8Array[]) {
    const capacity = shoes.length * 40;
    const stats = createDealStats(capacity);
    for (const shoe of shoes) dealShoe(shoe, VENICE_RULES, stats);
    const fast = Array.from(stats.trace!.subarray(0, stats.traced), (entry) => tracedCoup(entry));

    const table: { noir: number; rouge: number; firstNoirRed: boolean }[] = [];
    const results = new Float64Array(4);
    const couleur = new Float64Array(2);
    let annulled = 0;
    let foreign = 0;
    for (const shoe of shoes) {
      const state = tableDeal(shoe);
      foreign += state.alerts.filter((a) => a.kind === 'foreign-card').length;
      for (const c of state.coups) {
        if (c.status === 'annulled') {
          annulled++;
          continue;
        }
        table.push({ noir: c.noir.total, rouge: c.rouge.total, firstNoirRed: cardColour(c.noir.cards[0]!.card as Card) === 'red' });
        results[RESULT_INDEX[c.result!]]!++;
        if (c.couleur) couleur[COULEUR_INDEX[c.couleur]]!++;
      }
    }
    expect(table.length).to.be.greaterThan(shoes.length * 20);
    expect(fast).to.deep.equal(table);
    expect(Array.from(stats.results)).to.deep.equal(Array.from(results));
    expect(Array.from(stats.couleur)).to.deep.equal(Array.from(couleur));
    expect(stats.annulled).to.equal(annulled);
    expect(stats.foreign).to.equal(foreign);
    return stats;
  }

  it('on 20 shuffled six-deck shoes: every coup, its rows, result and Couleur', () => {
    const stats = compare(shuffledShoes(20, 4711));
    expect(stats.foreign).to.equal(0);
  });

  it('on shoes holding a seventh deck: the seventh copies are foreign, skipped by both', () => {
    const stats = compare(shuffledShoes(5, 815, 7));
    expect(stats.foreign).to.equal(5 * 52);
  });
});
