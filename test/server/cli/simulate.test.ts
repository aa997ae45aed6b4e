import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VENICE_RULES } from '../../../shoe/rules.ts';
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

  it('prints the JSON shape', async () => {
    const s = await simulated(['--shoes', '200', '--seed', 'venezia']);
    expect(s).to.have.all.keys('shoes', 'seed', 'coups', 'p', 'rowTotals', 'coupsPerShoe', 'coupsPerSecond');
    expect(s.shoes).to.equal(200);
    expect(s.seed).to.equal('venezia');
    expect(s.p).to.have.all.keys('rouge', 'noir', 'couleur', 'inverse', 'apres', 'apres31');
    expect(Object.keys(s.rowTotals)).to.deep.equal(['31', '32', '33', '34', '35', '36', '37', '38', '39', '40']);
    expect(s.coupsPerShoe)
      .to.equal(s.coups / s.shoes)
      .and.to.be.within(27, 30);
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

describe('tq simulate --edge', () => {
  it('reports each policy and chance with its standard error, in the JSON shape of the docs', async () => {
    const { status, out, err } = await runCommand(simulate, ['--edge', '--shoes', '2000', '--seed', '5', '--json']);
    expect(err).to.equal('');
    expect(status).to.equal(0);
    const run = JSON.parse(out) as {
      shoes: number;
      coups: number;
      edge: Record<string, Record<string, { edge: number; se: number }>>;
      prison: Record<string, { imprisoned: number }>;
    };
    expect(run.shoes).to.equal(2000);
    expect(run.coups).to.be.above(2000 * 27);
    expect(Object.keys(run.edge)).to.deep.equal(['leave', 'partager', 'insured']);
    for (const policy of Object.values(run.edge)) {
      expect(Object.keys(policy)).to.deep.equal(['rouge', 'noir', 'couleur', 'inverse']);
      for (const { edge, se } of Object.values(policy)) {
        expect(edge).to.be.within(0.005, 0.02);
        expect(se).to.be.at.least(0).and.below(0.001);
      }
    }
    expect(run.prison.rouge?.imprisoned).to.be.above(0);
  });

  it('takes a shipped profile by name and refuses an unknown one with exit status 2', async () => {
    const named = await runCommand(simulate, ['--edge', '--shoes', '50', '--seed', '5', '--rules', 'venice']);
    expect(named.status).to.equal(0);
    expect(named.out).to.include('rules venice');
    const unknown = await runCommand(simulate, ['--edge', '--shoes', '50', '--rules', 'atlantis']);
    expect(unknown.status).to.equal(2);
    expect(unknown.err).to.match(/^tq simulate: --rules atlantis: .*profiles: half-at-31, venice/);
  });

  it('reports the half-stake profile, where leaving a stake costs what partager costs', async () => {
    const { status, out } = await runCommand(simulate, ['--edge', '--shoes', '500', '--seed', '2', '--rules', 'half-at-31', '--json']);
    expect(status).to.equal(0);
    const run = JSON.parse(out) as { rules: { name: string; settings: { apres31: string } }; edge: Record<string, Record<string, { edge: number }>> };
    expect(run.rules.name).to.equal('half-at-31');
    expect(run.rules.settings.apres31).to.equal('half');
    expect(run.edge.leave!.rouge!.edge).to.equal(run.edge.partager!.rouge!.edge);
  });

  it('reads the rules from a file and refuses settings the table would refuse', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tq-rules-'));
    try {
      writeFileSync(join(dir, 'two-levels.json'), JSON.stringify({ ...VENICE_RULES, maxPrisonLevel: 2 }));
      writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...VENICE_RULES, maxPrisonLevel: 0 }));
      const good = await runCommand(simulate, ['--edge', '--shoes', '50', '--rules', join(dir, 'two-levels.json')]);
      expect(good.status).to.equal(0);
      expect(good.out).to.include('two-levels.json');
      const bad = await runCommand(simulate, ['--edge', '--shoes', '50', '--rules', join(dir, 'bad.json')]);
      expect(bad.status).to.equal(2);
      expect(bad.err).to.match(/bad\.json: maxPrisonLevel must be at least 1/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
