/** A table driven through decide/evolve exactly as the server drives it, for rule tests. */
import { decide } from '../../shoe/decide.ts';
import { evolve } from '../../shoe/evolve.ts';
import type { Command } from '../../shoe/commands.ts';
import type { ShoeEvent } from '../../shoe/events.ts';
import { RuleError } from '../../shoe/errors.ts';
import { VENICE_RULES, type Rules } from '../../shoe/rules.ts';
import { INITIAL_STATE, type ShoeState, type Coup } from '../../shoe/state.ts';
import type { PrisonCarry } from '../../shoe/events.ts';

/** Cards that make given rows. Each row's last card takes it past 30. */
export const ROWS = {
  /** 31 with a red first card */ r31: ['TH', 'KS', 'QD', 'AC'],
  /** 31 with a black first card */ b31: ['JS', 'TD', 'QC', 'AH'],
  /** 32, red first */ r32: ['KD', 'JD', '2C', 'KH'],
  /** 32, black first */ b32: ['QS', 'QC', '2D', 'TS'],
  /** 36, black first */ b36: ['KS', 'QS', '7C', '9D'],
  /** 37, red first (the ten of hearts of the rules' first example) */ r37: ['TH', 'KS', '7C', 'TD'],
  /** 37, black first */ b37: ['KC', 'JC', '7H', 'TD'],
  /** 38, red first */ r38: ['QH', 'JH', '8S', 'KD'],
  /** 35, black first */ b35: ['JS', 'QD', '5C', 'TH'],
  /** 40 */ b40: ['9S', '9C', '9H', '3D', 'TD'],
} as const;

export class Harness {
  state: ShoeState = INITIAL_STATE;
  log: ShoeEvent[] = [];
  private seq = 0;

  constructor(rules: Partial<Rules> = {}, prison: PrisonCarry[] = []) {
    this.do({ type: 'start', table: 'T1', shoe: 'test-shoe', cards: 312, rules: { ...VENICE_RULES, ...rules }, ...(prison.length && { prison }) });
  }

  do(command: Command, by = 'tester'): ShoeEvent[] {
    const events = decide(this.state, command, { at: '2026-11-22T10:00:00.000Z', by });
    for (const e of events) this.state = evolve(this.state, e);
    this.log.push(...events);
    return events;
  }

  /** The RuleError code a command is refused with (and proof the state did not change). */
  refused(command: Command): string {
    const before = this.state;
    try {
      this.do(command);
    } catch (e) {
      if (!(e instanceof RuleError)) throw e;
      if (this.state !== before) throw new Error('a refused command changed the state');
      return e.code;
    }
    throw new Error(`${JSON.stringify(command)} was accepted`);
  }

  card(card: string, exposed = false): ShoeEvent[] {
    return this.do(exposed ? { type: 'card', seq: ++this.seq, card, exposed: true } : { type: 'card', seq: ++this.seq, card }, 'shuffler');
  }

  cards(cards: readonly string[]): void {
    for (const c of cards) this.card(c);
  }

  burn(cards: readonly string[] = ['2C', '3C', '4C', '5C', '6C']): this {
    this.cards(cards);
    return this;
  }

  /** Deals a coup from two rows and returns it (not confirmed). */
  coup(noir: readonly string[], rouge: readonly string[]): Coup {
    this.cards([...noir, ...rouge]);
    return this.state.coups.at(-1)!;
  }

  /** Deals and confirms a coup. */
  play(noir: readonly string[], rouge: readonly string[]): Coup {
    const c = this.coup(noir, rouge);
    this.do({ type: 'confirm', coup: c.coup });
    return this.state.coups.at(-1)!;
  }

  open(): this {
    this.do({ type: 'open' });
    return this;
  }

  bet(player: string, chance: 'rouge' | 'noir' | 'couleur' | 'inverse', amount: number, insured = false): this {
    this.do(insured ? { type: 'bet', player, chance, amount, insured: true } : { type: 'bet', player, chance, amount });
    return this;
  }

  rowsOf(coup: number, player: string) {
    return this.state.coups[coup - 1]!.settlement.filter((r) => r.player === player);
  }
}
