/**
 * "Pull a card" on the demo table never does nothing silently: before the
 * bets are open it says so instead of drawing (`pullBeforeBetsReason`); after asking
 * the simulated shuffler for a card, the route waits (briefly) for what became
 * of it — stored, refused with the link's reason, acknowledged as a card the
 * table already has (a stale simulator after a restart), or nothing heard —
 * and says so to the tailleur.
 */
import type { TableView } from '../../shoe/table-view.ts';
import type { LinkStatus, Table } from '../table/table.ts';

/**
 * Why a pull stored no card, by a code the screens say in the crew's language
 * (`why` stays the server's English, for logs and scripts): the shuffler
 * refused or lost the card (`CARD_ALERT`, with the link's alert itself), sent
 * one the table already has, the line is down, nothing was heard, or the
 * simulator could not deal (its shoe over, waiting for acknowledgements, its
 * process gone).
 */
export type PullWhyCode = 'CARD_ALERT' | 'REPEATED_CARD' | 'LINE_DOWN' | 'NO_CARD_HEARD' | 'SIM_NO_CARD';

export interface PullOutcome {
  /** The table stored a new card. */
  stored: boolean;
  /** Why not, in words for the tailleur. */
  why?: string;
  whyCode?: PullWhyCode;
  /** With `CARD_ALERT`: the alert that says what became of the card. */
  alert?: LinkStatus['alerts'][number];
}

/** The simulated shuffler was asked and said no (dealt false). */
export const SIM_NO_CARD: PullOutcome = {
  stored: false,
  why: 'the simulated shuffler has no card to deal now (its shoe is over, it waits for acknowledgements, or its process has stopped)',
  whyCode: 'SIM_NO_CARD',
};

const WAIT_MS = 1500;
const STEP_MS = 20;

function counter(link: LinkStatus, name: string): number {
  return link.counters?.[name] ?? 0;
}

/** Takes the table's state before the pull; `settle()` waits for the outcome. */
export function watchPull(table: Table): { settle(): Promise<PullOutcome> } {
  const seq = table.view().lastSeq;
  const shoe = table.view().shoe;
  const before = table.linkStatus();
  const key = (a: LinkStatus['alerts'][number]) => `${a.at}|${a.kind}|${a.message}`;
  const seen = new Set((before.alerts ?? []).map(key));
  return {
    async settle() {
      const end = Date.now() + WAIT_MS;
      for (;;) {
        const v = table.view();
        if (v.shoe !== shoe || v.lastSeq > seq) return { stored: true };
        const link = table.linkStatus();
        const fresh = (link.alerts ?? []).find((a) => !seen.has(key(a)) && (a.kind === 'card-refused' || a.kind === 'gap' || a.kind === 'bad-frame'));
        if (fresh) return { stored: false, why: fresh.message, whyCode: 'CARD_ALERT', alert: fresh };
        if (counter(link, 'duplicates') > counter(before, 'duplicates')) {
          return {
            stored: false,
            why: 'the shuffler sent a card the table already has (a repeated sequence number): acknowledged, not stored — is the shuffler behind the table after a restart?',
            whyCode: 'REPEATED_CARD',
          };
        }
        if (!link.connected) return { stored: false, why: 'the shuffler line is down: no card can arrive', whyCode: 'LINE_DOWN' };
        if (Date.now() > end) return { stored: false, why: 'no card arrived from the shuffler', whyCode: 'NO_CARD_HEARD' };
        await new Promise((r) => setTimeout(r, STEP_MS));
      }
    },
  };
}

/**
 * A pull once the table's shoe has ended (its cards ran out, or it was
 * suspended): no card may be drawn into it, and the simulated shuffler, asked
 * for one, would load and announce its next shoe — which the table takes as a
 * new shoe (docs/serial-protocol.md: `SHOE` starts a shoe) with no one of the
 * crew having started it. The tailleur starts the next shoe first, as after a
 * suspension; insisting (out of turn) changes nothing.
 */
export function pullAfterEndReason(view: TableView): { why: string; whyCode: 'SHOE_ENDED' } | null {
  if (view.phase !== 'ended') return null;
  return { why: 'the shoe has ended: start a new shoe first, then pull its cards', whyCode: 'SHOE_ENDED' };
}

/**
 * Why the demo's pull would draw the first card of a coup before the bets
 * were opened — which the rules record as out of turn and alert the chef of
 * (docs/rules.md, shoe/draw-card.ts) — or null. A tailleur announces "faites
 * vos jeux" before drawing; the demo says so instead of drawing, unless the
 * tailleur draws out of turn on purpose (a newcomer's first pull
 * after the burn raised CARD OUT OF TURN). The English text comes with a
 * code and the coup, so each screen says it in its crew's language.
 */
export function pullBeforeBetsReason(view: TableView): { why: string; whyCode: 'CONFIRM_FIRST' | 'BETS_NOT_OPEN'; coup?: number } | null {
  const waits = view.pullWaits;
  if (waits === null) return null;
  if (waits.code === 'CONFIRM_FIRST')
    return {
      why: `confirm the call of coup ${waits.coup} (or dispute it), then open the bets ("faites vos jeux"), before the next card: drawn now, it would be out of turn`,
      whyCode: 'CONFIRM_FIRST',
      coup: waits.coup,
    };
  return {
    why: 'open the bets first ("faites vos jeux"): the next card starts a coup, and drawn before the bets are open it is out of turn',
    whyCode: 'BETS_NOT_OPEN',
  };
}
