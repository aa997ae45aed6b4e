/**
 * (Re)writes the shoe-log fixtures in fixtures/ from the scripts in
 * test/support/fixture-scripts/. Run: node --import tsx test/support/make-fixtures.ts
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURE_SCRIPTS } from './fixture-scripts/index.ts';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures');

for (const [name, script] of Object.entries(FIXTURE_SCRIPTS)) {
  const text = script().toJsonl();
  writeFileSync(join(out, `${name}.jsonl`), text);
  console.log(`fixtures/${name}.jsonl: ${text.split('\n').length - 1} lines`);
}
