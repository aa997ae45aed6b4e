/**
 * The table's house rules (docs/rules.md#rule-settings): Venice's by default,
 * or a JSON file given with `--rules`. A file may name only the settings that
 * differ from Venice; every value is checked here, before the table opens,
 * so a typo never reaches a shoe's first line. `--rules <name>` names a
 * profile shipped in rules/ (venice, half-at-31).
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { houseRulesSchema, type Rules } from '../../shoe/rules.ts';
import { ConfigError } from './config-error.ts';

/** Checks rule settings given as data; missing ones take Venice's value. Throws ConfigError. */
export function parseRules(value: unknown, source = 'rules'): Rules {
  const parsed = houseRulesSchema.safeParse(value);
  if (!parsed.success)
    throw new ConfigError(`${source}: ${parsed.error.issues.map((i) => (i.path.length > 0 ? `${i.path.join('.')} ${i.message}` : i.message)).join('; ')}`);
  return parsed.data;
}

/** The shipped profiles, rules/<name>.json. */
export const PROFILES_DIR = new URL('../../rules/', import.meta.url);

export function profileNames(): string[] {
  return readdirSync(PROFILES_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** The file of a shipped profile when `nameOrPath` names one, else `nameOrPath` itself (a path). */
export function rulesFileOf(nameOrPath: string): { file: string; profile: string | null } {
  if (/^[a-z0-9-]+$/.test(nameOrPath)) {
    const shipped = new URL(`${nameOrPath}.json`, PROFILES_DIR);
    if (existsSync(shipped)) return { file: shipped.pathname, profile: nameOrPath };
  }
  return { file: nameOrPath, profile: null };
}

/** Reads `--rules file.json`. Throws ConfigError when the file is missing, not JSON or not valid rules. */
export async function loadRulesFile(path: string): Promise<Rules> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new ConfigError(`--rules ${path}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`--rules ${path}: not valid JSON (${(e as Error).message})`);
  }
  return parseRules(value, `--rules ${path}`);
}
