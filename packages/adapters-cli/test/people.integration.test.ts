// The composition root's switches for the faces for people: the page is on by default and SCAMVERIFY_PAGE=off takes
// it away; its checks run as its own account, never writing the result cache; the mail listener starts only with a
// port and refuses to start without the relay its replies need.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createHttpApp, silentLogger } from "@scamverify/adapters-http";
import { loadConfig } from "../src/config.js";
import { mountExtras } from "../src/mount.js";
import { startMailListener } from "../src/people.js";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { createRuntime, type Runtime } from "../src/runtime.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const quiet = { feedSyncHours: 0, registrySyncHours: 0, networkInspection: false };

async function withServer<T>(env: NodeJS.ProcessEnv, fn: (base: string, rt: Runtime) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "sv-people-"));
  dirs.push(dir);
  const rt = await createRuntime(loadConfig({ dataDir: dir, ...quiet }, env), { loadIndexes: false });
  const extras = await mountExtras(rt, silentLogger);
  const server = createServer(createHttpApp({ engine: rt.engine, logger: silentLogger, mount: extras.mount }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, rt);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await extras.close();
    await rt.close();
  }
}

describe("the faces for people in the composition root", () => {
  it("reads the switches from the environment", () => {
    const c = loadConfig(
      { dataDir: "/tmp/x" },
      {
        SCAMVERIFY_PAGE: "off",
        SCAMVERIFY_PAGE_PER_MINUTE: "5",
        SCAMVERIFY_PAGE_PER_DAY: "50",
        SCAMVERIFY_PAGE_COUNTRY: "GB",
        SCAMVERIFY_INBOUND_SMTP_PORT: "2525",
        SCAMVERIFY_OUTBOUND_SMTP_URL: "smtp://relay.example:587",
        SCAMVERIFY_VERDICT_WEBHOOK_URL: "https://hooks.example/verdicts",
      },
    );
    expect(c).toMatchObject({
      page: false,
      pagePerMinute: 5,
      pagePerDay: 50,
      pageCountry: "GB",
      inboundSmtpPort: 2525,
      outboundSmtpUrl: "smtp://relay.example:587",
      verdictWebhookUrl: "https://hooks.example/verdicts",
    });
    const defaults = loadConfig({ dataDir: "/tmp/x" }, {});
    expect(defaults.page).toBe(true);
    expect(defaults.inboundSmtpPort).toBeUndefined();
  });

  it("serves the page at / by default, as an account of its own that writes no cache entry", async () => {
    await withServer({}, async (base, rt) => {
      expect((await fetch(`${base}/`)).status).toBe(200);
      const form = new FormData();
      form.append("text", "Your parcel is on hold: pay the $2.99 fee at https://parcel-hold-fee.top/pay today");
      const res = await fetch(`${base}/check`, { method: "POST", body: form });
      expect(await res.text()).toContain("data-verdict=");
      const account = await rt.stores.accounts.findByEmail("page@scamverify.local");
      expect(account?.plan).toBe("enterprise");
      const cached = await rt.db.query<{ n: number }>("SELECT count(*)::int AS n FROM result_cache");
      expect(cached.rows[0]?.n).toBe(0);
    });
  });

  it("takes the page away with SCAMVERIFY_PAGE=off", async () => {
    await withServer({ SCAMVERIFY_PAGE: "off" }, async (base) => {
      const res = await fetch(`${base}/`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
    });
  });

  it("starts no mail listener without a port, and refuses a port without a relay", async () => {
    await withServer({}, async (_base, rt) => {
      expect(await startMailListener(rt, silentLogger)).toBeNull();
    });
    const dir = mkdtempSync(join(tmpdir(), "sv-people-"));
    dirs.push(dir);
    const rt = await createRuntime(loadConfig({ dataDir: dir, ...quiet }, { SCAMVERIFY_INBOUND_SMTP_PORT: "0" }), {
      loadIndexes: false,
    });
    try {
      await expect(startMailListener(rt, silentLogger)).rejects.toThrow(/SCAMVERIFY_OUTBOUND_SMTP_URL/);
    } finally {
      await rt.close();
    }
  });

  it("answers a forwarded mail through the relay, in the page's words, as its own account", async () => {
    const replies: string[] = [];
    const sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ["AUTH", "STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        let data = "";
        stream.on("data", (c: Buffer) => (data += c.toString("utf8")));
        stream.on("end", () => {
          replies.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
    const relay = (sink.server.address() as AddressInfo).port;
    try {
      await withServer(
        {
          SCAMVERIFY_INBOUND_SMTP_PORT: "0",
          SCAMVERIFY_INBOUND_SMTP_HOST: "127.0.0.1",
          SCAMVERIFY_OUTBOUND_SMTP_URL: `smtp://127.0.0.1:${relay}`,
        },
        async (_base, rt) => {
          // The listener of this runtime is the one mountExtras started; a second one on a free port shows its port.
          const listener = await startMailListener(rt, silentLogger);
          try {
            await nodemailer
              .createTransport({ host: "127.0.0.1", port: listener?.port ?? 0, secure: false, ignoreTLS: true })
              .sendMail({
                envelope: { from: "jane@example.org", to: "check@localhost" },
                from: "jane@example.org",
                to: "check@localhost",
                subject: "Fwd: limited",
                text: "Is this real?",
                attachments: [
                  {
                    contentType: "message/rfc822",
                    content:
                      "From: PayPal <service@paypa1-support.com>\r\nTo: jane@example.org\r\nSubject: Limited\r\n\r\nVerify your account within 24 hours at https://paypa1-support.com/verify or it will be closed.\r\n",
                  },
                ],
              });
            await listener?.idle();
          } finally {
            await listener?.close();
          }
          expect(replies).toHaveLength(1);
          expect(replies[0]).toMatch(/X-Scamverify-Verdict: (?:high_risk|scam)/);
          expect(replies[0]).toContain("Before you reply, click or pay:");
          expect(await rt.stores.accounts.findByEmail("mail@scamverify.local")).not.toBeNull();
        },
      );
    } finally {
      await new Promise<void>((resolve) => sink.close(() => resolve()));
    }
  });
});
