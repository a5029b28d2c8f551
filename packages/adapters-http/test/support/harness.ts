// Builds real engines over real stores (one shared PGlite per test file, or PostgreSQL in a schema of its own) and
// serves the real Express app on an ephemeral port of 127.0.0.1, so every test drives the API over HTTP with fetch.
import { randomBytes, randomUUID } from "node:crypto";
import { createZxingQrDecoder } from "../../../providers/src/qr/zxing-qr-decoder.js";
import { createPostalMimeReader } from "../../../providers/src/email/index.js";
import { createDocumentReader } from "../../../providers/src/document/create-document-reader.js";
import type { DocumentReader } from "@scamverify/core";

let documentReader: DocumentReader | undefined;
/** One document reader (and OCR worker) for every engine of a test file; it reads a PDF's QR codes, as served. */
function sharedDocumentReader(): DocumentReader {
  documentReader ??= createDocumentReader({ qrDecoder: createZxingQrDecoder() });
  return documentReader;
}
import { connect, type AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import {
  createEngine,
  type Engine,
  type EngineConfig,
  type EngineDeps,
  type Evidence,
  type HealthProbe,
  type NormalizedUrl,
  type PasswordHasher,
  type RateLimitDecision,
  type RateLimiter,
  type SignalSource,
} from "@scamverify/core";
import {
  FixedClock,
  InMemoryAccountStore,
  InMemoryApiKeyStore,
  InMemoryQuotaLedger,
  InMemoryRateLimiter,
  InMemoryReportStore,
  InMemoryResultCache,
} from "@scamverify/core/testing";
import {
  NodeHasher,
  NodeIds,
  createDatabase,
  createPgliteDb,
  createStores,
  migrate,
  type Db,
  type Stores,
} from "@scamverify/persistence";
import { createHttpApp, type HttpAppOptions, type Logger } from "../../src/index.js";

export const T0 = "2026-03-10T12:00:00.000Z";

/** Test keys and accounts never need a memory-hard hash; a salted SHA-256 still verifies for real. */
export const fastPasswords: PasswordHasher = {
  async hash(p) {
    const salt = randomBytes(8).toString("hex");
    return `t$${salt}$${new NodeHasher().sha256Hex(salt + p)}`;
  },
  async verify(p, h) {
    const [, salt, digest] = h.split("$");
    return salt !== undefined && digest === new NodeHasher().sha256Hex(salt + p);
  },
};

/** A limiter that never refuses, for tests about quota rather than rate. */
export const unlimited: RateLimiter = {
  async hit(_key, limit, windowMs, now): Promise<RateLimitDecision> {
    return { allowed: true, limit, remaining: limit, resetAt: new Date(now.getTime() + windowMs) };
  },
};

/** One in-memory PGlite, migrated, shared by a whole test file (opening one takes about a second). */
export function sharedPglite(): () => Promise<Db> {
  let db: Promise<Db> | undefined;
  return () =>
    (db ??= createPgliteDb().then(async (d) => {
      await migrate(d);
      return d;
    }));
}

export function testDatabaseUrl(): string {
  const url = process.env["TEST_DATABASE_URL"];
  if (url) return url;
  if (process.env["CI"]) throw new Error("TEST_DATABASE_URL must be set in CI");
  return "postgres://postgres@127.0.0.1:5432/test";
}

export function testRedisUrl(): string {
  return process.env["TEST_REDIS_URL"] ?? process.env["REDIS_URL"] ?? "redis://127.0.0.1:6379";
}

/** A PostgreSQL schema of its own for a test file; `open` gives another pool (another "process") on it. */
export function postgresSchema(): { schema: string; open(): Promise<Db>; drop(): Promise<void> } {
  const schema = `t_http_${randomBytes(5).toString("hex")}`;
  const opened: Db[] = [];
  return {
    schema,
    async open() {
      const db = await createDatabase({ databaseUrl: testDatabaseUrl(), dataDir: "unused", schema });
      opened.push(db);
      return db;
    },
    async drop() {
      const first = opened[0];
      if (first) await first.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      await Promise.all(opened.map((d) => d.close().catch(() => undefined)));
    },
  };
}

export interface EngineOptions {
  readonly clock?: FixedClock;
  readonly rateLimiter?: RateLimiter;
  readonly urlSources?: readonly SignalSource<NormalizedUrl>[];
  readonly health?: HealthProbe;
  readonly config?: Partial<EngineConfig>;
  /** Wraps the SQL stores (to make one fail, say). */
  readonly override?: (deps: EngineDeps) => Partial<EngineDeps>;
}

export interface EngineKit {
  readonly engine: Engine;
  readonly deps: EngineDeps;
  readonly clock: FixedClock;
  readonly stores: Stores;
}

/** An engine over the SQL stores of `db`, with its own process caches (as one API process would have). */
export function engineOver(db: Db, options: EngineOptions = {}): EngineKit {
  const stores = createStores(db);
  const clock = options.clock ?? new FixedClock(T0);
  const base: EngineDeps = {
    accounts: stores.accounts,
    apiKeys: stores.apiKeys,
    quota: stores.quotaLedger,
    cache: stores.resultCache,
    reports: stores.reports,
    lists: stores.lists,
    feedback: stores.feedback,
    health: options.health ?? stores.health,
    rateLimiter: options.rateLimiter ?? new InMemoryRateLimiter(),
    clock,
    ids: new NodeIds(),
    hasher: new NodeHasher(),
    passwords: fastPasswords,
    ...(options.urlSources ? { urlSources: options.urlSources } : {}),
    qrDecoder: createZxingQrDecoder(),
    mailReader: createPostalMimeReader(),
    documentReader: sharedDocumentReader(),
    config: { baseUrl: "http://127.0.0.1", upgradeUrl: "https://scamverify.test/upgrade", ...options.config },
  };
  const deps: EngineDeps = { ...base, ...(options.override ? options.override(base) : {}) };
  return { engine: createEngine(deps), deps, clock, stores };
}

/** A health probe the test switches (the database "goes down" and "comes back"). */
export class SwitchableHealth implements HealthProbe {
  up = true;
  probes = 0;
  async databaseReachable(): Promise<boolean> {
    this.probes++;
    return this.up;
  }
}

/** The same engine over the in-memory fakes, for tests about the HTTP face itself (no database start-up). */
export function engineInMemory(options: EngineOptions = {}): Omit<EngineKit, "stores"> {
  const clock = options.clock ?? new FixedClock(T0);
  const base: EngineDeps = {
    accounts: new InMemoryAccountStore(),
    apiKeys: new InMemoryApiKeyStore(),
    quota: new InMemoryQuotaLedger(),
    cache: new InMemoryResultCache(),
    reports: new InMemoryReportStore(),
    health: options.health ?? new SwitchableHealth(),
    rateLimiter: options.rateLimiter ?? new InMemoryRateLimiter(),
    clock,
    ids: new NodeIds(),
    hasher: new NodeHasher(),
    passwords: fastPasswords,
    ...(options.urlSources ? { urlSources: options.urlSources } : {}),
    qrDecoder: createZxingQrDecoder(),
    mailReader: createPostalMimeReader(),
    documentReader: sharedDocumentReader(),
    config: { baseUrl: "http://127.0.0.1", upgradeUrl: "https://scamverify.test/upgrade", ...options.config },
  };
  const deps: EngineDeps = { ...base, ...(options.override ? options.override(base) : {}) };
  return { engine: createEngine(deps), deps, clock };
}

export interface Seeded {
  readonly accountId: string;
  readonly key: string;
  readonly keyId: string;
}

/** A new account (unique email) with one key. */
export async function seedAccount(
  engine: Engine,
  input: {
    plan?: "free" | "starter" | "professional" | "business" | "scale" | "enterprise";
    rpm?: number;
    quotas?: Partial<Record<"url" | "phone" | "text" | "email", number>>;
    mode?: "live" | "test";
  } = {},
): Promise<Seeded> {
  const account = await engine.accounts.create({
    email: `${randomUUID()}@example.test`,
    plan: input.plan ?? "free",
    ...(input.rpm !== undefined ? { rpm: input.rpm } : {}),
    ...(input.quotas !== undefined ? { quotas: input.quotas } : {}),
  });
  if (account.isErr()) throw new Error(account.error.message);
  const key = await engine.keys.create(account.value.id, { mode: input.mode ?? "live" });
  if (key.isErr()) throw new Error(key.error.message);
  return { accountId: account.value.id, key: key.value.key, keyId: key.value.id };
}

export interface CapturingLogger extends Logger {
  readonly lines: string[];
}

/** Captures the app's log lines through the production JSON logger (so redaction is the real one). */
export async function capturingLogger(): Promise<CapturingLogger> {
  const { createJsonLogger } = await import("../../src/logger.js");
  const lines: string[] = [];
  const inner = createJsonLogger((line) => lines.push(line), "debug");
  return { lines, log: (level, msg, fields) => inner.log(level, msg, fields) };
}

export interface TestServer {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

export async function serve(
  engine: Engine,
  logger?: Logger,
  options: Omit<HttpAppOptions, "engine" | "logger"> = {},
): Promise<TestServer> {
  const { silentLogger } = await import("../../src/logger.js");
  const app = createHttpApp({ engine, logger: logger ?? silentLogger, ...options });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A decoded JSON body, read loosely: tests probe arbitrary JSON and assert its shape themselves. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type JsonBody = any;

export interface Reply<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

export async function call<T = JsonBody>(
  base: string,
  method: string,
  path: string,
  options: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers["authorization"] = `Bearer ${options.key}`;
  if (options.body !== undefined && headers["content-type"] === undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body !== undefined
      ? { body: typeof options.body === "string" ? options.body : JSON.stringify(options.body) }
      : {}),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text === "" ? null : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: body as T };
}

/** A URL signal source that counts its calls and answers once `hold` resolves (to keep lookups in flight together). */
export class CountingSource implements SignalSource<NormalizedUrl> {
  readonly name = "scripted_feed";
  readonly weight = 0.5;
  readonly timeoutMs = 5_000;
  calls = 0;

  constructor(
    private readonly hold: () => Promise<void> = async () => undefined,
    private readonly answer: (url: NormalizedUrl) => Partial<Evidence> = () => ({}),
  ) {}

  async check(input: NormalizedUrl): Promise<Evidence> {
    this.calls++;
    await this.hold();
    return { source: this.name, status: "ok", signals: {}, factors: [], ...this.answer(input) };
  }
}

export function uniqueUrl(tag = "site"): string {
  return `https://${tag}-${randomBytes(4).toString("hex")}.example.com/`;
}

/** An in-memory engine served on 127.0.0.1 with one enterprise account's key; no rate limit stands in the way. */
export async function serveWithAccount(): Promise<{ readonly server: TestServer; readonly key: string }> {
  const kit = engineInMemory({ rateLimiter: unlimited });
  const server = await serve(kit.engine);
  const { key } = await seedAccount(kit.engine, { plan: "enterprise", rpm: 100_000 });
  return { server, key };
}

export interface RawAnswer {
  readonly status: number;
  /** Header names in lower case; a repeated header's values joined with ", ". */
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * One request written to a new connection in a single write (request line, headers and body together, as a client
 * sends a small request), answered and closed: the server's parser has the whole request at once.
 */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer | string,
): Promise<RawAnswer> {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  const head = [`${method} ${path} HTTP/1.1`, "host: 127.0.0.1", "connection: close"];
  for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
  head.push(`content-length: ${bytes.length}`, "", "");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, "127.0.0.1", () =>
      socket.write(Buffer.concat([Buffer.from(head.join("\r\n")), bytes])),
    );
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const [status = "", ...lines] = text.slice(0, split).split("\r\n");
      const out: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(":");
        const name = line.slice(0, at).toLowerCase();
        const value = line.slice(at + 1).trim();
        out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
      }
      let rest = text.slice(split + 4);
      if (out["transfer-encoding"] === "chunked") {
        let body = "";
        for (;;) {
          const eol = rest.indexOf("\r\n");
          const size = parseInt(rest.slice(0, eol), 16);
          if (!(size > 0)) break;
          body += rest.slice(eol + 2, eol + 2 + size);
          rest = rest.slice(eol + 4 + size);
        }
        rest = body;
      }
      resolve({ status: Number(status.split(" ")[1]), headers: out, body: rest });
    });
  });
}
