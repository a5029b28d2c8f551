import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_EXTRACTED_URLS,
  MAX_SCANNED_CHARS,
  extractEntities,
  unplacedPhones,
} from "../../../src/analyzers/message/extract-entities.js";
import { normalizeUrl } from "../../../src/analyzers/url/normalize-url.js";

const hostOf = (candidate: string): string => normalizeUrl(candidate)._unsafeUnwrap().host;

describe("extractEntities: links", () => {
  it.each([
    ["Pay now at https://ezpass-ny.top/pay.", "ezpass-ny.top", false, false],
    ["Pay now at ezpass-ny.top/pay", "ezpass-ny.top", false, false],
    ["Track it: www.usps.com, thanks", "www.usps.com", false, false],
    ["Visit hxxps://usps-redelivery[.]xyz/track now", "usps-redelivery.xyz", true, true],
    ["open hxxp[:]//evil(.)top/x", "evil.top", true, true],
    ["go to usps dot com-track dot top", "usps.com-track.top", true, true],
    ["go to usps . com today", "usps.com", true, true],
    ["pay at paytoll. com/us", "paytoll.com", true, true],
    ["ｕｓｐｓ．ｃｏｍ／ｔｒａｃｋ", "usps.com", false, true],
    ["see us\u200Bps-help.top/x", "usps-help.top", false, true],
    ["see usps-help\u3002top/x", "usps-help.top", false, true],
    ["short bit.ly/3xYz9 link", "bit.ly", false, false],
    ["Reschedule: 185.243.112.7/track.", "185.243.112.7", false, false],
    ["go to 45.77.10.2:8080 now", "45.77.10.2", false, false],
    // A scheme that lost its colon names the same link, and is no disguise.
    ["Confirm here http //go2l.ink/10PS now", "go2l.ink", false, false],
    ["Track it at https //usps-redelivery.xyz/track", "usps-redelivery.xyz", false, false],
  ])("%s -> %s", (text, host, defanged, obfuscated) => {
    const [url] = extractEntities(text).urls;
    expect(url).toBeDefined();
    expect(hostOf(url?.candidate ?? "")).toBe(host);
    expect(url?.defanged).toBe(defanged);
    expect(url?.obfuscated).toBe(obfuscated);
  });

  it("reports the link as written while handing normalizeUrl the plain form", () => {
    const [url] = extractEntities("Visit hxxps://usps-redelivery[.]xyz/track now").urls;
    expect(url?.raw).toBe("hxxps://usps-redelivery[.]xyz/track");
    expect(url?.candidate).toBe("https://usps-redelivery.xyz/track");
  });

  it("reports links and numbers after an emoji as written (a character outside the BMP is two UTF-16 units)", () => {
    const e = extractEntities("📦 Track it: https://ups.com/t/1 or call 🎉 1-800-742-5877 ok");
    expect(e.urls[0]?.raw).toBe("https://ups.com/t/1");
    expect(e.phones[0]?.raw).toBe("1-800-742-5877");
    const twice = extractEntities("Hi 😀😀 see example.com/a and 🎉 t.co/x ok");
    expect(twice.urls.map((u) => u.raw)).toEqual(["example.com/a", "t.co/x"]);
    const disguised = extractEntities("🚚 hxxps://usps-redelivery[.]xyz/track now");
    expect(disguised.urls[0]?.raw).toBe("hxxps://usps-redelivery[.]xyz/track");
    expect(disguised.urls[0]?.defanged).toBe(true);
  });

  it("flags no link as disguised because an emoji stands before it", () => {
    const [url] = extractEntities("Your order shipped 📦\u200B! Track: ups.com/t/1 🙂").urls;
    expect(url?.raw).toBe("ups.com/t/1");
    expect(url?.obfuscated).toBe(false);
  });

  it("reads brand.com@evil.top as a link to evil.top, not an email address", () => {
    const e = extractEntities("Log in at paypal.com@evil.top/login now");
    expect(e.emails).toEqual([]);
    const url = normalizeUrl(e.urls[0]?.candidate ?? "")._unsafeUnwrap();
    expect(url.host).toBe("evil.top");
    expect(url.hasCredentials).toBe(true);
  });

  it("takes a bare address for a link only with a path or a port", () => {
    for (const text of ["unlock at 142.93.11.4", "version 1.2.3.4 released", "subnet 10.0.0.0/24 is down"]) {
      expect(extractEntities(text).urls, text).toEqual([]);
    }
  });

  it("does not take sentences or file names for links", () => {
    expect(extractEntities("Call us. It is open. See file.txt and v1.2.3 today.").urls).toEqual([]);
  });

  it("reads two sentences run together without a space as prose, and a link written in capitals as a link", () => {
    for (const prose of [
      "New balance is 45.15 NGN, validity till 0.To see Airtime Bonus, dial *223#.",
      "Your data plan has expired.In case of any issue call 111.",
      "Pls lets keep the fire burning.LOVE U DEARLY!!!",
      "Acc XX342 debited Rs. 8,927.00. Avl Bal Rs. 1,248.78.To dispute call 18002662",
    ]) {
      expect(extractEntities(prose).urls, prose).toEqual([]);
    }
    for (const [text, link] of [
      ["Visit Paypal-Secure.Com now", "Paypal-Secure.Com"],
      ["Go to Usps.Com/track today", "Usps.Com/track"],
      ["Log in at www.Secure.Me now", "www.Secure.Me"],
      ["Claim it at claim-prize.to now", "claim-prize.to"],
      ["Sign in at secure-login.COM today", "secure-login.COM"],
      ["Open 248.78.to now", "248.78.to"],
    ] as const) {
      expect(extractEntities(text).urls.map((u) => u.raw)).toEqual([link]);
    }
  });

  it("reads a spaced or spelled dot after a function word or a single letter as prose", () => {
    for (const text of [
      "the registry for .fi domains",
      "rename all .py files",
      "registrations with Dot TK are free",
      "one link, i.e. click it once",
    ]) {
      expect(extractEntities(text).urls, text).toEqual([]);
    }
    expect(hostOf(extractEntities("log in at secure-paypal . com now").urls[0]?.candidate ?? "")).toBe(
      "secure-paypal.com",
    );
  });

  it("keeps at most MAX_EXTRACTED_URLS distinct links and counts them all", () => {
    const text = Array.from({ length: MAX_EXTRACTED_URLS + 5 }, (_, i) => `https://site${i}.example.com/`).join(" ");
    const e = extractEntities(text + " https://site0.example.com/");
    expect(e.urls).toHaveLength(MAX_EXTRACTED_URLS);
    expect(e.urlsFound).toBe(MAX_EXTRACTED_URLS + 5);
    expect(extractEntities(text, { maxUrls: 3 }).urls).toHaveLength(3);
  });
});

