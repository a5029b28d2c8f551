// The complaint registry held in memory for lookups: every stored number as its 7 low digits in a per-area-code
// sorted Uint32Array, with parallel typed arrays for counts, dates and interned subjects (about 23 bytes a number).
// Built page by page from the PhoneRegistryStore and swapped in whole, so lookups never see a half-built index.
import type { ComplaintRow, PhoneRegistryStore } from "@scamverify/core";

/** What the registry holds for one number; days are whole days since 1970-01-01 (UTC). */
export interface RegistryEntry {
  readonly ftcComplaints: number;
  readonly fccComplaints: number;
  readonly robocalls: number;
  readonly firstDay: number;
  readonly lastDay: number;
  readonly subjects: readonly string[];
}

const SLOTS = 3;
/** Days are stored from 1990-01-01 in 16 bits (through 2169). */
const DAY_BASE = 7305;
const LOW = 10_000_000;

const clampDay = (d: number): number => Math.min(65_535, Math.max(0, d - DAY_BASE));

class CompactIndex {
  readonly npaStart = new Uint32Array(1001);
  size = 0;
  private cap: number;
  keys: Uint32Array;
  ftc: Uint32Array;
  fcc: Uint32Array;
  robo: Uint32Array;
  first: Uint16Array;
  last: Uint16Array;
  subj: Uint8Array;
  readonly sources = new Set<string>();
  private lastNpa = -1;
  private lastNumber = -1;
  readonly subjectNames: string[] = [];
  private readonly subjectIds = new Map<string, number>();

  constructor(capacity: number) {
    this.cap = Math.max(16, capacity);
    this.keys = new Uint32Array(this.cap);
    this.ftc = new Uint32Array(this.cap);
    this.fcc = new Uint32Array(this.cap);
    this.robo = new Uint32Array(this.cap);
    this.first = new Uint16Array(this.cap);
    this.last = new Uint16Array(this.cap);
    this.subj = new Uint8Array(this.cap * SLOTS);
  }

  /** Rows must come in ascending number order; rows of one number (one per source) are merged. */
  add(row: ComplaintRow): void {
    let i: number;
    if (row.number === this.lastNumber) {
      i = this.size - 1;
      this.first[i] = Math.min(this.first[i] as number, clampDay(row.firstDay));
      this.last[i] = Math.max(this.last[i] as number, clampDay(row.lastDay));
    } else {
      if (row.number < this.lastNumber) throw new Error("registry rows out of order");
      if (this.size === this.cap) this.grow();
      i = this.size++;
      const npa = Math.floor(row.number / LOW);
      for (let a = this.lastNpa + 1; a <= npa; a++) this.npaStart[a] = i;
      this.lastNpa = npa;
      this.lastNumber = row.number;
      this.keys[i] = row.number - npa * LOW;
      this.first[i] = clampDay(row.firstDay);
      this.last[i] = clampDay(row.lastDay);
    }
    this.sources.add(row.source);
    if (row.source === "ftc") this.ftc[i] = (this.ftc[i] as number) + row.complaints;
    else this.fcc[i] = (this.fcc[i] as number) + row.complaints;
    this.robo[i] = (this.robo[i] as number) + row.robocalls;
    for (const s of row.subjects) {
      const id = this.intern(s);
      if (id === 0) continue;
      for (let k = i * SLOTS; k < i * SLOTS + SLOTS; k++) {
        if (this.subj[k] === id) break;
        if (this.subj[k] === 0) {
          this.subj[k] = id;
          break;
        }
      }
    }
  }

  finish(): void {
    for (let a = this.lastNpa + 1; a <= 1000; a++) this.npaStart[a] = this.size;
    // Trim spare capacity so the index holds only what it needs.
    if (this.cap > this.size) {
      this.keys = this.keys.slice(0, this.size);
      this.ftc = this.ftc.slice(0, this.size);
      this.fcc = this.fcc.slice(0, this.size);
      this.robo = this.robo.slice(0, this.size);
      this.first = this.first.slice(0, this.size);
      this.last = this.last.slice(0, this.size);
      this.subj = this.subj.slice(0, this.size * SLOTS);
      this.cap = this.size;
    }
  }

