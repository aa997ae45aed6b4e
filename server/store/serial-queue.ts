/**
 * Runs async tasks one after another ("writes to one shoe are
 * serialized, so concurrent appends never interleave"). A failed task rejects
 * its own caller and does not stop the tasks queued after it.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task);
    this.#tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once every task queued so far has settled. */
  idle(): Promise<void> {
    return this.#tail.then(() => undefined);
  }
}
