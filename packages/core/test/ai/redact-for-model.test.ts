import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { greetingNames, ibanValid, luhnValid, redactForModel } from "../../src/analyzers/injection/redact-for-model.js";

describe("redactForModel", () => {
  it("replaces Luhn-valid card numbers, with or without separators, and keeps other long numbers", () => {
    const text = "Card 4111 1111 1111 1111, also 5500-0000-0000-0004 and 4111111111111112 and 4012888888881881.";
    expect(redactForModel(text)).toBe("Card [card number], also [card number] and 4111111111111112 and [card number].");
  });

  it("replaces one-time codes near code words in English and Spanish, not phone numbers or far numbers", () => {
    expect(redactForModel("Your verification code is 482913. Never share it.")).toBe(
      "Your verification code is [one-time code]. Never share it.",
    );
    expect(redactForModel("Tu código: 123-456. Llama al 415-555-0199 si no fuiste tú.")).toBe(
      "Tu código: [one-time code]. Llama al 415-555-0199 si no fuiste tú.",
    );
    expect(redactForModel("G-739201 is your Google verification code.")).toBe(
      "G-[one-time code] is your Google verification code.",
    );
    const far = "Order 2024 shipped to store 5521. A long story about the weather follows here and then: code word";
    expect(redactForModel(far)).toBe(far);
  });

  it("replaces account numbers after an account label, IBANs and social security numbers", () => {
    expect(redactForModel("Account number: 12345678901 is frozen")).toBe("Account number: [account number] is frozen");
    expect(redactForModel("Cuenta nº 0049 1500 0512 3457")).toBe("Cuenta nº [account number]");
    expect(redactForModel("Pay to GB82 WEST 1234 5698 7654 32 today")).toBe("Pay to [account number] today");
    expect(redactForModel("Pay to GB82 WEST 1234 5698 7654 33 today")).toBe("Pay to GB82 WEST 1234 5698 7654 33 today");
    expect(redactForModel("SSN 078-05-1120 on file")).toBe("SSN [national id] on file");
    expect(redactForModel("your account ending in 4321")).toBe("your account ending in 4321");
  });

  it("replaces the recipient's email (also URL-encoded, and a distinctive local part) and name", () => {
    const text =
      "Dear Maria Lopez, Maria, your mailbox maria.lopez@example.org is full. " +
      "Log in at https://mail-fix.example/?u=maria.lopez%40example.org&id=maria.lopez . From: support@example.org";
    expect(redactForModel(text, { recipientEmail: "Maria.Lopez@example.org", recipientName: "Maria Lopez" })).toBe(
      "Dear [recipient name], [recipient name], your mailbox [recipient email] is full. " +
        "Log in at https://mail-fix.example/?u=[recipient email]&id=[recipient email] . From: support@example.org",
    );
  });

  it("keeps a name part that also stands as an ordinary word, and a role local part", () => {
    const out = redactForModel("Hi Bill, your bill is due. Write to info@shop.example", {
      recipientName: "Bill Stone",
      recipientEmail: "info@home.example",
    });
    expect(out).toBe("Hi Bill, your bill is due. Write to info@shop.example");
  });

  it("replaces several recipients, and with greetings the names salutations address", () => {
    const text = "Hi Sam,\nAna Silva and sam@corp.example are copied.\nDear Mr. Okafor: the wire is due.";
    expect(
      redactForModel(text, [{ recipientEmail: "sam@corp.example" }, { recipientName: "Ana Silva" }], {
        greetings: true,
      }),
    ).toBe(
      "Hi [recipient name],\n[recipient name] and [recipient email] are copied.\nDear Mr. [recipient name]: the wire is due.",
    );
    expect(redactForModel("Hi Bill, your bill is due", {}, { greetings: true })).toBe(
      "Hi [recipient name], your bill is due",
    );
  });

  it("reads personal salutations and leaves generic ones", () => {
    expect(greetingNames("Dear Maria Lopez,\nHola Juan:\nEstimada Sra. López,")).toEqual([
      "Maria Lopez",
      "Juan",
      "López",
    ]);
    expect(greetingNames("Dear Customer,\nHi there!\nDear PayPal User,\nhey you are great")).toEqual([]);
  });

  it("replaces scamverify and model API keys", () => {
    expect(redactForModel("key sv_live_abcdefghijklmnop and sk-proj-ABCDEFGHIJKLMNOPQRST")).toBe(
      "key [secret] and [secret]",
    );
  });

  it("keeps URLs, phone numbers and amounts, the evidence", () => {
    const text = "Pay $1,250.00 at https://toll-pay.example/x?ref=77 or call +1 (415) 555-0199.";
    expect(redactForModel(text)).toBe(text);
  });

  it("never lets the recipient's email address through, in any case", () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.string(), fc.string(), fc.boolean(), (email, before, after, upper) => {
        const written = upper ? email.toUpperCase() : email;
        const out = redactForModel(`${before} ${written} ${after}`, { recipientEmail: email });
        expect(out.toLowerCase()).not.toContain(email.toLowerCase());
      }),
    );
  });

  it("stays linear on long texts full of codes and code words", () => {
    const text = "code 123456 ".repeat(40_000);
    const started = performance.now();
    const out = redactForModel(text);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(out).not.toMatch(/\d/);
  });

  it("never lets a Luhn-valid card number through, whatever surrounds it", () => {
    const digits = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 15, maxLength: 15 });
    fc.assert(
      fc.property(digits, fc.string(), fc.string(), (body, before, after) => {
        // Complete a 16-digit number with its Luhn check digit.
        const base = `4${body.join("")}`;
        const check = [...Array(10).keys()].find((d) => luhnValid(`${base}${d}`)) ?? 0;
        const card = `${base}${check}`;
        const text = `${before.replace(/\d/g, "")} ${card} ${after.replace(/\d/g, "")}`;
        expect(redactForModel(text)).not.toContain(card);
      }),
    );
  });
});

describe("check digits", () => {
  it("Luhn and IBAN", () => {
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("79927398710")).toBe(false);
    expect(ibanValid("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(ibanValid("DE89 3704 0044 0532 0130 01")).toBe(false);
  });
});
