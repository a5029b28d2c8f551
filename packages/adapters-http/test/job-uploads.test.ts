// POST /api/v1/jobs with a file: JSON Lines or CSV bodies, channel and webhook_url in the query string. Good files
// store the job item for item; a bad line refuses the whole job naming the line and the field, and then nothing is
// stored or queued. The OpenAPI document names every media type.
import { describe, expect, it } from "vitest";
import type { JobTask, WebhookSender } from "@scamverify/core";
import { InMemoryJobStore, type InMemoryQuotaLedger } from "@scamverify/core/testing";
import { call, engineInMemory, seedAccount, unlimited, type TestServer } from "./support/harness.js";
import { useServers } from "./support/file-hooks.js";

const serve = useServers();

const webhooks: WebhookSender = {
  checkUrl: (url) => (url.startsWith("https://") ? null : "Must be an https URL"),
  deliver: async () => ({ kind: "delivered", status: 200 }),
};

async function start(): Promise<{ s: TestServer; key: string; store: InMemoryJobStore; sent: JobTask[] }> {
  const sent: JobTask[] = [];
  let store!: InMemoryJobStore;
  const kit = engineInMemory({
    rateLimiter: unlimited,
    override: (deps) => {
      store = new InMemoryJobStore(deps.quota as InMemoryQuotaLedger);
      return {
        jobs: {
          store,
          webhooks,
          queue: {
            send: async (tasks: readonly JobTask[]) => void sent.push(...tasks),
          },
        },
      };
    },
  });
  const s = await serve(kit.engine);
  const { key } = await seedAccount(kit.engine, { plan: "starter" });
  return { s, key, store, sent };
}

function upload(s: TestServer, key: string, query: string, type: string, body: string) {
  return call(s.url, "POST", `/api/v1/jobs${query}`, { key, body, headers: { "content-type": type } });
}

/** Every job the store holds (queued ones count as unfinished). */
async function jobsIn(store: InMemoryJobStore): Promise<number> {
  return (await store.unfinished({ before: new Date(0), everything: true, limit: 1000 })).length;
}

describe("POST /api/v1/jobs with JSON Lines", () => {
  it("stores one item per line, blank lines skipped, with the channel and webhook from the query", async () => {
    const { s, key, store, sent } = await start();
    const body =
      '{"url":"https://a.example.com/"}\n\n{"url":"https://b.example.com/"}\r\n{"url":"https://c.example.com/"}\n';
    const r = await upload(
      s,
      key,
      `?channel=url&webhook_url=${encodeURIComponent("https://hooks.example.com/x")}`,
      "application/x-ndjson",
      body,
    );
    expect(r.status).toBe(202);
    expect(r.body.webhook_secret).toMatch(/^whsec_/);
    const job = await store.find(r.body.id);
    expect(job).toMatchObject({ channel: "url", total: 3, webhookUrl: "https://hooks.example.com/x" });
    expect((await store.pending(r.body.id, 0, 10)).map((i) => i.body)).toEqual([
      { url: "https://a.example.com/" },
      { url: "https://b.example.com/" },
      { url: "https://c.example.com/" },
    ]);
    expect(sent).toEqual([{ kind: "items", jobId: r.body.id, from: 0, to: 3 }]);
    // The other name of the media type is taken too.
    const again = await upload(s, key, "?channel=url", "application/jsonl", '{"url":"https://d.example.com/"}');
    expect(again.status).toBe(202);
  });

  it("refuses a bad line naming it and its field; nothing is stored or queued", async () => {
    const { s, key, store, sent } = await start();
    const notJson = await upload(
      s,
      key,
      "?channel=url",
      "application/x-ndjson",
      '{"url":"https://a.example.com/"}\n{"url":"https://b.example.com/"}\n{"url": oops}\n',
    );
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe("validation_error");
    expect(notJson.body.error.details.issues).toEqual([{ field: "line.3", message: "line.3: Not valid JSON" }]);

    const badField = await upload(
      s,
      key,
      "?channel=url",
      "application/x-ndjson",
      '{"url":"https://a.example.com/"}\n\n{"link":"https://b.example.com/"}\n',
    );
    expect(badField.status).toBe(400);
    expect(badField.body.error.details.issues[0].field).toBe("line.3.url");
    expect(badField.body.error.message).toMatch(/^line\.3\.url is missing/);

    const array = await upload(s, key, "?channel=url", "application/x-ndjson", '["https://a.example.com/"]\n');
    expect(array.body.error.details.issues[0].field).toBe("line.1");

    const noChannel = await upload(s, key, "", "application/x-ndjson", '{"url":"https://a.example.com/"}');
    expect(noChannel.status).toBe(400);
    expect(noChannel.body.error.details.issues[0].field).toBe("channel");

    const badHook = await upload(
      s,
      key,
      "?channel=url&webhook_url=http%3A%2F%2F10.0.0.1%2F",
      "application/x-ndjson",
      '{"url":"https://a.example.com/"}',
    );
    expect(badHook.body.error.details.issues[0].field).toBe("webhook_url");

    const empty = await upload(s, key, "?channel=url", "application/x-ndjson", "\n\n");
    expect(empty.status).toBe(400);
    expect(empty.body.error.details.issues[0].field).toBe("body");

    expect(await jobsIn(store)).toBe(0);
    expect(sent).toEqual([]);
  });
});

