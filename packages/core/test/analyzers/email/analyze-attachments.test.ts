import { describe, expect, it } from "vitest";
import { analyzeAttachments, sniffKind } from "../../../src/analyzers/email/index.js";
import type { MailAttachment } from "../../../src/ports/mail-reader.js";

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

function att(filename: string | null, head: Uint8Array, over: Partial<MailAttachment> = {}): MailAttachment {
  return {
    filename,
    declaredType: "application/octet-stream",
    size: head.length,
    head,
    encrypted: null,
    hasMacros: null,
    archiveEntries: [],
    ...over,
  };
}

const PDF = bytes("%PDF-1.7\n");
const EXE = bytes("MZ", [0x90, 0, 3, 0]);
const ZIP = bytes([0x50, 0x4b, 0x03, 0x04], "rest");
const OLE = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const ids = (list: MailAttachment[]): string[] => analyzeAttachments(list).factors.map((f) => f.id);

describe("analyzeAttachments", () => {
  it("says nothing about an ordinary PDF and skips a message without attachments", () => {
    expect(analyzeAttachments([att("statement.pdf", PDF)]).factors).toEqual([]);
    expect(analyzeAttachments([]).status).toBe("skipped");
  });

  it("finds a double extension, an executable behind a document name, and a right-to-left override", () => {
    expect(ids([att("invoice.pdf.exe", EXE)])).toEqual(["attachment_double_extension"]);
    expect(ids([att("invoice.pdf", EXE)])).toEqual(["attachment_executable"]);
    expect(ids([att("invoice\u202Efdp.scr", EXE)])[0]).toBe("attachment_rtl_override");
    const ev = analyzeAttachments([att("invoice.pdf.exe", EXE)]);
    expect(ev.floor).toBe(65);
  });

  it("finds HTML and SVG attachments by name or by content", () => {
    expect(ids([att("remittance.htm", bytes("<html><form>"))])).toEqual(["attachment_html"]);
    expect(ids([att("scan.pdf", bytes("<!DOCTYPE html><html>"))])).toEqual(["attachment_html"]);
    expect(ids([att("logo.svg", bytes("<svg xmlns='http://www.w3.org/2000/svg'>"))])).toEqual(["attachment_svg"]);
  });

  it("finds macro-enabled Office files, encrypted archives and programs inside archives", () => {
    expect(ids([att("budget.xlsm", ZIP, { hasMacros: true })])).toEqual(["attachment_macros"]);
    expect(ids([att("report.docx", ZIP, { hasMacros: true })])).toEqual(["attachment_macros"]);
    expect(ids([att("docs.zip", ZIP, { encrypted: true })])).toEqual(["attachment_encrypted_archive"]);
    expect(ids([att("docs.zip", ZIP, { archiveEntries: ["readme.txt", "invoice.js"] })])).toEqual([
      "attachment_archive_executable",
    ]);
    expect(ids([att("photos.zip", ZIP, { archiveEntries: ["a.jpg", "b.jpg"] })])).toEqual([]);
  });

  it("finds a name that does not match the content, and accepts Office files as ZIP and OLE containers", () => {
    expect(ids([att("photo.jpg", ZIP)])).toEqual(["attachment_type_mismatch"]);
    expect(ids([att("report.docx", ZIP, { hasMacros: false })])).toEqual([]);
    expect(ids([att("old.doc", OLE, { hasMacros: false })])).toEqual(["attachment_legacy_office"]);
  });

  it("sniffs magic bytes", () => {
    expect(sniffKind(PDF)).toBe("pdf");
    expect(sniffKind(EXE)).toBe("exe");
    expect(sniffKind(ZIP)).toBe("zip");
    expect(sniffKind(OLE)).toBe("ole");
    expect(sniffKind(bytes([0x89, 0x50, 0x4e, 0x47]))).toBe("image");
    expect(sniffKind(bytes("hello world"))).toBe("text");
  });
});
