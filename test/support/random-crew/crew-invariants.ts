/**
 * What must hold after every step of the random crew, whatever order the
 * crew acted in (docs/rules.md): the table shown is the fold of the log it
 * stored; every stake is exactly once on the layout, in prison, paid,
 * collected or returned; no prison choice was applied before its call was
 * confirmed or ruled, and nothing is payable before; a shoe holds only the
 * cards of its own shuffler shoe, in seq order, at most six copies. Each
 * check returns the broken rule in words, or null.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ShoeEvent } from '../../../shoe/events.ts';
import { evolve } from '../../../shoe/evolve.ts';
import { endedHandBack, type HandBack, handBacksOf } from '../../../shoe/hand-back.ts';
import { replayShoe } from '../../../shoe/replay.ts';
import { INITIAL_STATE, type ShoeState } from '../../../shoe/state.ts';
import { tableView, type TableView } from '../../../shoe/table-view.ts';
import { readPreviousShoe } from '../../../server/table/shoe-link.ts';
import type { CrewTable } from './crew-table.ts';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * `fromDisk`: read the shoe's file back rather than take the events as the
 * store returned them when it wrote them (the same lines, without the read;
 * the random crew reads the disk at each restart and at the end of each run).
 */
export async function brokenInvariant(crew: CrewTable, fromDisk = true): Promise<string | null> {
  const state = crew.table.state();
  if (state.phase === 'idle') return null;
  const events = (fromDisk ? await crew.store.readShoe(state.shoe) : await crew.table.eventsSince(state.shoe, -1)) as ShoeEvent[];
  return (
    foldIsLive(events, crew.table.view(), await previousHandBack(crew, events[0])) ??
    money(events, state) ??
    choicesAfterCall(events) ??
    payable(crew.table.view()) ??
    ownCards(state, crew.deck())
  );
}

/** What the shoe before this one (named on its first line) left to hand back, folded from its stored log. */
async function previousHandBack(crew: CrewTable, first: ShoeEvent | undefined): Promise<HandBack | null> {
  const previous = await readPreviousShoe(crew.store, first);
  return previous === null ? null : endedHandBack(replayShoe(previous.events).state);
}

/** The fold of the stored log gives the view the table shows; `ended`, the hand-back the previous shoe's log leaves. */
export function foldIsLive(events: readonly ShoeEvent[], live: TableView, ended: HandBack | null = null): string | null {
  const state = replayShoe(events).state;
  const folded = { ...tableView(state), handBack: handBacksOf(state, ended) };
  if (isDeepStrictEqual(JSON.parse(JSON.stringify(folded)), JSON.parse(JSON.stringify(live)))) return null;
  const keys = Object.keys(live).filter((k) => !isDeepStrictEqual(JSON.stringify(folded[k as keyof TableView]), JSON.stringify(live[k as keyof TableView])));
  return `the fold of the stored log differs from the live view in ${keys.join(', ')}`;
}

/**
 * Every chip a player handed in this shoe (bets that are not a carried stake,
 * and prison carried in on the first line) is exactly once: withdrawn, on the
 * layout, in prison, left on the layout by the last après (not yet written
 * again), or gone out through a settlement row — collected, returned, or a
 * winning stake handed back. Rows that keep a stake in play move no chip.
 */
export function money(events: readonly ShoeEvent[], state: ShoeState): string | null {
  let s = INITIAL_STATE;
  let handedIn = 0;
  let withdrawn = 0;
  for (const e of events) {
    if (e.type === 'shoe') handedIn += sum((e.prison ?? []).map((p) => p.amount));
    if (e.type === 'bet' && !e.carried) handedIn += e.amount;
    if (e.type === 'withdraw') withdrawn += s.stakes.find((x) => x.player === e.player && x.chance === e.chance)?.amount ?? 0;
    s = evolve(s, e);
  }
  let out = 0;
  for (const c of state.coups) {
    if (c.status === 'dealing') continue;
    for (const r of c.settlement) out += r.collected + r.returned + (r.outcome === 'win' ? r.amount - r.returned : 0);
  }
  for (const r of state.release) out += r.collected + r.returned;
  // Stakes an après left on the layout are written again by the next open (or played by a coup dealt before it);
  // until then — between the coups, bets not yet opened — they lie there. A shoe that ends so hands them back: they
  // are release rows of its end, out like any returned stake (docs/rules.md#end-of-shoe). The model counted them as
  // lying on the ended shoe's layout for ever, the hole an outsider found (pass 12).
  const last = state.coups.at(-1);
  const between = state.phase === 'waiting';
  const lying =
    last && last.status !== 'dealing' && last.status !== 'annulled' && between
      ? sum(last.settlement.filter((r) => r.outcome === 'push' && r.level === 0).map((r) => r.amount))
      : 0;
  const layout = sum(state.stakes.map((x) => x.amount));
  const prison = sum(state.prison.map((p) => p.amount));
  const accounted = withdrawn + out + layout + prison + lying;
  if (accounted === handedIn) return null;
  return `money: ${handedIn} handed in, ${accounted} accounted for (withdrawn ${withdrawn}, out ${out}, layout ${layout}, prison ${prison}, left by an après ${lying})`;
}

/** No prison choice acts on a stake whose 31 après's call is not confirmed or ruled. */
export function choicesAfterCall(events: readonly ShoeEvent[]): string | null {
  let s = INITIAL_STATE;
  for (const e of events) {
    if (e.type === 'choice') {
      const acted = s.prison.filter((p) => p.player === e.player && p.chance === e.chance && p.choosable && (e.stake === undefined || p.id === e.stake));
      for (const p of acted) {
        const status = p.coup === undefined ? 'confirmed' : s.coups[p.coup - 1]?.status;
        if (status !== 'confirmed' && status !== 'resolved') return `a prison choice on ${p.id} was applied while coup ${p.coup} was ${status}`;
      }
    }
    s = evolve(s, e);
  }
  return null;
}

/** A coup is payable only once its call is confirmed or ruled. */
export function payable(view: TableView): string | null {
  for (const c of [...view.recent, ...(view.awaiting ? [view.awaiting] : [])]) {
    const settled = c.status === 'confirmed' || c.status === 'resolved';
    if ((c.standing === 'payable') !== settled) return `coup ${c.coup} is ${c.standing} with its call ${c.status}`;
  }
  return null;
}

/** The shoe's cards are its own shuffler shoe's, in seq order, at most six copies of any card counted. */
export function ownCards(state: ShoeState, deck: readonly string[]): string | null {
  const cards = state.cards.toArray();
  for (let k = 0; k < cards.length; k++) {
    const c = cards[k]!;
    if (c.seq !== k + 1) return `card ${k + 1} of the shoe has seq ${c.seq}`;
    if (c.card !== deck[k]) return `card ${c.seq} is ${c.card}, its shuffler shoe has ${deck[k] ?? 'no such card'}`;
  }
  if (state.lastSeq !== cards.length) return `lastSeq ${state.lastSeq} with ${cards.length} cards`;
  const over = state.copies.findIndex((n) => n > 6);
  return over >= 0 ? `card code ${over} counted ${state.copies[over]} times` : null;
}
