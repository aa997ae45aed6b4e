/**
 * GET /api/shoes/:id/settlement.csv[?sep=;] (server/http/API.md): one row
 * per settlement line, coup by coup, then the end-of-shoe release rows with
 * coup "end". Amounts are in the table's currency units ("100.00"), as the
 * cashier reads them. `sep=;` writes what an Italian spreadsheet opens as
 * columns: `;` between cells and a decimal comma ("100,00"). A prison stake
 * moved by the player's choice names the chance it went to (`moved_to`), a
 * forced split says so (`forced`). The last columns say what surveillance
 * checks a row against: the coup's call as announced and its status
 * (confirmed, resolved by the chef, annulled), whether the stake was insured,
 * and for an annulled insured stake the premium to give back if it was taken
 * (`premium_back`, docs/rules.md#insurance), and for a stake in prison or sent there
 * its name (`stake`, docs/rules.md#prison-stake-id), and for a free stake an après left on the layout the coup it
 * was carried from (`carried_from`, docs/rules.md#apres: the report and the screens marked it, the CSV did not,
 * outside crew pass 45) and the part of it carried (`carried_amount`: the rest was added since; outside crew pass 46). Text cells are quoted when needed and a
 * player id that a spreadsheet would run as a formula is prefixed with an
 * apostrophe.
 */
import { rowCarried } from '../../shoe/carried-from.ts';
import type { SettlementRow } from '../../shoe/settlement-row.ts';
import type { Coup, ShoeState } from '../../shoe/state.ts';

export type CsvSeparator = ',' | ';';

const COLUMNS = [
  'coup',
  'player',
  'chance',
  'amount',
  'outcome',
  'paid',
  'collected',
  'returned',
  'premium',
  'level',
  'net',
  'moved_to',
  'forced',
  'insured',
  'premium_back',
  'call',
  'status',
  'stake',
  'carried_from',
  'carried_amount',
] as const;

export function settlementCsvHeader(sep: CsvSeparator = ','): string {
  return COLUMNS.join(sep);
}

export const SETTLEMENT_CSV_HEADER = settlementCsvHeader();

export function settlementCsv(state: ShoeState, sep: CsvSeparator = ','): string {
  const lines = [settlementCsvHeader(sep)];
  for (const coup of state.coups) for (const r of coup.settlement) lines.push(csvRow(String(coup.coup), r, sep, coup, state.coups));
  for (const r of state.release) lines.push(csvRow('end', r, sep));
  return `${lines.join('\r\n')}\r\n`;
}

/** Cents as currency units, with the decimal mark that goes with the separator. */
export function units(cents: number, sep: CsvSeparator = ','): string {
  const abs = Math.abs(cents);
  const text = `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}${sep === ';' ? ',' : '.'}${String(abs % 100).padStart(2, '0')}`;
  return text;
}

function csvRow(
  coup: string,
  r: SettlementRow,
  sep: CsvSeparator,
  of?: Pick<Coup, 'coup' | 'call' | 'status' | 'before' | 'noir' | 'rouge'>,
  coups: ShoeState['coups'] = [],
): string {
  const u = (n: number) => units(n, sep);
  const carried = of ? rowCarried(r, of, coups) : undefined;
  return [
    coup,
    csvText(r.player, sep),
    r.chance,
    u(r.amount),
    r.outcome,
    u(r.paid),
    u(r.collected),
    u(r.returned),
    u(r.premium),
    r.level,
    u(r.net),
    r.to ?? '',
    r.forced ? 'yes' : '',
    r.insured ? 'yes' : '',
    r.premiumBack ? u(r.premiumBack) : '',
    of?.call ? csvText(of.call, sep) : '',
    of?.status ?? '',
    r.stake ?? '',
    carried?.from ?? '',
    carried ? u(carried.amount) : '',
  ].join(sep);
}

/** RFC 4180 quoting, plus the formula guard of OWASP "CSV injection". */
export function csvText(value: string, sep: CsvSeparator = ','): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /["\r\n]/.test(safe) || safe.includes(sep) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
