/**
 * What the random crew does: every command of every role, as a step of a few
 * small numbers that pick its target from the table as it stands (the k-th
 * prison stake, the first disputed coup …), so any sequence of steps is
 * meaningful whatever state it meets. A step is refused (an error the
 * server answers with a 4xx and its code, server/http/errors.ts) or done;
 * anything else thrown — a 500 — is a defect.
 */
import type { Actor } from '../../../server/table/table.ts';
import { SHUFFLER } from '../../../server/table/table.ts';
import { sameCall } from '../../../shoe/call.ts';
import type { Command } from '../../../shoe/commands.ts';
import { RuleError } from '../../../shoe/errors.ts';
import { CHANCES } from '../../../shoe/events.ts';
import { pullBlocked } from '../../../shoe/pull.ts';
import { unconfirmedCoup } from '../../../shoe/state.ts';
import { suspensionDue } from '../../../shoe/end-of-shoe.ts';
import type { CrewTable } from './crew-table.ts';
import { toHttp } from '../../../server/http/errors.ts';
import { handBackCommand } from '../../../server/http/hand-back-command.ts';

export const STEP_KINDS = [
  'bet',
  'withdraw',
  'insure',
  'choice',
  'open',
  'close',
  'pull',
  'confirm',
  'dispute',
  'rule',
  'void',
  'suspend',
  'unhold',
  'newShoe',
  'shufflerShoe',
  'fault',
  'restart',
  'flow',
  'stray',
  'handBack',
  'silence',
] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** A step: its kind and three small numbers (0–9) that pick what it acts on. */
export interface Step {
  kind: StepKind;
  a: number;
  b: number;
  c: number;
}

export const stepText = (s: Step) => `${s.kind}(${s.a},${s.b},${s.c})`;

const TAILLEUR: Actor = { user: 'tailleur', role: 'tailleur' };
const PAYEUR: Actor = { user: 'payeur', role: 'payeur' };
const CHEF: Actor = { user: 'chef', role: 'chef' };
const SEATS = ['s1', 's2', 's3', 's4'];
const AMOUNTS = [500, 1_000, 30_000, 100_000, 650_000];
const SHOE_SIZES = [24, 40, 64, 150];
const NOTES = ['marked cards', 'shuffler jammed', 'change of dealer'];
const pick = <T>(xs: readonly T[], k: number): T | undefined => (xs.length === 0 ? undefined : xs[k % xs.length]);

export type Outcome = 'done' | 'refused';

/** Runs one step at the table; a refusal is what a client would get as a 4xx with its code. */
export async function runStep(crew: CrewTable, step: Step): Promise<Outcome> {
  try {
    await act(crew, step);
    crew.bind();
    return 'done';
  } catch (e) {
    crew.bind();
    if (toHttp(e).status < 500) return 'refused';
    throw e;
  }
}

