/**
 * An immutable list that only grows, sharing its storage with the lists it
 * grew from: an append copies one chunk of at most 32 items, not the whole
 * list. The shoe's state keeps every card drawn in one, so folding a 312-card
 * shoe stays linear (verify replays thousands of shoes a second).
 * It reads like a read-only array and serialises to one (`toJSON`).
 */
const CHUNK = 32;

export class AppendList<T> implements Iterable<T> {
  static empty<T>(): AppendList<T> {
    return new AppendList<T>([], 0);
  }

  static from<T>(items: Iterable<T>): AppendList<T> {
    let list = AppendList.empty<T>();
    for (const item of items) list = list.push(item);
    return list;
  }

  private constructor(
    private readonly chunks: readonly (readonly T[])[],
    readonly length: number,
  ) {}

  push(item: T): AppendList<T> {
    const chunks = this.chunks.slice();
    const last = chunks[chunks.length - 1];
    if (last === undefined || last.length === CHUNK) {
      chunks.push([item]);
    } else {
      const grown = last.slice();
      grown.push(item);
      chunks[chunks.length - 1] = grown;
    }
    return new AppendList(chunks, this.length + 1);
  }

  /** Item at `index`; negative counts from the end, as Array.prototype.at. */
  at(index: number): T | undefined {
    const i = index < 0 ? this.length + index : index;
    if (i < 0 || i >= this.length) return undefined;
    return this.chunks[Math.floor(i / CHUNK)]![i % CHUNK];
  }

  *[Symbol.iterator](): Iterator<T> {
    for (const chunk of this.chunks) yield* chunk;
  }

  find(predicate: (item: T) => boolean): T | undefined {
    for (const chunk of this.chunks) for (const item of chunk) if (predicate(item)) return item;
    return undefined;
  }

  some(predicate: (item: T) => boolean): boolean {
    return this.find(predicate) !== undefined;
  }

  filter(predicate: (item: T) => boolean): T[] {
    return this.toArray().filter(predicate);
  }

  map<U>(f: (item: T, index: number) => U): U[] {
    return this.toArray().map(f);
  }

  toArray(): T[] {
    return this.chunks.flat() as T[];
  }

  toJSON(): T[] {
    return this.toArray();
  }
}
