/**
 * Money as the screens show it (client/format.ts), run in Node: thousands
 * grouped in Italian as in English, 4-digit amounts too — the payeur's
 * "Max 5000,00" beside "12.000,00" read as two ways of writing money.
 */
import { expect } from 'chai';
import { formatCents, formatNumber, parseAmount } from '../../client/format.ts';

describe('money on the screens', () => {
  it('groups thousands in Italian, 4-digit amounts too', () => {
    expect(formatCents(500_000, 'it')).to.equal('5.000,00');
    expect(formatCents(1_200_000, 'it')).to.equal('12.000,00');
    expect(formatCents(-123_456_789, 'it')).to.equal('-1.234.567,89');
    expect(formatCents(99_999, 'it')).to.equal('999,99');
    expect(formatCents(5, 'it')).to.equal('0,05');
  });

  it('keeps English as it was: 5,000.00 and 200.00', () => {
    expect(formatCents(500_000, 'en')).to.equal('5,000.00');
    expect(formatCents(20_000, 'en')).to.equal('200.00');
    expect(formatCents(-10_050, 'en')).to.equal('-100.50');
  });

  it('reads back what it writes, in both languages', () => {
    for (const cents of [5, 20_000, 500_000, 123_456_789])
      for (const lang of ['it', 'en'] as const) expect(parseAmount(formatCents(cents, lang)), `${cents} ${lang}`).to.equal(cents);
  });

  it('writes counts and rates as amounts are written', () => {
    expect(formatNumber(20_000, 'it')).to.equal('20.000');
    expect(formatNumber(1_234, 'it')).to.equal('1.234');
    expect(formatNumber(0.5, 'it')).to.equal('0,5');
    expect(formatNumber(1_234, 'en')).to.equal('1,234');
  });
});
