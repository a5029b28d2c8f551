// The checker page over HTTP: each kind of paste reaches its channel, the answer carries the verdict, reasons,
// sources and steps, the buttons work from the signed answer, limits are the page's own, and nothing is kept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAGIC_DOCUMENT_PDF_BASE64, MAGIC_QR_PNG_BASE64 } from "@scamverify/core";
import { parseTrustedProxies } from "@scamverify/adapters-http";
import { hiddenValue, postCheck, startPageServer, verdictOf, type PageTestServer } from "./support.js";

let srv: PageTestServer;
beforeAll(async () => {
  srv = await startPageServer({ page: { limits: { perMinute: 1000, perDay: 1000, reportsPerHour: 1000 } } });
});
afterAll(async () => {
  await srv?.close();
});

const TOLL_SMS =
  "E-ZPass: you have an unpaid toll of $4.15. Pay by today to avoid a $50 late fee: https://ezpass-ny.top/pay";

async function form(path: string, fields: Record<string, string>): Promise<{ status: number; html: string }> {
  const res = await fetch(`${srv.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, html: await res.text() };
}

describe("the page", () => {
  it("serves the form at / with a strict policy, in the browser's language", async () => {
    const res = await fetch(`${srv.baseUrl}/`, { headers: { "accept-language": "es-MX,es;q=0.9,en;q=0.5" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("¿Es una estafa?");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(html).not.toMatch(/<script>|<style>|https?:\/\/(?!127\.0\.0\.1)[a-z]+\.[a-z]+\/[^"]*\.(?:js|css)/);
    const en = await (await fetch(`${srv.baseUrl}/?lang=en`, { headers: { "accept-language": "es" } })).text();
    expect(en).toContain('<html lang="en">');
  });

  it.each([
    ["a text message", TOLL_SMS, "sms", "scam"],
    ["a link", "http://secure-paypa1.com.verify-account.top/login", "url", null],
    ["a phone number", "(855) 439-5123", "phone", null],
    ["an email address", "service@paypa1-support.com", "address", "scam"],
  ])("checks %s", async (_what, text, readAs, verdict) => {
    const out = await postCheck(srv.baseUrl, { text, lang: "en" });
    expect(out.status).toBe(200);
    expect(out.html).toContain(`data-verdict=`);
    if (verdict) expect(verdictOf(out.html)).toBe(verdict);
    const answer = JSON.parse(
      Buffer.from(hiddenValue(out.html, "r").split(".")[0] as string, "base64url").toString(),
    ) as {
      a: { read_as: string };
    };
    expect(answer.a.read_as).toBe(readAs);
  });

  it("reads a raw email and the text of an email through the email channel", async () => {
    const eml = [
      "From: PayPal <service@paypa1-support.com>",
      "To: you@example.com",
      "Subject: Your account is limited",
      "Date: Tue, 10 Mar 2026 10:00:00 +0000",
      "Message-ID: <1@paypa1-support.com>",
      "",
      "Your account has been limited. Verify your identity within 24 hours at https://paypa1-support.com/verify or it will be closed.",
    ].join("\r\n");
    const raw = await postCheck(srv.baseUrl, { text: eml });
    expect(raw.status).toBe(200);
    expect(["high_risk", "scam"]).toContain(verdictOf(raw.html));
    expect(raw.html).toContain("an email, with its headers");
  });

  it("answers with reasons quoting the findings, sources, steps for the country, and the buttons", async () => {
    const out = await postCheck(srv.baseUrl, { text: TOLL_SMS, country: "GB" });
    expect(verdictOf(out.html)).toBe("scam");
    expect(out.html).toContain('data-finding="toll"');
    expect(out.html).toContain("Says you owe unpaid tolls (&quot;e-zpass&quot;)");
    expect(out.html).toContain("What we checked");
    expect(out.html).toContain("Before you reply, click or pay");
    expect(out.html).toContain("If you already did");
    expect(out.html).toContain("report@phishing.gov.uk");
    expect(out.html).toContain("7726");
    expect(out.html).toContain("https://ezpass-ny.top/pay");
    expect(out.html).toContain('id="report-scam"');
    expect(out.html).toContain('id="not-scam"');
    expect(out.html).toContain('id="share"');
    const us = await postCheck(srv.baseUrl, { text: TOLL_SMS, country: "US" });
    expect(us.html).toContain("reportfraud.ftc.gov");
    expect(us.html).toContain("ic3.gov");
  });

  it("says 'not sure' when too little is known, keeping the API's verdict in data-verdict", async () => {
    const out = await postCheck(srv.baseUrl, { text: "(855) 439-5123" });
    expect(verdictOf(out.html)).toBe("low_risk");
    expect(out.html).toContain('data-state="unsure"');
    expect(out.html).toContain("Not sure");
  });

  it("switches language and country from the signed answer, and refuses a forged one", async () => {
    const out = await postCheck(srv.baseUrl, { text: TOLL_SMS });
    const r = hiddenValue(out.html, "r");
    const es = await form("/check/view", { r, lang: "es", country: "ES" });
    expect(es.status).toBe(200);
    expect(es.html).toContain('<html lang="es">');
    expect(es.html).toContain("Estafa");
    expect(es.html).toContain("Dice que debes peajes");
    expect(es.html).toContain("017");
    const forged = await form("/check/view", { r: `${r.slice(0, -3)}abc`, lang: "es" });
    expect(forged.status).toBe(400);
  });

  it("reports the links and numbers found, once a day from the page", async () => {
    const out = await postCheck(srv.baseUrl, { text: TOLL_SMS });
    const r = hiddenValue(out.html, "r");
    const first = await form("/check/report", { r, lang: "en" });
    expect(first.status).toBe(200);
    expect(first.html).toContain("Thank you: reported.");
    const again = await form("/check/report", { r, lang: "en" });
    expect(again.html).toContain("already reported today");
    const url = await srv.engine.lookupUrl(srv.principal, { url: "https://ezpass-ny.top/pay" });
    expect(url._unsafeUnwrap().value.signals.community_reports).toBe(1);
  });

  it("counts 'not a scam' without content", async () => {
    const out = await postCheck(srv.baseUrl, { text: TOLL_SMS });
    const res = await form("/check/not-a-scam", { r: hiddenValue(out.html, "r"), lang: "en" });
    expect(res.html).toContain("we counted your feedback");
    const day = srv.clock.now().toISOString().slice(0, 10);
    const tally = await srv.kit.deps.cache.get(`page-feedback:not_scam:${day}:text:scam:toll_fee`, srv.clock.now());
    expect((tally?.value as { count: number }).count).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(tally?.value)).not.toContain("ezpass");
  });

  it("makes a share link that shows the result, not the message, and expires", async () => {
    const out = await postCheck(srv.baseUrl, { text: TOLL_SMS });
    const shared = await form("/check/share", { r: hiddenValue(out.html, "r"), lang: "en" });
    const link = /id="share-url" readonly value="([^"]+)"/.exec(shared.html)?.[1] ?? "";
    expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{22}$/);
    const view = await fetch(link);
    const html = await view.text();
    expect(view.status).toBe(200);
    expect(verdictOf(html)).toBe("scam");
    expect(html).toContain("Someone shared this result with you");
    expect(html).not.toContain("avoid a $50 late fee");
    srv.clock.advance(8 * 24 * 3600 * 1000);
    const gone = await fetch(link);
    expect(gone.status).toBe(404);
  });

  it("keeps nothing of a check in the result cache", async () => {
    const text = "Your package is on hold, pay the $1.99 fee at https://usps-redelivery-care.top/track today";
    await postCheck(srv.baseUrl, { text });
    const sha = (await import("node:crypto")).createHash("sha256").update(`${text}\u0000`).digest("hex");
    expect(await srv.kit.deps.cache.get(`text:${sha}`, srv.clock.now())).toBeNull();
    expect(await srv.kit.deps.cache.get("url:https://usps-redelivery-care.top/track", srv.clock.now())).toBeNull();
  });

  it("reads uploads: a PDF as a document, a QR code image as a QR code", async () => {
    const pdf = await postCheck(
      srv.baseUrl,
      {},
      {
        bytes: Buffer.from(MAGIC_DOCUMENT_PDF_BASE64.high_risk, "base64"),
        name: "letter.pdf",
        type: "application/pdf",
      },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.html).toContain("a document or letter");
    const qr = await postCheck(
      srv.baseUrl,
      {},
      { bytes: Buffer.from(MAGIC_QR_PNG_BASE64.safe, "base64"), name: "code.png", type: "image/png" },
    );
    expect(qr.status).toBe(200);
    expect(qr.html).toContain("a QR code");
  });

  it("reads a photographed letter as a document and a saved email as an email", async () => {
    const { readFileSync } = await import("node:fs");
    const photo = readFileSync(new URL("../../../../eval/documents/set/toll-scam-1-photo.jpg", import.meta.url));
    const letter = await postCheck(srv.baseUrl, {}, { bytes: photo, name: "letter.jpg", type: "image/jpeg" });
    expect(letter.status).toBe(200);
    expect(letter.html).toContain("a document or letter");
    expect(["medium_risk", "high_risk", "scam"]).toContain(verdictOf(letter.html));
    const eml =
      "From: PayPal <service@paypa1-support.com>\r\nTo: you@example.com\r\nSubject: Limited\r\n\r\nVerify at https://paypa1-support.com/verify within 24 hours.\r\n";
    const saved = await postCheck(
      srv.baseUrl,
      {},
      { bytes: Buffer.from(eml), name: "message.eml", type: "message/rfc822" },
    );
    expect(saved.html).toContain("an email file");
    expect(["high_risk", "scam"]).toContain(verdictOf(saved.html));
  });

  it("refuses what the API refuses: unknown file types and files over 10 MiB", async () => {
    const zip = await postCheck(
      srv.baseUrl,
      {},
      { bytes: Buffer.from("PK\u0003\u0004rest-of-a-zip"), name: "x.png", type: "image/png" },
    );
    expect(zip.status).toBe(415);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const large = await postCheck(srv.baseUrl, {}, { bytes: big, name: "big.png", type: "image/png" });
    expect(large.status).toBe(413);
  });

  it("asks for something when the box is empty", async () => {
    const out = await postCheck(srv.baseUrl, { text: "   " });
    expect(out.status).toBe(400);
    expect(out.html).toContain('role="alert"');
  });
});

describe("installed as an app", () => {
  it("has a manifest whose share target posts text, links and files into the check", async () => {
    const res = await fetch(`${srv.baseUrl}/manifest.webmanifest`);
    expect(res.headers.get("content-type")).toContain("application/manifest+json");
    const m = (await res.json()) as {
      start_url: string;
      icons: { sizes: string; type: string }[];
      share_target: { action: string; method: string; enctype: string; params: Record<string, unknown> };
    };
    expect(m.start_url).toBe("/");
    expect(m.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of ["/assets/icon-192.png", "/assets/icon-512.png", "/assets/icon.svg"]) {
      expect((await fetch(`${srv.baseUrl}${icon}`)).status).toBe(200);
    }
    expect(m.share_target).toMatchObject({ action: "/check", method: "POST", enctype: "multipart/form-data" });
    expect(m.share_target.params).toMatchObject({ title: "title", text: "text", url: "url" });
    expect(JSON.stringify(m.share_target.params["files"])).toContain('"name":"file"');
  });

  it("takes what a phone's share sheet sends: a title, some text and a link", async () => {
    const shared = await postCheck(srv.baseUrl, {
      title: "Messages",
      text: "E-ZPass: unpaid toll of $4.15, pay today to avoid a late fee",
      url: "https://ezpass-ny.top/pay",
    });
    expect(shared.status).toBe(200);
    expect(verdictOf(shared.html)).toBe("scam");
    const linkOnly = await postCheck(srv.baseUrl, {
      title: "A page",
      url: "http://secure-paypa1.com.verify-account.top/login",
    });
    expect(linkOnly.html).toContain("a link");
    const image = await postCheck(
      srv.baseUrl,
      { title: "Photo" },
      { bytes: Buffer.from(MAGIC_QR_PNG_BASE64.safe, "base64"), name: "shared.png", type: "image/png" },
    );
    expect(image.html).toContain("a QR code");
  });
});

describe("the page's own limits", () => {
  it("limits checks per address per minute and per day, apart from API accounts", async () => {
    const limited = await startPageServer({ page: { limits: { perMinute: 2, perDay: 3 } } });
    try {
      expect((await postCheck(limited.baseUrl, { text: "hello there" })).status).toBe(200);
      expect((await postCheck(limited.baseUrl, { text: "hello there" })).status).toBe(200);
      const third = await postCheck(limited.baseUrl, { text: "hello there" });
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
      limited.clock.advance(61_000);
      expect((await postCheck(limited.baseUrl, { text: "hello there" })).status).toBe(200);
      limited.clock.advance(61_000);
      const budget = await postCheck(limited.baseUrl, { text: "hello there" });
      expect(budget.status).toBe(429);
      expect(budget.html).toContain("today");
    } finally {
      await limited.close();
    }
  });

  it("counts each client behind a trusted balancer apart, and ignores X-Forwarded-For from anyone else", async () => {
    const behind = await startPageServer({
      page: { limits: { perMinute: 1 }, trustedProxies: parseTrustedProxies("127.0.0.1, ::1").proxies },
    });
    const direct = await startPageServer({ page: { limits: { perMinute: 1 } } });
    try {
      const check = async (baseUrl: string, client: string): Promise<number> =>
        (await postCheck(baseUrl, { text: "hello there" }, undefined, { "x-forwarded-for": client })).status;
      expect(await check(behind.baseUrl, "203.0.113.1")).toBe(200);
      expect(await check(behind.baseUrl, "203.0.113.2")).toBe(200);
      expect(await check(behind.baseUrl, "203.0.113.1")).toBe(429);
      expect(await check(direct.baseUrl, "203.0.113.1")).toBe(200);
      expect(await check(direct.baseUrl, "203.0.113.2")).toBe(429);
    } finally {
      await behind.close();
      await direct.close();
    }
  });
});
