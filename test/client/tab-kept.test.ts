import { expect } from 'chai';
import { forgetKept, readKept, writeKept } from '../../client/tab-kept.ts';

/** A Storage in memory; `full` makes every write throw as a full storage does. */
class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  full = false;
  get length() {
    return this.#items.size;
  }
  key(i: number) {
    return [...this.#items.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.#items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (this.full) throw new DOMException('quota exceeded', 'QuotaExceededError');
    this.#items.set(k, v);
  }
  removeItem(k: string) {
    this.#items.delete(k);
  }
  clear() {
    this.#items.clear();
  }
}

const asNumber = (raw: unknown) => (typeof raw === 'number' ? raw : null);

describe("the tab's kept values (client/tab-kept.ts)", () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true });
  });
  after(() => {
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('gives back what was kept, as its reader accepts it', () => {
    writeKept('k', 42);
    expect(readKept('k', asNumber)).to.equal(42);
    writeKept('k', 'forty-two');
    expect(readKept('k', asNumber)).to.equal(null);
  });

  it('forgets a value kept as null', () => {
    writeKept('k', 1);
    writeKept('k', null);
    expect(storage.getItem('k')).to.equal(null);
    expect(readKept('k', asNumber)).to.equal(null);
  });

  it('reads an unreadable value as nothing kept, without throwing', () => {
    storage.setItem('k', '{not json');
    expect(readKept('k', asNumber)).to.equal(null);
  });

  it('keeps nothing, and does not throw, when the storage is full', () => {
    storage.full = true;
    expect(() => writeKept('k', 1)).not.to.throw();
    expect(readKept('k', asNumber)).to.equal(null);
  });

  it('reads nothing and keeps nothing, without throwing, when the browser refuses the storage', () => {
    Object.defineProperty(globalThis, 'sessionStorage', {
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
      configurable: true,
    });
    expect(() => writeKept('k', 1)).not.to.throw();
    expect(readKept('k', asNumber)).to.equal(null);
    expect(() => forgetKept('k', new Set())).not.to.throw();
  });

  it('forgets the values under a prefix but those asked to stay, and nothing else', () => {
    for (const k of ['draft:s:1', 'draft:s:2', 'draft:s:3', 'other']) writeKept(k, 1);
    forgetKept('draft:', new Set(['draft:s:2']));
    expect(['draft:s:1', 'draft:s:2', 'draft:s:3', 'other'].map((k) => storage.getItem(k) !== null)).to.deep.equal([false, true, false, true]);
  });
});
