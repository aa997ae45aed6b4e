/**
 * Code comments and READMEs cite the repository's own documents by anchor
 * (`docs/rules.md#31-apres`, see docs/README.md). A citation whose anchor
 * does not exist is a broken promise to the reader, so every one is checked
 * against the `<a id="…">` anchors of the document it names.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = ['shoe', 'server', 'client', 'test', 'lint', 'fixtures', 'docs'];
const SKIP = new Set(['node_modules', 'dist']);
const TEXT = /\.(ts|js|md|grit|sql|py)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return TEXT.test(entry.name) ? [path] : [];
  });
}

function anchorsOf(doc: string): Set<string> {
  return new Set([...readFileSync(join(ROOT, 'docs', doc), 'utf8').matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!));
}

interface Citation {
  from: string;
  doc: string;
  anchor: string;
}

/** `docs/<doc>.md#<anchor>` anywhere, and `(<doc>.md#<anchor>)` links between the documents of docs/. */
function citationsIn(path: string): Citation[] {
  const text = readFileSync(path, 'utf8');
  const from = relative(ROOT, path);
  const found = [...text.matchAll(/docs\/([a-z0-9-]+\.md)#([A-Za-z0-9-]+)/g)].map((m) => ({ from, doc: m[1]!, anchor: m[2]! }));
  if (from.startsWith('docs/')) {
    for (const m of text.matchAll(/\]\(([a-z0-9-]+\.md)#([A-Za-z0-9-]+)\)/g)) found.push({ from, doc: m[1]!, anchor: m[2]! });
  }
  return found;
}

describe('citations of docs/', () => {
  const files = [join(ROOT, 'README.md'), ...SCANNED.flatMap((dir) => filesUnder(join(ROOT, dir)))];
  const citations = files.flatMap(citationsIn);

  it('finds the citations it checks', () => {
    expect(citations.some((c) => c.doc === 'rules.md')).to.equal(true);
  });

  it('points every citation at an anchor that exists in the document it names', () => {
    const anchors = new Map<string, Set<string>>();
    const broken = citations.filter((c) => {
      if (!anchors.has(c.doc)) anchors.set(c.doc, anchorsOf(c.doc));
      return !anchors.get(c.doc)!.has(c.anchor);
    });
    expect(broken.map((c) => `${c.from}: docs/${c.doc}#${c.anchor}`)).to.deep.equal([]);
  });

  it('cites no document outside the repository: no SPEC section, no issue number', () => {
    // a number on the next line of a comment is still a citation ("(issue\n * 20: …")
    const outside = /SPEC §|shared\/SPEC|\bissue(?: |\s*\n\s*(?:\*|\/\/|#)?\s*)#?\d+/i;
    const self = fileURLToPath(import.meta.url);
    const offenders = files.filter((path) => path !== self && outside.test(readFileSync(path, 'utf8'))).map((path) => relative(ROOT, path));
    expect(offenders).to.deep.equal([]);
  });

  it('gives every anchor one place in its document', () => {
    for (const doc of readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'))) {
      const ids = [...readFileSync(join(ROOT, 'docs', doc), 'utf8').matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!);
      expect(
        ids.filter((id, k) => ids.indexOf(id) !== k),
        doc,
      ).to.deep.equal([]);
    }
  });
});
