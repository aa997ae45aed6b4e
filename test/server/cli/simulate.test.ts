import { expect } from 'chai';
import * as simulate from '../../../server/cli/commands/simulate.ts';
import { runCommand } from './cli-io.ts';

async function simulated(argv: string[]) {
  const { status, out, err } = await runCommand(simulate, [...argv, '--json']);
  expect(err).to.equal('');
  expect(status).to.equal(0);
  return JSON.parse(out) as simulate.Simulation;
}

const withoutSpeed = ({ coupsPerSecond: _, ...rest }: simulate.Simulation) => rest;

describe('tq simulate', () => {
  it('gives the same figures for the same seed, speed aside', async () => {
    const a = await simulated(['--shoes', '300', '--seed', '7']);
    const b = await simulated(['--shoes', '300', '--seed', '7']);
    expect(withoutSpeed(a)).to.deep.equal(withoutSpeed(b));
    const c = await simulated(['--shoes', '300', '--seed', '8']);
    expect(withoutSpeed(c)).to.not.deep.equal(withoutSpeed(a));
  });

  it('prints the JSON shape of the issue', async () => {
    const s = await simulated(['--shoes', '200', '--seed', 'venezia']);
    expect(s).to.have.all.keys('shoes', 'seed', 'coups', 'p', 'rowTotals', 'coupsPerShoe', 'coupsPerSecond');
    expect(s.shoes).to.equal(200);
    expect(s.seed).to.equal('venezia');
    expect(s.p).to.have.all.keys('rouge', 'noir', 'couleur', 'inverse', 'apres', 'apres31');
    expect(Object.keys(s.rowTotals)).to.deep.equal(['31', '32', '33', '34', '35', '36', '37', '38', '39', '40']);
    expect(s.coupsPerShoe).to.equal(s.coups / s.shoes).and.to.be.within(27, 30);
    expect(s.coupsPerSecond).to.be.greaterThan(0);
  });

  it('accounts for every coup: Rouge + Noir + après = 1, Couleur + Inverse + après = 1, row totals sum to 1', async () => {
    const s = await simulated(['--shoes', '100', '--seed', '1']);
    expect(s.p.rouge + s.p.noir + s.p.apres).to.be.closeTo(1, 1e-12);
    expect(s.p.couleur + s.p.inverse + s.p.apres).to.be.closeTo(1, 1e-12);
    expect(s.p.apres31).to.be.greaterThan(0).and.below(s.p.apres);
    expect(Object.values(s.rowTotals).reduce((a, b) => a + b, 0)).to.be.closeTo(1, 1e-12);
  });

  it('prints a readable table without --json', async () => {
    const { status, out } = await runCommand(simulate, ['--shoes', '50', '--seed', '3']);
    expect(status).to.equal(0);
    for (const label of ['50 shoes (seed 3)', 'coups per shoe', '  31 ', '  40 ', 'Rouge', 'Noir', 'Couleur', 'Inverse', 'Après', '31 après', 'coups/s']) {
      expect(out).to.include(label);
    }
  });

  it('refuses a missing or bad number of shoes with exit status 2', async () => {
    for (const argv of [[], ['--shoes', '0'], ['--shoes', 'many'], ['--shoes', '2.5'], ['--shoes', '5', 'extra']]) {
      const { status, err } = await runCommand(simulate, argv);
      expect(status, argv.join(' ')).to.equal(2);
      expect(err).to.match(/^tq simulate: /);
    }
  });
});
