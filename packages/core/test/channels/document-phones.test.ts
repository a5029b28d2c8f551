// A letter's numbers are placed once: the entities it lists and the numbers its checks look up agree on where a
// nationally written number is from (a U.S. postal address or a number printed with its 1 places the letter's
// numbers in North America; without either they stay unplaced in both).
import { randomUUID } from "node:crypto";
import { ok } from "neverthrow";
import { describe, expect, it } from "vitest";
import { createEngine, MAGIC_DOCUMENT_PDF_BASE64, type DocumentReader, type Principal } from "../../src/index.js";
import { onePageText } from "../support/document-text.js";
import { engineDeps } from "../support/engine-deps.js";

function readerOf(text: string): DocumentReader {
  return { read: async () => ok(onePageText(text)), close: async () => undefined };
}

async function analyze(text: string): Promise<Record<string, unknown>> {
  const engine = createEngine(engineDeps({ documentReader: readerOf(text) }));
  const account = (
    await engine.accounts.create({ email: `${randomUUID()}@example.test`, plan: "enterprise", rpm: 100_000 })
  )._unsafeUnwrap();
  const key = (await engine.keys.create(account.id, { mode: "live" }))._unsafeUnwrap().key;
  const p: Principal = (await engine.authenticate(`Bearer ${key}`))._unsafeUnwrap();
  const bytes = new Uint8Array(Buffer.from(MAGIC_DOCUMENT_PDF_BASE64.safe, "base64"));
  const r = await engine.analyzeDocument(p, { file: { bytes }, force_refresh: true });
  return r._unsafeUnwrap().value as unknown as Record<string, unknown>;
}

const phonesOf = (
  v: Record<string, unknown>,
): { entities: (string | null)[]; placed: string[]; unplaced: string[] } => {
  const signals = v["signals"] as {
    entities: { phones: { e164: string | null }[] };
    extracted_phones: string[];
    unplaced_phones: string[];
  };
  const entities = signals.entities.phones.map((p) => p.e164);
  return { entities, placed: signals.extracted_phones, unplaced: signals.unplaced_phones };
};

describe("a letter's numbers", () => {
  it("are placed in North America by a U.S. postal address, in its entities and in its checks alike", async () => {
    const letter =
      "Springfield Water Department\n305 Pine Road\nSpringfield, IL 62701\n\nYour statement is ready. " +
      "Questions about your bill? Call us at (217) 555-0142 during business hours.";
    expect(phonesOf(await analyze(letter))).toEqual({
      entities: ["+12175550142"],
      placed: ["+12175550142"],
      unplaced: [],
    });
  });

  it("are placed in North America by one printed with its 1, in its entities and in its checks alike", async () => {
    const letter =
      "Springfield Water Department\n\nYour statement is ready. Questions about your bill? Call us toll-free at " +
      "1-877-555-0173, or our office at (217) 555-0142.";
    expect(phonesOf(await analyze(letter))).toEqual({
      entities: ["+18775550173", "+12175550142"],
      placed: ["+18775550173", "+12175550142"],
      unplaced: [],
    });
  });

  it("stay unplaced in both when nothing in the letter says where they are from", async () => {
    const letter =
      "Springfield Water Department\n\nYour statement is ready. " +
      "Questions about your bill? Call us at (217) 555-0142 during business hours.";
    expect(phonesOf(await analyze(letter))).toEqual({ entities: [null], placed: [], unplaced: ["2175550142"] });
  });
});
