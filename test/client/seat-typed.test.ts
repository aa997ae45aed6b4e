/** The seat a payeur means by what he typed (client/seat-typed.ts): a Shift slip or a bare number is still the seat. */
import { expect } from 'chai';
import { seatTyped } from '../../client/seat-typed.ts';
import { DEFAULT_SEATS } from '../../shoe/seats.ts';

describe('the seat a payeur typed', () => {
  it('reads "S4", " s4 " and "s 4" as the seat s4', () => {
    for (const typed of ['S4', ' s4 ', 's 4', 's4']) expect(seatTyped(typed, DEFAULT_SEATS), typed).to.equal('s4');
  });

  it('reads a bare number as the seat of that number, "03" too', () => {
    expect(seatTyped('3', DEFAULT_SEATS)).to.equal('s3');
    expect(seatTyped('03', DEFAULT_SEATS)).to.equal('s3');
    expect(seatTyped('12', DEFAULT_SEATS)).to.equal('s12');
  });

  it('leaves as typed what names no seat, or more than one, for the server to refuse', () => {
    expect(seatTyped('13', DEFAULT_SEATS)).to.equal('13');
    expect(seatTyped('x4', DEFAULT_SEATS)).to.equal('x4');
    expect(seatTyped('4', ['a4', 'b4'])).to.equal('4');
    expect(seatTyped('A4', ['a4', 'A4'])).to.equal('A4');
  });

  it('keeps a table’s own seat names, and reads them whatever the case', () => {
    expect(seatTyped('nord', ['Nord', 'Sud'])).to.equal('Nord');
    expect(seatTyped('2', ['T-1', 'T-2'])).to.equal('T-2');
  });

  it('takes the text as typed while the seats are not known yet', () => {
    expect(seatTyped(' S4 ', [])).to.equal('S4');
  });
});
