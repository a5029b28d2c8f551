import { describe, expect, it } from "vitest";
import {
  MASKED,
  QrCodeSchema,
  analyzeQrContent,
  isValidIban,
  maskWifiPassword,
  parseQrPayload,
  toQrCode,
  urlsOf,
} from "../../../src/analyzers/qr/index.js";

const ids = (payload: string): string[] => analyzeQrContent(parseQrPayload(payload)).factors.map((f) => f.id);

describe("parseQrPayload", () => {
  it.each([
    ["https://example.com/a?b=1", "https://example.com/a?b=1"],
    ["HTTP://EXAMPLE.COM/X", "HTTP://EXAMPLE.COM/X"],
    ["  https://pay-toll.top/id=4 \n", "https://pay-toll.top/id=4"],
    ["URLTO:example.org/menu", "example.org/menu"],
    ["parking-pay.xyz/zone/12", "parking-pay.xyz/zone/12"],
    ["www.example.co.uk", "www.example.co.uk"],
  ])("reads %j as a url", (payload, url) => {
    expect(parseQrPayload(payload)).toEqual({ content_type: "url", details: { url } });
  });

  it("reads tel: numbers, U.S. by default", () => {
    expect(parseQrPayload("tel:+44 20 7946 0958")).toEqual({
      content_type: "tel",
      details: { number: "+44 20 7946 0958", e164: "+442079460958", country: "GB" },
    });
    expect(parseQrPayload("TEL:(212)%20736-5000;ext=2").details).toEqual({
      number: "(212) 736-5000",
      e164: "+12127365000",
      country: "US",
    });
    expect(parseQrPayload("tel:12").details).toEqual({ number: "12", e164: null, country: null });
  });

  it("reads the SMSTO: and sms: forms with their message and its links", () => {
    expect(parseQrPayload("SMSTO:+12127365000:Your parcel: https://dhl-redeliver.top/x")).toEqual({
      content_type: "sms",
      details: {
        number: "+12127365000",
        e164: "+12127365000",
        country: "US",
        body: "Your parcel: https://dhl-redeliver.top/x",
        urls: ["https://dhl-redeliver.top/x"],
      },
    });
    const rfc = parseQrPayload("sms:+12127365000?body=STOP%20now");
    expect(rfc.details).toMatchObject({ e164: "+12127365000", body: "STOP now", urls: [] });
    expect(parseQrPayload("sms:87654").details).toMatchObject({ number: "87654", body: null });
  });

  it("reads mailto:, MATMSG: and SMTP: addresses", () => {
    expect(parseQrPayload("mailto:help@example.com?subject=Refund&body=see%20example.net/r")).toEqual({
      content_type: "mailto",
      details: { address: "help@example.com", subject: "Refund", body: "see example.net/r", urls: ["example.net/r"] },
    });
    expect(parseQrPayload("MATMSG:TO:a@b.org;SUB:Hi;BODY:Text;;").details).toEqual({
      address: "a@b.org",
      subject: "Hi",
      body: "Text",
      urls: [],
    });
    expect(parseQrPayload("SMTP:x@y.com:Sub:Body").details).toMatchObject({ address: "x@y.com", subject: "Sub" });
  });

  it("reads Wi-Fi credentials with escapes and never returns the password", () => {
    const payload = "WIFI:T:WPA;S:Cafe\\;Guest;P:s3cr\\;et\\\\;H:true;;";
    const c = parseQrPayload(payload);
    expect(c).toEqual({
      content_type: "wifi",
      details: { ssid: "Cafe;Guest", security: "WPA", hidden: true, has_password: true, password: MASKED },
    });
    expect(JSON.stringify(c)).not.toContain("s3cr");
    expect(maskWifiPassword(payload)).toBe(`WIFI:T:WPA;S:Cafe\\;Guest;P:${MASKED};H:true;;`);
    expect(maskWifiPassword("WIFI:S:Home;P:;;")).toBe("WIFI:S:Home;P:;;");
    expect(maskWifiPassword("WIFI:P:abc;S:x;;")).toBe(`WIFI:P:${MASKED};S:x;;`);
    expect(parseQrPayload("WIFI:S:Open;;").details).toEqual({
      ssid: "Open",
      security: "nopass",
      hidden: false,
      has_password: false,
      password: null,
    });
  });

  it("reads a vCard with folded lines, groups and parameters, and a MECARD", () => {
    const vcard = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "N:Doe;Jane;;;",
      "FN:Jane Doe",
      "ORG:Example Bank;Fraud team",
      "TEL;TYPE=CELL:+1 212 736 5000",
      "item1.TEL:tel:+44 20 7946 0958",
      "EMAIL;TYPE=INTERNET:jane@example.com",
      "URL:https://example-bank-secure.top/lo",
      " gin",
      "END:VCARD",
    ].join("\r\n");
    expect(parseQrPayload(vcard)).toEqual({
      content_type: "vcard",
      details: {
        name: "Jane Doe",
        organization: "Example Bank",
        phones: ["+1 212 736 5000", "+44 20 7946 0958"],
        emails: ["jane@example.com"],
        urls: ["https://example-bank-secure.top/login"],
      },
    });
    expect(parseQrPayload("MECARD:N:Doe,John;TEL:+12127365000;EMAIL:j@x.org;URL:http://x.org;;")).toEqual({
      content_type: "vcard",
      details: {
        name: "John Doe",
        organization: null,
        phones: ["+12127365000"],
        emails: ["j@x.org"],
        urls: ["http://x.org"],
      },
    });
  });

  it("reads an EPC (SEPA credit transfer) code and checks its IBAN", () => {
    const epc = [
      "BCD",
      "002",
      "1",
      "SCT",
      "BFSWDE33BER",
      "Wikimedia Foerdergesellschaft",
      "DE33100205000001194700",
      "EUR123.45",
      "",
      "",
      "Spende fuer Wikipedia",
    ].join("\n");
    expect(parseQrPayload(epc)).toEqual({
      content_type: "epc",
      details: {
        version: "002",
        beneficiary: "Wikimedia Foerdergesellschaft",
        iban: "DE33100205000001194700",
        iban_valid: true,
        bic: "BFSWDE33BER",
        amount: 123.45,
        currency: "EUR",
        purpose: null,
        remittance: "Spende fuer Wikipedia",
      },
    });
    const forged = epc.replace("DE33100205000001194700", "DE33100205000001194701");
    expect(parseQrPayload(forged).details).toMatchObject({ iban_valid: false });
  });

  it.each([
    [
      "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.02&label=Fine",
      "bitcoin",
      "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      "0.02",
      "Fine",
    ],
    [
      "ethereum:pay-0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359@1?value=2.014e18",
      "ethereum",
      "0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359",
      "2.014e18",
      null,
    ],
    [
      "monero:46BeWrHpwXmHDpDEUmZBWZfoQpdc6HaERCNmx1pEYL2rAcuwufPN9rXHHtyUA4QVy66qeFQkn6sfK8aHYjA3jk3o1Bv16em?tx_amount=1",
      "monero",
      "46BeWrHpwXmHDpDEUmZBWZfoQpdc6HaERCNmx1pEYL2rAcuwufPN9rXHHtyUA4QVy66qeFQkn6sfK8aHYjA3jk3o1Bv16em",
      "1",
      null,
    ],
    [
      "0x52908400098527886E0F7030069857D2E4169EE7",
      "ethereum",
      "0x52908400098527886E0F7030069857D2E4169EE7",
      null,
      null,
    ],
    ["1BoatSLRHtKNngkdXEeobR76b53LETtpyT", "bitcoin", "1BoatSLRHtKNngkdXEeobR76b53LETtpyT", null, null],
  ])("reads the crypto payment %s", (payload, currency, address, amount, label) => {
    expect(parseQrPayload(payload)).toEqual({
      content_type: "crypto",
      details: { currency, address, amount, label, message: null },
    });
  });

  it("reads anything else as text, with the links it holds", () => {
    expect(parseQrPayload("Table 12 - menu at cafe-menu.example.com/t12 or ask staff")).toEqual({
      content_type: "text",
      details: { urls: ["cafe-menu.example.com/t12"] },
    });
    expect(parseQrPayload("SN-4411-2231 v1.2 file.txt")).toEqual({ content_type: "text", details: { urls: [] } });
    expect(parseQrPayload("")).toEqual({ content_type: "text", details: { urls: [] } });
  });
});

