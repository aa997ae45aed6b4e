/**
 * An immutable list that only grows, in O(1) per item: each version is its
 * last item and a link to the version before (a cons list read backwards).
 * The shoe's alerts live in one, so a replay that refuses tens of thousands
 * of events — an uploaded log made of nothing else — stays linear, where
 * copying the array at each alert made it quadratic. Reading the newest few
 * (`last`) costs only those; reading all (`toArray`, iteration) is linear.
 * It serialises as an array (`toJSON`).
 */
export class GrowList<T> implements Iterable<T> {
  static readonly #empty = new GrowList<never>(undefined, undefined, 0);

  static empty<T>(): GrowList<T> {
    return GrowList.#empty;
  }

  static from<T>(items: Iterable<T>): GrowList<T> {
    let list = GrowList.empty<T>();
    for (const item of items) list = list.push(item);
    return list;
  }

  private constructor(
    private readonly item: T | undefined,
    private readonly before: GrowList<T> | undefined,
    readonly length: number,
  ) {}

  push(item: T): GrowList<T> {
    return new GrowList(item, this, this.length + 1);
  }

  /** The newest `n` items, oldest first. */
  last(n: number): T[] {
    const out: T[] = [];
    for (let node: GrowList<T> = this; node.length > 0 && out.length < n; node = node.before!) out.push(node.item as T);
    return out.reverse();
  }

  /** Item at `index`; negative counts from the end, as Array.prototype.at. */
  at(index: number): T | undefined {
    const fromEnd = index < 0 ? -index - 1 : this.length - 1 - index;
    if (fromEnd < 0 || fromEnd >= this.length) return undefined;
    let node: GrowList<T> = this;
    for (let k = 0; k < fromEnd; k++) node = node.before!;
    return node.item;
  }

  toArray(): T[] {
    return this.last(this.length);
  }

  *[Symbol.iterator](): Iterator<T> {
    yield* this.toArray();
  }

  map<U>(f: (item: T, index: number) => U): U[] {
    return this.toArray().map(f);
  }

  filter(predicate: (item: T) => boolean): T[] {
    return this.toArray().filter(predicate);
  }

  some(predicate: (item: T) => boolean): boolean {
    for (let node: GrowList<T> = this; node.length > 0; node = node.before!) if (predicate(node.item as T)) return true;
    return false;
  }

  toJSON(): T[] {
    return this.toArray();
  }
}
