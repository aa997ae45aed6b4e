/**
 * Builds legal shoes whose coups come out as a fixture needs them, and writes
 * them as the shoe log of docs/shoe-log.md.
 *
 * A script is a list of coups, given by their row totals (or exact cards),
 * with the bets, choices and incidents of each; filler coups make up the rest
 * of the shoe. Planning takes the scripted cards out of a six-deck pool first,
 * then five burn cards, then deals the filler from what is left, so no card
 * appears more than six times unless a foreign card is asked for. Everything
 * is deterministic: the same script always gives the same log.
 *
 * The builder knows the rules only as docs/rules.md states them (rows, the call,
 * which stakes stay on the layout after an après); it never asks the engine.
 */
import type { Chance, PrisonCarry, ShoeEvent } from '../../shoe/events.ts';
import type { Rules } from '../../shoe/rules.ts';
import { call, winner } from './call.ts';
import { colour, COPIES, points, type Colour } from './deck.ts';
import { Pool } from './pool.ts';
import { rng, shuffle } from './rng.ts';
import { composeRow, dealCoup, isRow, STOP, total, type DealtCoup } from './rows.ts';
import { splitIntoRows } from './tail.ts';

/** Venice's rule settings (docs/rules.md#rule-settings), written out here rather than imported. */
export const VENICE: Rules = { burn: 5, min: 500, max: 500_000, insurance: 0.01, maxPrisonLevel: 3, exposedCoupLimit: 3, endOfShoeRelease: true };

export type Action =
  | { type: 'bet'; player: string; chance: Chance; amount: number; insured?: true }
  | { type: 'withdraw'; player: string; chance: Chance }
  | { type: 'insure'; player: string; chance: Chance }
  | { type: 'choice'; player: string; chance: Chance; action: 'leave' | 'partager' }
  | { type: 'choice'; player: string; chance: Chance; action: 'move'; to: Chance };

export const bet = (player: string, chance: Chance, amount: number, opts: { insured?: true } = {}): Action => ({
  type: 'bet',
  player,
  chance,
  amount,
  ...opts,
});
export const withdraw = (player: string, chance: Chance): Action => ({ type: 'withdraw', player, chance });
export const leave = (player: string, chance: Chance): Action => ({ type: 'choice', player, chance, action: 'leave' });
export const partager = (player: string, chance: Chance): Action => ({ type: 'choice', player, chance, action: 'partager' });
export const move = (player: string, chance: Chance, to: Chance): Action => ({ type: 'choice', player, chance, action: 'move', to });

export interface CoupScript {
  /** The Noir row: its total (cards picked from the pool) or its exact cards. */
  noir: number | readonly string[];
  rouge: number | readonly string[];
  /** The first Noir card, or just its colour (rows given by total only). */
  first?: Colour | string;
  /** Placed while bets are open, after any stakes the last après left on the layout. */
  bets?: readonly Action[];
  /** Said once the call is confirmed, on stakes this coup imprisoned. */
  choices?: readonly Action[];
  /** Who closes the bets: the croupier ("rien ne va plus") or the first card. Default: croupier when there are bets. */
  closedBy?: 'croupier' | 'card';
  /** Indexes (0-based, counted cards of the coup, Noir row first) of cards seen face up in the shuffler. */
  exposed?: readonly number[];
  /** A card drawn and voided (fell to the floor) just before counted card `before`. */
  void?: { before: number; card?: string; reason?: string };
  /** A seventh copy of `card` drawn just before counted card `before`. */
  foreign?: { before: number; card: string };
}

export interface CutScript {
  /** The counted cards dealt before the shuffler runs dry; they must not complete the coup. */
  cards: readonly string[];
  bets?: readonly Action[];
}

type Item =
  | { kind: 'coup'; script: CoupScript; rows?: DealtCoup; voided?: string }
  | { kind: 'filler'; count: number; coups?: DealtCoup[] }
  | { kind: 'rest'; coups?: DealtCoup[] }
  | { kind: 'cut'; script: CutScript };

