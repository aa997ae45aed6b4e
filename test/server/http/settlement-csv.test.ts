import { expect } from 'chai';
import { settlementCsv, units } from '../../../server/http/settlement-csv.ts';
import { Harness, ROWS } from '../../shoe/table-harness.ts';

describe('settlement CSV', () => {
  it("records a prison stake moved by the player's choice with the chance it went to", () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 12_345);
    t.play(ROWS.r31, ROWS.b31);
    const sentAt = t.state.lastSeq; // the card of the 31 après names the stake (docs/rules.md#prison-stake-id)
    t.do({ type: 'choice', player: 's1', chance: 'rouge', action: 'move', to: 'noir' });
    const rows = settlementCsv(t.state).trimEnd().split('\r\n');
    expect(rows[1]).to.equal(`1,s1,rouge,123.45,prison,0.00,0.00,0.00,0.00,1,-123.45,noir,,,,Un après,confirmed,${sentAt}-s1-rouge,,`);
  });

  it('says when a split was forced at the fourth 31 après', () => {
    const t = new Harness({ maxPrisonLevel: 1 }).burn().open().bet('s1', 'rouge', 1001);
    t.play(ROWS.r31, ROWS.b31);
    const sentAt = t.state.lastSeq;
    t.open();
    t.play(ROWS.r31, ROWS.b31);
    const forced = settlementCsv(t.state)
      .trimEnd()
      .split('\r\n')
      .find((r) => r.startsWith('2,'));
    expect(forced).to.match(new RegExp(`^2,s1,rouge,10\\.01,partager,.*,yes,,,Un après,confirmed,${sentAt}-s1-rouge,,$`));
  });

  it('says whether a stake was insured, the premium to give back on an annulled coup, and the call and status of each coup', () => {
    const t = new Harness().burn().open().bet('s1', 'rouge', 10_050, true).bet('s2', 'noir', 1000);
    t.cards(['TH', 'KS']);
    t.do({ type: 'end', reason: 'empty' });
    const rows = settlementCsv(t.state).trimEnd().split('\r\n');
    expect(rows.slice(1)).to.deep.equal([
      '1,s1,rouge,100.50,returned,0.00,0.00,100.50,0.00,0,0.00,,,yes,1.01,,annulled,,,',
      '1,s2,noir,10.00,returned,0.00,0.00,10.00,0.00,0,0.00,,,,,,annulled,,,',
    ]);
  });

  it('writes amounts in currency units, negative ones with a minus, with a decimal comma for ";"', () => {
    expect([units(0), units(5), units(-12_345), units(100_000, ';')]).to.deep.equal(['0.00', '0.05', '-123.45', '1000,00']);
  });

  // the report and the screens marked a stake an après left on the layout; the CSV did not (outside crew pass 45, F4)
  it('names the coup a stake was carried from by its après, topped up or not, and nothing for a new bet or a prison stake', () => {
    const t = new Harness().burn().open().bet('s4', 'rouge', 10_000);
    t.play(ROWS.r31, ROWS.b31);
    t.open().bet('s1', 'rouge', 10_000).bet('s2', 'noir', 5_000);
    t.play(ROWS.b32, ROWS.r32);
    t.open().bet('s2', 'noir', 2_000).bet('s3', 'couleur', 3_000);
    t.play(ROWS.b37, ROWS.r38);
    expect(t.state.coups.map((c) => c.result)).to.deep.equal(['apres31', 'apres', 'noir']);
    const rows = settlementCsv(t.state).trimEnd().split('\r\n');
    const carriedFrom = (coup: number, seat: string) =>
      rows
        .find((r) => r.startsWith(`${coup},${seat},`))
        ?.split(',')
        .at(-2);
    const carriedAmount = (coup: number, seat: string) =>
      rows
        .find((r) => r.startsWith(`${coup},${seat},`))
        ?.split(',')
        .at(-1);
    expect(carriedFrom(3, 's1'), 'carried').to.equal('2');
    expect(carriedFrom(3, 's2'), 'carried and topped up').to.equal('2');
    expect(carriedFrom(3, 's3'), 'a new bet').to.equal('');
    expect(carriedFrom(3, 's4'), 'in prison').to.equal('');
    expect(carriedFrom(2, 's1'), 'bet at the coup it played').to.equal('');
    // the part the après left: a stake of 50 carried and 20 added read as 70 carried (outside crew pass 46)
    expect(carriedAmount(3, 's1'), 'all of it carried').to.equal('100.00');
    expect(carriedAmount(3, 's2'), 'the part carried, the rest added').to.equal('50.00');
    expect([carriedAmount(3, 's3'), carriedAmount(3, 's4')], 'nothing carried').to.deep.equal(['', '']);
  });

  it("names the coup a carried stake came from on the row of the 31 après that sends it to prison, not on an older prisoner's", () => {
    const t = new Harness().burn().open().bet('s4', 'noir', 4_000);
    t.play(ROWS.r31, ROWS.b31);
    t.open().bet('s1', 'rouge', 10_000);
    t.play(ROWS.b32, ROWS.r32);
    t.open().bet('s4', 'noir', 1_000);
    t.play(ROWS.r31, ROWS.b31);
    expect(t.state.coups.map((c) => c.result)).to.deep.equal(['apres31', 'apres', 'apres31']);
    const rows = settlementCsv(t.state).trimEnd().split('\r\n');
    const at3 = (seat: string) => rows.filter((r) => r.startsWith(`3,${seat},`)).map((r) => [r.split(',')[4], r.split(',').at(-3) !== '', r.split(',').at(-2)]);
    expect(at3('s1'), 'carried, then sent to prison').to.deep.equal([['prison', true, '2']]);
    expect(
      rows
        .find((r) => r.startsWith('3,s1,'))
        ?.split(',')
        .at(-1),
    ).to.equal('100.00');
    expect(at3('s4'), 'a prisoner of coup 1 and a new bet sent to prison: neither carried').to.have.deep.members([
      ['prison', true, ''],
      ['prison', true, ''],
    ]);
  });
});