describe("extractEntities: phones, emails, money, deadlines", () => {
  it.each([
    ["Call 1-800-FLOWERS now", "+18003569377", true, true],
    ["Call (888) NEW-CARS", "+18886392277", true, false],
    ["Call 1-888-\n921-4471 today", "+18889214471", false, true],
    ["call (415) 766-2093", "+14157662093", false, false],
    ["call +1 415.766.2093", "+14157662093", false, true],
    ["call 1 415 7662093", "+14157662093", false, true],
    ["call 1 (415) 766-2093", "+14157662093", false, true],
    ["call 14157662093", "+14157662093", false, false],
    ["llame al 305 614 2289", "+13056142289", false, false],
    ["Call １-８８８-９２１-４４７１", "+18889214471", false, true],
  ])("%s -> %s", (text, e164, vanity, placed) => {
    const [phone] = extractEntities(text).phones;
    expect(phone?.likely).toBe(e164);
    // Placed in North America only when written with its +1 or its 1 set apart ("1-888-…", "1 (415) …"), which
    // only the NANP dials; the rest could be another country's (China writes its mobiles as eleven digits from 1).
    expect(phone?.e164).toBe(placed ? e164 : null);
    expect(phone?.vanity).toBe(vanity);
  });

  it("places a national number only where the message or its sender points", () => {
    const bare = extractEntities("call (415) 766-2093").phones[0];
    expect(bare).toMatchObject({ e164: null, likely: "+14157662093", country: null });
    const fromUs = extractEntities("call (415) 766-2093", { senderNumber: "+12125550100" }).phones[0];
    expect(fromUs).toMatchObject({ e164: "+14157662093", likely: "+14157662093", country: "US" });
    // A sender written nationally carries no country either.
    expect(extractEntities("call (415) 766-2093", { senderNumber: "2125550100" }).phones[0]?.e164).toBeNull();
    expect(unplacedPhones(extractEntities("call (415) 766-2093 or +44 7912 345678"))).toEqual(["4157662093"]);
    // A Vietnamese mobile with nothing that names Vietnam is no Australian or North American number.
    expect(extractEntities("Lien he 0389048463 de duoc ho tro").phones[0]).toMatchObject({ e164: null, country: null });
  });

  it("does not read references, tracking numbers or prose after a number as phone numbers", () => {
    expect(extractEntities("Order #4157662093 shipped").phones).toEqual([]);
    expect(extractEntities("Tracking 9400111899223344556677").phones).toEqual([]);
    expect(extractEntities("Your bill for acct ending 4412 is ready").phones).toEqual([]);
    expect(extractEntities("https://x.example.com/4157662093").phones).toEqual([]);
    // Grouped as account and card numbers are, not as phone numbers.
    expect(extractEntities("Account 9497 3064 40").phones).toEqual([]);
    expect(extractEntities("Member ID 8830 1177 0245").phones).toEqual([]);
    expect(extractEntities("ref 41 5766 2093 today").phones).toEqual([]);
  });

  it("finds email addresses, amounts and deadlines", () => {
    const e = extractEntities(
      "Email Billing@Example.com. You owe $1,249.50 and US$20, or 2,50 dólares; pay within 24 hours, by 11/30, hoy.",
    );
    expect(e.emails).toEqual(["billing@example.com"]);
    expect(e.amounts.map((a) => a.value)).toEqual([1249.5, 20, 2.5]);
    expect(e.deadlines).toEqual(expect.arrayContaining(["within 24 hours", "by 11/30", "hoy"]));
  });

  it("reads a short window as a deadline and a long one as none", () => {
    expect(extractEntities("Verify within 3 days or lose access.").deadlines).toEqual(["within 3 days"]);
    expect(extractEntities("Pague en 2 dias.").deadlines).toEqual(["en 2 dias"]);
    expect(extractEntities("Report any error within 60 days.").deadlines).toEqual([]);
    expect(extractEntities("Puede reclamar en 30 dias.").deadlines).toEqual([]);
  });
});

