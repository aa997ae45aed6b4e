import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardCode, orderedShoe, parseCard } from '../../../shoe/card.ts';
import { mulberry32, shuffleInPlace } from '../../../shoe/math/seeded-random.ts';
import { formatShoeLog } from '../../../shoe/shoe-log.ts';
import { VENICE_RULES } from '../../../shoe/rules.ts';
import { shuffledFromPrevious } from '../../../server/simulator/shuffle-option.ts';
import { dealtShoeLog } from '../../../server/simulator/simulated-logs.ts';
import { parseShuffler, riffle } from '../../../server/simulator/weak-shufflers.ts';
import { runShufflerCli } from '../../../server/simulator/shuffler-main.ts';
import { PassThrough } from 'node:stream';

/** Distinct labels 0..n−1, so a riffle's two packets can be told apart. */
const labels = (n: number) => Uint8Array.from({ length: n }, (_, i) => i);
const sorted = (a: Uint8Array) => Array.from(a).sort((x, y) => x - y);

describe("the simulator's shufflers", () => {
  it('riffles as two packets cut from the previous order and interleaved, each keeping its order', () => {
    const random = mulberry32(2);
    for (let t = 0; t < 20; t++) {
      const out = riffle(labels(200), random);
      expect(sorted(out)).to.deep.equal(Array.from(labels(200)));
      let descents = 0;
      for (let i = 1; i < out.length; i++) if (out[i]! < out[i - 1]!) descents++;
      // Reading 0, 1, 2 … through the output: one riffle leaves at most two rising sequences.
      const place = new Map(Array.from(out, (v, i) => [v, i]));
      let rising = 1;
      for (let v = 1; v < 200; v++) if (place.get(v)! < place.get(v - 1)!) rising++;
      expect(rising).to.be.at.most(2);
      expect(descents).to.be.above(0);
    }
  });

  it('keeps every card of the shoe whatever the shuffler', () => {
    const random = mulberry32(5);
    const previous = shuffleInPlace(orderedShoe(), random);
    for (const spec of ['fair', 'riffle:3', 'cut', 'pull:A', 'pull:10:0.5'])
      expect(sorted(parseShuffler(spec)(previous, random)), spec).to.deep.equal(sorted(previous));
  });

  it('pulls the chosen rank toward the front of the shoe', () => {
    const random = mulberry32(8);
    const pull = parseShuffler('pull:K:0.5');
    let front = 0;
    for (let t = 0; t < 50; t++) {
      const out = pull(orderedShoe(), random);
      for (let i = 0; i < 156; i++) if (out[i]! % 13 === 12) front++;
    }
    // 24 kings a shoe, 12 in the front half when fair; moving half of the back ones gives 18.
    expect(front / 50).to.be.within(16.5, 19.5);
  });

  it('refuses an unknown or malformed shuffler, naming the choices', () => {
    for (const spec of ['perfect', 'riffle', 'riffle:0', 'pull:X', 'pull:A:2', 'fair:1'])
      expect(() => parseShuffler(spec), spec).to.throw(/fair, riffle:K, cut, pull:R/);
  });

  it('tq shuffler refuses a bad --shuffle, or --shuffle with a fixture, before opening any port', async () => {
    for (const [argv, why] of [
      [['--port', '/nonexistent/tty', '--shuffle', 'perfect'], /--shuffle perfect: unknown shuffler/],
      [['--port', '/nonexistent/tty', '--shuffle', 'fair', '--fixture', 'x.jsonl'], /--fixture or --shuffle, not both/],
      [['--port', '/nonexistent/tty', '--previous', 'x.jsonl'], /--previous goes with --shuffle/],
    ] as const) {
      const err: string[] = [];
      const status = await runShufflerCli([...argv], { stdin: new PassThrough(), stderr: { write: (t: string) => err.push(t) } });
      expect(status, argv.join(' ')).to.equal(2);
      expect(err.join('')).to.match(why);
    }
  });

  it("shuffles the serial simulator's shoe from the previous shoe's log", () => {
    const dir = mkdtempSync(join(tmpdir(), 'tq-shuffle-'));
    try {
      const previous = shuffleInPlace(orderedShoe(), mulberry32(1));
      const log = join(dir, 'previous.jsonl');
      writeFileSync(log, formatShoeLog(dealtShoeLog('T1', 'p', previous, VENICE_RULES)));
      const cards = shuffledFromPrevious('cut', 4, log).map((c) => cardCode(parseCard(c.card)));
      const at = cards.indexOf(previous[0]!);
      // A cut is a rotation of the previous order: find it and compare all 312.
      const rotations = Array.from({ length: 312 }, (_, k) => k).filter((k) => cards.every((c, i) => c === previous[(i + k) % 312]));
      expect(at).to.be.at.least(0);
      expect(rotations).to.have.length.above(0);
      expect(() => shuffledFromPrevious('cut', 4, join(dir, 'missing.jsonl'))).to.throw(/--previous .*missing\.jsonl/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
