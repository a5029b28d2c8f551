// The rules' explanation of a phone lookup through the engine: the number's area code and region or kind, the
// findings, which checks ran and which did not (never a clean word for a check that did not run), and what to do.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createEngine,
  explainDeterministically,
  type Engine,
  type Evidence,
  type NormalizedPhone,
  type Principal,
  type SignalSource,
} from "../../src/index.js";
import { engineDeps } from "../support/engine-deps.js";

/** A phone source answering with a fixed status and signals. */
const source = (
  name: string,
  status: Evidence["status"],
  signals: Record<string, unknown> = {},
): SignalSource<NormalizedPhone> => ({
  name,
  weight: 1,
  timeoutMs: 1000,
  check: async () => ({ source: name, status, signals, factors: [] }),
});

async function principal(engine: Engine): Promise<Principal> {
  const account = (
    await engine.accounts.create({ email: `${randomUUID()}@example.test`, plan: "enterprise", rpm: 100_000 })
  )._unsafeUnwrap();
  const key = (await engine.keys.create(account.id, { mode: "live" }))._unsafeUnwrap();
  return (await engine.authenticate(`Bearer ${key.key}`))._unsafeUnwrap();
}

async function explain(phone: string, sources: SignalSource<NormalizedPhone>[] = []): Promise<string> {
  const engine = createEngine(engineDeps({ phoneSources: sources }));
  const looked = await engine.lookupPhone(await principal(engine), { phone_number: phone });
  if (looked.isErr()) throw new Error(looked.error.message);
  const r = looked.value.value;
  return r.explanation;
}

describe("the phone explanation without an AI model", () => {
  it("names the area code and its state, says which checks ran and which did not, and gives a safe habit", async () => {
    const text = await explain("+1 (312) 200-0000", [
      source("complaint_registry", "skipped"),
      source("carrier_intelligence", "skipped"),
    ]);
    expect(text).toMatch(/^\(312\) 200-0000 has area code 312 \(Illinois\)\./);
    expect(text).toMatch(/low risk \(risk \d+\/100/);
    expect(text).toMatch(/Checked: the number's area code and exchange; reports from other people\./);
    expect(text).toMatch(/Not checked, so they say nothing either way: FTC and FCC complaint records; carrier/);
    expect(text).not.toMatch(/No source reported/);
    expect(text).toMatch(/Caller ID can be faked/);
  });

  it("says a Caribbean area code is not a U.S. number, gives each finding as a sentence and warns off a callback", async () => {
    const text = await explain("+1 876 555 1234");
    expect(text).toMatch(/has area code 876 \(Jamaica\): it is dialled like a U\.S\. number, but it is not one\./);
    expect(text).toMatch(/ Area code 876 is in Jamaica, not the U\.S\.: [^.]*one-ring[^.]*\./);
    expect(text).toMatch(/ The 555 exchange is almost entirely unassigned/);
    expect(text).toMatch(/Do not answer it or call it back/);
    expect(text).not.toMatch(/Main reasons/);
  });

  it("describes a toll-free number as tied to no place and a spoofed N11 code as such", async () => {
    expect(await explain("+1 800 234 5678")).toMatch(/^\(800\) 234-5678 is a toll-free number, which is not tied/);
    const n11 = await explain("+1 211 555 1234");
    expect(n11).toMatch(/uses an N11 service code/);
    expect(n11).toMatch(/the caller ID is spoofed/);
  });

  it("reports a check that failed as not reached, and carrier records when they answered", async () => {
    const text = await explain("+1 (312) 200-0000", [
      source("complaint_registry", "unavailable"),
      source("carrier_intelligence", "ok", { line_type: "voip", carrier: "Example Telecom" }),
    ]);
    expect(text).toMatch(/Carrier records: a voip line with Example Telecom\./);
    expect(text).toMatch(/Could not be reached: FTC and FCC complaint records, which lowers confidence\./);
    expect(text).toMatch(/Checked: [^.]*carrier and line-type records/);
    expect(text).not.toMatch(/Checked: [^.]*complaint records/);
  });

  it("claims no checks when it is not told which sources ran", () => {
    const text = explainDeterministically({
      subject: "(312) 200-0000",
      channel: "phone",
      riskScore: 20,
      verdict: "low_risk",
      confidence: 0.3,
      factors: [],
      unavailableSources: [],
    });
    expect(text).toMatch(/^\(312\) 200-0000 has area code 312\. It shows low risk/);
    expect(text).not.toMatch(/Checked|Not checked/);
  });
});
