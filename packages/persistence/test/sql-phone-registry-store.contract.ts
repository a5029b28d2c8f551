// One behaviour suite for SqlPhoneRegistryStore, run on PGlite (unit) and PostgreSQL (integration).
import type { ApplyMode, ComplaintBatch, ComplaintSource } from "@scamverify/core";
import { expect, it } from "vitest";
import type { Db } from "../src/db.js";
import { SqlPhoneRegistryStore } from "../src/sql-phone-registry-store.js";

interface Entry {
  n: number;
  c: number;
  r: number;
  f: number;
  l: number;
  s?: [number, number][];
}

export function batch(
  source: ComplaintSource,
  mode: ApplyMode,
  sha: string,
  subjects: string[],
  entries: Entry[],
): ComplaintBatch {
  const size = entries.length;
  const subjectIds = new Int32Array(size * 3).fill(-1);
  const subjectCounts = new Uint32Array(size * 3);
  entries.forEach((e, i) =>
    (e.s ?? []).forEach(([id, c], k) => {
      subjectIds[i * 3 + k] = id;
      subjectCounts[i * 3 + k] = c;
    }),
  );
  return {
    file: { source, sha256: sha.padEnd(64, "0"), origin: `test:${sha}`, rows: size, rejected: 0 },
    mode,
    size,
    numbers: Float64Array.from(entries.map((e) => e.n)),
    complaints: Uint32Array.from(entries.map((e) => e.c)),
    robocalls: Uint32Array.from(entries.map((e) => e.r)),
    firstDay: Int32Array.from(entries.map((e) => e.f)),
    lastDay: Int32Array.from(entries.map((e) => e.l)),
    subjects,
    subjectIds,
    subjectCounts,
  };
}

export function phoneRegistryStoreContract(open: () => Promise<Db>): void {
  const SUBJECTS = ["Imposters", "Dropped call or no message", "Medical & prescriptions", "Other"];

  it("applies, merges an appended file and ignores a file seen before", async () => {
    const db = await open();
    const store = new SqlPhoneRegistryStore(db, { chunkSize: 2 });
    expect(await store.countNumbers()).toBe(0);
    expect(await store.scan(-1, 10)).toEqual([]);
    const day1 = batch("ftc", "append", "aa", SUBJECTS, [
      { n: 2125550143, c: 1, r: 0, f: 19800, l: 19800, s: [[0, 1]] },
      {
        n: 4155552671,
        c: 3,
        r: 2,
        f: 19790,
        l: 19805,
        s: [
          [1, 2],
          [0, 1],
        ],
      },
      { n: 8554395123, c: 5, r: 5, f: 19700, l: 19810, s: [[1, 5]] },
    ]);
    expect(await store.apply(day1)).toEqual({ applied: true, numbers: 3 });
    expect(await store.apply(day1)).toEqual({ applied: false, numbers: 0 });
    expect(await store.hasFile(day1.file.sha256)).toBe(true);
    const day2 = batch(
      "ftc",
      "append",
      "bb",
      ["Medical & prescriptions", "Imposters"],
      [
        {
          n: 4155552671,
          c: 4,
          r: 0,
          f: 19780,
          l: 19811,
          s: [
            [0, 3],
            [1, 1],
          ],
        },
      ],
    );
    await store.apply(day2);
    const rows = await store.scan(-1, 10);
    expect(rows.map((r) => r.number)).toEqual([2125550143, 4155552671, 8554395123]);
    expect(rows[1]).toEqual({
      number: 4155552671,
      source: "ftc",
      complaints: 7,
      robocalls: 2,
      firstDay: 19780,
      lastDay: 19811,
      // Imposters and Dropped call tie at 2; the earlier interned subject comes first.
      subjects: ["Medical & prescriptions", "Imposters", "Dropped call or no message"],
    });
    expect((await store.files()).map((f) => [f.source, f.mode, f.numbers])).toEqual([
      ["ftc", "append", 3],
      ["ftc", "append", 1],
    ]);
    await db.close();
  });

  it("replaces a source's rows and pages by number across sources", async () => {
    const db = await open();
    const store = new SqlPhoneRegistryStore(db);
    await store.apply(batch("ftc", "append", "f1", [], [{ n: 4155552671, c: 1, r: 0, f: 1, l: 2 }]));
    await store.apply(
      batch(
        "fcc",
        "replace",
        "c1",
        ["Robocalls"],
        [
          { n: 3035550100, c: 2, r: 2, f: 5, l: 6, s: [[0, 2]] },
          { n: 4155552671, c: 1, r: 1, f: 3, l: 3 },
        ],
      ),
    );
    await store.apply(batch("fcc", "replace", "c2", [], [{ n: 9095551234, c: 9, r: 0, f: 7, l: 8 }]));
    expect(await store.countNumbers()).toBe(2);
    const first = await store.scan(-1, 1);
    expect(first.map((r) => [r.number, r.source])).toEqual([[4155552671, "ftc"]]);
    const next = await store.scan(4155552671, 1);
    expect(next.map((r) => [r.number, r.source, r.complaints])).toEqual([[9095551234, "fcc", 9]]);
    expect(await store.scan(9095551234, 5)).toEqual([]);
    await db.close();
  });

  it("rolls a failing file back entirely", async () => {
    const db = await open();
    const store = new SqlPhoneRegistryStore(db, { chunkSize: 1 });
    await store.apply(batch("ftc", "append", "ok", [], [{ n: 4155552671, c: 1, r: 0, f: 1, l: 1 }]));
    // A number beyond bigint makes the second chunk fail after the first was written.
    const broken = batch(
      "ftc",
      "append",
      "broken",
      [],
      [
        { n: 2125550143, c: 1, r: 0, f: 1, l: 1 },
        { n: 1e20, c: 1, r: 0, f: 1, l: 2 },
      ],
    );
    await expect(store.apply(broken)).rejects.toThrow();
    expect(await store.hasFile(broken.file.sha256)).toBe(false);
    const rows = await store.scan(-1, 10);
    expect(rows.map((r) => [r.number, r.complaints])).toEqual([[4155552671, 1]]);
    await db.close();
  });

  it("stores NANPA code blocks, replacing the previous set", async () => {
    const db = await open();
    const store = new SqlPhoneRegistryStore(db);
    expect(await store.findCodeBlock("415", "555")).toBeNull();
    const block = {
      npa: "415",
      nxx: "555",
      ocn: "9740",
      company: "PACIFIC BELL",
      state: "CA",
      rateCenter: "SNFC CNTRL",
      use: "AS",
      effectiveDate: "1980-01-01",
    };
    const file = { sha256: "n1".padEnd(64, "0"), origin: "allutlzd.txt", rows: 2, rejected: 0 };
    expect(await store.replaceCodeBlocks(file, [block, { ...block, nxx: "200", effectiveDate: null }])).toEqual({
      applied: true,
      numbers: 2,
    });
    expect(await store.replaceCodeBlocks(file, [])).toEqual({ applied: false, numbers: 0 });
    expect(await store.findCodeBlock("415", "555")).toEqual(block);
    expect((await store.findCodeBlock("415", "200"))?.effectiveDate).toBeNull();
    await store.replaceCodeBlocks({ ...file, sha256: "n2".padEnd(64, "0") }, [{ ...block, nxx: "201" }]);
    expect(await store.countCodeBlocks()).toBe(1);
    expect(await store.findCodeBlock("415", "555")).toBeNull();
    await db.close();
  });
}
