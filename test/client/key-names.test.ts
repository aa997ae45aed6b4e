/**
 * The keys a hint names, as the crew's keyboard prints them: an Italian screen said "Invio" in its words and
 * "Enter" on its keys (outside crew pass 42, F4).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import { keyName } from '../../client/i18n.ts';
import { inLanguage } from './support/in-language.ts';

describe('the names of the keys', () => {
  it('names Enter, Space, Shift, Home and End as an Italian keyboard prints them', () => {
    expect(inLanguage('it', () => ['Enter', 'Space', 'Shift', 'Home', 'End'].map(keyName))).to.deep.equal(['Invio', 'Spazio', 'Maiusc', 'Inizio', 'Fine']);
    expect(inLanguage('en', () => ['Enter', 'Space', 'Shift', 'Home', 'End'].map(keyName))).to.deep.equal(['Enter', 'Space', 'Shift', 'Home', 'End']);
  });

  it('leaves letters, arrows and Esc as they are', () => {
    expect(inLanguage('it', () => ['N', 'O', '←', 'Esc'].map(keyName))).to.deep.equal(['N', 'O', '←', 'Esc']);
  });

  it('writes no named key into a screen by hand', () => {
    const dir = new URL('../../client/components/', import.meta.url);
    const written = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [...readFileSync(new URL(f, dir), 'utf8').matchAll(/<kbd>(Enter|Space|Shift|Home|End)<\/kbd>/g)].map((m) => `${f}: ${m[0]}`));
    expect(written).to.deep.equal([]);
  });
});
