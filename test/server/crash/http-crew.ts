/**
 * The tailleur and the payeur at the HTTP API (API.md), for the crash test.
 * A request the server never answered (it was killed) is reported as `down`:
 * whether it was stored is read back from the table, never guessed. A 401
 * (sessions do not survive a restart) logs in again and retries: the command
 * was not run.
 */
import type { TableView } from '../../../shoe/table-view.ts';
import type { PlannedBet } from './shoe-driver.ts';

const PINS = { tailleur: '1111', payeur: '2222' } as const;
type Who = keyof typeof PINS;

export type Answer = { ok: true; body: unknown } | { ok: false; down: true } | { ok: false; down: false; status: number; body: unknown };

export class HttpCrew {
  private readonly cookies = new Map<Who, string>();

  constructor(private readonly base: string) {}

  async view(): Promise<TableView | null> {
    const answer = await this.call('tailleur', 'GET', '/api/table');
    return answer.ok ? (answer.body as { view: TableView }).view : null;
  }

  open(): Promise<Answer> {
    return this.call('tailleur', 'POST', '/api/bets/open');
  }

  confirm(coup: number): Promise<Answer> {
    return this.call('tailleur', 'POST', `/api/coups/${coup}/confirm`);
  }

  bet(bet: PlannedBet): Promise<Answer> {
    return this.call('payeur', 'POST', '/api/bets', bet);
  }

  private async call(who: Who, method: string, path: string, body?: unknown, retried = false): Promise<Answer> {
    let cookie = this.cookies.get(who);
    try {
      if (cookie === undefined) cookie = await this.login(who);
      const res = await fetch(this.base + path, {
        method,
        headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const parsed: unknown = await res.json().catch(() => null);
      if (res.status === 401 && !retried) {
        this.cookies.delete(who);
        return this.call(who, method, path, body, true);
      }
      return res.ok ? { ok: true, body: parsed } : { ok: false, down: false, status: res.status, body: parsed };
    } catch {
      this.cookies.delete(who);
      return { ok: false, down: true };
    }
  }

  private async login(who: Who): Promise<string> {
    const res = await fetch(`${this.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: who, pin: PINS[who] }),
    });
    if (!res.ok) throw new Error(`login ${who}: ${res.status}`);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    this.cookies.set(who, cookie);
    return cookie;
  }
}
