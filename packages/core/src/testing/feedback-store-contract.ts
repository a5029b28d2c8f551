// The FeedbackStore contract as vitest blocks: one receipt and one feedback per account and result (the latest
// wins), pages oldest change first, settings defaulting to nothing shared, and accounts kept apart.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FeedbackRecord, FeedbackStore, ResultReceipt } from "../ports/feedback-store.js";
import { at, uniqueName, type AccountScopedFixture } from "./contract-fixture.js";

export function describeFeedbackStoreContract(
  name: string,
  makeStore: () => Promise<AccountScopedFixture<FeedbackStore>>,
): void {
  describe(`FeedbackStore contract: ${name}`, () => {
    let fx: AccountScopedFixture<FeedbackStore>;
    let alice: string;
    let bob: string;
    const receipt = (accountId: string, overrides: Partial<ResultReceipt> = {}): ResultReceipt => ({
      accountId,
      resultId: uniqueName("result"),
      channel: "url",
      subject: "https://scam.example/",
      verdict: "high_risk",
      riskScore: 70,
      rules: ["brand_typosquat", "new_domain"],
      testMode: false,
      receivedAt: at(0),
      ...overrides,
    });
    const feedback = (r: ResultReceipt, overrides: Partial<FeedbackRecord> = {}): FeedbackRecord => ({
      id: uniqueName("fb"),
      accountId: r.accountId,
      resultId: r.resultId,
      kind: "false_positive",
      comment: null,
      channel: r.channel,
      subject: r.subject,
      verdict: r.verdict,
      riskScore: r.riskScore,
      rules: r.rules,
      testMode: r.testMode,
      createdAt: at(1000),
      updatedAt: at(1000),
      ...overrides,
    });
    beforeEach(async () => {
      fx = await makeStore();
      alice = uniqueName("acct");
      bob = uniqueName("acct");
      await fx.addAccount(alice);
      await fx.addAccount(bob);
    });
    afterEach(async () => {
      await fx.cleanup();
    });

    it("keeps one receipt per account and result, the latest winning, and no other account's", async () => {
      const r = receipt(alice);
      expect(await fx.store.receipt(alice, r.resultId)).toBeNull();
      await fx.store.recordReceipt(r);
      await fx.store.recordReceipt({
        ...r,
        verdict: "scam",
        riskScore: 90,
        rules: ["account_blocklist"],
        receivedAt: at(5),
      });
      expect(await fx.store.receipt(alice, r.resultId)).toEqual({
        ...r,
        verdict: "scam",
        riskScore: 90,
        rules: ["account_blocklist"],
        receivedAt: at(5),
      });
      expect(await fx.store.receipt(bob, r.resultId)).toBeNull();
    });

    it("purges receipts received before a time", async () => {
      const old = receipt(alice, { receivedAt: at(0) });
      const fresh = receipt(alice, { receivedAt: at(10_000), subject: null, channel: "text" });
      await fx.store.recordReceipt(old);
      await fx.store.recordReceipt(fresh);
      expect(await fx.store.purgeReceipts(at(5000))).toBeGreaterThanOrEqual(1);
      expect(await fx.store.receipt(alice, old.resultId)).toBeNull();
      expect(await fx.store.receipt(alice, fresh.resultId)).toEqual(fresh);
    });

    it("replaces an account's feedback on the same result, keeping its id and creation time", async () => {
      const r = receipt(alice);
      const first = feedback(r);
      expect(await fx.store.upsert(first)).toEqual(first);
      const second = await fx.store.upsert(
        feedback(r, { kind: "comment", comment: "fine after all", createdAt: at(2000), updatedAt: at(2000) }),
      );
      expect(second).toEqual({ ...first, kind: "comment", comment: "fine after all", updatedAt: at(2000) });
      const page = await fx.store.page(alice, { after: null, since: null, limit: 10 });
      expect(page).toEqual([second]);
      expect(await fx.store.page(bob, { after: null, since: null, limit: 10 })).toEqual([]);
    });

    it("pages feedback oldest change first, after a position and since a time", async () => {
      const made: FeedbackRecord[] = [];
      for (let i = 0; i < 4; i++) {
        const f = feedback(receipt(alice), { updatedAt: at(i * 1000), createdAt: at(i * 1000) });
        made.push(f);
        await fx.store.upsert(f);
      }
      const first = await fx.store.page(alice, { after: null, since: null, limit: 3 });
      expect(first.map((f) => f.id)).toEqual(made.slice(0, 3).map((f) => f.id));
      const rest = await fx.store.page(alice, { after: first[2]!, since: null, limit: 3 });
      expect(rest.map((f) => f.id)).toEqual([made[3]!.id]);
      const since = await fx.store.page(alice, { after: null, since: at(2000), limit: 10 });
      expect(since.map((f) => f.id)).toEqual([made[2]!.id, made[3]!.id]);
    });

    it("defaults settings to nothing shared and keeps them per account", async () => {
      expect(await fx.store.settings(alice)).toEqual({ shareAsCommunityReports: false });
      expect(await fx.store.setSettings(alice, { shareAsCommunityReports: true }, at(0))).toEqual({
        shareAsCommunityReports: true,
      });
      expect(await fx.store.settings(alice)).toEqual({ shareAsCommunityReports: true });
      expect(await fx.store.settings(bob)).toEqual({ shareAsCommunityReports: false });
      await fx.store.setSettings(alice, { shareAsCommunityReports: false }, at(1));
      expect(await fx.store.settings(alice)).toEqual({ shareAsCommunityReports: false });
    });
  });
}
