/**
 * fetch with a one-cookie jar, as a browser tab would hold `tq_session`.
 * Every error answer is checked for a stack trace on the way (API.md: "never
 * with a stack trace"), so each refusal tested also tests that.
 */
import { expect } from 'chai';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

/** What a Node or V8 stack trace looks like in text. */
const STACK = /\n\s+at\s|\bat [\w.<>]+ \(|node:internal|\.ts:\d+:\d+|"stack"/;

export class Client {
  cookie: string | undefined;

  constructor(readonly url: string) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const init: RequestInit = { method, headers: { ...headers, ...(this.cookie && { cookie: this.cookie }) } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.url + path, init);
    const set = res.headers.getSetCookie().find((c) => c.startsWith('tq_session='));
    if (set) {
      const value = set.split(';')[0]!;
      this.cookie = value === 'tq_session=' ? undefined : value;
    }
    const text = await res.text();
    if (res.status >= 400) expect(text, `${method} ${path} answered ${res.status} with a stack trace`).not.to.match(STACK);
    const json = (res.headers.get('content-type') ?? '').includes('application/json');
    return { status: res.status, headers: res.headers, text, body: json && text !== '' ? JSON.parse(text) : text };
  }

  get<T = any>(path: string, headers?: Record<string, string>): Promise<Reply<T>> {
    return this.request<T>('GET', path, undefined, headers);
  }

  post<T = any>(path: string, body?: unknown): Promise<Reply<T>> {
    return this.request<T>('POST', path, body);
  }

  async login(user: string, pin: string): Promise<Reply> {
    const r = await this.post('/api/login', { user, pin });
    expect(r.status, `login ${user}: ${r.text}`).to.equal(200);
    return r;
  }
}