export interface ShoeHeader {
  table?: string;
  shoe: string;
  /** First event's time; each line is 5 s after the last. */
  start: string;
  rules?: Partial<Rules>;
  /** Stakes carried in prison from a suspended shoe. */
  prison?: PrisonCarry[];
  /** Seed of the filler's shuffles. */
  seed?: number;
}

const TAILLEUR = 't1';
const PAYEUR = 'p1';

export class ShoeBuilder {
  private readonly items: Item[] = [];
  private readonly rules: Rules;

  constructor(private readonly header: ShoeHeader) {
    this.rules = { ...VENICE, ...header.rules };
  }

  /** A scripted coup. */
  coup(script: CoupScript): this {
    this.items.push({ kind: 'coup', script });
    return this;
  }

  /** `count` ordinary coups nobody bets on, dealt from the shuffled rest of the pool. */
  filler(count: number): this {
    this.items.push({ kind: 'filler', count });
    return this;
  }

  /** As many ordinary coups as it takes to deal every card left, ending exactly on a coup. */
  rest(): this {
    this.items.push({ kind: 'rest' });
    return this;
  }

  /** The last coup, cut short when the shuffler runs out. */
  cutShort(script: CutScript): this {
    this.items.push({ kind: 'cut', script });
    return this;
  }

  build(): ShoeEvent[] {
    const burn = this.plan();
    return this.emit(burn);
  }

  toJsonl(): string {
    return `${this.build()
      .map((e) => JSON.stringify(e))
      .join('\n')}\n`;
  }

  // ---------------------------------------------------------------- planning

  private plan(): string[] {
    const pool = new Pool();
    // Exact cards first, so they are there to take.
    for (const item of this.items) {
      if (item.kind === 'cut') item.script.cards.forEach((c) => pool.take(c));
      if (item.kind !== 'coup') continue;
      const s = item.script;
      if (typeof s.noir !== 'number') s.noir.forEach((c) => pool.take(c));
      if (typeof s.rouge !== 'number') s.rouge.forEach((c) => pool.take(c));
      if (s.void?.card !== undefined) item.voided = pool.take(s.void.card);
    }
    for (const item of this.items) {
      if (item.kind !== 'coup') continue;
      const s = item.script;
      const noir = typeof s.noir === 'number' ? composeRow(pool, s.noir, s.first) : [...s.noir];
      const rouge = typeof s.rouge === 'number' ? composeRow(pool, s.rouge) : [...s.rouge];
      if (!isRow(noir) || !isRow(rouge)) throw new Error(`not complete rows: ${noir.join(' ')} / ${rouge.join(' ')}`);
      if (s.first !== undefined && typeof s.noir !== 'number') throw new Error('`first` goes with a Noir row given by its total');
      item.rows = { noir, rouge };
      if (s.void && item.voided === undefined) item.voided = pool.take(pool.pick(mostPlentiful(pool))!);
    }
    const random = rng(this.header.seed ?? 1);
    const burn = shuffle(pool.cards(), random).slice(0, this.rules.burn);
    burn.forEach((c) => pool.take(c));
    for (const item of this.items) if (item.kind === 'filler') item.coups = fillerCoups(pool, item.count, random);
    const rests = this.items.filter((i) => i.kind === 'rest');
    if (rests.length > 1) throw new Error('one rest() per shoe');
    if (rests[0]) rests[0].coups = restCoups(pool, this.header.seed ?? 1);
    const undealt = pool.size;
    const suspends = this.items.some((i) => i.kind === 'coup' && i.script.exposed?.length);
    if (undealt > 0 && !suspends) throw new Error(`${undealt} cards left undealt: end the script with rest() or cutShort()`);
    return burn;
  }

  // ---------------------------------------------------------------- emitting