  find(number: number): number {
    if (!(number >= 2_000_000_000 && number < 10_000_000_000)) return -1;
    const npa = Math.floor(number / LOW);
    const key = number - npa * LOW;
    let lo = this.npaStart[npa] as number;
    let hi = (this.npaStart[npa + 1] as number) - 1;
    const keys = this.keys;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const k = keys[mid] as number;
      if (k < key) lo = mid + 1;
      else if (k > key) hi = mid - 1;
      else return mid;
    }
    return -1;
  }

  /** Bytes held by the typed arrays. */
  bytes(): number {
    return (
      this.npaStart.byteLength +
      this.keys.byteLength +
      this.ftc.byteLength +
      this.fcc.byteLength +
      this.robo.byteLength +
      this.first.byteLength +
      this.last.byteLength +
      this.subj.byteLength
    );
  }

  /** Subject ids fit a byte; past 255 distinct subjects the rest are not kept (the feeds use about a dozen). */
  private intern(name: string): number {
    let id = this.subjectIds.get(name);
    if (id === undefined) {
      if (this.subjectNames.length >= 255) return 0;
      this.subjectNames.push(name);
      id = this.subjectNames.length;
      this.subjectIds.set(name, id);
    }
    return id;
  }

  private grow(): void {
    const cap = this.cap * 2;
    const g = <T extends Uint32Array | Uint16Array | Uint8Array>(src: T, make: (n: number) => T, n: number): T => {
      const out = make(n);
      out.set(src);
      return out;
    };
    this.keys = g(this.keys, (n) => new Uint32Array(n), cap);
    this.ftc = g(this.ftc, (n) => new Uint32Array(n), cap);
    this.fcc = g(this.fcc, (n) => new Uint32Array(n), cap);
    this.robo = g(this.robo, (n) => new Uint32Array(n), cap);
    this.first = g(this.first, (n) => new Uint16Array(n), cap);
    this.last = g(this.last, (n) => new Uint16Array(n), cap);
    this.subj = g(this.subj, (n) => new Uint8Array(n), cap * SLOTS);
    this.cap = cap;
  }
}

export interface PhoneRegistryOptions {
  /** Numbers read per store page while loading; default 50,000. */
  readonly pageSize?: number;
}

/** The lookup side of the complaint registry: empty (not loaded) until load() has finished once. */
export class PhoneRegistry {
  private index: CompactIndex | null = null;
  private loading: Promise<{ numbers: number }> | null = null;

  constructor(
    private readonly store: PhoneRegistryStore,
    private readonly options: PhoneRegistryOptions = {},
  ) {}

  /** false until the first load() finished: lookups then cannot tell "no complaints" from "not known". */
  get loaded(): boolean {
    return this.index !== null;
  }

  get size(): number {
    return this.index?.size ?? 0;
  }

  /** Whether the loaded data holds any complaint from this source; false when it was never synced. */
  hasSource(source: "ftc" | "fcc"): boolean {
    return this.index?.sources.has(source) ?? false;
  }

  /** Bytes held by the index's typed arrays. */
  get bytes(): number {
    return this.index?.bytes() ?? 0;
  }

  /** (Re)builds the index from the store and swaps it in; concurrent calls share one load. */
  load(): Promise<{ numbers: number }> {
    this.loading ??= this.build().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** The entry of a number given as its 10 national digits (4155552671); null when it has no complaints. */
  lookup(national: number | string): RegistryEntry | null {
    const idx = this.index;
    if (!idx) return null;
    const n = typeof national === "string" ? Number(national.replace(/^\+?1(?=\d{10}$)/, "")) : national;
    const i = idx.find(n);
    if (i < 0) return null;
    const subjects: string[] = [];
    for (let k = i * SLOTS; k < i * SLOTS + SLOTS; k++) {
      const id = idx.subj[k] as number;
      if (id > 0) subjects.push(idx.subjectNames[id - 1] as string);
    }
    return {
      ftcComplaints: idx.ftc[i] as number,
      fccComplaints: idx.fcc[i] as number,
      robocalls: idx.robo[i] as number,
      firstDay: (idx.first[i] as number) + DAY_BASE,
      lastDay: (idx.last[i] as number) + DAY_BASE,
      subjects,
    };
  }

  private async build(): Promise<{ numbers: number }> {
    const pageSize = this.options.pageSize ?? 50_000;
    const expected = await this.store.countNumbers();
    const next = new CompactIndex(expected + 16);
    let after = -1;
    for (;;) {
      const page = await this.store.scan(after, pageSize);
      if (page.length === 0) break;
      for (const row of page) next.add(row);
      after = (page[page.length - 1] as ComplaintRow).number;
    }
    next.finish();
    this.index = next;
    return { numbers: next.size };
  }
}
