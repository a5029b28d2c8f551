// A memo with a size limit that forgets its oldest entry in constant time.

/**
 * A Map holding at most `capacity` entries: setting a new key when it is full forgets the entry set longest ago, as
 * `map.delete(map.keys().next().value)` would (a key set again without being deleted keeps its place, one deleted
 * and set again is the newest). Map's own first key is not used for that: once entries have been deleted, finding it
 * walks past every deleted slot the table still holds, hundreds of microseconds a call for a full map of 100,000.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; readonly stamp: number }>();
  /** The keys in the order they were set, each with the stamp it was set with; a record whose key was deleted or
   * set again since is stale and skipped. `head` is the first record not yet passed. */
  private keys: K[] = [];
  private stamps: number[] = [];
  private head = 0;
  private stamp = 0;

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new Error("a BoundedMap holds at least one entry");
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): this {
    const held = this.entries.get(key);
    if (held !== undefined) {
      held.value = value;
      return this;
    }
    if (this.entries.size >= this.capacity) this.forgetOldest();
    const stamp = this.stamp++;
    this.entries.set(key, { value, stamp });
    this.keys.push(key);
    this.stamps.push(stamp);
    if (this.keys.length - this.head > 2 * this.capacity + 64) this.compact();
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  private forgetOldest(): void {
    while (this.head < this.keys.length) {
      const key = this.keys[this.head] as K;
      const stamp = this.stamps[this.head] as number;
      this.head++;
      if (this.entries.get(key)?.stamp === stamp) {
        this.entries.delete(key);
        break;
      }
    }
    if (this.head >= 1_024 && this.head * 2 >= this.keys.length) this.compact();
  }

  /** Drops the passed and stale records (each record is dropped once, so this costs O(1) a call over time). */
  private compact(): void {
    const keys: K[] = [];
    const stamps: number[] = [];
    for (let i = this.head; i < this.keys.length; i++) {
      const key = this.keys[i] as K;
      const stamp = this.stamps[i] as number;
      if (this.entries.get(key)?.stamp === stamp) {
        keys.push(key);
        stamps.push(stamp);
      }
    }
    this.keys = keys;
    this.stamps = stamps;
    this.head = 0;
  }
}