  private emit(burn: readonly string[]): ShoeEvent[] {
    const events: ShoeEvent[] = [];
    const t0 = Date.parse(this.header.start);
    const dealt = new Map<string, number>();
    let seq = 0;
    let coupNo = 0;
    let exposedCoups = 0;
    let ended = false;
    /** Free stakes that stay on the layout for the next coup (after an après). */
    let layout: Stake[] = [];

    const push = (body: ShoeEvent, by: string) => {
      if (ended && body.type !== 'confirm' && body.type !== 'end') throw new Error(`${body.type} after the shoe ended`);
      events.push({ ...body, at: new Date(t0 + events.length * 5000).toISOString(), by });
    };
    const draw = (card: string, extra: { exposed?: true } = {}) => {
      dealt.set(card, (dealt.get(card) ?? 0) + 1);
      push({ type: 'card', seq: ++seq, card, ...extra }, TAILLEUR);
    };

    push(
      {
        type: 'shoe',
        table: this.header.table ?? 'T1',
        shoe: this.header.shoe,
        cards: 312,
        rules: this.rules,
        ...(this.header.prison && { prison: this.header.prison }),
      },
      TAILLEUR,
    );
    burn.forEach((c) => draw(c));

    const playCoup = (rows: DealtCoup, script: CoupScript | undefined, voided: string | undefined) => {
      if (ended) throw new Error('a coup after the shoe was suspended');
      coupNo++;
      push({ type: 'open' }, TAILLEUR);
      const stakes = layout.map((s) => ({ ...s, insured: false }));
      for (const s of stakes) push({ type: 'bet', player: s.player, chance: s.chance, amount: s.amount, carried: true }, PAYEUR);
      if (stakes.length > 0 && script === undefined) throw new Error(`stakes stay on the layout after coup ${coupNo - 1}: script coup ${coupNo}`);
      for (const a of script?.bets ?? []) {
        applyAction(stakes, a);
        push(a, PAYEUR);
      }
      const byCard = script?.closedBy === 'card' || (script?.closedBy === undefined && stakes.length === 0);
      push(byCard ? { type: 'close', cause: 'card' } : { type: 'close' }, TAILLEUR);
      const cards = [...rows.noir, ...rows.rouge];
      const exposed = new Set(script?.exposed ?? []);
      cards.forEach((card, i) => {
        if (script?.foreign?.before === i) {
          if ((dealt.get(script.foreign.card) ?? 0) < COPIES)
            throw new Error(`${script.foreign.card} is not foreign yet: only ${dealt.get(script.foreign.card) ?? 0} dealt`);
          push({ type: 'card', seq: ++seq, card: script.foreign.card }, TAILLEUR);
        }
        if (script?.void?.before === i) {
          draw(voided!);
          push({ type: 'void', seq, reason: script.void.reason ?? 'floor' }, TAILLEUR);
        }
        draw(card, exposed.has(i) ? { exposed: true } : {});
      });
      const noir = total(rows.noir);
      const rouge = total(rows.rouge);
      if (exposed.size > 0 && ++exposedCoups >= this.rules.exposedCoupLimit) {
        push({ type: 'end', reason: 'suspended' }, TAILLEUR);
        ended = true;
      }
      push({ type: 'confirm', coup: coupNo, call: call(noir, rouge, colour(rows.noir[0]!)) }, TAILLEUR);
      const w = winner(noir, rouge);
      layout = w === 'apres' ? stakes : w === 'apres31' ? stakes.filter((s) => s.insured) : [];
      for (const a of script?.choices ?? []) push(a, PAYEUR);
    };

    for (const item of this.items) {
      if (item.kind === 'coup') playCoup(item.rows!, item.script, item.voided);
      else if (item.kind === 'filler' || item.kind === 'rest') item.coups!.forEach((c) => playCoup(c, undefined, undefined));
      else {
        coupNo++;
        push({ type: 'open' }, TAILLEUR);
        for (const s of layout) push({ type: 'bet', player: s.player, chance: s.chance, amount: s.amount, carried: true }, PAYEUR);
        for (const a of item.script.bets ?? []) push(a, PAYEUR);
        push({ type: 'close' }, TAILLEUR);
        const cut = dealCoup([...item.script.cards], 0);
        if (cut !== undefined) throw new Error('the cut-short coup must not complete');
        item.script.cards.forEach((c) => draw(c));
      }
    }
    if (!ended) push({ type: 'end', reason: 'empty' }, TAILLEUR);
    return events;
  }
}

