/**
 * The keys and clicks of a screen, run one after another in the order they
 * came. A key pressed while a command was still on its way to the server used
 * to be dropped (Enter then O within ~20 ms lost the O);
 * each step now waits for the one before it and decides what to do only at
 * its turn, on the view the steps before it left (a second Enter with one call
 * waiting finds nothing to confirm and does nothing).
 *
 * A step may name its action (`once`): a repeat of an action still waiting or
 * on its way is the same press twice (a double click on "open the bets"), not
 * a second request, and is not queued; it used to come back refused
 * (BETS_ALREADY_OPEN) in red after the bets had opened. Steps without a name
 * all run: two pulls are two cards.
 */
import type { ReactiveControllerHost } from 'lit';
import { runCommand, type Refusal } from '../run-command.ts';

/** What a step does at its turn: a request to the server, or nothing (undefined) when there is nothing to do any more. */
export type Step = () => Promise<unknown> | undefined;

export class CommandQueue {
  #tail: Promise<void> = Promise.resolve();
  #pending = 0;
  /** The named actions waiting or on their way, with the moment each is done. */
  readonly #named = new Map<string, Promise<void>>();

  constructor(
    private readonly host: ReactiveControllerHost,
    /** Told the outcome of every step that sent a request: null, or the refusal ready to show. */
    private readonly onResult: (error: Refusal | null) => void,
  ) {}

  /** Whether a step is waiting or running. */
  get busy(): boolean {
    return this.#pending > 0;
  }

  /** Whether the action `once` is waiting or on its way. */
  has(once: string): boolean {
    return this.#named.has(once);
  }

  /**
   * Queues a step; resolves when it has run (a refusal is reported, never thrown).
   * `once`: the action's name; while that action waits or runs, the repeat resolves with it and sends nothing.
   */
  push(step: Step, once?: string): Promise<void> {
    const same = once === undefined ? undefined : this.#named.get(once);
    if (same) return same;
    this.#pending++;
    this.host.requestUpdate();
    const run = async () => {
      let sent = false;
      const error = await runCommand(async () => {
        const request = step();
        if (!request) return undefined;
        sent = true;
        return request;
      });
      if (sent || error !== null) this.onResult(error);
    };
    const done = this.#tail.then(run).finally(() => {
      this.#pending--;
      if (once !== undefined) this.#named.delete(once);
      this.host.requestUpdate();
    });
    if (once !== undefined) this.#named.set(once, done);
    this.#tail = done;
    return done;
  }
}
