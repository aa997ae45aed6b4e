/**
 * The HTTP API of server/http/API.md, typed. Every failure becomes an
 * ApiError carrying the server's own code and message; the screens show it
 * by its code in the interface's language (server-text.ts), the message only
 * for a code they do not know.
 */
import type {
  AccessEntry,
  Chance,
  CoupView,
  DeckCheck,
  EdgeAnswer,
  FloorSnapshot,
  Frequencies,
  LinkStatus,
  ReplayReport,
  Role,
  ShuffleAudit,
  StoredEvent,
  TableView,
} from '../server/http/contract.ts';
import type { PullAnswer } from './pull-refusal.ts';

export type { EdgeAnswer, ShuffleAudit };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** Status 0: the server could not be reached. */
  get offline(): boolean {
    return this.status === 0;
  }
}

export interface Me {
  user: string;
  role: Role;
  /** `floor`: the surveillance room (every table from the central store), not a table's own server. */
  site?: 'floor';
}
export interface CommandResult {
  events: StoredEvent[];
  view: TableView;
}
export interface ShoeSummary {
  id: string;
  table: string;
  startedAt: string;
  endedAt?: string;
  end?: string;
  events: number;
  /** `file`: a shoe log opened from a file, outside the table's record. */
  source?: 'record' | 'file';
  name?: string;
}
export interface ShoeStateAt {
  index: number;
  total: number;
  event: StoredEvent;
  view: TableView;
  coups: CoupView[];
}
export interface Verify {
  ok: boolean;
  problems: { index: number; kind: string; message: string }[];
  /** Whether the seals were checked (server/http/shoe-archive.ts SealCheck); absent for a log opened from a file. */
  seals?: 'checked' | 'no-key' | 'elsewhere';
  /** A shoe still being dealt: how far its seals reach (server/http/shoe-archive.ts VerifyResult). */
  sealedTo?: { i: number | null; last: number };
  /** Play the table found unsealed when it started (server/http/shoe-archive.ts VerifyResult). */
  unsealedAtRestart?: { from: number; to: number; seconds: number }[];
}
export type Report = Partial<ReplayReport> & { deck?: DeckCheck; frequencies?: Frequencies };

type Listener = (error: ApiError) => void;
const failureListeners = new Set<Listener>();
/** Told of every failed request (the app logs out on 401, shows offline on 0). */
export function onApiFailure(listener: Listener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

/** `body` is sent as JSON, or as text of `textType` when that is given. */
async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown, textType?: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': textType ?? 'application/json', accept: 'application/json' },
      ...(body !== undefined && { body: textType ? String(body) : JSON.stringify(body) }),
    });
  } catch (e) {
    const err = new ApiError(0, 'OFFLINE', e instanceof Error ? e.message : String(e));
    failureListeners.forEach((l) => l(err));
    throw err;
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: unknown;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const d = (data ?? {}) as { error?: string; message?: string; field?: string };
    const err = new ApiError(res.status, d.error ?? `HTTP_${res.status}`, d.message ?? (text.slice(0, 200) || res.statusText), d.field);
    failureListeners.forEach((l) => l(err));
    throw err;
  }
  return data as T;
}

const enc = encodeURIComponent;
/** Where a table's own server serves its shoe archive; the floor serves each table's at {@link tableArchive}. */
const API = '/api';
const post = <T = CommandResult>(path: string, body?: unknown) => request<T>('POST', path, body);

