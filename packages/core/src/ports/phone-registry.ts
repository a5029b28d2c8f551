/** Sources of complaint aggregates: the FTC Do Not Call reported calls and the FCC unwanted-call complaints. */
export type ComplaintSource = "ftc" | "fcc";

/**
 * How a file's aggregates combine with what the store holds for the same source.
 * append: added to the counts (the FTC publishes one file of new complaints per day);
 * replace: the file is the source's whole data set and takes the place of its previous rows (the FCC export).
 */
export type ApplyMode = "append" | "replace";

/** Up to this many subjects are kept per number and source, the most frequent first. */
export const TOP_SUBJECTS = 3;

/** A parsed file, identified by the SHA-256 of its bytes. */
export interface RegistryFile {
  readonly source: ComplaintSource;
  /** Lower-case hex SHA-256 of the file's bytes. */
  readonly sha256: string;
  /** Where it came from (a URL or a file path), for the operator. */
  readonly origin: string;
  /** Data rows read, and rows skipped as unusable (no valid number). */
  readonly rows: number;
  readonly rejected: number;
}

/**
 * Aggregates of one file, column by column so that millions of numbers cost no object each. Entry i is
 * numbers[i]; numbers are the 10 national digits as an integer (4155552671), sorted ascending and distinct.
 * Days are whole days since 1970-01-01 (UTC). subjectIds holds TOP_SUBJECTS slots per entry, -1 when empty, as
 * indexes into `subjects`; subjectCounts the matching complaint counts.
 */
export interface ComplaintBatch {
  readonly file: RegistryFile;
  readonly mode: ApplyMode;
  readonly size: number;
  readonly numbers: Float64Array;
  readonly complaints: Uint32Array;
  readonly robocalls: Uint32Array;
  readonly firstDay: Int32Array;
  readonly lastDay: Int32Array;
  readonly subjects: readonly string[];
  readonly subjectIds: Int32Array;
  readonly subjectCounts: Uint32Array;
}

/** One stored aggregate: one number as reported to one source. */
export interface ComplaintRow {
  readonly number: number;
  readonly source: ComplaintSource;
  readonly complaints: number;
  readonly robocalls: number;
  readonly firstDay: number;
  readonly lastDay: number;
  /** Most frequent first, at most TOP_SUBJECTS. */
  readonly subjects: readonly string[];
}

export interface AppliedFile extends RegistryFile {
  readonly mode: ApplyMode;
  /** Distinct numbers the file held. */
  readonly numbers: number;
  readonly appliedAt: Date;
}

export interface ApplyOutcome {
  /** false when a file with the same SHA-256 was applied before; nothing was changed then. */
  readonly applied: boolean;
  readonly numbers: number;
}

/** One NANPA central office code (NPA-NXX) assignment: who the block was first given to. */
export interface CodeBlock {
  readonly npa: string;
  readonly nxx: string;
  /** Operating company number of the carrier the block was assigned to. */
  readonly ocn: string;
  readonly company: string;
  readonly state: string;
  readonly rateCenter: string;
  /** "AS" assigned; other NANPA use codes are kept as published. */
  readonly use: string;
  /** ISO date (YYYY-MM-DD) the code became effective, null when not published. */
  readonly effectiveDate: string | null;
}

/**
 * Persisted complaint aggregates per phone number (FTC and FCC) and NANPA code block assignments. Lookups are
 * served from an in-memory index built with `scan`; the store is for sync and for rebuilding that index.
 */
export interface PhoneRegistryStore {
  /** true when a file with this SHA-256 has been applied for any source. Never throws for an unknown hash. */
  hasFile(sha256: string): Promise<boolean>;
  /**
   * Applies a file's aggregates in one transaction: readers see the data before or after it, never a part.
   * Idempotent by `batch.file.sha256`: a file already applied changes nothing and resolves { applied: false }.
   * Rejects with StoreError when the engine fails; the previous data is then unchanged.
   */
  apply(batch: ComplaintBatch): Promise<ApplyOutcome>;
  /**
   * The rows of the next numbers after `after` (pass -1 to start), ordered by number then source: at most `limit`
   * numbers, and every row of each number returned (a page never splits a number). An empty array when none is
   * left. Subjects come back as names.
   */
  scan(after: number, limit: number): Promise<ComplaintRow[]>;
  /** Distinct numbers with at least one row; 0 when nothing was ever applied. */
  countNumbers(): Promise<number>;
  /** Every applied file, oldest first; empty when none. */
  files(): Promise<AppliedFile[]>;
  /**
   * Replaces every code block with these in one transaction, idempotent by `file.sha256` like `apply`.
   * `file.source` is ignored for blocks; it is recorded as "nanpa".
   */
  replaceCodeBlocks(file: Omit<RegistryFile, "source">, blocks: readonly CodeBlock[]): Promise<ApplyOutcome>;
  /** The block of this NPA-NXX, or null when NANPA lists none (the exchange is not assigned). */
  findCodeBlock(npa: string, nxx: string): Promise<CodeBlock | null>;
  /** Number of stored code blocks; 0 when the NANPA file was never synced. */
  countCodeBlocks(): Promise<number>;
}
