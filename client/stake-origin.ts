/**
 * Where a prison stake comes from, read from its name (docs/rules.md#prison-stake-id): the card of
 * the 31 après that sent it to prison (`<seq>-<seat>-<chance>`), or its place on a shoe's first
 * line when it was carried from the shoe before (`carried<n>-<seat>-<chance>`). Two stakes of one
 * seat on one chance differ by it, and it stays the same while the stake is deepened. The domain's own
 * reading is shoe/prison-id.ts's `stakeOrigin`; the client reads names from the contract alone, so it
 * keeps this one, of the same form.
 */
import type { SettlementRow } from '../server/http/contract.ts';
import { t } from './i18n.ts';

export type StakeOrigin = { card: string } | { carried: string } | null;

export function stakeOrigin(id: string | undefined): StakeOrigin {
  const origin = id?.split('-')[0];
  if (!origin) return null;
  const carried = /^carried(\d+)$/.exec(origin);
  if (carried) return { carried: carried[1] ?? '' };
  return /^\d+$/.test(origin) ? { card: origin } : null;
}

/** Where the stake comes from in the crew's words ("sent at card 37", "from the last shoe (no. 1)"), or null for a name without one. */
export function stakeOriginText(id: string | undefined): string | null {
  const o = stakeOrigin(id);
  if (o === null) return null;
  return 'carried' in o ? t('prison.originCarried', { n: o.carried }) : t('prison.originCard', { seq: o.card });
}

/**
 * Whether row `r` is one of a seat's two (or more) prison stakes on its chance among `rows`, so it must say where it came
 * from: "to prison (level 1)" and "partager" side by side did not say which stake was split (outside crew passes 47, 48).
 */
export function oneOfTwoHeld(rows: readonly SettlementRow[], r: SettlementRow): boolean {
  return r.stake !== undefined && rows.filter((x) => x.player === r.player && x.chance === r.chance && x.stake !== undefined).length > 1;
}
