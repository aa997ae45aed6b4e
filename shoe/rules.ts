/**
 * House-rule settings (docs/rules.md#rule-settings). They vary between casinos, so they are part
 * of a table's configuration and of every shoe log's first line.
 *
 * One schema checks them wherever they come from: the shoe log's first line
 * (shoe-log.ts), the table's `--rules` file (server/config/rules-config.ts)
 * and the rules' own guard on a new shoe (check.ts). To add a house-rule
 * variant: a field here and in RULE_SETTINGS, with a `.default()` giving the
 * Venice behaviour so that logs written before it still read.
 */
import { z } from 'zod';

export interface Rules {
  /** Cards voided after each shuffle: "Messieurs les cinq cartes". */
  burn: number;
  /** Smallest stake accepted on a chance, in cents. */
  min: number;
  /** Largest stake that plays on a chance, in cents; the excess is returned. */
  max: number;
  /** Insurance premium as a fraction of the stake that plays (Venice: 1 %). */
  insurance: number;
  /** Prison levels before a 31 après forces a partager (Venice: 3). */
  maxPrisonLevel: number;
  /** Coups with an exposed card that suspend the shoe (Venice: the third). */
  exposedCoupLimit: number;
  /** Venice's tradition: prisons returned in full when the shoe ends "senza resto". */
  endOfShoeRelease: boolean;
  /**
   * What a 31 après does to a free stake: `prison` (Venice, the default when
   * absent) or `half` — the common variant where the bank takes half the stake
   * at once and there is no prison.
   */
  apres31?: Apres31Rule;
}

export const APRES31_RULES = ['prison', 'half'] as const;
export type Apres31Rule = (typeof APRES31_RULES)[number];

/** True when the house takes half the stake at a 31 après instead of imprisoning it. */
export function halfAt31(rules: Pick<Rules, 'apres31'>): boolean {
  return rules.apres31 === 'half';
}

export const VENICE_RULES: Readonly<Rules> = Object.freeze({
  burn: 5,
  min: 500,
  max: 500_000,
  insurance: 0.01,
  maxPrisonLevel: 3,
  exposedCoupLimit: 3,
  endOfShoeRelease: true,
});

const whole = (what: string, min: number) =>
  z
    .number({ error: `must be a whole number of ${what}` })
    .int({ error: `must be a whole number of ${what}` })
    .min(min, { error: `must be at least ${min}` });
const cents = z.number({ error: 'must be a whole number of cents' }).int({ error: 'must be a whole number of cents' }).positive({ error: 'must be above 0' });
/** 100 million euros in cents: a bound on the table maximum, so 1000 × it (the largest stake) stays an exact integer. */
export const LARGEST_MAXIMUM = 10_000_000_000;

/**
 * The deepest prison level any house may set (docs/rules.md#forced-split;
 * Venice 3). It bounds the stakes one seat can hold in prison on a chance (one
 * per level: two meeting at a level merge), so a shoe line cannot carry an
 * unbounded prison list.
 */
export const MAX_PRISON_LEVEL = 12;

/** Each setting's check; messages name no field, the reader says where it was. */
export const RULE_SETTINGS = {
  burn: whole('cards', 0),
  min: cents,
  max: cents.max(LARGEST_MAXIMUM, { error: `must be at most ${LARGEST_MAXIMUM} cents` }),
  insurance: z.number({ error: 'must be a fraction such as 0.01' }).min(0, { error: 'must be between 0 and 1' }).max(1, { error: 'must be between 0 and 1' }),
  maxPrisonLevel: whole('levels', 1).max(MAX_PRISON_LEVEL, { error: `must be at most ${MAX_PRISON_LEVEL}` }),
  exposedCoupLimit: whole('coups', 1),
  endOfShoeRelease: z.boolean({ error: 'must be true or false' }),
  // Optional rather than defaulted: a log written before the setting reads unchanged, absent meaning Venice's prison.
  apres31: z.enum(APRES31_RULES, { error: `must be ${APRES31_RULES.map((r) => `"${r}"`).join(' or ')}` }).optional(),
};

const minNotAboveMax = (r: { min?: number; max?: number }) => r.min === undefined || r.max === undefined || r.min <= r.max;

/** A complete set of settings, as a shoe's first line carries them. Fields it does not know are kept (a log may carry more). */
export const rulesSchema = z.looseObject(RULE_SETTINGS).refine(minNotAboveMax, { path: ['min'], error: 'must not exceed max' });

/** The settings a table's configuration names: those that differ from Venice's; a setting it does not know is refused. */
export const houseRulesSchema = z
  .strictObject(RULE_SETTINGS, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown rule setting(s) ${issue.keys.join(', ')}` : 'rules must be a JSON object'),
  })
  .partial()
  .transform((partial): Rules => ({ ...VENICE_RULES, ...partial }))
  .refine(minNotAboveMax, { path: ['min'], error: 'must not exceed max' });

/** Why a set of settings is not valid rules, or null when it is. */
export function rulesProblem(value: unknown): string | null {
  const parsed = rulesSchema.safeParse(value);
  return parsed.success ? null : parsed.error.issues.map((i) => `${i.path.join('.') || 'rules'} ${i.message}`).join('; ');
}

/**
 * The largest stake a seat may hold on a chance: 1000 × the table maximum.
 * Above the maximum a stake does not play (the excess is returned), so the
 * bound refuses only amounts no table sees, and keeps every sum of money the
 * table makes — 12 seats, 4 chances, a shoe of coups — an exact integer far
 * below Number.MAX_SAFE_INTEGER (with the maximum itself at most
 * {@link LARGEST_MAXIMUM}).
 */
export const STAKE_LIMIT_FACTOR = 1000;

export function stakeLimit(rules: Rules): number {
  return STAKE_LIMIT_FACTOR * rules.max;
}

/**
 * Insurance premium on a stake (docs/rules.md#insurance): the rate applied to the part that
 * plays (at most the maximum), rounded up to the cent. Integer arithmetic in
 * basis points, so 0.07 × 100 is 7 and never 8.
 */
export function insurancePremium(amount: number, rules: Rules): number {
  const plays = Math.min(amount, rules.max);
  const basisPoints = Math.round(rules.insurance * 10_000);
  return Math.floor((plays * basisPoints + 9_999) / 10_000);
}
