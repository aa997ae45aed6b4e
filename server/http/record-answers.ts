/**
 * GET /state and /report.html of the table's own stored shoes
 * (surveillance-routes.ts): replayed in the upload worker pool
 * (upload-check.ts, server/worker/worker-pool.ts), never on the server's
 * thread — each read of a long shoe replayed it there, as opened logs were
 * before — and, for a shoe that has ended, kept: its
 * record can no longer change (the store refuses an event after `end`:
 * docs/shoe-log.md), so a second read of the same event, or of the same
 * report in the same language and zone, is the text already made, without
 * reading the shoe again. A shoe still in play is replayed at every read.
 */
import { randomBytes } from 'node:crypto';
import type { StoredEvent } from '../store/stored-event.ts';
import { BadRequestError, NotFoundError } from './errors.ts';
import type { UploadChecker } from './upload-check.ts';

/** Answers kept at most, all shoes together; one more forgets the oldest. */
const KEPT = 256;

export class RecordAnswers {
  readonly #kept = new Map<string, Promise<string>>();

  constructor(private readonly checker: UploadChecker) {}

  /** Whether the answer for this shoe and key is kept (the shoe had ended). */
  has(id: string, key: string): boolean {
    return this.#kept.has(`${id}\u0000${key}`);
  }

  /** GET /state's JSON text at event `at` (default: the last); `load` reads the shoe, unless the answer is kept. */
  state(id: string, at: number | undefined, load: () => Promise<StoredEvent[]>): Promise<string> {
    return this.#answer(id, `state:${at ?? 'last'}`, load, async (events) => {
      if (events.length === 0) throw new NotFoundError('the shoe has no events');
      const index = at ?? events.length - 1;
      if (index >= events.length) throw new BadRequestError('at', `at must be an event index from 0 to ${events.length - 1}`);
      return this.checker.recordState(events, index);
    });
  }

  /** GET /report.html with `nonce` on its style block, rendered once per language and zone of an ended shoe. */
  page(id: string, lang: unknown, tz: unknown, nonce: string, load: () => Promise<StoredEvent[]>): Promise<string> {
    return withNonce(nonce, (mark) =>
      this.#answer(id, pageKey(lang, tz), load, (events) => this.checker.recordPage(events, lang, tz, mark).then(marked(mark))),
    );
  }

  async #answer(id: string, key: string, load: () => Promise<StoredEvent[]>, make: (events: StoredEvent[]) => Promise<string>): Promise<string> {
    const at = `${id}\u0000${key}`;
    const known = this.#kept.get(at);
    if (known !== undefined) {
      // Most recently used last: the one forgotten is the oldest unused.
      this.#kept.delete(at);
      this.#kept.set(at, known);
      return known;
    }
    const events = await load();
    const answer = make(events);
    if (events.at(-1)?.type === 'end') {
      this.#kept.set(at, answer);
      answer.catch(() => this.#kept.delete(at));
      if (this.#kept.size > KEPT) this.#kept.delete(this.#kept.keys().next().value!);
    }
    return answer;
  }
}

/** What identifies a printable report: the language and zone asked for (report-words.ts reads them), bounded. */
export function pageKey(lang: unknown, tz: unknown): string {
  return `page:${String(lang).slice(0, 8)}:${String(tz).slice(0, 64)}`;
}

/**
 * A page kept for many answers is rendered with a mark where the nonce goes;
 * each answer gets its own nonce in the mark's place. `render` is given the
 * mark and answers `mark\npage` (`marked`), kept as it is.
 */
export async function withNonce(nonce: string, render: (mark: string) => Promise<string>): Promise<string> {
  const page = await render(randomBytes(18).toString('base64url'));
  const cut = page.indexOf('\n');
  return page.slice(cut + 1).replaceAll(page.slice(0, cut), nonce);
}

/** A rendered page, prefixed with the mark it carries (see withNonce). */
export const marked = (mark: string) => (html: string) => `${mark}\n${html}`;
