import { afterEach, describe, expect, it } from "vitest";
import { createMailauthAuthenticator } from "../../src/email/index.js";
import { withoutConsoleOutput } from "../../src/email/quiet-console.js";

// A DKIM signature whose l= says the signed body is longer than the body: mailauth 4.x's verifier notes it with a
// console.log of its own.
const RAW = [
  "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=example-bank.com; s=sel1; l=5000;",
  " h=from:to:subject; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=; b=AAAA",
  "Received: from mail.sender.example (mail.sender.example [203.0.113.7]) by mx.recipient.example; Tue, 5 Nov 2024 10:00:05 +0000",
  "From: Example Bank <alerts@example-bank.com>",
  "To: customer@recipient.example",
  "Subject: Your statement is ready",
  "",
  "Your November statement is ready in online banking.",
  "",
].join("\r\n");

describe("what the console would print while a mail is verified", () => {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  afterEach(() => Object.assign(console, saved));

  /** Replaces the console's standard-output methods, as an embedder's logger would, and returns what they printed. */
  function embedderConsole(): string[] {
    const printed: string[] = [];
    const print = (...args: unknown[]): void => void printed.push(args.map(String).join(" "));
    Object.assign(console, { log: print, info: print, debug: print });
    return printed;
  }

  it("is kept off standard output, while the rest of the process prints as before", async () => {
    const printed = embedderConsole();
    const auth = createMailauthAuthenticator({
      resolver: () => Promise.reject(Object.assign(new Error("no answer"), { code: "ETIMEOUT" })),
    });
    const verifying = auth.authenticate(RAW, { signal: new AbortController().signal });
    console.log("printed by the embedder meanwhile");
    const r = await verifying;
    console.log("printed by the embedder after");
    expect(r.dkim.signatures).toHaveLength(1);
    expect(printed).toEqual(["printed by the embedder meanwhile", "printed by the embedder after"]);
  });

  it("without the quiet wrapper, the verifier would have printed its note", async () => {
    const printed = embedderConsole();
    const { authenticate } = await import("mailauth");
    await authenticate(RAW, { resolver: () => Promise.reject(new Error("no answer")), disableBimi: true } as never);
    expect(printed.join("\n")).toMatch(/^TOTAL \d+ EXPECTING 5000$/m);
  });

  it("drops only calls made inside the quiet work, and gives back what the work returns", async () => {
    const printed = embedderConsole();
    const result = await withoutConsoleOutput(async () => {
      console.log("inside");
      await Promise.resolve();
      console.info("still inside");
      return 7;
    });
    console.debug("after");
    expect(result).toBe(7);
    expect(printed).toEqual(["after"]);
  });
});
