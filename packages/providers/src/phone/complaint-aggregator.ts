// Folds complaint rows (number, day, robocall, subject) into one aggregate per number, held in growable typed arrays
// so that a file of millions of complaints costs a few bytes per number, then hands them over as a ComplaintBatch.
import type { ApplyMode, ComplaintBatch, RegistryFile } from "@scamverify/core";

const SLOTS = 3;

export class ComplaintAggregator {
  private readonly index = new NumberTable();
  private readonly subjectIndex = new Map<string, number>();
  private readonly subjects: string[] = [];
  private size = 0;
  private cap: number;
  private numbers: Float64Array;
  private complaints: Uint32Array;
  private robocalls: Uint32Array;
  private firstDay: Int32Array;
  private lastDay: Int32Array;
  private subjectIds: Int32Array;
  private subjectCounts: Uint32Array;

  constructor(initialCapacity = 1024) {
    this.cap = Math.max(16, initialCapacity);
    this.numbers = new Float64Array(this.cap);
    this.complaints = new Uint32Array(this.cap);
    this.robocalls = new Uint32Array(this.cap);
    this.firstDay = new Int32Array(this.cap);
    this.lastDay = new Int32Array(this.cap);
    this.subjectIds = new Int32Array(this.cap * SLOTS).fill(-1);
    this.subjectCounts = new Uint32Array(this.cap * SLOTS);
  }

  get numbersSeen(): number {
    return this.size;
  }

  add(number: number, day: number, robocall: boolean, subject: string | null): void {
    let i = this.index.get(number);
    if (i < 0) {
      if (this.size === this.cap) this.grow();
      i = this.size++;
      this.index.set(number, i);
      this.numbers[i] = number;
      this.firstDay[i] = day;
      this.lastDay[i] = day;
    } else {
      if (day < (this.firstDay[i] as number)) this.firstDay[i] = day;
      if (day > (this.lastDay[i] as number)) this.lastDay[i] = day;
    }
    this.complaints[i] = (this.complaints[i] as number) + 1;
    if (robocall) this.robocalls[i] = (this.robocalls[i] as number) + 1;
    if (subject !== null && subject.length > 0) this.countSubject(i, this.intern(subject));
  }

  /** The aggregates sorted by number; the aggregator should not be used afterwards. */
  toBatch(file: RegistryFile, mode: ApplyMode): ComplaintBatch {
    const n = this.size;
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    const nums = this.numbers;
    order.sort((a, b) => (nums[a] as number) - (nums[b] as number));
    const pick = <T extends Float64Array | Uint32Array | Int32Array>(src: T, make: (len: number) => T): T => {
      const out = make(n);
      for (let j = 0; j < n; j++) out[j] = src[order[j] as number] as number;
      return out;
    };
    const subjectIds = new Int32Array(n * SLOTS);
    const subjectCounts = new Uint32Array(n * SLOTS);
    for (let j = 0; j < n; j++) {
      const i = order[j] as number;
      // most frequent first (three slots: a sorting network without allocations)
      const b = i * SLOTS;
      let o0 = 0;
      let o1 = 1;
      let o2 = 2;
      let t: number;
      if (this.ranksBefore(b, o1, o0)) {
        t = o0;
        o0 = o1;
        o1 = t;
      }
      if (this.ranksBefore(b, o2, o1)) {
        t = o1;
        o1 = o2;
        o2 = t;
      }
      if (this.ranksBefore(b, o1, o0)) {
        t = o0;
        o0 = o1;
        o1 = t;
      }
      for (let k = 0; k < SLOTS; k++) {
        const from = b + (k === 0 ? o0 : k === 1 ? o1 : o2);
        const c = this.subjectCounts[from] as number;
        subjectIds[j * SLOTS + k] = c > 0 ? (this.subjectIds[from] as number) : -1;
        subjectCounts[j * SLOTS + k] = c;
      }
    }
    return {
      file,
      mode,
      size: n,
      numbers: pick(this.numbers, (l) => new Float64Array(l)),
      complaints: pick(this.complaints, (l) => new Uint32Array(l)),
      robocalls: pick(this.robocalls, (l) => new Uint32Array(l)),
      firstDay: pick(this.firstDay, (l) => new Int32Array(l)),
      lastDay: pick(this.lastDay, (l) => new Int32Array(l)),
      subjects: [...this.subjects],
      subjectIds,
      subjectCounts,
    };
  }

