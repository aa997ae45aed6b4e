/** The seeded PRNG lives with the pure math (shoe/math/) so the audit's permutation nulls can use it too. */
export * from '../../shoe/math/seeded-random.ts';