interface Stake {
  player: string;
  chance: Chance;
  amount: number;
  insured: boolean;
}

/** docs/rules.md#stakes: bets on one chance add up to one stake, a withdrawal takes it all back. */
function applyAction(stakes: Stake[], a: Action): void {
  const i = stakes.findIndex((s) => s.player === a.player && s.chance === a.chance);
  const held = stakes[i];
  if (a.type === 'bet') {
    if (held) {
      held.amount += a.amount;
      held.insured ||= a.insured === true;
    } else stakes.push({ player: a.player, chance: a.chance, amount: a.amount, insured: a.insured === true });
  } else if (a.type === 'withdraw' && held) stakes.splice(i, 1);
  else if (a.type === 'insure' && held) held.insured = true;
}

function mostPlentiful(pool: Pool): number {
  let best = 1;
  for (let v = 1; v <= 10; v++) if (pool.countOf(v) > pool.countOf(best)) best = v;
  return best;
}

function isApres31(c: DealtCoup): boolean {
  return total(c.noir) === STOP + 1 && total(c.rouge) === STOP + 1;
}

/** Ordinary coups dealt from the shuffled pool, never a 31 après. */
function fillerCoups(pool: Pool, count: number, random: () => number): DealtCoup[] {
  const coups: DealtCoup[] = [];
  while (coups.length < count) {
    const c = dealCoup(shuffle(pool.cards(), random), 0);
    if (c === undefined) throw new Error('the shoe ran out during filler()');
    if (isApres31(c)) continue;
    [...c.noir, ...c.rouge].forEach((x) => pool.take(x));
    coups.push(c);
  }
  return coups;
}

/**
 * Deals every card left as complete coups: a shuffled deal while plenty is
 * left, then an exact search on the last few rows. Tries shuffles in turn.
 */
function restCoups(pool: Pool, seed: number): DealtCoup[] {
  for (let attempt = 0; attempt < 500; attempt++) {
    const random = rng(seed * 7919 + attempt);
    const order = shuffle(pool.cards(), random);
    const coups: DealtCoup[] = [];
    let i = 0;
    for (;;) {
      const left = order.slice(i);
      const pts = left.reduce((t, c) => t + points(c), 0);
      const rows = pts >= 124 && pts <= 160 ? 4 : pts >= 62 && pts <= 80 ? 2 : 0;
      const tail = rows ? tailCoups(left, rows, random) : null;
      if (tail) {
        const all = [...coups, ...tail];
        all.forEach((c) => [...c.noir, ...c.rouge].forEach((x) => pool.take(x)));
        return all;
      }
      if (pts < 62) break;
      const c = dealCoup(order, i);
      if (c === undefined || isApres31(c)) break;
      coups.push(c);
      i += c.noir.length + c.rouge.length;
    }
  }
  throw new Error('could not deal the rest of the shoe into complete coups');
}

function tailCoups(cards: readonly string[], rows: number, random: () => number): DealtCoup[] | null {
  const counts = Array.from({ length: 11 }, (_, v) => cards.filter((c) => points(c) === v).length);
  const split = splitIntoRows(counts, rows);
  if (!split) return null;
  const byValue = new Map<number, string[]>();
  for (const c of shuffle(cards, random)) byValue.set(points(c), [...(byValue.get(points(c)) ?? []), c]);
  const asCards = split.map((values) => {
    const [last, ...pre] = [values.at(-1)!, ...values.slice(0, -1)];
    const row = shuffle(pre, random).map((v) => byValue.get(v)!.pop()!);
    return [...row, byValue.get(last)!.pop()!];
  });
  const coups: DealtCoup[] = [];
  for (let k = 0; k < asCards.length; k += 2) coups.push({ noir: asCards[k]!, rouge: asCards[k + 1]! });
  return coups;
}
