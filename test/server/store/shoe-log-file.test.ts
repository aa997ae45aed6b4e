import { expect } from 'chai';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readShoeLogFile, ShoeLogSyntaxError } from '../../../server/store/shoe-log-file.ts';
import { useTempDirs } from './helpers.ts';

const tempDir = useTempDirs();

async function file(text: string): Promise<string> {
  const path = join(await tempDir(), 'shoe.jsonl');
  await writeFile(path, text);
  return path;
}

async function syntaxError(path: string): Promise<ShoeLogSyntaxError> {
  const e = await readShoeLogFile(path).catch((x: unknown) => x);
  expect(e).to.be.instanceOf(ShoeLogSyntaxError);
  return e as ShoeLogSyntaxError;
}

describe('reading a shoe log file', () => {
  it('gives each event with its line number, keeping fields it does not know and skipping blank lines', async () => {
    const path = await file('{"type":"open","extra":{"x":1}}\n\n{"type":"close"}\n');
    expect(await readShoeLogFile(path)).to.deep.equal([
      { line: 1, event: { type: 'open', extra: { x: 1 } } },
      { line: 3, event: { type: 'close' } },
    ]);
  });

  it('names the line that is not JSON', async () => {
    const e = await syntaxError(await file('{"type":"open"}\n{"type":\n{"type":"close"}\n'));
    expect(e).to.include({ code: 'BAD_LINE', line: 2 });
    expect(e.message).to.match(/shoe\.jsonl:2: line 2 is not JSON/);
  });

  it('names a line that is JSON but not an object', async () => {
    expect(await syntaxError(await file('{"type":"open"}\n[1,2]\n'))).to.include({ line: 2 });
  });

  it('reads a whole last line left without its newline, and names one cut short', async () => {
    expect(await readShoeLogFile(await file('{"type":"open"}\n{"type":"close"}'))).to.have.length(2);
    expect(await syntaxError(await file('{"type":"open"}\n{"type":"clo'))).to.include({ line: 2 });
  });
});
