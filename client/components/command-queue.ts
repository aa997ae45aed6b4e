/**
 * The tailleur's keys and clicks, run one after another in the order they
 * came. A key pressed while a command was still on its way to the server used
 * to be dropped (Enter then O within ~20 ms lost the O);
 * each step now waits for the one before it and decides what to do only at
 * its turn, on the view the steps before it left (a second Enter with one call
 * waiting finds nothing to confirm and does nothing).
 */
import type { ReactiveControllerHost } from 'lit';
import { runCommand } from '../run-command.ts';

/** What a step does at its turn: a request to the server, or nothing (undefined) when there is nothing to do any more. */
export type Step = () => Promise<unknown> | undefined;

export class CommandQueue {
  #tail: Promise<void> = Promise.resolve();
  #pending = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** Told the outcome of every step that sent a request: null, or the refusal ready to show. */
    private readonly onResult: (error: string | null) => void,
  ) {}

  /** Whether a step is waiting or running. */
  get busy(): boolean {
    return this.#pending > 0;
  }

  /** Queues a step; resolves when it has run (a refusal is reported, never thrown). */
  push(step: Step): Promise<void> {
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
      this.host.requestUpdate();
    });
    this.#tail = done;
    return done;
  }
}
