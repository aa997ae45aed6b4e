/**
 * Verify (docs/shoe-log.md#hash-chain: "an edited, inserted, removed or reordered event shows at the
 * right index; the rules engine replays each shoe"): the public entry.
 */
export {
  verifyShoe,
  type ReplayAlert,
  type ReplayFn,
  type ShoeVerdict,
  type VerifyProblem,
  type VerifyProblemKind,
  type VerifyShoeOptions,
} from './verify-shoe.ts';
export { verifyDataDir, type DataDirVerdict, type VerifyDataDirOptions } from './verify-data-dir.ts';
export { scanShoeBytes, verifyShoeFiles, type VerifyJob } from './verify-shoe-file.ts';