  private ranksBefore(base: number, x: number, y: number): boolean {
    const cx = this.subjectCounts[base + x] as number;
    const cy = this.subjectCounts[base + y] as number;
    return cx > cy || (cx === cy && (this.subjectIds[base + x] as number) < (this.subjectIds[base + y] as number));
  }

  private intern(subject: string): number {
    let id = this.subjectIndex.get(subject);
    if (id === undefined) {
      id = this.subjects.length;
      this.subjects.push(subject);
      this.subjectIndex.set(subject, id);
    }
    return id;
  }

  /** Top-3 per number, exact for up to three distinct subjects; beyond that the space-saving rule keeps the leaders. */
  private countSubject(i: number, id: number): void {
    const base = i * SLOTS;
    let min = base;
    for (let k = base; k < base + SLOTS; k++) {
      if (this.subjectIds[k] === id) {
        this.subjectCounts[k] = (this.subjectCounts[k] as number) + 1;
        return;
      }
      if (this.subjectIds[k] === -1) {
        this.subjectIds[k] = id;
        this.subjectCounts[k] = 1;
        return;
      }
      if ((this.subjectCounts[k] as number) < (this.subjectCounts[min] as number)) min = k;
    }
    this.subjectIds[min] = id;
    this.subjectCounts[min] = (this.subjectCounts[min] as number) + 1;
  }

  private grow(): void {
    const cap = this.cap * 2;
    const g = <T extends Float64Array | Uint32Array | Int32Array>(
      src: T,
      make: (len: number) => T,
      fill?: number,
    ): T => {
      const out = make(cap);
      if (fill !== undefined) out.fill(fill);
      out.set(src);
      return out;
    };
    this.numbers = g(this.numbers, (l) => new Float64Array(l));
    this.complaints = g(this.complaints, (l) => new Uint32Array(l));
    this.robocalls = g(this.robocalls, (l) => new Uint32Array(l));
    this.firstDay = g(this.firstDay, (l) => new Int32Array(l));
    this.lastDay = g(this.lastDay, (l) => new Int32Array(l));
    const ids = new Int32Array(cap * SLOTS).fill(-1);
    ids.set(this.subjectIds);
    this.subjectIds = ids;
    const counts = new Uint32Array(cap * SLOTS);
    counts.set(this.subjectCounts);
    this.subjectCounts = counts;
    this.cap = cap;
  }
}

/** Open-addressing hash of 10-digit numbers to entry indexes: far lighter than a Map of millions of heap numbers. */
class NumberTable {
  private keys = new Float64Array(1 << 16);
  private values = new Int32Array(1 << 16);
  private mask = (1 << 16) - 1;
  private count = 0;

  get(key: number): number {
    let h = this.slot(key);
    for (;;) {
      const k = this.keys[h] as number;
      if (k === key) return this.values[h] as number;
      if (k === 0) return -1;
      h = (h + 1) & this.mask;
    }
  }

  /** key must be positive and not present. */
  set(key: number, value: number): void {
    if ((this.count + 1) * 2 > this.mask) this.rehash();
    let h = this.slot(key);
    while (this.keys[h] !== 0) h = (h + 1) & this.mask;
    this.keys[h] = key;
    this.values[h] = value;
    this.count++;
  }

  private slot(key: number): number {
    const lo = (key % 4294967296) | 0;
    const hi = (key / 4294967296) | 0;
    return (Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1) >>> 0) & this.mask;
  }

  private rehash(): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    const size = oldKeys.length * 2;
    this.keys = new Float64Array(size);
    this.values = new Int32Array(size);
    this.mask = size - 1;
    this.count = 0;
    for (let i = 0; i < oldKeys.length; i++) {
      const k = oldKeys[i] as number;
      if (k !== 0) this.set(k, oldValues[i] as number);
    }
  }
}
