/**
 * The longest event-loop stall a hostile-suite test accepts while the server
 * does what was attacked. The defects stalled it for 2.6–17 s; the fixed code
 * stalls it for a few ms, but the test machine is shared (load 8–10 on two
 * cores measured while writing these tests), so the bound leaves room for the
 * scheduler, not for the work. The figures are the benches'.
 */
export const STALL_LIMIT_MS = 1000;
