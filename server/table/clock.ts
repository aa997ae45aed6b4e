/**
 * Where the table's time comes from. The rules engine has no clock: the
 * service stamps every command with `at` (an ISO string) taken from here, so
 * tests run on a fake clock and a replay never depends on when it runs.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock for tests: starts at `start` and moves `stepMs` forward at each reading. */
export function steppingClock(start = '2025-01-01T20:00:00.000Z', stepMs = 1000): Clock {
  let t = Date.parse(start);
  return () => {
    const now = new Date(t);
    t += stepMs;
    return now;
  };
}
