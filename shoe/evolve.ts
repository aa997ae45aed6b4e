/**
 * evolve(state, event) → state: how each event of the shoe log changes the
 * table. It trusts the event (see check.ts for the guards) and never throws on
 * a valid one; it allocates new objects rather than mutating, so any earlier
 * state stays a valid snapshot.
 */
import { drawCard } from './draw-card.ts';
import { faultParams } from './fault-params.ts';
import type { EventOf, ShoeEvent } from './events.ts';
import { applyChoice } from './prison.ts';
import { carriedStakeId } from './prison-id.ts';
import { lyingNow } from './lying-stakes.ts';
import { annulCoup, releaseAtEndOfShoe } from './settlement.ts';
import { row, type SettlementRow } from './settlement-row.ts';
import { append, dealingCoup, INITIAL_STATE, patch, patchCoup, type FreeStake, type ShoeState } from './state.ts';
import { alert, closeBets, updateCoup } from './state-changes.ts';
import { unsealedAlert } from './unsealed-alert.ts';

export function evolve(state: ShoeState, event: ShoeEvent): ShoeState {
  const s = patch(state, { events: state.events + 1 });
  switch (event.type) {
    case 'shoe': {
      const prison = (event.prison ?? []).map((p, i) => ({ ...p, id: carriedStakeId(i, p.player, p.chance), choosable: false }));
      return patch(INITIAL_STATE, {
        events: s.events,
        phase: event.rules.burn > 0 ? 'burning' : 'waiting',
        table: event.table,
        shoe: event.shoe,
        cardsInShoe: event.cards,
        rules: { ...event.rules },
        carriedPrison: prison,
        carriedHandBack: event.handBack ?? [],
        prison,
        burnLeft: event.rules.burn,
      });
    }
    case 'card':
      return drawCard(s, event);
    case 'void': {
      const before = state.undo!.before;
      const drawn = state.cards.at(event.seq - 1)!;
      return patch(before, {
        events: s.events,
        cards: before.cards.push({ seq: drawn.seq, card: drawn.card, exposed: drawn.exposed, status: 'void', voidReason: event.reason }),
        copies: state.copies,
        lastSeq: state.lastSeq,
        // A suspension asked for since the card still waits (docs/rules.md#held-end).
        held: state.held,
        handedBack: state.handedBack,
        alerts: state.alerts.push(
          alert(s, event, {
            kind: 'void',
            seq: event.seq,
            message: `card ${event.seq} (${drawn.card}) voided: ${event.reason}`,
            params: { seq: event.seq, card: drawn.card, reason: event.reason },
          }),
        ),
        undo: null,
      });
    }
    case 'open':
      // Opening the bets acts on the card before it (the last burn card, or the call confirmed): the void window closes,
      // else a void would restore the table before that card and drop the open and every bet since (found by the random crew).
      return patch(s, { phase: 'open', undo: null });
    case 'bet': {
      const held = s.stakes.find((x) => x.player === event.player && x.chance === event.chance);
      const stake: FreeStake = {
        player: event.player,
        chance: event.chance,
        amount: (held?.amount ?? 0) + event.amount,
        insured: (held?.insured ?? false) || event.insured === true,
      };
      if (held?.carried || (!held && event.carried)) stake.carried = true;
      return patch(s, { stakes: held ? s.stakes.map((x) => (x === held ? stake : x)) : append(s.stakes, stake) });
    }
    case 'withdraw':
      return patch(s, { stakes: s.stakes.filter((x) => !(x.player === event.player && x.chance === event.chance)) });
    case 'insure':
      return patch(s, { stakes: s.stakes.map((x) => (x.player === event.player && x.chance === event.chance ? { ...x, insured: true } : x)) });
    case 'close':
      return closeBets(s);
    case 'choice':
      // A choice acts on the call just made: the card that completed the coup can no longer be voided.
      return applyChoice(patch(s, { undo: null }), event);
    case 'confirm':
      return updateCoup(patch(s, { undo: null }), event.coup, (c) => patchCoup(c, { status: 'confirmed', confirmed: { by: event.by, at: event.at } }));
    case 'dispute': {
      const next = updateCoup(patch(s, { undo: null }), event.coup, (c) =>
        patchCoup(c, { status: 'disputed', dispute: { announced: event.announced, by: event.by, at: event.at } }),
      );
      return patch(next, {
        alerts: next.alerts.push(
          alert(s, event, {
            kind: 'dispute',
            coup: event.coup,
            message: `coup ${event.coup}: announced "${event.announced}"`,
            params: { coup: event.coup, announced: event.announced },
          }),
        ),
      });
    }
    case 'resolve':
      return resolve(s, event);
    case 'fault':
      return patch(s, {
        alerts: s.alerts.push(
          alert(s, event, {
            kind: 'fault',
            code: event.code,
            message: event.text.includes(event.code) ? event.text : `${event.code}: ${event.text}`,
            params: faultParams(event.code, event.text),
          }),
        ),
      });
    case 'hold': {
      const held: NonNullable<ShoeState['held']> = { reason: event.reason };
      if (event.note !== undefined) held.note = event.note;
      if (event.by !== undefined) held.by = event.by;
      if (event.at !== undefined) held.at = event.at;
      return patch(s, { held });
    }
    case 'unhold':
      // the suspension is withdrawn: the call's settlement no longer ends the shoe (docs/rules.md#held-end)
      return patch(s, { held: null, alerts: s.alerts.push(unheldAlert(s, event)) });
    case 'handed-back':
      // the chips are off the layout of an earlier shoe: nothing of this shoe's game changes (docs/shoe-log.md#handed-back)
      return patch(s, { handedBack: [...s.handedBack, event.shoe] });
    case 'witness':
      // the record of the witness's link, for the audit: no change to the game; play found unsealed at a start is said to
      // every screen as a fault the table records about itself (outside crew pass 51: only surveillance's badge said it)
      return event.state === 'unsealed' ? patch(s, { alerts: s.alerts.push(unsealedAlert(s, event)) }) : s;
    case 'end':
      return endShoe(s, event);
    default: {
      const never: never = event;
      throw new Error(`unknown event ${JSON.stringify(never)}`);
    }
  }
}