describe("urlsOf", () => {
  it("lists the links the URL pipeline should check", () => {
    expect(urlsOf(parseQrPayload("https://a.example/x"))).toEqual(["https://a.example/x"]);
    expect(urlsOf(parseQrPayload("see b.example.net and https://c.example.org/p"))).toEqual([
      "b.example.net",
      "https://c.example.org/p",
    ]);
    expect(urlsOf(parseQrPayload("tel:+12127365000"))).toEqual([]);
    expect(urlsOf(parseQrPayload("WIFI:S:x;P:y;;"))).toEqual([]);
  });
});

describe("isValidIban", () => {
  it("accepts published example IBANs and refuses altered ones", () => {
    for (const iban of [
      "GB82 WEST 1234 5698 7654 32",
      "FR1420041010050500013M02606",
      "NL91ABNA0417164300",
      "BE68539007547034",
    ]) {
      expect(isValidIban(iban)).toBe(true);
    }
    for (const iban of ["GB82 WEST 1234 5698 7654 33", "NL91ABNA041716430", "XX00", "DE89370400440532013000X"]) {
      expect(isValidIban(iban)).toBe(false);
    }
  });
});

describe("analyzeQrContent", () => {
  const read = (payload: string) => analyzeQrContent(parseQrPayload(payload), payload);

  it("reads a code that is an instruction to the phone for what it does", () => {
    const script = read("javascript:alert(document.cookie)");
    expect(script.factors.map((f) => f.id)).toEqual(["qr_script_payload"]);
    expect(script.floor).toBeGreaterThanOrEqual(65);
    expect(read("data:text/html;base64,PGgxPkhpPC9oMT4=").factors[0]).toMatchObject({
      id: "qr_inline_content",
      points: 65,
    });
    expect(read("data:image/png;base64,iVBORw0KGgo=").floor).toBeUndefined();
    expect(read("intent://scan/#Intent;scheme=zxing;package=com.evil.app;end").factors[0]?.label).toContain(
      "com.evil.app",
    );
    expect(read("itms-services://?action=download-manifest&url=https://x.example/m.plist").factors[0]?.id).toBe(
      "qr_app_install",
    );
    const upi = read("upi://pay?pa=shop%40okbank&pn=Corner%20Shop&am=5000&cu=INR").factors[0];
    expect(upi).toMatchObject({ id: "upi_payment_request", points: 20 });
    expect(upi?.label).toContain("Corner Shop (shop@okbank) for 5000");
    // Plain text is nothing of the kind.
    expect(read("Table 12 - free Wi-Fi password on the menu").factors).toEqual([]);
  });

  it("flags a crypto payment request with a floor", () => {
    const e = analyzeQrContent(parseQrPayload("bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT?amount=0.5"));
    expect(e.source).toBe("qr_payload");
    expect(e.signals).toEqual({ qr_content_type: "crypto" });
    expect(e.factors[0]?.id).toBe("crypto_payment_request");
    expect(e.factors[0]?.label).toContain("0.5");
    expect(e.floor).toBeGreaterThan(0);
  });

  it("weighs an EPC with an invalid IBAN far above a valid one", () => {
    const valid = ["BCD", "001", "1", "SCT", "", "Acme GmbH", "DE89370400440532013000", "EUR10"].join("\n");
    const bad = valid.replace("DE89370400440532013000", "DE89370400440532013001");
    const v = analyzeQrContent(parseQrPayload(valid));
    const b = analyzeQrContent(parseQrPayload(bad));
    expect(v.factors.map((f) => f.id)).toEqual(["epc_payment_request"]);
    expect(b.factors.map((f) => f.id)).toEqual(["epc_invalid_iban"]);
    expect(b.factors[0]?.points).toBeGreaterThan((v.factors[0]?.points ?? 0) + 40);
    expect(b.floor).toBeGreaterThan(0);
  });

  it("reuses the U.S. number analysis for tel: and flags premium and foreign numbers", () => {
    expect(ids("tel:+1-900-555-1234")).toContain("premium_rate_number");
    expect(ids("tel:+1 876 555 1234")).toContain("one_ring_area_code");
    expect(ids("tel:+44 909 8790000")).toEqual(expect.arrayContaining(["premium_rate_number", "foreign_phone_number"]));
    expect(ids("tel:+44 20 7946 0958")).toEqual(["foreign_phone_number"]);
    expect(ids("tel:+1 212 736 5000")).toEqual([]);
    expect(ids("tel:12")).toEqual(["invalid_phone_number"]);
    expect(ids("SMSTO:87654:JOIN")).toEqual(["sms_short_code"]);
  });

  it("flags joining a Wi-Fi network, more for an open one", () => {
    const closed = analyzeQrContent(parseQrPayload("WIFI:T:WPA;S:Cafe;P:secret;;"));
    const open = analyzeQrContent(parseQrPayload("WIFI:S:Free Airport WiFi;;"));
    expect(closed.factors.map((f) => f.id)).toEqual(["wifi_network_join"]);
    expect(open.factors.map((f) => f.id)).toEqual(["wifi_open_network"]);
    expect(open.factors[0]?.points).toBeGreaterThan(closed.factors[0]?.points ?? 0);
    expect(JSON.stringify(closed)).not.toContain("secret");
  });

  it("adds nothing for links and text: the URL pipeline judges those", () => {
    expect(ids("https://example.com")).toEqual([]);
    expect(ids("hello")).toEqual([]);
  });
});

