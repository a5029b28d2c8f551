// AccountStore on the accounts table (PGlite or PostgreSQL through Db). Email uniqueness is the unique index
// on lower(email), so two concurrent sign-ups with one address cannot both succeed.
import type { Account, AccountPatch, AccountStore, NewAccount } from "@scamverify/core";
import type { Db } from "./db.js";

interface AccountRow {
  id: string;
  email: string;
  password_hash: string | null;
  plan: Account["plan"];
  pending_plan: Account["plan"] | null;
  period_start: Date;
  period_end: Date;
  custom_quotas: Account["customQuotas"];
  custom_rpm: number | null;
  created_at: Date;
}

const COLUMNS =
  "id, email, password_hash, plan, pending_plan, period_start, period_end, custom_quotas, custom_rpm, created_at";

function fromAccountRow(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    plan: row.plan,
    pendingPlan: row.pending_plan,
    periodStart: new Date(row.period_start),
    periodEnd: new Date(row.period_end),
    customQuotas: row.custom_quotas,
    customRpm: row.custom_rpm,
    createdAt: new Date(row.created_at),
  };
}

const json = (v: unknown): string | null => (v === null ? null : JSON.stringify(v));

// Patch field -> column and how its value is bound.
const PATCH_COLUMNS: {
  readonly [K in keyof Required<AccountPatch>]: readonly [string, (v: AccountPatch[K]) => unknown];
} = {
  plan: ["plan", (v) => v],
  pendingPlan: ["pending_plan", (v) => v],
  periodStart: ["period_start", (v) => v],
  periodEnd: ["period_end", (v) => v],
  customQuotas: ["custom_quotas", (v) => json(v ?? null)],
  customRpm: ["custom_rpm", (v) => v],
  passwordHash: ["password_hash", (v) => v],
};

export class SqlAccountStore implements AccountStore {
  constructor(private readonly db: Db) {}

  async create(account: NewAccount): Promise<Account | "email_taken"> {
    // Only the email index is the expected conflict; a duplicate id still raises (a bug, not a user error).
    const { rows } = await this.db.query<AccountRow>(
      `INSERT INTO accounts (${COLUMNS})
       VALUES ($1, $2, $3, $4, NULL, $5, $6, $7::jsonb, $8, $9)
       ON CONFLICT ((lower(email))) DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        account.id,
        account.email,
        account.passwordHash,
        account.plan,
        account.periodStart,
        account.periodEnd,
        json(account.customQuotas),
        account.customRpm,
        account.createdAt,
      ],
    );
    const row = rows[0];
    return row ? fromAccountRow(row) : "email_taken";
  }

  async findById(id: string): Promise<Account | null> {
    const { rows } = await this.db.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE id = $1`, [id]);
    return rows[0] ? fromAccountRow(rows[0]) : null;
  }

  async findByEmail(email: string): Promise<Account | null> {
    const { rows } = await this.db.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE lower(email) = lower($1)`, [
      email,
    ]);
    return rows[0] ? fromAccountRow(rows[0]) : null;
  }

  async update(id: string, patch: AccountPatch): Promise<Account | null> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    for (const field of Object.keys(PATCH_COLUMNS) as (keyof AccountPatch)[]) {
      const value = patch[field];
      if (value === undefined) continue;
      const [column, bind] = PATCH_COLUMNS[field] as readonly [string, (v: unknown) => unknown];
      params.push(bind(value));
      sets.push(`${column} = $${params.length}${column === "custom_quotas" ? "::jsonb" : ""}`);
    }
    if (sets.length === 0) return this.findById(id);
    const { rows } = await this.db.query<AccountRow>(
      `UPDATE accounts SET ${sets.join(", ")} WHERE id = $1 RETURNING ${COLUMNS}`,
      params,
    );
    return rows[0] ? fromAccountRow(rows[0]) : null;
  }
}