export const api = {
  login: (user: string, pin: string) => post<Me>('/api/login', { user, pin }),
  logout: () => post<void>('/api/logout'),
  me: () => request<Me>('GET', '/api/me'),
  /** Who is logged in, null for nobody: asked on load, it answers 200 either way (no 401 in the console). */
  session: () => request<{ me: Me | null; roles?: Role[] }>('GET', '/api/session'),
  table: () => request<{ view: TableView; link: LinkStatus }>('GET', '/api/table'),
  /** The table's seat ids, in the layout's order. */
  seats: () => request<{ seats: string[] }>('GET', '/api/seats'),

  startShoe: () => post('/api/shoe/start', {}),
  openBets: () => post('/api/bets/open'),
  closeBets: () => post('/api/bets/close'),
  confirm: (coup: number) => post(`/api/coups/${coup}/confirm`),
  dispute: (coup: number, announced: string) => post(`/api/coups/${coup}/dispute`, { announced }),
  voidCard: (seq: number, reason: 'floor' | 'sibilla') => post(`/api/cards/${seq}/void`, { reason }),
  /** The answer says whether a card was stored and, if not, why (the server waits for the card's fate). */
  simDeal: () => post<CommandResult & { dealt: boolean } & PullAnswer>('/api/sim/deal'),
  /** Whether the table has a simulated shuffler to pull from (a demo table). */
  sim: () => request<{ simulator: boolean }>('GET', '/api/sim'),

  /** `held`: the stake the screen showed there; the server refuses STAKE_CHANGED if another terminal changed it since. */
  bet: (player: string, chance: Chance, amount: number, insured: boolean, held: number) =>
    post('/api/bets', { player, chance, amount, ...(insured && { insured: true }), held }),
  withdraw: (player: string, chance: Chance) => post('/api/bets/withdraw', { player, chance }),
  insure: (player: string, chance: Chance) => post('/api/bets/insure', { player, chance }),
  /** `stake`: the prison row's id, so the choice acts on that stake only (docs/rules.md#prison-stake-id). */
  prisonChoice: (player: string, chance: Chance, action: 'leave' | 'move' | 'partager', to?: Chance, stake?: string) =>
    post('/api/prison/choice', { player, chance, action, ...(to && { to }), ...(stake && { stake }) }),

  resolve: (coup: number, ruling: 'cards' | 'annul', reason: string) => post(`/api/coups/${coup}/resolve`, { ruling, reason }),
  /** The stakes that ended shoe left are back with the players (recorded for every screen: docs/shoe-log.md#handed-back). */
  handedBack: (shoe: string) => post('/api/shoe/handed-back', { shoe }),
  /** `again`: asked while the chef's own suspension is held, this reason stands in its place (docs/rules.md#held-end). */
  suspend: (reason: string, again = false) => post('/api/shoe/suspend', again ? { reason, again: true } : { reason }),
  /** The chef withdraws the suspension held for the last call (docs/rules.md#unhold). */
  unhold: (note?: string) => post('/api/shoe/unhold', note ? { note } : {}),
  dealUnwitnessed: () => post('/api/witness/unwitnessed', {}),

  /**
   * The shoe archive. `base` is where it is served: `/api` on a table's own
   * server, `/api/tables/<id>` for one table on the floor (the same routes).
   */
  shoes: (base = API) => request<ShoeSummary[]>('GET', `${base}/shoes`),
  openShoeLog: (text: string, name: string) => request<ShoeSummary>('POST', `/api/shoes/open?name=${enc(name)}`, text, 'application/x-ndjson'),
  shoeEvents: (id: string, base = API) => request<StoredEvent[]>('GET', `${base}/shoes/${enc(id)}/events`),
  shoeState: (id: string, at?: number, base = API) => request<ShoeStateAt>('GET', `${base}/shoes/${enc(id)}/state${at === undefined ? '' : `?at=${at}`}`),
  verify: (id: string, base = API) => request<Verify>('GET', `${base}/shoes/${enc(id)}/verify`),
  report: (id: string, base = API) => request<Report>('GET', `${base}/shoes/${enc(id)}/report`),

  shuffleAudit: () => request<ShuffleAudit>('GET', '/api/audit/shuffle'),
  houseEdge: () => request<EdgeAnswer>('GET', '/api/edge'),

  floor: () => request<FloorSnapshot>('GET', '/api/floor'),

  /** The access log, newest first (chef and surveillance). */
  accessLog: (limit = 200) => request<AccessLogPage>('GET', `/api/access-log?limit=${limit}`),
};

export interface AccessLogPage {
  total: number;
  unreadable: number;
  entries: AccessEntry[];
}
export type { AccessEntry };
/** The whole access log as CSV; the download is itself recorded. */
export const ACCESS_LOG_CSV = '/api/access-log.csv';

export const tableArchive = (table: string) => `/api/tables/${enc(table)}`;

/**
 * The exports of a shoe; the printable report in the interface's language and
 * the browser's time zone. `base`: where the shoe archive is served (a table's
 * own `/api`, or one table's on the floor).
 */
export const exportLinks = (id: string, lang: 'it' | 'en' = 'en', base = API) => ({
  log: `${base}/shoes/${enc(id)}/log`,
  csv: `${base}/shoes/${enc(id)}/settlement.csv`,
  /** For Italian spreadsheets: `;` between cells, decimal comma. */
  csvSemicolon: `${base}/shoes/${enc(id)}/settlement.csv?sep=${enc(';')}`,
  html: `${base}/shoes/${enc(id)}/report.html?lang=${lang}&tz=${enc(Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC')}`,
});
