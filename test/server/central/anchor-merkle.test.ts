/**
 * The anchor's Merkle root (docs/central-store.md#anchor): a signed checkpoint
 * must commit to exactly its list of heads, so no other list gives its root.
 */
import { expect } from 'chai';
import { type AnchorHead, merkleRoot } from '../../../server/central/anchor.ts';

const head = (table: string): AnchorHead => ({ table, shoe: `${table}-s1`, i: 10, hash: `h-${table}`, ordinal: 1 });

describe('the anchor Merkle root', () => {
  it('gives a list of heads and the same list with its last head repeated different roots', () => {
    const three = [head('T1'), head('T2'), head('T3')];
    expect(merkleRoot(three)).to.not.equal(merkleRoot([...three, head('T3')]));
    const five = [head('T1'), head('T2'), head('T3'), head('T4'), head('T5')];
    expect(merkleRoot(five)).to.not.equal(merkleRoot([...five, head('T5')]));
  });

  it('changes with any head, and with their order', () => {
    const heads = [head('T1'), head('T2'), head('T3')];
    const root = merkleRoot(heads);
    expect(merkleRoot([head('T1'), { ...head('T2'), i: 11 }, head('T3')])).to.not.equal(root);
    expect(merkleRoot([head('T2'), head('T1'), head('T3')])).to.not.equal(root);
    expect(merkleRoot(heads)).to.equal(root);
  });
});
