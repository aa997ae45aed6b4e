/**
 * What GET /api/audit/shuffle keeps between calls (one
 * audit was kept, keyed by `last`, so alternating `?last=` read every shoe
 * again each call, 0.75–3 s apiece). Each recorded shoe's cards are read
 * once and kept (a shoe's audit input is ~330 bytes; the record's shoes
 * bound the map), and the last few answers are kept by their exact shoe list,
 * two asking at once sharing one computation.
 */
import { auditShoeFromEvents, type AuditShoe } from '../../shoe/audit/audit-shoe.ts';
import { auditShuffle, type ShuffleAudit } from '../../shoe/audit/shuffle-audit.ts';
import type { ShoeArchive, ShoeSummary } from './shoe-archive.ts';

/** Answers kept, the least recently asked forgotten first. */
const ANSWERS_KEPT = 8;

export class ShuffleAuditCache {
  readonly #shoes = new Map<string, { events: number; audit: AuditShoe }>();
  readonly #answers = new Map<string, Promise<ShuffleAudit>>();

  constructor(private readonly archive: ShoeArchive) {}

  /** The audit of `chosen` (recorded shoes, in the order they started). */
  audit(chosen: readonly ShoeSummary[]): Promise<ShuffleAudit> {
    const key = chosen.map((s) => `${s.id}/${s.events}`).join(',');
    let answer = this.#answers.get(key);
    if (answer === undefined) {
      answer = this.#compute(chosen);
      answer.catch(() => this.#answers.delete(key));
      if (this.#answers.size >= ANSWERS_KEPT) this.#answers.delete(this.#answers.keys().next().value!);
    } else this.#answers.delete(key);
    this.#answers.set(key, answer);
    return answer;
  }

  async #compute(chosen: readonly ShoeSummary[]): Promise<ShuffleAudit> {
    const shoes: AuditShoe[] = [];
    for (const s of chosen) {
      let kept = this.#shoes.get(s.id);
      if (kept?.events !== s.events) {
        kept = { events: s.events, audit: auditShoeFromEvents(s.id, await this.archive.readShoe(s.id)) };
        this.#shoes.set(s.id, kept);
      }
      shoes.push(kept.audit);
    }
    return auditShuffle(shoes);
  }
}
