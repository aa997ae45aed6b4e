/**
 * `--rules` on the command line: a profile shipped in rules/ by name
 * (`venice`, `half-at-31`) or a JSON file of settings, read and checked as the
 * table reads its own (server/config/rules-config.ts, the one Rules schema).
 */
import { loadRulesFile, profileNames, rulesFileOf } from '../config/rules-config.ts';
import type { Rules } from '../../shoe/rules.ts';

export async function loadRules(nameOrPath: string): Promise<{ name: string; rules: Rules }> {
  const { file, profile } = rulesFileOf(nameOrPath);
  try {
    return { name: profile ?? file, rules: await loadRulesFile(file) };
  } catch (e) {
    const known = /^[a-z0-9-]+$/.test(nameOrPath) ? ` (profiles: ${profileNames().join(', ')})` : '';
    throw new Error(`${(e as Error).message}${known}`);
  }
}
