/** A U.S. (NANP, country code 1, U.S. geography or toll-free) number, parsed once for every analyzer and source. */
export interface NormalizedPhone {
  /** E.164, e.g. "+14155552671". */
  readonly e164: string;
  /** "(415) 555-2671". */
  readonly national: string;
  readonly extension: string | null;
  /** NPA (area code), NXX (exchange) and line number. */
  readonly npa: string;
  readonly nxx: string;
  readonly line: string;
}
