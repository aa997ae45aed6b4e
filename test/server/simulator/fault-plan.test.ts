import { expect } from 'chai';
import { FaultPlan, FaultSpecError, parseFaults, splitChunks } from '../../../server/simulator/fault-plan.ts';
import { mulberry32 } from '../../../server/simulator/seeded-random.ts';

describe('the fault plan of the simulated shuffler', () => {
  it('reads rates, at-seq faults and cut durations', () => {
    expect(parseFaults(['badChecksum:0.05', 'jam@100', 'cut@200:1500', 'cut:0.01'])).to.deep.equal([
      { kind: 'badChecksum', rate: 0.05, ms: undefined },
      { kind: 'jam', atSeq: 100, ms: undefined },
      { kind: 'cut', atSeq: 200, ms: 1500 },
      { kind: 'cut', rate: 0.01, ms: undefined },
    ]);
    expect(parseFaults('drop:0.03, split:0.2')).to.have.length(2);
    expect(parseFaults('')).to.deep.equal([]);
  });

  it('refuses what it does not understand, saying how to write it', () => {
    for (const bad of ['fire:0.1', 'drop:1.5', 'drop:-1', 'drop@0', 'drop@1.5', 'drop@3:100', 'drop', 'jam@x']) {
      expect(() => parseFaults([bad]), bad).to.throw(FaultSpecError, /<fault>:<rate>/);
    }
  });

  it('fires an at-seq fault exactly at its card', () => {
    const plan = new FaultPlan(parseFaults('jam@5,cut@9:700,exposed@5,drop@3'), 1);
    const jams = Array.from({ length: 20 }, (_, i) => plan.dealFaults(i + 1).jam);
    expect(jams.indexOf(true)).to.equal(4);
    expect(jams.filter(Boolean)).to.have.length(1);
    expect(plan.dealFaults(9).cutMs).to.equal(700);
    expect(plan.dealFaults(5).exposed).to.equal(true);
    expect(plan.cardFaults(3, true).drop).to.equal(true);
    expect(plan.cardFaults(3, false).drop, 'a resend of card 3 is not dropped by drop@3').to.equal(false);
  });

  it('honours rates roughly and replays the same decisions from the same seed', () => {
    const a = new FaultPlan(parseFaults('drop:0.3,exposed:0.1'), 'seed');
    const b = new FaultPlan(parseFaults('drop:0.3,exposed:0.1'), 'seed');
    const drops = Array.from({ length: 2000 }, (_, i) => a.cardFaults(i + 1, true).drop);
    expect(Array.from({ length: 2000 }, (_, i) => b.cardFaults(i + 1, true).drop)).to.deep.equal(drops);
    const rate = drops.filter(Boolean).length / drops.length;
    expect(rate).to.be.within(0.25, 0.35);
    const exposed = Array.from({ length: 2000 }, (_, i) => a.dealFaults(i + 1).exposed).filter(Boolean).length / 2000;
    expect(exposed).to.be.within(0.07, 0.13);
    const other = new FaultPlan(parseFaults('drop:0.3'), 'other seed');
    expect(Array.from({ length: 2000 }, (_, i) => other.cardFaults(i + 1, true).drop)).not.to.deep.equal(drops);
  });

  it('splits a frame into 1–8 byte chunks that join back to it', () => {
    const bytes = Buffer.from('$TQ,CARD,1,QH*15\r\n');
    const chunks = splitChunks(bytes, mulberry32(3));
    expect(chunks.length).to.be.greaterThan(2);
    expect(chunks.every((c) => c.length >= 1 && c.length <= 8)).to.equal(true);
    expect(Buffer.concat(chunks).equals(bytes)).to.equal(true);
  });
});
