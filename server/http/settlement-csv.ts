/**
 * GET /api/shoes/:id/settlement.csv (issue "settlement CSV"): one row per
 * settlement line, coup by coup, then the end-of-shoe release rows with coup
 * "end". Text cells are quoted when needed and a player id that a
 * spreadsheet would run as a formula is prefixed with an apostrophe.
 */
import type { SettlementRow } from '../../shoe/settlement-row.ts';
import type { ShoeState } from '../../shoe/state.ts';

export const SETTLEMENT_CSV_HEADER = 'coup,player,chance,amount,outcome,paid,collected,returned,premium,level,net';

export function settlementCsv(state: ShoeState): string {
  const lines = [SETTLEMENT_CSV_HEADER];
  for (const coup of state.coups) for (const r of coup.settlement) lines.push(csvRow(String(coup.coup), r));
  for (const r of state.release) lines.push(csvRow('end', r));
  return lines.join('\r\n') + '\r\n';
}

function csvRow(coup: string, r: SettlementRow): string {
  return [coup, csvText(r.player), r.chance, r.amount, r.outcome, r.paid, r.collected, r.returned, r.premium, r.level, r.net].join(',');
}

/** RFC 4180 quoting, plus the formula guard of OWASP "CSV injection". */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
