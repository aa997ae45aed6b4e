/**
 * evolve(state, event) → state: how each event of the shoe log changes the
 * table. It trusts the event (see check.ts for the guards) and never throws on
 * a valid one; it allocates new objects rather than mutating, so any earlier
 * state stays a valid snapshot.
 */
import { cardCode, cardColour, DECKS, POINTS_BY_CODE, type Card } from './card.ts';
import { callPhrase, couleurResult, coupResult } from './call.ts';
import { addPoints, EMPTY_TALLY, isComplete, nextRow, noirTotal, rougeTotal } from './coup.ts';
import type { EventOf, ShoeEvent } from './events.ts';
import { applyChoice } from './prison.ts';
import { annulCoup, releaseAtEndOfShoe, settleCoup } from './settlement.ts';
import { row, type SettlementRow } from './settlement-row.ts';
import { append, dealingCoup, INITIAL_STATE, patch, patchCoup, type Alert, type Coup, type ShoeState } from './state.ts';

export function evolve(state: ShoeState, event: ShoeEvent): ShoeState {
  const s = patch(state, { events: state.events + 1 });
  switch (event.type) {
    case 'shoe': {
      const prison = (event.prison ?? []).map((p) => ({ ...p, choosable: false }));
      return patch(INITIAL_STATE, {
        events: s.events,
        phase: event.rules.burn > 0 ? 'burning' : 'waiting',
        table: event.table,
        shoe: event.shoe,
        cardsInShoe: event.cards,
        rules: { ...event.rules },
        carriedPrison: prison,
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
        alerts: append(state.alerts, alert(s, event, { kind: 'void', seq: event.seq, message: `card ${event.seq} (${drawn.card}) voided: ${event.reason}` })),
        undo: null,
      });
    }
    case 'open':
      return patch(s, { phase: 'open' });
    case 'bet': {
      const held = s.stakes.find((x) => x.player === event.player && x.chance === event.chance);
      const stake = { player: event.player, chance: event.chance, amount: (held?.amount ?? 0) + event.amount, insured: (held?.insured ?? false) || event.insured === true };
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
      const next = updateCoup(patch(s, { undo: null }), event.coup, (c) => patchCoup(c, { status: 'disputed', dispute: { announced: event.announced, by: event.by, at: event.at } }));
      return patch(next, { alerts: append(next.alerts, alert(s, event, { kind: 'dispute', coup: event.coup, message: `coup ${event.coup}: announced "${event.announced}"` })) });
    }
    case 'resolve':
      return resolve(s, event);
    case 'fault':
      return patch(s, { alerts: append(s.alerts, alert(s, event, { kind: 'fault', message: `${event.code}: ${event.text}` })) });
    case 'end':
      return endShoe(s, event);
    default: {
      const never: never = event;
      throw new Error(`unknown event ${JSON.stringify(never)}`);
    }
  }
}

function alert(state: ShoeState, event: ShoeEvent, a: Omit<Alert, 'index' | 'at'>): Alert {
  return event.at === undefined ? { ...a, index: state.events - 1 } : { ...a, index: state.events - 1, at: event.at };
}

/** Bets close; the choice on prison stakes ends with them (SPEC §3). */
function closeBets(s: ShoeState): ShoeState {
  const prison = s.prison.some((p) => p.choosable) ? s.prison.map((p) => ({ ...p, choosable: false })) : s.prison;
  return patch(s, { phase: 'closed', prison });
}

function updateCoup(s: ShoeState, n: number, f: (c: Coup) => Coup): ShoeState {
  return patch(s, { coups: s.coups.map((c) => (c.coup === n ? f(c) : c)) });
}

