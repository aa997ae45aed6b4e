/** One stored event in words, for "who did what and when" (chef's activity, surveillance replay). */
import type { StoredEvent } from '../server/http/contract.ts';
import { CHANCE_NAMES } from './french.ts';
import { cardFace, formatCents, formatTime } from './format.ts';
import { lang, t } from './i18n.ts';
import { stakeOrigin } from './stake-origin.ts';
import { faultText } from './server-text.ts';

/**
 * Who did it, as the crew reads it: the system's own actors (the shuffler,
 * `tq recover`, the rules and the server themselves) in the interface's language, a person by their user name
 * ("shuffler" in an Italian "who did what").
 */
export function actorName(by: string | undefined): string {
  if (by === 'shuffler') return t('actor.shuffler');
  if (by === 'tq recover') return t('actor.recover');
  // what the rules or the server did by themselves (a stake carried by an après, a restart recorded): "system" read in English on an Italian screen
  if (by === 'system') return t('actor.system');
  return by ?? '–';
}

/**
 * Which of a seat's prison stakes on one chance a choice was for: two of them
 * (two 31 après in a row) differ only by the card that jailed them, or by their
 * place on a shoe's first line (docs/rules.md#prison-stake-id). An old record's
 * choice without a stake id reads as before.
 */
function stakeWords(stake: string | undefined): string {
  if (!stake) return '';
  const origin = stakeOrigin(stake);
  if (origin === null) return ` · ${stake}`;
  return 'carried' in origin
    ? ` · ${t('hb17.ev.stakeCarried', { n: origin.carried })} (${stake})`
    : ` · ${t('hb17.ev.stakeOfCard', { seq: origin.card })} (${stake})`;
}

/**
 * `heldBefore`: for a bet that tops up a stake, what stood on the layout before it (client/stake-top-ups.ts), so an
 * addition reads as one and not as a second stake (an outsider's evening as payeur).
 */
export function describeEvent(e: StoredEvent, heldBefore?: number): string {
  const l = lang();
  switch (e.type) {
    case 'shoe':
      return t('ev.shoe', { table: e.table, cards: e.cards }) + (e.prison?.length ? ` · ${t('ev.carried', { n: e.prison.length })}` : '');
    case 'card':
      return t('ev.card', { seq: e.seq, card: cardFace(e.card).label }) + (e.exposed ? ` · ${t('card.exposed')}` : '');
    case 'void':
      return t('ev.void', { seq: e.seq, reason: e.reason === 'floor' ? t('void.floor') : e.reason === 'sibilla' ? t('void.sibilla') : e.reason });
    case 'open':
      return t('ev.open');
    case 'close':
      return e.cause === 'card' ? t('ev.closeByCard') : t('ev.close');
    case 'bet':
      // A stake an après left on the layout is not a new bet (docs/rules.md#apres).
      if (e.carried) return t('crew17.ev.carried', { player: e.player, chance: CHANCE_NAMES[e.chance], amount: formatCents(e.amount, l) });
      return (
        (heldBefore
          ? t('ev.betAdded', {
              player: e.player,
              chance: CHANCE_NAMES[e.chance],
              amount: formatCents(e.amount, l),
              total: formatCents(heldBefore + e.amount, l),
            })
          : t('ev.bet', { player: e.player, chance: CHANCE_NAMES[e.chance], amount: formatCents(e.amount, l) })) + (e.insured ? ` · ${t('entry.insured')}` : '')
      );
    case 'withdraw':
      return t('ev.withdraw', { player: e.player, chance: CHANCE_NAMES[e.chance] });
    case 'insure':
      return t('ev.insure', { player: e.player, chance: CHANCE_NAMES[e.chance] });
    case 'choice':
      // a move says in words where the stake came from as well as where it went ("moved to Noir" alone, outside crew pass 43)
      if (e.action === 'move' && e.to)
        return t('ev.choiceMoved', { player: e.player, chance: CHANCE_NAMES[e.chance], to: CHANCE_NAMES[e.to] }) + stakeWords(e.stake);
      return (
        t('ev.choice', {
          player: e.player,
          chance: CHANCE_NAMES[e.chance],
          // what became of the stake, in words of one form ("Leave" beside "partager" read as two kinds of line, outsider pass 11)
          action: e.action === 'leave' ? t('ev.choice.leave') : t('ev.choice.partager'),
        }) + stakeWords(e.stake)
      );
    case 'confirm':
      return t('ev.confirm', { coup: e.coup }) + (e.call ? ` «${e.call}»` : '');
    case 'dispute':
      return t('ev.dispute', { coup: e.coup, announced: e.announced });
    case 'resolve':
      // what the ruling did, not the button's command ("Annul the coup" read as an order in the record, outsider pass 8)
      return t(e.ruling === 'cards' ? 'ev.resolveCards' : 'ev.resolveAnnul', { coup: e.coup, reason: e.reason });
    case 'fault':
      // by its code in the crew's language (RELOAD, SILENT, JAM…), the text as written only for a code unknown here
      return faultText(e.code, e.text) ?? t('ev.fault', { code: e.code, text: e.text });
    case 'hold':
      if (e.again) return t('ev.holdAgain', { by: actorName(e.by), note: e.note ?? '–' });
      return t(e.reason === 'empty' ? 'crew17.ev.holdEmpty' : 'crew17.ev.holdSuspended', { note: e.note ?? '–' });
    case 'unhold':
      return t('unhold.ev', { by: actorName(e.by) }) + (e.note ? ` — ${e.note}` : '');
    case 'handed-back':
      return t('hb17.ev.handedBack', {
        shoe: e.shoe.slice(-8),
        amount: formatCents(
          (e.rows ?? []).reduce((sum, r) => sum + r.amount, 0),
          l,
        ),
      });
    case 'end':
      return (e.reason === 'empty' ? t('status.endEmpty') : t('status.endSuspended')) + (e.note ? ` — ${e.note}` : '');
    case 'witness':
      // The record of its own witnessing (docs/central-store.md#unwitnessed): surveillance reads it as a fact of the shoe.
      switch (e.state) {
        case 'lost':
          return t('ev.witnessLost', { since: formatTime(e.since ?? e.at, l) });
        case 'restored':
          return t('ev.witnessRestored');
        case 'dealing-unwitnessed':
          return t('ev.witnessAcknowledged');
        case 'unsealed':
          // one event said as one: "Eventi da 167 a 167 … non firmati" (outside crew pass 51)
          return e.from !== undefined && e.from === e.to
            ? t('ev.witnessUnsealedOne', { n: e.from })
            : t('ev.witnessUnsealed', { from: e.from ?? 0, to: e.to ?? 0 });
        default:
          return e.state satisfies never;
      }
    default:
      return (e as { type: string }).type;
  }
}
