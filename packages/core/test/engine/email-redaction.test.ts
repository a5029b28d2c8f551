// What the AI model reads of an email through the engine's email verb: the recipients' names and addresses (To, Cc)
// and the names its salutations address reach it only as placeholders, in the content and in every label.
import { randomUUID } from "node:crypto";
import { ok } from "neverthrow";
import { describe, expect, it } from "vitest";
import { createEngine, type AiAnalyst, type AiInput, type MailReader, type ParsedMail } from "../../src/index.js";
import { engineDeps } from "../support/engine-deps.js";
import { mailbox, parsedMail } from "../support/parsed-mail.js";

/** A reader that hands over one prepared message, whatever it is given. */
function readerOf(mail: ParsedMail): MailReader {
  return { read: async () => ok(mail) };
}

function message(over: Partial<ParsedMail>): ParsedMail {
  return parsedMail({
    from: mailbox("Accounts Desk", "accounts@invoice-center.example"),
    subject: "Invoice overdue",
    ...over,
  });
}

/** What the model was shown for one email, through the engine's verb with a live key. */
async function modelInput(mail: ParsedMail): Promise<AiInput> {
  const seen: AiInput[] = [];
  const ai: AiAnalyst = {
    analyze: async (input) => {
      seen.push(input);
      return null;
    },
    readImage: async () => null,
    health: async () => "operational",
  };
  const deps = engineDeps({ mailReader: readerOf(mail), ai });
  const engine = createEngine(deps);
  const account = (
    await engine.accounts.create({ email: `${randomUUID()}@example.test`, plan: "enterprise", rpm: 100_000 })
  )._unsafeUnwrap();
  const key = (await engine.keys.create(account.id, { mode: "live" }))._unsafeUnwrap();
  const p = (await engine.authenticate(`Bearer ${key.key}`))._unsafeUnwrap();
  const r = await engine.analyzeEmail(p, { email_body: "From: x@example.test\r\nSubject: x\r\n\r\nx" });
  expect(r.isOk()).toBe(true);
  expect(seen).toHaveLength(1);
  return seen[0] as AiInput;
}

describe("email content for the AI model", () => {
  it("replaces the To and Cc names and addresses, in the content and the labels", async () => {
    const input = await modelInput(
      message({
        to: [mailbox("Jessica Ruiz", "jessica.ruiz@brightpathmedia.com")],
        cc: [mailbox("Marcus Webb", "marcus.webb@brightpathmedia.com")],
        text:
          "Hi Jessica,\n\nYour invoice is overdue. Pay today at https://invoice-center.example/pay?u=jessica.ruiz@brightpathmedia.com " +
          "or your account will be suspended. Marcus Webb approved the charge; ask Webb if unsure.",
      }),
    );
    const shown = JSON.stringify(input);
    for (const personal of ["Jessica", "Ruiz", "jessica.ruiz", "Marcus", "Webb", "marcus.webb"]) {
      expect(shown).not.toContain(personal);
    }
    expect(input.content).toContain("Hi [recipient name],");
    expect(input.content).toContain("[recipient email]");
    expect(input.content).toContain("https://invoice-center.example/pay");
  });

  it("replaces the name a salutation addresses when the headers carry no name", async () => {
    const input = await modelInput(
      message({
        to: [mailbox("", "t.nowak@lakesidecpa.com")],
        subject: "Tomasz - quick request",
        text: "Dear Tomasz,\n\nPlease confirm the wire transfer today. Thanks, Tomasz, I owe you one.",
      }),
    );
    expect(JSON.stringify(input)).not.toContain("Tomasz");
    expect(input.content).toContain("Dear [recipient name],");
  });

  it("keeps generic salutations, which are part of the lure", async () => {
    const input = await modelInput(message({ text: "Dear Valued Customer,\n\nYour account is locked. Verify now." }));
    expect(input.content).toContain("Dear Valued Customer,");
  });
});
