/**
 * `tq verify` and shoe identity (docs/serial-protocol.md#shoe-identity):
 * a shoe holding cards of another shuffler shoe than its own fails, within
 * its file (the serials its lines name) and across the data directory (one
 * shuffler shoe named by two table shoes:'s new shoe filled with the
 * previous shoe's cards).
 */
import { expect } from 'chai';
import { verifyDataDir, type ReplayFn, type ShoeVerdict } from '../../../server/store/verify.ts';
import type { ShoeEvent } from '../../../shoe/index.ts';
import { shoeStart, storeShoes, useTempDirs } from './helpers.ts';

const tempDir = useTempDirs();
const noRules: ReplayFn = () => ({ alerts: [] });
const kinds = (v: ShoeVerdict) => v.problems.map((p) => [p.index, p.kind]);
const card = (seq: number, serial?: string): ShoeEvent => ({ type: 'card', seq, card: 'QH', ...(serial !== undefined && { serial }) }) as ShoeEvent;
const shoe = (id: string, serial?: string): ShoeEvent => ({ ...shoeStart(id), ...(serial !== undefined && { serial }) }) as ShoeEvent;
const end: ShoeEvent = { type: 'end', reason: 'empty' };

describe('verify: a shoe holds the cards of one shuffler shoe', () => {
  it('passes shoes whose cards name their own shuffler shoe, or none (older records)', async () => {
    const dir = await tempDir();
    await storeShoes(dir, [
      [shoe('a', 'SIM-1'), card(1, 'SIM-1'), card(2, 'SIM-1'), end],
      [shoe('b'), card(1, 'SIM-2'), card(2, 'SIM-2'), end],
      [shoe('c'), card(1), card(2), end],
    ]);
    const verdict = await verifyDataDir(dir, { replay: noRules });
    expect(verdict.ok).to.equal(true);
    expect(
      verdict.results.map((r) => Object.keys(r)),
      'the serials stay out of the verdict',
    ).to.deep.equal(Array(3).fill(['shoe', 'ok', 'events', 'problems']));
  });

  it('fails a shoe with cards of another shuffler shoe than its first line names, at the first of them', async () => {
    const dir = await tempDir();
    await storeShoes(dir, [[shoe('a', 'SIM-1'), card(1, 'SIM-1'), card(2, 'SIM-0'), card(3, 'SIM-0'), end]]);
    const [a] = (await verifyDataDir(dir, { replay: noRules })).results;
    expect(kinds(a!)).to.deep.equal([[2, 'other-shoe']]);
    expect(a!.problems[0]!.message).to.equal(
      "card 2 comes from the shuffler's shoe SIM-0, but this shoe is shuffler shoe SIM-1, and 1 more card of another shoe after it",
    );
  });

  it("fails a shoe started at the table that holds the previous shoe's shuffler shoe", async () => {
    const dir = await tempDir();
    await storeShoes(dir, [
      [shoe('a', 'SIM-1'), card(1, 'SIM-1'), card(2, 'SIM-1'), end],
      [shoe('b'), card(1, 'SIM-1'), card(2, 'SIM-1')],
    ]);
    const verdict = await verifyDataDir(dir, { replay: noRules });
    expect(verdict.ok).to.equal(false);
    expect(verdict.results[0]!.ok).to.equal(true);
    expect(kinds(verdict.results[1]!)).to.deep.equal([[null, 'other-shoe']]);
    expect(verdict.results[1]!.problems[0]!.message).to.equal(
      "holds cards of the shuffler's shoe SIM-1, which shoe a holds: one shuffler shoe is dealt into one table shoe",
    );
  });
});
