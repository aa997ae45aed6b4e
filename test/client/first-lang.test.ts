/** The language a screen opens in (client/i18n.ts `firstLang`): the crew's choice, else the browser's, else Italian. */
import { expect } from 'chai';
import { firstLang } from '../../client/i18n.ts';

describe('the language a screen opens in', () => {
  it("keeps the language the crew chose on this browser, whatever the browser's own", () => {
    expect(firstLang('it', ['en-GB', 'en'])).to.equal('it');
    expect(firstLang('en', ['it-IT'])).to.equal('en');
  });

  it('opens an English browser in English and an Italian one in Italian, by the first language it speaks of the two', () => {
    expect(firstLang(null, ['en-GB', 'en'])).to.equal('en');
    expect(firstLang(undefined, ['fr-FR', 'it-CH', 'en'])).to.equal('it');
    expect(firstLang(null, ['IT'])).to.equal('it');
  });

  it('opens in Italian when the browser speaks neither, or the stored choice is not a language of the interface', () => {
    expect(firstLang(null, ['fr-FR', 'de'])).to.equal('it');
    expect(firstLang('xx', [])).to.equal('it');
  });
});
