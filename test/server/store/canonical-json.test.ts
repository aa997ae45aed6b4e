import { expect } from 'chai';
import fc from 'fast-check';
import { canonicalJson, canonicalJsonWithout, CanonicalJsonError } from '../../../server/store/canonical-json.ts';

/** The definition, written the slow obvious way: sorted keys, JSON.stringify for the rest. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${reference(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

describe('canonical JSON', () => {
  it('sorts object keys at every depth and leaves no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: 'x' } })).to.equal('{"a":{"c":"x","d":[{"y":2,"z":1}]},"b":1}');
  });

  it('gives the same text whatever order the keys were written in', () => {
    expect(canonicalJson({ type: 'card', seq: 3, card: 'QH' })).to.equal(canonicalJson({ card: 'QH', seq: 3, type: 'card' }));
  });

  it('sorts keys as strings, even those JavaScript enumerates first because they look like integers', () => {
    expect(canonicalJson({ a: 3, 9: 2, 10: 1 })).to.equal('{"10":1,"9":2,"a":3}');
  });

  it('writes strings and numbers exactly as JSON.stringify does', () => {
    const tricky = ['é', 'a"b', 'back\\slash', 'tab\tnew\nline', '\u0000\u001f', '\u2028', '\ud800', '😀'];
    for (const s of tricky) expect(canonicalJson(s)).to.equal(JSON.stringify(s));
    for (const n of [0, -0, 1e21, 0.1, -5e-7, 500_000, 2 ** 53]) expect(canonicalJson(n)).to.equal(JSON.stringify(n));
  });

  it('agrees with sort-then-stringify on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => canonicalJson(v) === reference(v)),
      { numRuns: 500 },
    );
  });

  it('leaves out properties that are undefined, as JSON does for optional fields', () => {
    expect(canonicalJson({ type: 'card', exposed: undefined })).to.equal('{"type":"card"}');
  });

  it('can leave out one key: the hash of an event is over the event without its hash', () => {
    expect(canonicalJsonWithout({ hash: 'h', type: 'open', i: 0 }, 'hash')).to.equal('{"i":0,"type":"open"}');
  });

  it('refuses what is not plain JSON, naming where it is', () => {
    const cases: [unknown, string][] = [
      [{ a: NaN }, 'a'],
      [{ rules: { max: Infinity } }, 'rules.max'],
      [{ prison: [undefined] }, 'prison[0]'],
      [{ at: new Date(0) }, 'at'],
      [{ f: () => 1 }, 'f'],
      [{ n: 10n }, 'n'],
    ];
    for (const [value, path] of cases) {
      expect(() => canonicalJson(value), path)
        .to.throw(CanonicalJsonError)
        .with.property('path', path);
    }
  });
});
