/**
 * A set of listeners called in turn. A listener that throws is logged and
 * never stops the others: one broken dashboard connection must not hold up
 * the table or the shuffler link.
 */
export class Listeners<T> {
  readonly #set = new Set<(value: T) => void>();

  constructor(private readonly onError: (error: unknown) => void) {}

  add(listener: (value: T) => void): () => void {
    this.#set.add(listener);
    return () => {
      this.#set.delete(listener);
    };
  }

  emit(value: T): void {
    for (const listener of [...this.#set]) {
      try {
        listener(value);
      } catch (e) {
        this.onError(e);
      }
    }
  }

  get size(): number {
    return this.#set.size;
  }
}
