/**
 * Money as the screens show it (client/format.ts), run in Node: thousands
 * grouped in Italian as in English, 4-digit amounts too — the payeur's
 * "Max 5000,00" beside "12.000,00" read as two ways of writing money.
 */
import { expect } from 'chai';
import { formatCents, formatExponential, formatFixed, formatNumber, formatPercent, otherDecimalMark, parseAmount } from '../../client/format.ts';

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
      for (const lang of ['it', 'en'] as const) expect(parseAmount(formatCents(cents, lang), lang), `${cents} ${lang}`).to.equal(cents);
  });

  it("reads what the payeur types as the screen's language writes money", () => {
    expect(parseAmount('100', 'en')).to.equal(10_000);
    expect(parseAmount('100.5', 'en')).to.equal(10_050);
    expect(parseAmount('7,125', 'en')).to.equal(712_500);
    expect(parseAmount('1,234,567.89', 'en')).to.equal(123_456_789);
    expect(parseAmount('100,5', 'it')).to.equal(10_050);
    expect(parseAmount('7.125', 'it')).to.equal(712_500);
    expect(parseAmount('1 000', 'it')).to.equal(100_000);
  });

  it("refuses a decimal mark with three digits after it: an outsider's '7.125' on an English screen was placed as 7,125.00", () => {
    expect(parseAmount('7.125', 'en')).to.equal(null);
    expect(parseAmount('12.345', 'en')).to.equal(null);
    expect(parseAmount('10.000', 'en')).to.equal(null);
    expect(parseAmount('7,125', 'it')).to.equal(null);
    expect(parseAmount('100,50', 'en'), 'a comma groups thousands in English').to.equal(null);
    expect(parseAmount('100.50', 'it'), 'a point groups thousands in Italian').to.equal(null);
    expect(parseAmount('1,234.567', 'it')).to.equal(null);
    expect(parseAmount('1.234,567', 'en')).to.equal(null);
    expect(parseAmount('1,234.56', 'it'), 'marks of both languages mixed').to.equal(null);
  });

  it('writes counts and rates as amounts are written', () => {
    expect(formatNumber(20_000, 'it')).to.equal('20.000');
    expect(formatNumber(1_234, 'it')).to.equal('1.234');
    expect(formatNumber(0.5, 'it')).to.equal('0,5');
    expect(formatNumber(1_234, 'en')).to.equal('1,234');
  });

  // the shuffler audit wrote "49.84", "0.822" and "α = 0.01" on Italian screens (outside crew pass 46)
  it('writes measures with fixed decimals, percentages and small p-values in the language’s marks', () => {
    expect([formatFixed(49.8351, 2, 'it'), formatFixed(0.8219, 3, 'it'), formatFixed(49.8351, 2, 'en')]).to.deep.equal(['49,84', '0,822', '49.84']);
    expect([formatPercent(0.013525, 2, 'it'), formatPercent(0.013525, 3, 'en')]).to.deep.equal(['1,35 %', '1.353 %']);
    expect([formatExponential(0.0000234, 1, 'it'), formatExponential(0.0000234, 1, 'en')]).to.deep.equal(['2,3e-5', '2.3e-5']);
  });

  it('offers the amount meant when a decimal is written with the other language’s mark, and nothing for a grouping', () => {
    expect(otherDecimalMark('12.5', 'it')).to.equal('12,5');
    expect(otherDecimalMark(' 100.50 ', 'it')).to.equal('100,50');
    expect(otherDecimalMark('12,5', 'en')).to.equal('12.5');
    // a group of three is a thousand, in either language: no guess
    expect(otherDecimalMark('4.125', 'it')).to.equal(null);
    expect(otherDecimalMark('4,125', 'en')).to.equal(null);
    // already right, or not a number at all
    expect(otherDecimalMark('12,5', 'it')).to.equal(null);
    expect(otherDecimalMark('12.5', 'en')).to.equal(null);
    expect(otherDecimalMark('abc', 'it')).to.equal(null);
  });
});
