/**
 * Line and machine faults a simulated shuffler injects, so the host side of
 * TQ/1 (docs/serial-protocol.md) is exercised against everything a real line does.
 *
 * Fault list syntax (option `faults`, CLI `--faults a,b,c`) — one place:
 *
 *     <fault>:<rate>[:<ms>]   happens with probability <rate> (0..1) at each chance
 *     <fault>@<seq>[:<ms>]    happens once, at card <seq>
 *
 * | fault         | what happens                                   | a chance is          |
 * |---------------|------------------------------------------------|----------------------|
 * | `badChecksum` | a CARD frame goes out with a wrong `*HH`        | each CARD sent       |
 * | `garbage`     | 1–24 random bytes are written before a frame    | each frame sent      |
 * | `drop`        | a CARD frame is not sent at all                 | each CARD sent       |
 * | `duplicate`   | a CARD frame is sent twice                      | each CARD sent       |
 * | `split`       | a frame is written in random 1–8 byte chunks    | each frame sent      |
 * | `exposed`     | the card was seen face up (`E` flag)            | each card dealt      |
 * | `jam`         | `ERR,JAM,Card jam` is sent, then dealing goes on | each card dealt      |
 * | `cut`         | the line is dead both ways for <ms> (def. 1500) | each card dealt      |
 *
 * e.g. `badChecksum:0.05,garbage:0.05,drop:0.03,duplicate:0.03,split:0.2,jam@100,cut@200:1500`.
 * `@<seq>` faults act on the card's first transmission (or its dealing).
 * Decisions for a card's dealing and first transmission come from a PRNG
 * seeded by (seed, seq), so they replay exactly; resends and other frames
 * draw from one running seeded PRNG (their timing depends on the host).
 */
import { CodedError } from '../../shoe/coded-error.ts';
import { mulberry32, randomInt, type Random } from './seeded-random.ts';

export const FAULT_KINDS = ['badChecksum', 'garbage', 'drop', 'duplicate', 'split', 'exposed', 'jam', 'cut'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** A fault injected on demand: it acts at its next chance (`jam` and `cut` at once). */
export type Fault = { kind: Exclude<FaultKind, 'cut'> } | { kind: 'cut'; ms?: number };

export type FaultRule = { kind: FaultKind; rate: number; ms?: number } | { kind: FaultKind; atSeq: number; ms?: number };

export const DEFAULT_CUT_MS = 1500;

export class FaultSpecError extends CodedError {
  override readonly code = 'FAULT_SPEC';
  constructor(spec: string, why: string) {
    super(`fault "${spec}": ${why}; write <fault>:<rate>[:<ms>] or <fault>@<seq>[:<ms>], faults: ${FAULT_KINDS.join(' ')}`);
    this.name = 'FaultSpecError';
  }
}

function isFaultKind(text: string): text is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(text);
}

/** Parses a fault list (array, or one comma-separated string). Throws FaultSpecError. */
export function parseFaults(spec: string | readonly string[]): FaultRule[] {
  const items = (typeof spec === 'string' ? spec.split(',') : spec).map((s) => s.trim()).filter((s) => s !== '');
  return items.map((item) => {
    const m = /^([A-Za-z]+)([:@])([0-9.]+)(?::(\d+))?$/.exec(item);
    if (!m) throw new FaultSpecError(item, 'not understood');
    const [, kind = '', how, value = '', msText] = m;
    if (!isFaultKind(kind)) throw new FaultSpecError(item, `unknown fault ${JSON.stringify(kind)}`);
    if (msText !== undefined && kind !== 'cut') throw new FaultSpecError(item, 'only cut takes a duration');
    const ms = msText === undefined ? undefined : Number(msText);
    if (how === '@') {
      if (!/^[1-9]\d*$/.test(value)) throw new FaultSpecError(item, 'the seq must be a whole number ≥ 1');
      return { kind, atSeq: Number(value), ms };
    }
    const rate = Number(value);
    if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new FaultSpecError(item, 'the rate must be between 0 and 1');
    return { kind, rate, ms };
  });
}

/** What happens when card `seq` is dealt. */
export interface DealFaults {
  exposed: boolean;
  jam: boolean;
  /** Line cut for this many ms, or null. */
  cutMs: number | null;
}

/** What happens to one frame on its way out; `random` draws garbage bytes and chunk sizes. */
export interface SendFaults {
  badChecksum: boolean;
  drop: boolean;
  duplicate: boolean;
  garbage: boolean;
  split: boolean;
  random: Random;
}

export class FaultPlan {
  private readonly rates = new Map<FaultKind, { rate: number; ms?: number }>();
  private readonly at = new Map<number, Map<FaultKind, { ms?: number }>>();
  private readonly line: Random;

  constructor(
    rules: readonly FaultRule[],
    private readonly seed: number | string,
  ) {
    for (const rule of rules) {
      if ('atSeq' in rule) {
        const faults = this.at.get(rule.atSeq) ?? new Map<FaultKind, { ms?: number }>();
        faults.set(rule.kind, { ms: rule.ms });
        this.at.set(rule.atSeq, faults);
      } else {
        this.rates.set(rule.kind, { rate: rule.rate, ms: rule.ms });
      }
    }
    this.line = mulberry32(`${seed}/line`);
  }

  dealFaults(seq: number): DealFaults {
    const random = mulberry32(`${this.seed}/deal/${seq}`);
    const at = this.at.get(seq);
    const hit = (kind: FaultKind): boolean => {
      const roll = random() < (this.rates.get(kind)?.rate ?? 0);
      return roll || at?.has(kind) === true;
    };
    const exposed = hit('exposed');
    const jam = hit('jam');
    const cut = hit('cut');
    const cutMs = at?.get('cut')?.ms ?? this.rates.get('cut')?.ms ?? DEFAULT_CUT_MS;
    return { exposed, jam, cutMs: cut ? cutMs : null };
  }

  /** Faults for a CARD frame; `first` = its first transmission (replayable from the seed). */
  cardFaults(seq: number, first: boolean): SendFaults {
    const random = first ? mulberry32(`${this.seed}/send/${seq}`) : this.line;
    const at = first ? this.at.get(seq) : undefined;
    const hit = (kind: FaultKind): boolean => random() < (this.rates.get(kind)?.rate ?? 0) || at?.has(kind) === true;
    return {
      badChecksum: hit('badChecksum'),
      drop: hit('drop'),
      duplicate: hit('duplicate'),
      garbage: hit('garbage'),
      split: hit('split'),
      random,
    };
  }

  /** Faults for any other frame: only garbage and split, which lose nothing. */
  frameFaults(): SendFaults {
    const random = this.line;
    const hit = (kind: FaultKind): boolean => random() < (this.rates.get(kind)?.rate ?? 0);
    return { badChecksum: false, drop: false, duplicate: false, garbage: hit('garbage'), split: hit('split'), random };
  }
}

/** 1–24 random bytes of line noise. */
export function garbageBytes(random: Random): Buffer {
  const bytes = Buffer.alloc(1 + randomInt(random, 24));
  for (let i = 0; i < bytes.length; i++) bytes[i] = randomInt(random, 256);
  return bytes;
}

/** `bytes` cut into random 1–8 byte chunks. */
export function splitChunks(bytes: Buffer, random: Random): Buffer[] {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; ) {
    const n = 1 + randomInt(random, 8);
    chunks.push(bytes.subarray(i, i + n));
    i += n;
  }
  return chunks;
}
