/**
 * `tq replay <shoe.jsonl> [--json]`: reads a recorded shoe (docs/shoe-log.md), replays
 * it through the rules and prints it coup by coup — rows, call, settlement per
 * chance — then each player's net, the prison, the end and the alerts; or the
 * audit report as JSON. A malformed line stops the replay (exit 2, with its
 * line number); a line that breaks a rule of the game does not: it is an
 * alert, as the surveillance needs to see the whole shoe.
 */
import { readFile } from 'node:fs/promises';
import { CHANCES } from '../../../shoe/events.ts';
import { replayShoe } from '../../../shoe/replay.ts';
import { reportOf, type ReplayReport } from '../../../shoe/replay-report.ts';
import { parseShoeLog, ShoeLogError } from '../../../shoe/shoe-log.ts';
import type { SettlementRow } from '../../../shoe/settlement-row.ts';
import type { Coup, ShoeState } from '../../../shoe/state.ts';
import type { CliIo } from '../tq.ts';
import { type CommandHelp, parseArgs, usageMessage, usageText } from '../usage.ts';
import { announcement, rowLine } from './call.ts';
import { counted } from '../counted.ts';

export const help: CommandHelp = {
  usage: ['replay <shoe.jsonl> [--json]'],
  about:
    "Replays a recorded shoe (docs/shoe-log.md) through the rules and prints it coup by coup, then each player's net,\nthe prison, the end and the alerts. A malformed line stops it (exit 2, with its line number).",
  options: [
    ['<shoe.jsonl>', 'a shoe log (tq export writes one)'],
    ['--json', 'the audit report as JSON'],
  ],
};

export async function run(argv: string[], io: CliIo): Promise<number> {
  let json: boolean;
  let file: string | undefined;
  try {
    const { values, positionals } = parseArgs({ args: argv, options: { json: { type: 'boolean' } }, allowPositionals: true });
    if (positionals.length !== 1) throw new Error('give one shoe log: tq replay <shoe.jsonl> [--json]');
    json = values.json === true;
    file = positionals[0]!;
  } catch (e) {
    io.stderr.write(`tq replay: ${usageMessage(e)}\n${usageText(help)}\n`);
    return 2;
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    io.stderr.write(`tq replay: cannot read ${file}: ${(e as Error).message}\n`);
    return 2;
  }
  let state: ShoeState;
  try {
    state = replayShoe(parseShoeLog(text)).state;
  } catch (e) {
    if (!(e instanceof ShoeLogError)) throw e;
    io.stderr.write(`tq replay: ${file} ${e.message}\n`);
    return 2;
  }
  const report = reportOf(state);
  io.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : textReport(state, report));
  return 0;
}

/** Cents as the payeur reads them: 10000 → "100.00". */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function textReport(state: ShoeState, report: ReplayReport): string {
  const out: string[] = [`Shoe ${state.shoe} at table ${state.table}: ${counted(state.cards.length, 'card')} drawn, ${counted(state.coups.length, 'coup')}`];
  for (const coup of state.coups) out.push('', ...coupLines(coup));
  out.push('', `End: ${report.end ?? 'the log stops before the end of the shoe'}`);
  if (report.release.length > 0) out.push('Released at the end of the shoe:', ...report.release.map(settlementLine));
  const players = Object.entries(report.players);
  out.push(players.length === 0 ? 'Players: none' : `Players: ${players.map(([p, { net }]) => `${p} ${net >= 0 ? '+' : ''}${money(net)}`).join(', ')}`);
  out.push(
    report.prison.length === 0
      ? 'Prison: empty'
      : `Prison: ${report.prison.map((p) => `${p.player} ${p.chance} ${money(p.amount)} level ${p.level} [${p.id}]`).join(', ')}`,
  );
  out.push(`Alerts: ${report.alerts.length}`, ...report.alerts.map((a) => `  [${a.kind}] ${a.message}`));
  return `${out.join('\n')}\n`;
}

function coupLines(coup: Coup): string[] {
  const complete = coup.result !== undefined;
  const apres = coup.result === 'apres' || coup.result === 'apres31';
  const lines = [
    `Coup ${coup.coup}${coup.exposed ? ' (exposed card)' : ''}`,
    `  ${rowLine(
      'Noir',
      coup.noir.cards.map((c) => c.card),
      coup.noir.total,
      complete ? announcement(coup.noir.total) : null,
    )}`,
    `  ${rowLine(
      'Rouge',
      coup.rouge.cards.map((c) => c.card),
      coup.rouge.total,
      complete ? announcement(coup.rouge.total, apres) : null,
    )}`,
  ];
  if (coup.status === 'annulled')
    lines.push(`  Annulled${coup.resolution ? ` by the chef de table: ${coup.resolution.reason}` : ': the shoe ended during the coup'}`);
  else if (coup.call !== undefined)
    lines.push(
      `  Call   "${coup.call}" (${coup.status === 'awaiting-confirm' ? 'unconfirmed' : coup.status}${coup.dispute ? `; announced "${coup.dispute.announced}"` : ''})`,
    );
  else lines.push('  (the coup is not complete)');
  for (const chance of CHANCES) {
    const rows = coup.settlement.filter((r) => r.chance === chance);
    if (rows.length > 0) lines.push(`  ${chance}:`, ...rows.map(settlementLine));
  }
  return lines;
}

function settlementLine(r: SettlementRow): string {
  const parts = [`    ${r.player} ${money(r.amount)} ${r.outcome}${r.forced ? ' (forced)' : ''}`];
  if (r.paid) parts.push(`paid ${money(r.paid)}`);
  if (r.collected) parts.push(`collected ${money(r.collected)}`);
  if (r.returned) parts.push(`returned ${money(r.returned)}`);
  if (r.premium) parts.push(`premium ${money(r.premium)}`);
  if (r.level) parts.push(`level ${r.level}`);
  if (r.to) parts.push(`moved to ${r.to}`);
  return parts.join(', ');
}