async function act(crew: CrewTable, { kind, a, b, c }: Step): Promise<void> {
  const table = crew.table;
  const state = table.state();
  const run = (command: Command, actor: Actor) => table.command(command, actor);
  switch (kind) {
    case 'bet': {
      const [player, chance] = [SEATS[a % SEATS.length]!, CHANCES[b % CHANCES.length]!];
      const amount = AMOUNTS[c % AMOUNTS.length]!;
      // as two payeur terminals send it (server/http/API.md, POST /api/bets): some bets carry the stake the screen showed, now and then a stale one
      const standing = state.stakes.find((s) => s.player === player && s.chance === chance)?.amount ?? 0;
      const held = a % 3 === 0 ? {} : { held: a % 3 === 1 ? standing : standing + 500 };
      await run(c >= 5 ? { type: 'bet', player, chance, amount, insured: true, ...held } : { type: 'bet', player, chance, amount, ...held }, PAYEUR);
      return;
    }
    case 'withdraw':
    case 'insure': {
      const s = pick(state.stakes, a) ?? { player: SEATS[a % SEATS.length]!, chance: CHANCES[b % CHANCES.length]! };
      await run({ type: kind, player: s.player, chance: s.chance }, PAYEUR);
      return;
    }
    case 'choice': {
      const p = pick(state.prison, a);
      const player = p?.player ?? SEATS[a % SEATS.length]!;
      const chance = p?.chance ?? CHANCES[b % CHANCES.length]!;
      const action = (['leave', 'move', 'partager'] as const)[b % 3]!;
      const named = c < 5 && p ? { stake: p.id } : {};
      const to = CHANCES.filter((x) => x !== chance)[c % 3]!;
      await run(action === 'move' ? { type: 'choice', player, chance, action, to, ...named } : { type: 'choice', player, chance, action, ...named }, PAYEUR);
      return;
    }
    case 'open':
    case 'close':
      await run({ type: kind }, TAILLEUR);
      return;
    case 'pull':
      // The tailleur pulls `a % 4 + 1` cards; the table refuses a pull during a dispute (server/http/command-routes.ts), so the shuffler is not asked.
      for (let k = 0; k <= a % 4; k++) {
        const s = table.state();
        if (s.phase === 'idle' || s.phase === 'ended') return;
        const blocked = pullBlocked(s);
        if (blocked) throw new RuleError(blocked.code, `coup ${blocked.coup}`);
        const deck = crew.deck();
        if (s.lastSeq >= deck.length) {
          await table.shoeEmpty(s.lastSeq);
          return;
        }
        await table.storeCard({ seq: s.lastSeq + 1, card: deck[s.lastSeq]!, exposed: b === 9 && c === 9 });
        if (table.state().phase === 'waiting') return; // the burn is done, or the coup: the tailleur stops pulling
      }
      return;
    case 'confirm':
    case 'dispute': {
      const waiting = state.coups.filter((x) => x.status === 'awaiting-confirm');
      const coup = pick(waiting, a)?.coup ?? a + 1;
      if (kind === 'confirm') return void (await run({ type: 'confirm', coup }, TAILLEUR));
      const call = state.coups[coup - 1]?.call ?? '';
      const announced = ['Rouge gagne', 'Rouge perd', 'Après'].find((x) => !sameCall(x, call))!;
      await run({ type: 'dispute', coup, announced }, TAILLEUR);
      return;
    }
    case 'rule': {
      const coup = state.coups.find((x) => x.status === 'disputed')?.coup ?? a + 1;
      await run({ type: 'resolve', coup, ruling: b % 2 === 0 ? 'cards' : 'annul', reason: 'the chef rules' }, CHEF);
      return;
    }
    case 'void':
      await run({ type: 'void', seq: state.undo?.seq ?? state.lastSeq, reason: a % 2 === 0 ? 'floor' : 'sibilla' }, TAILLEUR);
      return;
    case 'suspend': {
      // now and then asked again on purpose: over the chef's held suspension its reason stands in the first's place (docs/rules.md#held-end)
      const again = b % 3 === 0;
      const before = table.view().held;
      await run({ type: 'end', reason: 'suspended', note: NOTES[a % NOTES.length]!, ...(again && { again }) }, CHEF);
      const held = table.view().held;
      if (again && before?.reason === 'suspended' && held !== null && held.note !== NOTES[a % NOTES.length])
        throw new Error(`the suspension was asked again but the screens show the first reason: ${JSON.stringify(held)}`);
      return;
    }
    case 'unhold': {
      // The chef withdraws the suspension held for the last call (docs/rules.md#unhold), or is refused: nothing held, the shuffler's end, the shoe over.
      const withdrawn = (b % 2 === 0 ? { type: 'unhold' } : { type: 'unhold', note: NOTES[a % NOTES.length]! }) satisfies Command;
      await run(withdrawn, CHEF);
      // Nothing of the chef's held any more: at most the shuffler's EMPTY, held in its place.
      const held = table.view().held;
      if (held !== null && held.reason !== 'empty') throw new Error(`the suspension was withdrawn but the screens still show it held: ${JSON.stringify(held)}`);
      return;
    }
    case 'newShoe': {
      const cards = SHOE_SIZES[a % SHOE_SIZES.length]!;
      crew.load(cards);
      await table.startShoe(TAILLEUR, { cards });
      return;
    }
    case 'shufflerShoe': {
      // The shuffler announces a freshly loaded shoe (its SHOE frame): mid-shoe, a reload that suspends the shoe in play.
      const cards = SHOE_SIZES[a % SHOE_SIZES.length]!;
      const deck = crew.load(cards);
      const unstarted = table.inPlay && state.lastSeq === 0;
      await table.shoeReady(`SER-${crew.dir.slice(-6)}-${deck.length}-${table.state().events}-${b}${c}`, cards);
      // A shoe started with no card yet takes the cards of the shoe the shuffler now announces.
      if (unstarted && table.state().shoe === state.shoe) crew.rebind();
      return;
    }
    case 'fault':
      await run({ type: 'fault', code: 'JAM', text: 'the shuffler jammed' }, SHUFFLER);
      return;
    case 'restart':
      await crew.restart();
      return;
    case 'silence': {
      // The line falls silent: stored as a SILENT fault with a shoe in play, and closed in the record by the shuffler's
      // next frame (server/table/silence-over.ts), a restart in between or not.
      const events = state.events;
      table.alert({ kind: 'silent', message: `no frame from the shuffler for ${15 * (a + 1)} s`, params: { s: 15 * (a + 1) } });
      // the fault is stored through the table's queue: the invariants are checked once it is
      for (let k = 0; table.inPlay && table.state().events === events && k < 10_000; k++) await new Promise(setImmediate);
      return;
    }
    case 'stray': {
      // The shuffler sends a card on its own (its button), even during a dispute: the card is out of the shoe and is recorded.
      const deck = crew.deck();
      if (!table.inPlay || state.lastSeq >= deck.length) return;
      await table.storeCard({ seq: state.lastSeq + 1, card: deck[state.lastSeq]!, exposed: false });
      return;
    }
    case 'handBack': {
      // The payeur or the chef says an ended shoe's chips are back with the players: an entry the screens list, or (to be refused) one they do not.
      const entry = pick(table.view().handBack ?? [], a);
      const shoe = b < 8 && entry ? entry.shoe : `${state.shoe}-${b}`;
      await run(handBackCommand(table, shoe), c % 2 === 0 ? PAYEUR : CHEF);
      if (table.view().handBack?.some((h) => h.shoe === shoe)) throw new Error(`shoe ${shoe} was handed back but the screens still list it`);
      return;
    }
    case 'flow': {
      // The crew going on with the game: whoever's turn it is does the obvious next thing.
      const disputed = state.coups.find((x) => x.status === 'disputed');
      const waiting = unconfirmedCoup(state);
      // A held suspension is, half the time, withdrawn before its call settles, so the shoe goes on (docs/rules.md#unhold).
      if (state.held?.reason === 'suspended' && a < 5) return act(crew, { kind: 'unhold', a, b, c });
      if (disputed) return act(crew, { kind: 'rule', a, b, c });
      // Now and then the chef suspends while the call still waits: the suspension is held (docs/rules.md#held-end).
      if (waiting && a === 9 && b === 9) return act(crew, { kind: 'suspend', a: c, b, c });
      if (waiting) return void (await run({ type: 'confirm', coup: waiting.coup }, TAILLEUR));
      if (state.phase === 'ended' || state.phase === 'idle') return act(crew, { kind: 'newShoe', a, b, c });
      const choosable = state.prison.find((p) => p.choosable && ['confirmed', 'resolved'].includes(state.coups[(p.coup ?? 0) - 1]?.status ?? ''));
      // an end held for the prison choices: the payeur makes them, the bets will not open (docs/rules.md#held-end)
      if (choosable && (state.held || suspensionDue(state))) return act(crew, { kind: 'choice', a: state.prison.indexOf(choosable), b, c });
      if (state.phase === 'waiting') return void (await run({ type: 'open' }, TAILLEUR));
      if (choosable && c % 3 === 0) return act(crew, { kind: 'choice', a: state.prison.indexOf(choosable), b, c });
      if (state.phase === 'open' && state.stakes.length < 4 && c < 8) return act(crew, { kind: 'bet', a, b, c });
      return act(crew, { kind: 'pull', a, b, c });
    }
    default: {
      const never: never = kind;
      throw new Error(`unknown step ${String(never)}`);
    }
  }
}
