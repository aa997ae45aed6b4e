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

export interface PullOutcome {
  /** The table stored a new card. */
  stored: boolean;
  /** Why not, in words for the tailleur. */
  why?: string;
}

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
        if (fresh) return { stored: false, why: fresh.message };
        if (counter(link, 'duplicates') > counter(before, 'duplicates')) {
          return {
            stored: false,
            why: 'the shuffler sent a card the table already has (a repeated sequence number): acknowledged, not stored — is the shuffler behind the table after a restart?',
          };
        }
        if (!link.connected) return { stored: false, why: 'the shuffler line is down: no card can arrive' };
        if (Date.now() > end) return { stored: false, why: 'no card arrived from the shuffler' };
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
  if (view.phase !== 'waiting') return null;
  if (view.awaitingConfirm !== null)
    return {
      why: `confirm the call of coup ${view.awaitingConfirm} (or dispute it), then open the bets ("faites vos jeux"), before the next card: drawn now, it would be out of turn`,
      whyCode: 'CONFIRM_FIRST',
      coup: view.awaitingConfirm,
    };
  return {
    why: 'open the bets first ("faites vos jeux"): the next card starts a coup, and drawn before the bets are open it is out of turn',
    whyCode: 'BETS_NOT_OPEN',
  };
}
