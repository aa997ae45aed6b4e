/**
 * The types the dashboards (client/) share with the server: what the HTTP API
 * (API.md) and the live stream send. Types only: the client imports these and
 * nothing else from shoe/ or server/, and never a value.
 */
export type { Chance } from '../../shoe/events.ts';
export type { DeckCheck } from '../../shoe/deck-check.ts';
export type { Frequencies } from '../../shoe/frequencies.ts';
export type { ReplayReport } from '../../shoe/replay-report.ts';
export type { SettlementRow, Totals } from '../../shoe/settlement-row.ts';
export type { Alert, PrisonStake } from '../../shoe/state.ts';
export type { CoupView, TableView } from '../../shoe/table-view.ts';
export type { HandBack, HandBackRow } from '../../shoe/hand-back.ts';
export type { FloorCentralState, FloorSnapshot, FloorTable, ReportedLink } from '../floor/floor-table.ts';
export type { PreviousShoe } from '../floor/previous-shoe.ts';
export type { FloorRuling } from '../floor/floor-rulings.ts';
export type { StoredEvent } from '../store/stored-event.ts';
export type { LinkStatus, LiveMessage, Role, StreamMessage } from '../table/table.ts';
export type { ShuffleAudit } from '../../shoe/audit/shuffle-audit.ts';
export type { EdgeAnswer } from './math-routes.ts';
export type { AccessEntry, AccessKind } from './access-log.ts';
