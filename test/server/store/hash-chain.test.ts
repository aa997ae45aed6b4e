import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { chainEvents, checkChain, hashOfEvent } from '../../../server/store/hash-chain.ts';
import { GENESIS_PREV, type StampedEvent } from '../../../server/store/stored-event.ts';
import { card, META, shoeStart } from './helpers.ts';

const stamped = [shoeStart('s1'), card(1), card(2, 'TS'), { type: 'open' as const }].map((e) => ({ ...e, ...META }));

describe('hash chain', () => {
  it('hashes the canonical JSON of an event without its hash, with SHA-256', () => {
    const [first] = chainEvents(GENESIS_PREV, 0, [{ type: 'open', ...META }]);
    const text = `{"at":"${META.at}","by":"${META.by}","i":0,"prev":"${GENESIS_PREV}","type":"open"}`;
    expect(first!.hash).to.equal(createHash('sha256').update(text, 'utf8').digest('hex'));
  });

  it('links each event to the one before, starting from 64 zeros, numbered from 0', () => {
    const chain = chainEvents(GENESIS_PREV, 0, stamped);
    expect(chain.map((e) => e.i)).to.deep.equal([0, 1, 2, 3]);
    expect(chain[0]!.prev).to.equal('0'.repeat(64));
    for (let k = 1; k < chain.length; k++) expect(chain[k]!.prev).to.equal(chain[k - 1]!.hash);
    for (const e of chain) expect(e.hash).to.equal(hashOfEvent(e));
  });

  it('continues an existing chain from its last hash and index', () => {
    const whole = chainEvents(GENESIS_PREV, 0, stamped);
    const head = chainEvents(GENESIS_PREV, 0, stamped.slice(0, 2));
    const rest = chainEvents(head[1]!.hash, 2, stamped.slice(2));
    expect([...head, ...rest]).to.deep.equal(whole);
  });

  it('keeps unknown fields and replaces any i, prev or hash the caller put in', () => {
    const given = { type: 'open', ...META, i: 99, prev: 'x', hash: 'y', note: { z: 1 } } as StampedEvent;
    const [e] = chainEvents(GENESIS_PREV, 5, [given]);
    expect(e).to.include({ i: 5, prev: GENESIS_PREV });
    expect(e!.hash).to.match(/^[0-9a-f]{64}$/);
    expect(e).to.have.deep.property('note', { z: 1 });
  });

  it('finds nothing wrong with an intact chain', () => {
    expect(checkChain(chainEvents(GENESIS_PREV, 0, stamped))).to.deep.equal([]);
  });

  it('reports an edited event as a hash mismatch at that event only', () => {
    const chain: Record<string, unknown>[] = chainEvents(GENESIS_PREV, 0, stamped).map((e) => ({ ...e }));
    chain[2] = { ...chain[2], card: 'KS' };
    expect(checkChain(chain).map((p) => [p.index, p.kind])).to.deep.equal([[2, 'hash-mismatch']]);
  });

  it('reports an event without a usable hash, and does not blame the next one for it', () => {
    const chain: Record<string, unknown>[] = chainEvents(GENESIS_PREV, 0, stamped).map((e) => ({ ...e }));
    const { hash: _, ...noHash } = chain[1]!;
    chain[1] = noHash;
    expect(checkChain(chain).map((p) => [p.index, p.kind])).to.deep.equal([[1, 'missing-hash']]);
  });

  it('reports a chain that does not start at 64 zeros and index 0', () => {
    const chain = chainEvents(GENESIS_PREV, 0, stamped).slice(1);
    expect(checkChain(chain).map((p) => [p.index, p.kind])).to.deep.equal([
      [0, 'index-mismatch'],
      [0, 'prev-mismatch'],
    ]);
  });
});
