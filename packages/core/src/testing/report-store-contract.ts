// The ReportStore contract as vitest blocks: one counted report per account, kind, value and UTC day.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CommunityReport, ReportStore } from "../ports/report-store.js";
import { at, uniqueName } from "./contract-fixture.js";
import type { AccountScopedFixture } from "./contract-fixture.js";

export function describeReportStoreContract(
  name: string,
  makeStore: () => Promise<AccountScopedFixture<ReportStore>>,
): void {
  describe(`ReportStore contract: ${name}`, () => {
    let fx: AccountScopedFixture<ReportStore>;
    let alice: string;
    let bob: string;
    let value: string;
    const report = (accountId: string, overrides: Partial<CommunityReport> = {}): CommunityReport => ({
      id: uniqueName("report"),
      accountId,
      kind: "phone",
      value,
      category: "impersonation",
      comment: "Claimed to be the bank",
      day: "2025-03-01",
      createdAt: at(0),
      ...overrides,
    });
    beforeEach(async () => {
      fx = await makeStore();
      alice = uniqueName("acct");
      bob = uniqueName("acct");
      await fx.addAccount(alice);
      await fx.addAccount(bob);
      value = uniqueName("+12025550143");
    });
    afterEach(async () => {
      await fx.cleanup();
    });

    it("counts 0 for a value never reported", async () => {
      expect(await fx.store.count("phone", value)).toBe(0);
    });

    it("counts one report per account per value per day", async () => {
      expect(await fx.store.add(report(alice))).toEqual({ counted: true });
      expect(await fx.store.add(report(alice, { category: "other", comment: null }))).toEqual({ counted: false });
      expect(await fx.store.count("phone", value)).toBe(1);
      expect(await fx.store.add(report(alice, { day: "2025-03-02", createdAt: at(86_400_000) }))).toEqual({
        counted: true,
      });
      expect(await fx.store.add(report(bob))).toEqual({ counted: true });
      expect(await fx.store.count("phone", value)).toBe(3);
    });

    it("stores a kind of any registered channel, not only url and phone", async () => {
      expect(await fx.store.add(report(alice, { kind: "text" }))).toEqual({ counted: true });
      expect(await fx.store.count("text", value)).toBe(1);
      expect(await fx.store.count("phone", value)).toBe(0);
    });

    it("keeps kinds apart", async () => {
      await fx.store.add(report(alice, { kind: "url" }));
      expect(await fx.store.add(report(alice))).toEqual({ counted: true });
      expect(await fx.store.count("url", value)).toBe(1);
      expect(await fx.store.count("phone", value)).toBe(1);
    });

    it("counts exactly one of 20 concurrent identical reports", async () => {
      const results = await Promise.all(Array.from({ length: 20 }, () => fx.store.add(report(alice))));
      expect(results.filter((r) => r.counted)).toHaveLength(1);
      expect(await fx.store.count("phone", value)).toBe(1);
    });
  });
}