describe("POST /api/v1/jobs with CSV", () => {
  it("reads RFC 4180: a header naming the fields, quoted commas, doubled quotes and line breaks", async () => {
    const { s, key, store } = await start();
    const csv =
      'text,sender_number\r\n"Your parcel is held, pay ""now""",+15551234567\r\n"two\r\nlines",\r\nplain message,\r\n';
    const r = await upload(s, key, "?channel=text", "text/csv; charset=utf-8", csv);
    expect(r.status).toBe(202);
    expect((await store.pending(r.body.id, 0, 10)).map((i) => i.body)).toEqual([
      { text: 'Your parcel is held, pay "now"', sender_number: "+15551234567" },
      { text: "two\r\nlines" },
      { text: "plain message" },
    ]);
    const phones = await upload(s, key, "?channel=phone", "text/csv", "phone_number\n+12025550143\n+12025550144\n");
    expect(phones.status).toBe(202);
    expect((await store.find(phones.body.id))?.total).toBe(2);
  });

  it("names the line of a bad record, counting the header and quoted line breaks", async () => {
    const { s, key, store, sent } = await start();
    const cells = await upload(s, key, "?channel=url", "text/csv", "url\nhttps://a.example.com/\nx,y\n");
    expect(cells.status).toBe(400);
    expect(cells.body.error.details.issues).toEqual([
      { field: "line.3", message: "line.3: Has 2 cells; the header names 1" },
    ]);

    const field = await upload(
      s,
      key,
      "?channel=text",
      "text/csv",
      'text,sender_number\n"Your parcel\nis held",+15551234567\n,+15551234568\n',
    );
    expect(field.status).toBe(400);
    expect(field.body.error.details.issues[0].field).toBe("line.4.text");

    const quote = await upload(s, key, "?channel=url", "text/csv", 'url\n"https://a.example.com/\n');
    expect(quote.body.error.details.issues).toEqual([
      { field: "line.2", message: "line.2: A quoted field is never closed" },
    ]);

    expect(await jobsIn(store)).toBe(0);
    expect(sent).toEqual([]);
  });

  it("refuses other media types with 415 naming the ones it takes", async () => {
    const { s, key } = await start();
    const r = await upload(s, key, "?channel=url", "text/plain", "https://a.example.com/");
    expect(r.status).toBe(415);
    expect(r.body.error.message).toMatch(/application\/x-ndjson.*text\/csv/);
  });
});

describe("the OpenAPI document", () => {
  it("gives POST /api/v1/jobs a body for JSON, JSON Lines, CSV and files, and the query parameters", async () => {
    const { s } = await start();
    const doc = (await call(s.url, "GET", "/api/v1/openapi.json")).body;
    const op = doc.paths["/api/v1/jobs"].post;
    expect(Object.keys(op.requestBody.content).sort()).toEqual([
      "application/json",
      "application/jsonl",
      "application/x-ndjson",
      "multipart/form-data",
      "text/csv",
    ]);
    const form = op.requestBody.content["multipart/form-data"].schema;
    expect(form.required).toEqual(["channel", "file"]);
    expect(form.properties.channel.enum).toEqual(["document", "qr"]);
    expect(form.properties.file).toMatchObject({ type: "array", maxItems: 100 });
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["channel", "webhook_url"]),
    );
    const job = doc.components.schemas.Job;
    expect(job.properties.expires_at.type).toBe("string");
  });
});
