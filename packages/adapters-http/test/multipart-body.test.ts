// The multipart parser: parts named file past the most a form may hold are counted, never built, so a body of many
// tiny parts costs no more than its bytes; the refusals still say how many there were.
import { describe, expect, it } from "vitest";
import { parseFormParts, parseMultipart } from "../src/multipart-body.js";

const BOUNDARY = "b0undary";

function form(files: number, fields: Record<string, string> = {}): Buffer {
  const parts = [
    ...Object.entries(fields).map(([k, v]) => `Content-Disposition: form-data; name="${k}"\r\n\r\n${v}`),
    ...Array.from(
      { length: files },
      (_, i) =>
        `Content-Disposition: form-data; name="file"; filename="f${i}.png"\r\nContent-Type: image/png\r\n\r\nx${i}`,
    ),
  ];
  return Buffer.from(`${parts.map((p) => `--${BOUNDARY}\r\n${p}\r\n`).join("")}--${BOUNDARY}--\r\n`, "latin1");
}

describe("parseFormParts", () => {
  it("builds the files up to the most asked for and counts the rest", () => {
    const parts = parseFormParts(form(5_000, { channel: "qr" }), BOUNDARY, 3)._unsafeUnwrap();
    expect(parts.fileCount).toBe(5_000);
    expect(parts.files.map((f) => f.filename)).toEqual(["f0.png", "f1.png", "f2.png"]);
    expect(Buffer.from(parts.files[2]?.bytes ?? []).toString()).toBe("x2");
    expect(parts.fields).toEqual({ channel: "qr" });
  });
});

describe("parseMultipart", () => {
  it("refuses a second file part with the number of file parts sent", () => {
    const e = parseMultipart(form(2_000), BOUNDARY)._unsafeUnwrapErr();
    expect(e.code).toBe("validation_error");
    expect(e.message).toContain("this body has 2000");
  });

  it("takes one file part", () => {
    const body = parseMultipart(form(1, { force_refresh: "true" }), BOUNDARY)._unsafeUnwrap() as Record<
      string,
      unknown
    >;
    expect(body["force_refresh"]).toBe(true);
    expect((body["file"] as { filename: string }).filename).toBe("f0.png");
  });
});
