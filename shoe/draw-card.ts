/**
 * A card drawn from the shuffler (docs/rules.md#burn, docs/rules.md#foreign-cards,
 * docs/rules.md#dealing-the-rows, docs/rules.md#exposed-cards): a seventh copy is foreign
 * and never counted; the first five are burnt; the first card drawn while
 * bets are open closes them; the card goes to the row it falls in, and the
 * card that completes a coup settles it — and, when it completes the last
 * coup allowed with an exposed card, makes the suspension due (the `end`
 * itself is decided in end-of-shoe.ts and waits for the call). The state before the
 * card is kept, so the card can be voided before the next one.
 */
import { cardCode, cardColour, DECKS, POINTS_BY_CODE, type Card } from './card.ts';
import { callPhrase, couleurResult, coupResult } from './call.ts';
import { addPoints, EMPTY_TALLY, isComplete, nextRow, noirTotal, rougeTotal } from './coup.ts';
import type { EventOf } from './events.ts';
import { settleCoup } from './settlement.ts';
import { append, dealingCoup, patch, patchCoup, type Coup, type ShoeState } from './state.ts';
import { alert, closeBets } from './state-changes.ts';
import { lyingNow } from './lying-stakes.ts';

export function drawCard(s: ShoeState, event: EventOf<'card'>): ShoeState {
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
      alerts: s.alerts.push(alert(s, event, { kind: 'foreign-card', seq: event.seq, message, params: { seq: event.seq, card } })),
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

  const current = dealingCoup(s);
  // A coup begun with no open since the last one: the stakes an après left on the layout play it (shoe/lying-stakes.ts).
  const lying = current ? [] : lyingNow(s);
  const open = s.phase === 'open' || s.phase === 'waiting' ? closeBets(lying.length > 0 ? patch(counted, { stakes: lying }) : counted) : counted;
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
  let alerts = current ? s.alerts : outOfTurn(s, event, dealt.coup);
  if (exposed)
    alerts = alerts.push(
      alert(s, event, {
        kind: 'exposed-card',
        seq: event.seq,
        coup: dealt.coup,
        message: `card ${event.seq} (${card}) was seen face up in the shuffler: it counts`,
        params: { seq: event.seq, card, coup: dealt.coup },
      }),
    );
  let next = patch(open, {
    phase: 'closed',
    cards: s.cards.push({ seq: event.seq, card, exposed, status: 'play', coup: dealt.coup, row: rowName }),
    alerts,
  });
  if (!isComplete(tally)) return patch(next, { coups: current ? replaceLast(s.coups, dealt) : append(s.coups, dealt) });

  const completed = completeCoup(dealt, next, event.seq);
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
    alerts: next.alerts.push(alert(s, event, { kind: 'suspended', coup: dealt.coup, message, params: { coup: dealt.coup, n: exposedCoups } })),
  });
}

/**
 * A card is never refused (it is out of the shuffler and on the layout), but
 * the first card of a coup is out of turn while a dispute waits for the chef
 * (his annulment is lost with it) or before the tailleur opened the bets
 * ("Faites vos jeux" comes before every coup): the chef is alerted.
 */
function outOfTurn(s: ShoeState, event: EventOf<'card'>, coup: number): ShoeState['alerts'] {
  const disputed = s.coups.find((c) => c.status === 'disputed');
  if (disputed) {
    const message = `card ${event.seq} drawn for coup ${coup} while the call of coup ${disputed.coup} is disputed: the chef can no longer annul it`;
    return s.alerts.push(
      alert(s, event, { kind: 'out-of-turn', code: 'DISPUTED', seq: event.seq, coup, message, params: { seq: event.seq, coup, disputed: disputed.coup } }),
    );
  }
  if (s.phase === 'waiting') {
    const message = `card ${event.seq} drawn for coup ${coup} before the bets were opened`;
    return s.alerts.push(alert(s, event, { kind: 'out-of-turn', code: 'BETS_NOT_OPEN', seq: event.seq, coup, message, params: { seq: event.seq, coup } }));
  }
  return s.alerts;
}

function replaceLast<T>(list: readonly T[], item: T): T[] {
  const copy = list.slice();
  copy[copy.length - 1] = item;
  return copy;
}

function completeCoup(coup: Coup, s: ShoeState, seq: number): { coup: Coup; prison: ShoeState['prison'] } {
  const noir = noirTotal(coup.tally);
  const rouge = rougeTotal(coup.tally);
  const first = cardColour(coup.noir.cards[0]!.card);
  const result = coupResult(noir, rouge);
  const couleur = couleurResult(result, first);
  const settled = settleCoup(coup.coup, result, couleur, s.stakes, s.prison, s.rules, seq);
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
