/**
 * The rules engine's replay, loaded when first needed (verify replays
 * each shoe through shoe/replay.ts). Loaded lazily so the store works, and
 * verify can be given another replay, without the rules engine.
 */
import { CodedError } from '../../shoe/coded-error.ts';
import type { ReplayFn } from './verify-shoe.ts';

export const REPLAY_MODULE = new URL('../../shoe/replay.ts', import.meta.url);

export class ReplayUnavailableError extends CodedError {
  override readonly code = 'REPLAY_UNAVAILABLE';
  constructor(cause: unknown) {
    super(`the rules engine's replay (${REPLAY_MODULE.pathname}) cannot be loaded: ${(cause as Error).message}`, { cause });
    this.name = 'ReplayUnavailableError';
  }
}

let loading: Promise<ReplayFn> | undefined;

export function loadDefaultReplay(): Promise<ReplayFn> {
  loading ??= import(REPLAY_MODULE.href).then(
    (m: { replayShoe?: unknown }) => {
      if (typeof m.replayShoe !== 'function') throw new ReplayUnavailableError(new Error('it exports no replayShoe function'));
      return m.replayShoe as ReplayFn;
    },
    (e: unknown) => {
      loading = undefined; // let a later call try again
      throw new ReplayUnavailableError(e);
    },
  );
  return loading;
}
