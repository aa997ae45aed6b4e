import { expect } from 'chai';
import * as call from '../../../server/cli/commands/call.ts';
import { runCommand } from './cli-io.ts';

/** One worked example: each row's cards as the rules print them, space-separated, its totals and what is said, and the call. */
function example(name: string, noir: string, rouge: string, totals: [number, number], said: [string, string], call: string) {
  return { name, noir: noir.split(' '), rouge: rouge.split(' '), totals, said, call };
}

/** The worked examples of docs/rules.md#the-call (Noir / Rouge totals, first card), dealt from concrete cards. */
const EXAMPLES = [
  example('37/32, ten of hearts first', 'TH 9S 8C QD', '5C 7S KD QH', [37, 32], ['Sept', 'Deux'], 'Rouge gagne et couleur'),
  example('35/31, black first', 'KS QD 5C TH', 'JH TD QC AS', [35, 31], ['Cinq', 'Un'], 'Rouge gagne, la couleur perd'),
  example('31/37, black first', 'JS TD QC AH', 'KC JC 7H TD', [31, 37], ['Un', 'Sept'], 'Rouge perd, la couleur gagne'),
  example('32/38, red first', 'KD JD 2C KH', 'QH JH 8S KD', [32, 38], ['Deux', 'Huit'], 'Rouge perd et couleur'),
  example('32/32', 'QS QC 2D TS', 'KD JD 2C KH', [32, 32], ['Deux', 'Deux après'], 'Deux après'),
  example('31/31', 'TH KS QD AC', 'JS TD QC AH', [31, 31], ['Un', 'Un après'], 'Un après'),
] as const;

describe('tq call', () => {
  // docs/rules.md#the-call
  describe('the worked examples of the rules', () => {
    for (const ex of EXAMPLES) {
      it(`${ex.name} → "${ex.call}"`, async () => {
        const { status, out, err } = await runCommand(call, [...ex.noir, ...ex.rouge]);
        expect(err).to.equal('');
        expect(status).to.equal(0);
        const lines = out.split('\n');
        expect(lines[0]).to.equal(`Noir   ${ex.noir.join(' ')} = ${ex.totals[0]} "${ex.said[0]}"`);
        expect(lines[1]).to.equal(`Rouge  ${ex.rouge.join(' ')} = ${ex.totals[1]} "${ex.said[1]}"`);
        expect(lines[2]).to.match(new RegExp(`^Call   "${ex.call}"`));
      });
    }
  });

  it('announces a row of 40 as "Quarante"', async () => {
    const { out } = await runCommand(call, ['9S', '9C', '9H', '3D', 'TD', 'KS', 'KC', 'KH', '2D']);
    expect(out.split('\n')[0]).to.equal('Noir   9S 9C 9H 3D TD = 40 "Quarante"');
    expect(out).to.include('Rouge gagne, la couleur perd');
  });

  it('accepts 10H, lower case and cards written in one argument, and prints them normalised', async () => {
    const { status, out } = await runCommand(call, ['10h 9s,8c', 'qd', '5C', '7S', 'KD', 'QH']);
    expect(status).to.equal(0);
    expect(out.split('\n')[0]).to.equal('Noir   TH 9S 8C QD = 37 "Sept"');
  });

  describe('--json', () => {
    it('gives both rows, the result, Couleur/Inverse and the call', async () => {
      const { status, out } = await runCommand(call, ['TH', '9S', '8C', 'QD', '5C', '7S', 'KD', 'QH', '--json']);
      expect(status).to.equal(0);
      expect(JSON.parse(out)).to.deep.equal({
        noir: { cards: ['TH', '9S', '8C', 'QD'], total: 37 },
        rouge: { cards: ['5C', '7S', 'KD', 'QH'], total: 32 },
        result: 'rouge',
        couleur: 'couleur',
        call: 'Rouge gagne et couleur',
      });
    });

    it('gives couleur null on an après, and tells the 31 après apart', async () => {
      const apres = JSON.parse((await runCommand(call, ['--json', ...EXAMPLES[4].noir, ...EXAMPLES[4].rouge])).out);
      expect(apres).to.include({ result: 'apres', couleur: null, call: 'Deux après' });
      const un = JSON.parse((await runCommand(call, ['--json', ...EXAMPLES[5].noir, ...EXAMPLES[5].rouge])).out);
      expect(un).to.include({ result: 'apres31', couleur: null, call: 'Un après' });
    });
  });

  describe('cards that do not make one coup: exit status 2 and one line on stderr', () => {
    const refused = async (argv: string[]) => {
      const r = await runCommand(call, argv);
      expect(r.status).to.equal(2);
      expect(r.out).to.equal('');
      expect(r.err).to.match(/^tq call: [^\n]+\n$/);
      return r.err;
    };

    it('too few: the Rouge row has not passed 30', async () => {
      expect(await refused(['TH', '9S', '8C', 'QD', '5C', '7S', 'KD'])).to.include('not complete: Noir 37, Rouge 22');
    });

    it('too many: cards left after the coup is complete', async () => {
      expect(await refused(['TH', '9S', '8C', 'QD', '5C', '7S', 'KD', 'QH', '2C', '3C'])).to.include('2 left over: 2C 3C');
    });

    it('a card that is not one', async () => {
      expect(await refused(['TH', '9S', '1C'])).to.include('"1C" is not a card');
    });

    it('no card at all', async () => {
      await refused([]);
    });

    it('an unknown option: named, then the usage (tq call --help has the rest)', async () => {
      const r = await runCommand(call, ['--colour', 'TH']);
      expect(r.status).to.equal(2);
      expect(r.out).to.equal('');
      expect(r.err).to.equal('tq call: unknown option --colour\nusage: tq call <card>… [--json]\n');
    });
  });
});
