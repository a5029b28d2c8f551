import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { complaintEvidence, createComplaintRegistrySource } from "../../src/phone/complaint-registry-source.js";
import { PhoneRegistry } from "../../src/phone/phone-registry-index.js";
import { syncPhoneRegistry } from "../../src/phone/sync-phone-registry.js";
import { InMemoryPhoneRegistryStore } from "./support/in-memory-phone-registry-store.js";

const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const phone = (n: string) => ({
  e164: `+1${n}`,
  national: `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`,
  extension: null,
  npa: n.slice(0, 3),
  nxx: n.slice(3, 6),
  line: n.slice(6),
});
const clock = { now: () => new Date("2024-05-10T12:00:00Z") };
const signal = new AbortController().signal;

async function setup() {
  const store = new InMemoryPhoneRegistryStore();
  const registry = new PhoneRegistry(store, { pageSize: 2 });
  return { store, registry, deps: { store, registry } };
}

describe("syncPhoneRegistry", () => {
  it("aggregates an FTC daily file per number and loads the index", async () => {
    const { registry, deps } = await setup();
    const out = await syncPhoneRegistry(deps, { source: "ftc-dnc", from: { file: fixture("ftc-dnc-2024-05-01.csv") } });
    expect(out).toMatchObject({ status: "applied", rows: 7, rejected: 2, numbers: 3 });
    expect(out.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(registry.loaded).toBe(true);
    expect(registry.lookup(8554395123)).toEqual({
      ftcComplaints: 3,
      fccComplaints: 0,
      robocalls: 2,
      firstDay: day("2024-04-29"),
      lastDay: day("2024-05-01"),
      subjects: ["Dropped call or no message", "Reducing your debt (credit cards, mortgage, student loans)"],
    });
    // Violation_Date missing: Created_Date stands in.
    expect(registry.lookup("+14155552671")?.firstDay).toBe(day("2024-05-01"));
    expect(registry.lookup(3035550100)).toBeNull();
  });

  it("adds the next daily file and ignores a file already applied", async () => {
    const { store, registry, deps } = await setup();
    const first = { source: "ftc-dnc" as const, from: { file: fixture("ftc-dnc-2024-05-01.csv") } };
    await syncPhoneRegistry(deps, first);
    const second = await syncPhoneRegistry(deps, {
      source: "ftc-dnc",
      from: { file: fixture("ftc-dnc-2024-05-02.csv") },
    });
    expect(second.status).toBe("applied");
    const again = await syncPhoneRegistry(deps, first);
    expect(again.status).toBe("unchanged");
    expect(registry.lookup(8554395123)?.ftcComplaints).toBe(4);
    expect(registry.lookup(8554395123)?.lastDay).toBe(day("2024-05-02"));
    expect(registry.lookup(7025550199)?.subjects).toEqual(["Medical & prescriptions"]);
    expect(store.applied).toHaveLength(2);
  });

  it("reads the FCC export, counting caller ID and callback numbers", async () => {
    const { registry, deps } = await setup();
    const out = await syncPhoneRegistry(deps, {
      source: "fcc-complaints",
      from: { file: fixture("fcc-unwanted-calls.csv") },
    });
    expect(out).toMatchObject({ status: "applied", rows: 4, rejected: 1, numbers: 4 });
    expect(registry.lookup(8554395123)).toMatchObject({ fccComplaints: 1, robocalls: 1, firstDay: day("2024-01-04") });
    expect(registry.lookup(8003569377)).toMatchObject({ fccComplaints: 1, subjects: ["Robocalls"] });
    // No Date of Issue: the ticket creation date is used.
    expect(registry.lookup(3035550100)).toMatchObject({
      robocalls: 0,
      firstDay: day("2024-01-07"),
      subjects: ["Telemarketing (including do not call and spoofing)"],
    });
  });

  it("keeps the previous data when a file is broken", async () => {
    const { store, registry, deps } = await setup();
    await syncPhoneRegistry(deps, { source: "ftc-dnc", from: { file: fixture("ftc-dnc-2024-05-01.csv") } });
    const wrong = await syncPhoneRegistry(deps, {
      source: "ftc-dnc",
      from: { file: fixture("fcc-unwanted-calls.csv") },
    });
    expect(wrong.status).toBe("failed");
    expect(wrong.reason).toMatch(/Company_Phone_Number/);
    const missing = await syncPhoneRegistry(deps, { source: "ftc-dnc", from: { file: fixture("nope.csv") } });
    expect(missing.status).toBe("failed");
    store.failNextApply = true;
    const failing = await syncPhoneRegistry(deps, {
      source: "ftc-dnc",
      from: { file: fixture("ftc-dnc-2024-05-02.csv") },
    });
    expect(failing).toMatchObject({ status: "failed" });
    expect(failing.reason).toMatch(/connection lost/);
    expect(registry.lookup(8554395123)?.ftcComplaints).toBe(3);
  });

  it("rejects a download that fails or is mostly garbage", async () => {
    const { deps } = await setup();
    const garbage = `Company_Phone_Number,Created_Date,Violation_Date,Subject\n${"x,y,z,w\n".repeat(10)}5555,,,\n`;
    const fetch = (async (url: string | URL | Request) =>
      String(url).endsWith("/404")
        ? new Response("not found", { status: 404 })
        : new Response(garbage)) as typeof globalThis.fetch;
    const notFound = await syncPhoneRegistry(
      { ...deps, fetch },
      { source: "ftc-dnc", from: { url: "http://127.0.0.1:1/404" } },
    );
    expect(notFound.reason).toMatch(/HTTP 404/);
    const bad = await syncPhoneRegistry(
      { ...deps, fetch },
      { source: "ftc-dnc", from: { url: "http://127.0.0.1:1/x" } },
    );
    expect(bad).toMatchObject({ status: "failed", rows: 11, rejected: 11 });
  });

  it("syncs NANPA code blocks", async () => {
    const { store, deps } = await setup();
    const out = await syncPhoneRegistry(deps, { source: "nanpa-codes", from: { file: fixture("nanpa-allutlzd.txt") } });
    expect(out).toMatchObject({ status: "applied", rows: 4, rejected: 1, numbers: 3 });
    expect(await store.findCodeBlock("415", "200")).toEqual({
      npa: "415",
      nxx: "200",
      ocn: "6529",
      company: "LEVEL 3 COMMUNICATIONS, LLC - CA",
      state: "CA",
      rateCenter: "SNFC CNTRL",
      use: "AS",
      effectiveDate: "2002-03-15",
    });
    const again = await syncPhoneRegistry(deps, {
      source: "nanpa-codes",
      from: { file: fixture("nanpa-allutlzd.txt") },
    });
    expect(again.status).toBe("unchanged");
  });
});

describe("complaint_registry source", () => {
  it("is skipped with null counts before the registry was loaded or while it is empty", async () => {
    const { registry } = await setup();
    const src = createComplaintRegistrySource({ registry, clock });
    const e = await src.check(phone("8554395123"), { signal });
    expect(e.status).toBe("skipped");
    await registry.load();
    expect((await src.check(phone("8554395123"), { signal })).reason).toMatch(/no data/);
    expect(e.signals["ftc_complaints"]).toBeNull();
    expect(e.signals["fcc_complaints"]).toBeNull();
    expect(e.factors).toEqual([]);
  });

  it("reports counts, dates, subjects and scaled factors", async () => {
    const { deps, registry } = await setup();
    await syncPhoneRegistry(deps, { source: "ftc-dnc", from: { file: fixture("ftc-dnc-2024-05-01.csv") } });
    const src = createComplaintRegistrySource({ registry, clock });
    const e = await src.check(phone("8554395123"), { signal });
    expect(e.status).toBe("ok");
    expect(e.signals).toMatchObject({
      ftc_complaints: 3,
      robocall_detected: true,
      first_reported_at: "2024-04-29",
      last_reported_at: "2024-05-01",
    });
    expect(e.factors.map((f) => f.id)).toEqual(["ftc_complaints", "robocall_reported"]);
    // The FCC export was never synced: its count is unknown, not zero.
    expect(e.signals["fcc_complaints"]).toBeNull();
    const clean = await src.check(phone("3035550100"), { signal });
    expect(clean.signals).toMatchObject({ ftc_complaints: 0, fcc_complaints: null, robocall_detected: false });
    expect(clean.factors[0]?.points).toBeLessThan(0);
  });

  it("weighs many recent complaints more than a few old ones", () => {
    const today = day("2024-05-10");
    const base = { fccComplaints: 0, robocalls: 0, firstDay: today - 2000, subjects: [] };
    const many = complaintEvidence({ ...base, ftcComplaints: 50, lastDay: today - 2 }, today);
    const old = complaintEvidence({ ...base, ftcComplaints: 2, lastDay: today - 1500 }, today);
    expect(many.factors[0]!.points).toBeGreaterThan(old.factors[0]!.points * 2);
    expect(many.floor).toBe(65);
    expect(old.floor).toBeUndefined();
  });
});
