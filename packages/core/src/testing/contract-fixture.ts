// What a contract suite asks of the adapter under test. Suites call makeStore before every test and cleanup
// after it; stores with foreign keys to accounts get addAccount to create the owning account first.
export interface ContractFixture<S> {
  readonly store: S;
  readonly cleanup: () => Promise<void>;
}

export interface AccountScopedFixture<S> extends ContractFixture<S> {
  /** Makes an account with this id exist (a no-op for in-memory stores). */
  readonly addAccount: (id: string) => Promise<void>;
}

let counter = 0;

/** A name unique within the test process, so tests sharing one database never see each other's rows. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter.toString(36)}`;
}

export const T0 = new Date("2025-03-01T00:00:00.000Z");

export function at(msAfterT0: number): Date {
  return new Date(T0.getTime() + msAfterT0);
}
