/**
 * The table's house rules (SPEC §1–§5 "rule settings"): Venice's by default,
 * or a JSON file given with `--rules`. A file may name only the settings that
 * differ from Venice; every value is checked here, before the table opens,
 * so a typo never reaches a shoe's first line.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { VENICE_RULES, type Rules } from '../../shoe/rules.ts';
import { ConfigError, describeIssues } from './config-error.ts';

const cents = (what: string) => z.number({ error: `${what} must be a whole number of cents` }).int({ error: `${what} must be a whole number of cents` }).positive({ error: `${what} must be above 0` });
const count = (what: string, min: number) => z.number({ error: `${what} must be a whole number` }).int({ error: `${what} must be a whole number` }).min(min, { error: `${what} must be at least ${min}` });

export const rulesSchema = z
  .strictObject(
    {
      burn: count('burn', 0),
      min: cents('min'),
      max: cents('max'),
      insurance: z.number({ error: 'insurance must be a fraction such as 0.01' }).min(0, { error: 'insurance must be between 0 and 1' }).max(1, { error: 'insurance must be between 0 and 1' }),
      maxPrisonLevel: count('maxPrisonLevel', 1),
      exposedCoupLimit: count('exposedCoupLimit', 1),
      endOfShoeRelease: z.boolean({ error: 'endOfShoeRelease must be true or false' }),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown rule setting(s) ${issue.keys.join(', ')}` : 'rules must be a JSON object') },
  )
  .partial()
  .transform((partial) => ({ ...VENICE_RULES, ...partial }) as Rules)
  .refine((r) => r.min <= r.max, { error: 'min must not exceed max' });

/** Checks rule settings given as data; missing ones take Venice's value. Throws ConfigError. */
export function parseRules(value: unknown, source = 'rules'): Rules {
  const parsed = rulesSchema.safeParse(value);
  if (!parsed.success) throw new ConfigError(`${source}: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
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
