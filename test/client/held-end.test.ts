/**
 * The held end in the crew's words (client/held-end.ts): what it waits for —
 * the call, or once the call stands the prison choices its 31 après opened
 * (docs/rules.md#held-end; a suspension held over a 31 après took the
 * players' choice, outside crew pass 45).
 */
import { expect } from 'chai';
import type { TableView } from '../../server/http/contract.ts';
import { heldEndText } from '../../client/held-end.ts';
import { inLanguage } from './support/in-language.ts';

type Held = NonNullable<TableView['held']>;
const held = (more: Partial<Held>): Held => ({ reason: 'suspended', by: 'chef', note: 'marked cards', waitsFor: [], choices: 0, ...more });

describe('the held end in words', () => {
  it('names the call it waits for while one waits, and the prison choices a 31 après’s call will open after it', () => {
    expect(inLanguage('en', () => heldEndText(held({ waitsFor: [4] })))).to.equal('Suspension asked by chef (marked cards): waits for the call of coup 4');
    // the tailleur's and the chef's screens said the end came with the call (outside crew pass 47, F3)
    expect(inLanguage('en', () => heldEndText(held({ waitsFor: [10], choices: 4 })))).to.equal(
      'Suspension asked by chef (marked cards): waits for the call of coup 10, then for the 4 prison choices it opens',
    );
    expect(inLanguage('it', () => heldEndText(held({ waitsFor: [10], choices: 1 }), true))).to.equal(
      'In sospeso: marked cards · sospensione chiesta da chef, attende il colpo 10 e 1 scelta di prigione',
    );
  });

  it('names the prison choices once the call stands, plural right, in both languages and on the floor’s one line', () => {
    expect(inLanguage('en', () => heldEndText(held({ choices: 3 })))).to.equal(
      'Suspension asked by chef (marked cards): waits for 3 prison choices (leave, move, partager)',
    );
    expect(inLanguage('en', () => heldEndText(held({ choices: 1 }), true))).to.equal(
      'Suspension held: marked cards · asked by chef, waits for 1 prison choice',
    );
    expect(inLanguage('it', () => heldEndText(held({ reason: 'empty', by: 'shuffler', choices: 2 })))).to.equal(
      'Sabot vuoto: la fine attende 2 scelte di prigione (lasciare, spostare, partager)',
    );
    expect(inLanguage('it', () => heldEndText(held({ choices: 1 }), true))).to.equal(
      'In sospeso: marked cards · sospensione chiesta da chef, attende 1 scelta di prigione',
    );
  });
});
