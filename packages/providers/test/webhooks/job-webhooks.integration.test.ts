// Signed job webhooks: the signature a receiver checks, the SSRF guard on the URL (loopback reached only with the
// test allowance), and how answers are classified into delivered, retry and rejected.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSafeFetcher, createWebhookSender, signWebhook, verifyWebhook } from "@scamverify/providers";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const T = Math.floor(NOW.getTime() / 1000);

describe("the signature", () => {
  it("verifies with the secret within the replay window, and nothing else does", () => {
    const body = '{"type":"job.finished"}';
    const header = signWebhook("whsec_a", T, body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(header, body, "whsec_a", T + 299)).toBe(true);
    expect(verifyWebhook(header, body, "whsec_a", T - 299)).toBe(true);
    expect(verifyWebhook(header, body, "whsec_a", T + 301)).toBe(false);
    expect(verifyWebhook(header, body, "whsec_b", T)).toBe(false);
    expect(verifyWebhook(header, `${body} `, "whsec_a", T)).toBe(false);
    expect(verifyWebhook(`t=${T + 1},${header.split(",")[1]}`, body, "whsec_a", T)).toBe(false);
    expect(verifyWebhook("v1=abc", body, "whsec_a", T)).toBe(false);
  });
});

describe("delivery", () => {
  let server: Server;
  let base = "";
  const seen: { path: string; signature: string; body: string; type: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        seen.push({
          path: req.url ?? "",
          signature: String(req.headers["scamverify-signature"] ?? ""),
          body,
          type: String(req.headers["content-type"] ?? ""),
        });
        const status = Number(req.url?.slice(1)) || 200;
        res.writeHead(status, status === 302 ? { location: "http://127.0.0.1/" } : {}).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("refuses private, loopback and odd-port URLs without the test allowance, and never connects", async () => {
    const sender = createWebhookSender(createSafeFetcher());
    for (const url of [
      "http://10.0.0.1/",
      "http://169.254.169.254/",
      "https://localhost/",
      `${base}/200`,
      "ftp://x.example/",
    ])
      expect(sender.checkUrl(url), url).not.toBeNull();
    expect(sender.checkUrl("https://hooks.example.com/x")).toBeNull();
    expect(sender.checkUrl("https://hooks.example.com:8443/x")).not.toBeNull();
    const before = seen.length;
    expect((await sender.deliver(`${base}/200`, "{}", "s", NOW)).kind).toBe("rejected");
    expect(seen.length).toBe(before);
  });

  it("posts the signed body, and classifies the answers", async () => {
    const fetcher = createSafeFetcher({ allowLoopbackForTests: true });
    const sender = createWebhookSender(fetcher);
    try {
      const body = JSON.stringify({ type: "job.finished", job: { id: "j" } });
      expect(await sender.deliver(`${base}/204`, body, "whsec_x", NOW)).toEqual({ kind: "delivered", status: 204 });
      const got = seen.at(-1)!;
      expect(got.body).toBe(body);
      expect(got.type).toBe("application/json");
      expect(verifyWebhook(got.signature, got.body, "whsec_x", T)).toBe(true);
      expect((await sender.deliver(`${base}/503`, body, "s", NOW)).kind).toBe("retry");
      expect((await sender.deliver(`${base}/429`, body, "s", NOW)).kind).toBe("retry");
      expect((await sender.deliver(`${base}/410`, body, "s", NOW)).kind).toBe("rejected");
      expect((await sender.deliver(`${base}/302`, body, "s", NOW)).kind).toBe("rejected");
      const closed = `http://127.0.0.1:1/`;
      expect((await sender.deliver(closed, body, "s", NOW)).kind).toBe("retry");
    } finally {
      await fetcher.close();
    }
  });
});
