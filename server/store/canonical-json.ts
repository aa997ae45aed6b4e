/**
 * Canonical JSON for the hash chain (docs/shoe-log.md#hash-chain: "hash = SHA-256 over a canonical
 * form of the event"): object keys sorted recursively by UTF-16 code units, no
 * whitespace, strings and numbers written as `JSON.stringify` writes them, so
 * the text is the RFC 8785 (JCS) form for the values a shoe log holds. Two
 * programs that agree on the event agree on its bytes, whatever key order or
 * spacing a line was written with.
 *
 * Hand-written rather than "sort then JSON.stringify" because verify hashes
 * about a million events a second: keys of a stored line are usually already
 * sorted, so sorting is skipped when they are, and plain strings are quoted
 * without calling into JSON.stringify.
 */
import { CodedError } from '../../shoe/coded-error.ts';

export class CanonicalJsonError extends CodedError {
  override readonly code = 'NOT_PLAIN_JSON';
  /** Where the value sits, e.g. `rules.max` or `prison[0]`; filled in while unwinding. */
  path = '';
  constructor(readonly what: string) {
    super(`a value is ${what}: only plain JSON (objects, arrays, strings, finite numbers, booleans, null) can be hashed`);
    this.name = 'CanonicalJsonError';
  }

  /** Adds the enclosing key or index to the path and the message. */
  within(step: string): this {
    this.path = this.path === '' || this.path.startsWith('[') ? step + this.path : `${step}.${this.path}`;
    this.message = `${this.path} is ${this.what}: only plain JSON (objects, arrays, strings, finite numbers, booleans, null) can be hashed`;
    return this;
  }
}

/** Characters that JSON must escape, and lone surrogates that JSON.stringify escapes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters JSON must escape.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

const quotedKeys = new Map<string, string>();

function quoteKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = `${quote(key)}:`;
    if (quotedKeys.size < 4096) quotedKeys.set(key, quoted);
  }
  return quoted;
}

function quote(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** The canonical text of a plain JSON value. */
export function canonicalJson(value: unknown): string {
  return write(value);
}

/**
 * The canonical text of a plain object without one of its keys: the hashed
 * form of a stored event is its canonical JSON without `hash`.
 */
export function canonicalJsonWithout(object: object, omit: string): string {
  return writeObject(object as Readonly<Record<string, unknown>>, omit);
}

function write(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      if (!Number.isFinite(value)) throw new CanonicalJsonError(String(value));
      return `${value}`;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) return writeArray(value);
      return writeObject(value as Record<string, unknown>, undefined);
    default:
      throw new CanonicalJsonError(typeof value);
  }
}

function writeArray(items: readonly unknown[]): string {
  let text = '[';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) text += ',';
    try {
      // JSON.stringify would write `null` for a hole or undefined; a hash must not guess.
      if (items[i] === undefined) throw new CanonicalJsonError('undefined');
      text += write(items[i]);
    } catch (e) {
      throw e instanceof CanonicalJsonError ? e.within(`[${i}]`) : e;
    }
  }
  return `${text}]`;
}

function writeObject(object: Readonly<Record<string, unknown>>, omit: string | undefined): string {
  const proto: unknown = Object.getPrototypeOf(object);
  if (proto !== Object.prototype && proto !== null) throw new CanonicalJsonError('not a plain object');
  let keys = Object.keys(object);
  for (let i = 1; i < keys.length; i++) {
    if (keys[i - 1]! > keys[i]!) {
      keys = keys.slice().sort();
      break;
    }
  }
  let text = '{';
  for (const key of keys) {
    const value = object[key];
    // Like JSON.stringify, an undefined property is absent (optional fields left unset).
    if (key === omit || value === undefined) continue;
    if (text.length > 1) text += ',';
    try {
      text += quoteKey(key) + write(value);
    } catch (e) {
      throw e instanceof CanonicalJsonError ? e.within(key) : e;
    }
  }
  return `${text}}`;
}
