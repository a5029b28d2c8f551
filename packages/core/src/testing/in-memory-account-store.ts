// AccountStore in process memory for tests and the embedded demo: the same promises as the SQL adapter,
// including case-insensitive email uniqueness and copies on the way in and out.
import { StoreError } from "../errors.js";
import type { Account, AccountPatch, AccountStore, NewAccount } from "../ports/account-store.js";

function copy(a: Account): Account {
  return {
    ...a,
    periodStart: new Date(a.periodStart),
    periodEnd: new Date(a.periodEnd),
    createdAt: new Date(a.createdAt),
    customQuotas: a.customQuotas === null ? null : { ...a.customQuotas },
  };
}

export class InMemoryAccountStore implements AccountStore {
  private readonly byId = new Map<string, Account>();
  private readonly idByEmail = new Map<string, string>();

  async create(account: NewAccount): Promise<Account | "email_taken"> {
    const email = account.email.toLowerCase();
    if (this.idByEmail.has(email)) return "email_taken";
    if (this.byId.has(account.id)) throw new StoreError("conflict", `account id ${account.id} exists`, false);
    const stored: Account = copy({ ...account, pendingPlan: null });
    this.byId.set(stored.id, stored);
    this.idByEmail.set(email, stored.id);
    return copy(stored);
  }

  async findById(id: string): Promise<Account | null> {
    const found = this.byId.get(id);
    return found ? copy(found) : null;
  }

  async findByEmail(email: string): Promise<Account | null> {
    const id = this.idByEmail.get(email.toLowerCase());
    return id === undefined ? null : this.findById(id);
  }

  async update(id: string, patch: AccountPatch): Promise<Account | null> {
    const current = this.byId.get(id);
    if (!current) return null;
    const next: Record<string, unknown> = { ...current };
    // Only keys present with a defined value change; an explicit null clears a nullable field.
    for (const [k, v] of Object.entries(patch)) if (v !== undefined) next[k] = v;
    const stored = copy(next as unknown as Account);
    this.byId.set(id, stored);
    return copy(stored);
  }
}