function drawCard(s: ShoeState, event: EventOf<'card'>): ShoeState {
  const before = patch(s, { events: s.events - 1, undo: null });
  const card = event.card as Card;
  const exposed = event.exposed === true;
  const code = cardCode(card);
  const copies = s.copies[code] ?? 0;
  if (copies >= DECKS) {
    const message = `card ${event.seq} (${card}) is a seventh ${card}: foreign, recorded and never counted`;
    return patch(s, {
      lastSeq: event.seq,
      cards: s.cards.push({ seq: event.seq, card, exposed, status: 'foreign' }),
      alerts: append(s.alerts, alert(s, event, { kind: 'foreign-card', seq: event.seq, message })),
      undo: null,
    });
  }
  const nextCopies = s.copies.slice();
  nextCopies[code] = copies + 1;
  const counted = patch(s, { lastSeq: event.seq, copies: nextCopies, undo: { seq: event.seq, before } });
  if (s.burnLeft > 0) {
    const burnLeft = s.burnLeft - 1;
    return patch(counted, { burnLeft, phase: burnLeft === 0 ? 'waiting' : 'burning', cards: s.cards.push({ seq: event.seq, card, exposed, status: 'burn' }) });
  }

  const open = s.phase === 'open' || s.phase === 'waiting' ? closeBets(counted) : counted;
  const current = dealingCoup(s);
  const coup: Coup = current ?? {
    coup: s.coups.length + 1,
    noir: { cards: [], total: 0 },
    rouge: { cards: [], total: 0 },
    tally: EMPTY_TALLY,
    exposed: false,
    status: 'dealing',
    settlement: [],
  };
  const rowName = nextRow(coup.tally);
  const tally = addPoints(coup.tally, POINTS_BY_CODE[code]!);
  const placed = { seq: event.seq, card, exposed };
  const dealt = patchCoup(coup, {
    tally,
    exposed: coup.exposed || exposed,
    noir: rowName === 'noir' ? { cards: append(coup.noir.cards, placed), total: noirTotal(tally) } : coup.noir,
    rouge: rowName === 'rouge' ? { cards: append(coup.rouge.cards, placed), total: rougeTotal(tally) } : coup.rouge,
  });
  let next = patch(open, {
    phase: 'closed',
    cards: s.cards.push({ seq: event.seq, card, exposed, status: 'play', coup: dealt.coup, row: rowName }),
    alerts: exposed ? append(s.alerts, alert(s, event, { kind: 'exposed-card', seq: event.seq, coup: dealt.coup, message: `card ${event.seq} (${card}) was seen face up in the shuffler: it counts` })) : s.alerts,
  });
  if (!isComplete(tally)) return patch(next, { coups: current ? replaceLast(s.coups, dealt) : append(s.coups, dealt) });

  const completed = completeCoup(dealt, next);
  next = patch(next, {
    phase: 'waiting',
    coups: current ? replaceLast(s.coups, completed.coup) : append(s.coups, completed.coup),
    stakes: [],
    prison: completed.prison,
  });
  if (!dealt.exposed) return next;
  const exposedCoups = next.exposedCoups + 1;
  if (exposedCoups < next.rules.exposedCoupLimit) return patch(next, { exposedCoups });
  const message = `coup ${dealt.coup} is the ${exposedCoups}${exposedCoups === 3 ? 'rd' : 'th'} with an exposed card: the shoe is suspended and reshuffled`;
  return patch(next, {
    exposedCoups,
    phase: 'ended',
    end: { reason: 'suspended', auto: true },
    alerts: append(next.alerts, alert(s, event, { kind: 'suspended', coup: dealt.coup, message })),
  });
}

function replaceLast<T>(list: readonly T[], item: T): T[] {
  const copy = list.slice();
  copy[copy.length - 1] = item;
  return copy;
}

function completeCoup(coup: Coup, s: ShoeState): { coup: Coup; prison: ShoeState['prison'] } {
  const noir = noirTotal(coup.tally);
  const rouge = rougeTotal(coup.tally);
  const first = cardColour(coup.noir.cards[0]!.card);
  const result = coupResult(noir, rouge);
  const couleur = couleurResult(result, first);
  const settled = settleCoup(coup.coup, result, couleur, s.stakes, s.prison, s.rules);
  return {
    coup: patchCoup(coup, {
      status: 'awaiting-confirm',
      result,
      couleur,
      call: callPhrase(noir, rouge, first),
      settlement: settled.rows,
      before: { stakes: s.stakes, prison: s.prison },
    }),
    prison: settled.prison,
  };
}

function resolve(s: ShoeState, event: EventOf<'resolve'>): ShoeState {
  const resolution = { ruling: event.ruling, reason: event.reason, by: event.by, at: event.at };
  if (event.ruling === 'cards') return updateCoup(s, event.coup, (c) => patchCoup(c, { status: 'resolved', resolution }));
  const coup = s.coups[event.coup - 1]!;
  const before = coup.before ?? { stakes: [], prison: [] };
  const next = updateCoup(s, event.coup, (c) => patchCoup(c, { status: 'annulled', resolution, settlement: annulCoup(before.stakes, before.prison) }));
  return patch(next, {
    undo: null,
    prison: before.prison.map((p) => ({ ...p, choosable: false })),
    alerts: append(next.alerts, alert(s, event, { kind: 'annulled', coup: event.coup, message: `coup ${event.coup} annulled by the chef de table: ${event.reason}` })),
  });
}

/**
 * The end of a shoe (SPEC §3–§4): a coup cut short is annulled with its stakes
 * and premiums returned; stakes placed for a coup never dealt go back; when the
 * shuffler is empty and the house rule says so, prisons are returned in full.
 */
function endShoe(s: ShoeState, event: EventOf<'end'>): ShoeState {
  if (s.end) return s;
  const cut = dealingCoup(s);
  const end = event.note === undefined ? { reason: event.reason, auto: false } : { reason: event.reason, auto: false, note: event.note };
  let next = patch(s, { phase: 'ended', end, undo: null, stakes: [] });
  const release: SettlementRow[] = [];
  if (cut) {
    next = updateCoup(next, cut.coup, (c) => patchCoup(c, { status: 'annulled', settlement: annulCoup(s.stakes, s.prison) }));
    next.alerts = append(next.alerts, alert(s, event, { kind: 'annulled', coup: cut.coup, message: `coup ${cut.coup} cut short by the end of the shoe: annulled, stakes and premiums returned` }));
  } else {
    for (const x of s.stakes) release.push(row({ player: x.player, chance: x.chance, amount: x.amount, outcome: 'returned', returned: x.amount }));
  }
  if (event.reason === 'empty' && s.rules.endOfShoeRelease) {
    release.push(...releaseAtEndOfShoe(s.prison));
    next.prison = [];
  } else {
    next.prison = s.prison.map((p) => ({ ...p, choosable: false }));
  }
  return patch(next, { release });
}
