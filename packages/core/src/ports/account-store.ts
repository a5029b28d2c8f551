import type { PlanName } from "../schemas/plans.js";

export interface Account {
  readonly id: string;
  readonly email: string;
  /** scrypt hash in the PasswordHasher's format; null for accounts created without a password. */
  readonly passwordHash: string | null;
  readonly plan: PlanName;
  /** A deferred downgrade, applied when the current period ends. */
  readonly pendingPlan: PlanName | null;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  /** Enterprise only: per-account quotas (by quota channel id) and rate limit. */
  readonly customQuotas: Readonly<Partial<Record<string, number>>> | null;
  readonly customRpm: number | null;
  readonly createdAt: Date;
}

export interface NewAccount {
  readonly id: string;
  readonly email: string;
  readonly passwordHash: string | null;
  readonly plan: PlanName;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly customQuotas: Readonly<Partial<Record<string, number>>> | null;
  readonly customRpm: number | null;
  readonly createdAt: Date;
}

export type AccountPatch = Partial<
  Pick<Account, "plan" | "pendingPlan" | "periodStart" | "periodEnd" | "customQuotas" | "customRpm" | "passwordHash">
>;

/** Accounts. Emails are unique case-insensitively. */
export interface AccountStore {
  /** Inserts the account. Returns "email_taken" when the email exists (no change made). */
  create(account: NewAccount): Promise<Account | "email_taken">;
  /** null when no account has this id. */
  findById(id: string): Promise<Account | null>;
  /** Case-insensitive; null when none. */
  findByEmail(email: string): Promise<Account | null>;
  /** Applies the patch and returns the updated account; null when the id is unknown. Idempotent. */
  update(id: string, patch: AccountPatch): Promise<Account | null>;
}