describe("extractEntities: numbers of other countries", () => {
  it.each([
    ["URGENT! You have won a £1000 prize. Call 09061234567 to claim", "+449061234567", "GB", true],
    ["Your parcel is held. Call our freephone 0800 123 4567", "+448001234567", "GB", false],
    ["Call us on 0808 157 0192 quoting your reference", "+448081570192", "GB", false],
    ["Hi mum it's me, text me on 07912 345678 this is my new number", "+447912345678", "GB", false],
    ["Contact HMRC on 0300 123 4567", "+443001234567", "GB", false],
    ["Ring 020 7946 0958 today", "+442079460958", "GB", false],
    ["WhatsApp me on +44 7400 123456", "+447400123456", "GB", true],
    ["Call 0044 7912 345678 now", "+447912345678", "GB", true],
    ["From the U.S. dial 011 44 20 7946 0958", "+442079460958", "GB", true],
    ["Your KYC is pending, call 98765 43210 now", "+919876543210", "IN", false],
    ["Call our agent on 9876543210", "+919876543210", "IN", false],
    ["Call +91 98765 43210", "+919876543210", "IN", true],
    ["Call 098765 43210", "+919876543210", "IN", false],
    ["Your Canadian refund: call +1 (604) 555-0199", "+16045550199", "CA", true],
    ["Call 604 681 2345", "+16046812345", "CA", false],
    ["Call 0412 345 678 about your toll", "+61412345678", "AU", false],
    ["Call 1300 123 456 now", "+611300123456", "AU", false],
    ["Freecall 1800 123 456", "+611800123456", "AU", false],
    ["Call +61 412 345 678", "+61412345678", "AU", true],
    ["Rufen Sie 030 12345678 an", "+493012345678", "DE", false],
    ["SMS an 0151 23456789", "+4915123456789", "DE", false],
    ["Appelez le 06 12 34 56 78", "+33612345678", "FR", false],
    ["Votre colis: appelez le 08 99 12 34 56", "+33899123456", "FR", false],
    ["Call +33 6 12 34 56 78", "+33612345678", "FR", true],
    ["Llame al 612 345 678 para su paquete", "+34612345678", "ES", false],
    ["Llame al 91 123 45 67", "+34911234567", "ES", false],
    ["Chiama il numero 312 345 6789 per il tuo premio, non perdere la occasione", "+393123456789", "IT", true],
    ["Chiama +39 899 123 456", "+39899123456", "IT", true],
    ["Bel 06 12345678", "+31612345678", "NL", false],
    ["Bel 020 123 4567", "+31201234567", "NL", false],
  ])("%s -> %s (%s, placed: %s)", (text, e164, country, placed) => {
    // Placed by its written country code, a currency (£) or a language (Italian); else only its likeliest reading.
    const [phone] = extractEntities(text).phones;
    expect(phone?.likely).toBe(e164);
    expect(phone?.e164).toBe(placed ? e164 : null);
    expect(phone?.country).toBe(placed ? country : null);
  });

  it("reports the number as written, its dialling prefix included", () => {
    expect(extractEntities("Call 0044 7912 345678 now").phones[0]?.raw).toBe("0044 7912 345678");
    expect(extractEntities("Call +44 (0)20 7946 0958").phones[0]?.raw).toBe("+44 (0)20 7946 0958");
  });

  it("reads a number valid in several countries in the sender's, else in the NANP's", () => {
    expect(extractEntities("Call 8123456789").phones[0]?.likely).toBe("+18123456789");
    expect(extractEntities("Call 8123456789").phones[0]?.e164).toBeNull();
    expect(extractEntities("Call 8123456789", { senderNumber: "+919812345678" }).phones[0]?.e164).toBe("+918123456789");
    expect(extractEntities("Call 020 7946 0958", { senderNumber: "+919812345678" }).phones[0]?.country).toBe("IN");
    // A code written elsewhere in the message is a hint too.
    expect(extractEntities("Call +91 98765 43210 or 8123456789").phones.map((p) => p.e164)).toEqual([
      "+919876543210",
      "+918123456789",
    ]);
  });

  it("never reads a number the NANP does not have as a +1 number", () => {
    for (const text of ["Call 07912 345678", "Call 9876543210", "Call 0412 345 678", "Call 06 12 34 56 78"]) {
      const phones = extractEntities(text).phones;
      expect(phones, text).toHaveLength(1);
      expect(phones[0]?.likely.startsWith("+1"), text).toBe(false);
      expect(phones[0]?.e164, text).toBeNull();
    }
  });

  it("does not read postcodes, amounts or account numbers as numbers of another country", () => {
    expect(extractEntities("San Francisco, CA 94105-1234").phones).toEqual([]);
    expect(extractEntities("Account 0123 4567 89").phones).toEqual([]);
    expect(extractEntities("Order 0612345678 has shipped").phones).toEqual([]);
    expect(extractEntities("Total 1,250.00 4155 2671").phones).toEqual([]);
    expect(extractEntities("Your card 9497 3064 40 was used").phones).toEqual([]);
    // Bare runs after a parcel's or a bank's words are references; a NANP grouping is no other country's number.
    expect(extractEntities("Your parcel 9812004471 is on hold").phones).toEqual([]);
    expect(extractEntities("FedEx: shipment 7712004471 arrives Monday").phones).toEqual([]);
    expect(extractEntities("Wire it to routing 011000015, account 4471").phones).toEqual([]);
    expect(extractEntities("Your order 1234567890 is ready").phones).toEqual([]);
    expect(extractEntities("Call the front desk at 555-212-3300").phones).toEqual([]);
  });
});

