// What one account sees of a shared result, and the receipt kept of it: written once per account and result while
// this process remembers it (a hot cached lookup writes nothing), again after a day, and never failing the lookup.
import { describe, expect, it } from "vitest";
import { InMemoryFeedbackStore } from "../../src/lists/in-memory-feedback-store.js";
import { InMemoryListStore } from "../../src/lists/in-memory-list-store.js";
import type { ResultReceipt } from "../../src/ports/feedback-store.js";
import { FixedClock } from "../../src/testing/fixed-clock.js";
import { AccountViews } from "../../src/usecases/mechanics/account-views.js";

class CountingFeedback extends InMemoryFeedbackStore {
  writes: ResultReceipt[] = [];
  failing = false;
  override async recordReceipt(receipt: ResultReceipt): Promise<void> {
    if (this.failing) throw new Error("store down");
    this.writes.push(receipt);
    await super.recordReceipt(receipt);
  }
}

const result = Object.freeze({
  id: "res_1",
  url: "https://example.com/",
  verdict: "safe",
  risk_score: 3,
  factors: Object.freeze([Object.freeze({ id: "domain_age" })]),
});

function setup(): { views: AccountViews; feedback: CountingFeedback; clock: FixedClock; lists: InMemoryListStore } {
  const clock = new FixedClock();
  const feedback = new CountingFeedback();
  const lists = new InMemoryListStore();
  return { views: new AccountViews(lists, feedback, clock, 4_000, new Set()), feedback, clock, lists };
}

describe("AccountViews", () => {
  it("writes an account's receipt of a result once, and each account its own", async () => {
    const { views, feedback } = setup();
    for (let i = 0; i < 5; i++) expect(await views.view("acct_a", "url", result, false)).toBe(result);
    expect(feedback.writes).toHaveLength(1);
    expect(await feedback.receipt("acct_a", "res_1")).toMatchObject({
      channel: "url",
      subject: "https://example.com/",
      verdict: "safe",
      riskScore: 3,
      rules: ["domain_age"],
      testMode: false,
    });
    await views.view("acct_b", "url", result, false);
    expect(feedback.writes.map((r) => r.accountId)).toEqual(["acct_a", "acct_b"]);
  });

  it("writes the receipt again after a day, and when the lists are read afresh it still writes nothing new", async () => {
    const { views, feedback, clock } = setup();
    await views.view("acct_a", "url", result, false);
    clock.advance(5_000); // past the lists' hold: they are read again
    await views.view("acct_a", "url", result, false);
    expect(feedback.writes).toHaveLength(1);
    clock.advance(86_400_000);
    await views.view("acct_a", "url", result, false);
    expect(feedback.writes).toHaveLength(2);
    expect(feedback.writes[1]!.receivedAt).toEqual(clock.now());
  });

  it("answers when the receipt cannot be written, and writes it on a later view", async () => {
    const { views, feedback } = setup();
    feedback.failing = true;
    expect(await views.view("acct_a", "url", result, false)).toBe(result);
    expect(await views.view("acct_a", "url", result, false)).toBe(result);
    feedback.failing = false;
    await views.view("acct_a", "url", result, false);
    await views.view("acct_a", "url", result, false);
    expect(feedback.writes).toHaveLength(1);
  });
});