describe("toQrCode", () => {
  it("builds a schema-valid code with its position and a masked Wi-Fi payload", () => {
    const corners = {
      topLeft: { x: 1, y: 2 },
      topRight: { x: 9, y: 2 },
      bottomRight: { x: 9, y: 10 },
      bottomLeft: { x: 1, y: 10 },
    };
    const code = toQrCode({ text: "WIFI:T:WPA;S:Home;P:hunter2;;", format: "qr_code", position: corners });
    expect(QrCodeSchema.parse(code)).toEqual(code);
    expect(code.data).toBe(`WIFI:T:WPA;S:Home;P:${MASKED};;`);
    expect(code.position).toEqual({
      top_left: { x: 1, y: 2 },
      top_right: { x: 9, y: 2 },
      bottom_right: { x: 9, y: 10 },
      bottom_left: { x: 1, y: 10 },
    });
    const url = toQrCode({ text: "https://example.com", format: "micro_qr_code", position: null });
    expect(QrCodeSchema.parse(url)).toEqual({
      data: "https://example.com",
      format: "micro_qr_code",
      content_type: "url",
      details: { url: "https://example.com" },
      position: null,
    });
  });

  it("the schema refuses details that do not match the content type", () => {
    expect(
      QrCodeSchema.safeParse({
        data: "x",
        format: "qr_code",
        content_type: "url",
        details: { urls: [] },
        position: null,
      }).success,
    ).toBe(false);
  });
});