describe("extractEntities: bounds", () => {
  it("reads only the first MAX_SCANNED_CHARS characters and says so", () => {
    const e = extractEntities("x ".repeat(MAX_SCANNED_CHARS) + " https://late.example.com/");
    expect(e.truncated).toBe(true);
    expect(e.urls).toEqual([]);
  });

  it("stays fast on 100 KB of links, numbers and digit runs", () => {
    const inputs = [
      "USPS: your parcel is on hold, pay $1.99 at https://usps-track.top/x or call 1-888-921-4471. ".repeat(1100),
      "1 2 3 4 5 6 7 8 9 0 ".repeat(5000),
      "a.".repeat(50_000),
    ];
    for (const text of inputs) {
      const start = performance.now();
      extractEntities(text);
      // Generous for a shared, loaded machine; a quadratic path takes tens of seconds here.
      expect(performance.now() - start).toBeLessThan(5_000);
    }
  });

  it("never throws, and every link and number it reports is taken from the text", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.constantFrom(
              "hxxp://",
              "[.]",
              " dot ",
              "com",
              "usps",
              "1-800-",
              "FLOWERS",
              "@",
              "\n",
              "\u200B",
              "📦",
              "．",
              "$",
            ),
          ),
          { maxLength: 30 },
        ),
        (parts) => {
          const text = parts.join("");
          const e = extractEntities(text);
          for (const u of e.urls) {
            expect(text.includes(u.raw)).toBe(true);
            expect(u.raw).toBe(u.raw.trim());
          }
          for (const p of e.phones) expect(text.includes(p.raw)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