function resolve(s: ShoeState, event: EventOf<'resolve'>): ShoeState {
  const resolution = { ruling: event.ruling, reason: event.reason, by: event.by, at: event.at };
  if (event.ruling === 'cards') return updateCoup(s, event.coup, (c) => patchCoup(c, { status: 'resolved', resolution }));
  const coup = s.coups[event.coup - 1]!;
  const before = coup.before ?? { stakes: [], prison: [] };
  const next = updateCoup(s, event.coup, (c) => patchCoup(c, { status: 'annulled', resolution, settlement: annulCoup(before.stakes, before.prison, s.rules) }));
  return patch(next, {
    undo: null,
    prison: before.prison.map((p) => ({ ...p, choosable: false })),
    alerts: next.alerts.push(
      alert(s, event, {
        kind: 'annulled',
        code: 'RULING',
        coup: event.coup,
        message: `coup ${event.coup} annulled by the chef de table: ${event.reason}`,
        params: { coup: event.coup, reason: event.reason },
      }),
    ),
  });
}

/**
 * The end of a shoe (docs/rules.md#end-of-shoe): a coup cut short is annulled with its stakes
 * and premiums returned; stakes placed for a coup never dealt go back; when the
 * shuffler is empty and the house rule says so, prisons are returned in full.
 */
function endShoe(s: ShoeState, event: EventOf<'end'>): ShoeState {
  if (s.end) return s;
  const cut = dealingCoup(s);
  // `auto`: the rules suspended it (the last coup allowed with an exposed card), not a person or the shuffler.
  const auto = event.reason === 'suspended' && event.note === undefined && s.exposedCoups > 0 && s.exposedCoups >= s.rules.exposedCoupLimit;
  // who ended it and when, as stored: the screens name who asked once a held suspension takes effect (outsider passes 7 and 8)
  // a held end written by the annulment of the call it waited for: that coup's stakes were never handed back (outsider pass 9)
  const last = s.coups.at(-1);
  const annulledCoup = s.held !== null && last?.status === 'annulled' && last.resolution?.ruling === 'annul' ? last.coup : undefined;
  const end = {
    reason: event.reason,
    auto,
    ...(annulledCoup !== undefined && { annulledCoup }),
    ...(event.note !== undefined && { note: event.note }),
    ...(event.by !== undefined && { by: event.by }),
    ...(event.at !== undefined && { at: event.at }),
  };
  let next = patch(s, { phase: 'ended', end, held: null, undo: null, stakes: [] });
  const release: SettlementRow[] = [];
  if (cut) {
    next = updateCoup(next, cut.coup, (c) => patchCoup(c, { status: 'annulled', settlement: annulCoup(s.stakes, s.prison, s.rules) }));
    next.alerts = next.alerts.push(
      alert(s, event, {
        kind: 'annulled',
        coup: cut.coup,
        code: 'CUT_SHORT',
        message: `coup ${cut.coup} cut short by the end of the shoe: annulled, stakes returned, no insurance premium due`,
        // how the shoe ended, so the screens say it rather than "cards run out or suspended" (outsider pass 12)
        params: { coup: cut.coup, how: event.reason },
      }),
    );
  } else {
    // The stakes on the layout for a coup this shoe will not deal go back: those placed for it and, the bets not yet
    // opened again, those an après (or, insured, a 31 après) left standing. These vanished from the books when a held
    // suspension took effect on a 31 après's confirm (outsider pass 12; docs/rules.md#end-of-shoe).
    const layout = [...s.stakes, ...lyingNow(s)];
    for (const x of layout) release.push(row({ player: x.player, chance: x.chance, amount: x.amount, outcome: 'returned', returned: x.amount }));
  }
  if (event.reason === 'empty' && s.rules.endOfShoeRelease) {
    release.push(...releaseAtEndOfShoe(s.prison));
    next.prison = [];
  } else {
    next.prison = s.prison.map((p) => ({ ...p, choosable: false }));
  }
  return patch(next, { release });
}

/**
 * A withdrawn suspension stays among the table's alerts, with who asked it and why: its "held" band simply went,
 * and a supervisor on the floor who looked away never learnt one was asked (outsider pass 20, F7).
 */
function unheldAlert(s: ShoeState, event: EventOf<'unhold'>) {
  const asked = s.held;
  const by = event.by ?? '–';
  const coup = s.coups.at(-1)?.coup;
  return alert(s, event, {
    kind: 'unheld',
    ...(coup !== undefined && { coup }),
    message: `suspension${asked?.by === undefined ? '' : ` asked by ${asked.by}`}${asked?.note === undefined ? '' : ` (${asked.note})`} withdrawn by ${by}${event.note === undefined ? '' : `: ${event.note}`}`,
    params: {
      by,
      ...(event.note !== undefined && { note: event.note }),
      ...(asked?.by !== undefined && { asked: asked.by }),
      ...(asked?.note !== undefined && { reason: asked.note }),
      ...(asked?.at !== undefined && { askedAt: asked.at }),
    },
  });
}
