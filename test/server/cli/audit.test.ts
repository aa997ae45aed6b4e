import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as audit from '../../../server/cli/commands/audit.ts';
import * as simulate from '../../../server/cli/commands/simulate.ts';
import { runCommand } from './cli-io.ts';

interface AuditJson {
  shoes: number;
  tests: { name: string; statistic: number; p: number; flagged: boolean }[];
  flagged: boolean;
}

describe('tq audit shuffle', function () {
  this.timeout(60_000);
  let dir: string;
  const logs = (name: string) => Array.from({ length: 30 }, (_, i) => join(dir, name, `shoe-${String(i + 1).padStart(5, '0')}.jsonl`));

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tq-audit-'));
    for (const [name, spec] of [
      ['fair', 'fair'],
      ['riffled', 'riffle:2'],
    ] as const) {
      const made = await runCommand(simulate, ['--logs', join(dir, name), '--shoes', '30', '--shuffle', spec, '--seed', '12']);
      expect(made.status, made.err).to.equal(0);
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the JSON of the docs and exits 0 for a fair shuffler, nothing flagged', async () => {
    const { status, out, err } = await runCommand(audit, ['shuffle', '--json', ...logs('fair')]);
    expect(err).to.equal('');
    expect(status).to.equal(0);
    const report = JSON.parse(out) as AuditJson;
    expect(report.shoes).to.equal(30);
    expect(report.tests.map((t) => t.name)).to.deep.equal(['position', 'carry-over', 'riffle', 'runs']);
    for (const t of report.tests) expect(t).to.include.all.keys('name', 'statistic', 'p', 'flagged');
    expect(report.flagged).to.equal(false);
  });

  it('flags two riffles from the previous shoe and still exits 0', async () => {
    const { status, out } = await runCommand(audit, ['shuffle', '--json', ...logs('riffled')]);
    expect(status).to.equal(0);
    const report = JSON.parse(out) as AuditJson;
    expect(report.flagged).to.equal(true);
    expect(report.tests.filter((t) => t.flagged).map((t) => t.name)).to.include.members(['carry-over', 'riffle']);
  });

  it('reads a data directory in the order its index lists the shoes, within --from and --to', async () => {
    const data = join(dir, 'data');
    mkdirSync(join(data, 'shoes'), { recursive: true });
    const files = logs('riffled');
    const shoes = files.map((file, i) => {
      const id = `shoe-${i + 1}`;
      writeFileSync(join(data, 'shoes', `${id}.jsonl`), readFileSync(file));
      return { id, table: 'T1', startedAt: `2026-11-${String(1 + Math.floor(i / 10)).padStart(2, '0')}T10:${String(i % 10).padStart(2, '0')}:00.000Z` };
    });
    writeFileSync(join(data, 'index.json'), JSON.stringify({ version: 1, table: 'T1', currentShoe: null, shoes: [...shoes].reverse() }));
    const all = JSON.parse((await runCommand(audit, ['shuffle', '--json', '--data', data])).out) as AuditJson;
    const direct = JSON.parse((await runCommand(audit, ['shuffle', '--json', ...files])).out) as AuditJson;
    expect(all).to.deep.equal(direct);
    const some = JSON.parse((await runCommand(audit, ['shuffle', '--json', '--data', data, '--from', '2026-11-02', '--to', '2026-11-02'])).out) as AuditJson;
    expect(some.shoes).to.equal(10);
  });

  it('names the file and line of a shoe log it cannot read, with exit status 2', async () => {
    const files = logs('fair');
    const broken = join(dir, 'broken.jsonl');
    const lines = readFileSync(files[3]!, 'utf8').split('\n');
    lines[6] = '{"type":"card","seq":6,"card":';
    writeFileSync(broken, lines.join('\n'));
    const { status, err } = await runCommand(audit, ['shuffle', files[0]!, broken, files[5]!]);
    expect(status).to.equal(2);
    expect(err).to.include(`${broken}:7: not valid JSON`);
  });

  it('refuses bad usage with exit status 2', async () => {
    for (const argv of [[], ['shuffle'], ['cards', 'a.jsonl'], ['shuffle', '--alpha', '2', 'a.jsonl'], ['shuffle', '--from', '2026', 'a.jsonl']]) {
      const { status, err } = await runCommand(audit, argv);
      expect(status, argv.join(' ')).to.equal(2);
      expect(err).to.match(/^tq audit: /);
    }
  });
});
