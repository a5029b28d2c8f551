// The long fuzz campaign: N generated bodies (default 10,000) on every route of a real server started from the built
// CLI over PostgreSQL and Redis: every route of the REST endpoint table, the OAuth routes, /api/mcp and the sign-in,
// sign-up and dashboard forms. Counts per route the 5xx answers, the hangs (no answer within 10 s) and the crashes
// (the server process exiting; it is started again and the campaign goes on), and checks that the ledger of the
// account the REST routes ran under holds exactly the units of the lookups answered 200.
//   pnpm build && node --conditions=source --import tsx bench/faults/fuzz.ts [--per-route N] [--only WORD] [--seed S]
// Only 127.0.0.1: the server binds there with network inspection off and no scheduled syncs.
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import fc from "fast-check";
import { PDFDocument, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { DEFAULT_REGISTRY } from "../../packages/core/src/index.js";
import { createEndpoints, type Endpoint } from "../../packages/adapters-http/src/endpoints.js";
import { AUTHORIZE_PARAMS } from "../../packages/adapters-http/src/oauth/create-oauth-router.js";
import {
  formWire,
  jsonValueOf,
  jsonWire,
  multipartWire,
  mutated,
  nasty,
  queryOf,
  recordOf,
  sample,
  type Wire,
} from "./lib/bodies.js";
import { json, loopbackSource, pool, send, type Answer } from "./lib/client.js";
import {
  REDIS_URL,
  createAccount,
  freshDatabase,
  ledger,
  requireBuilt,
  startServer,
  type Account,
  type RunningServer,
} from "./lib/stack.js";

const { values: args } = parseArgs({
  options: {
    "per-route": { type: "string", default: "10000" },
    only: { type: "string", multiple: true },
    skip: { type: "string", multiple: true },
    seed: { type: "string", default: "20261123" },
    concurrency: { type: "string", default: "8" },
    timeout: { type: "string", default: "10000" },
    /** The document route's own deadline is its reader's 20 s time budget: a hang there is no answer in 30 s. */
    "document-timeout": { type: "string", default: "30000" },
    report: { type: "string", default: join(tmpdir(), "scamverify-fuzz-report.json") },
    "keep-db": { type: "boolean", default: false },
    /** A folder to write each kept request to in full (headers and body), to replay it by hand. */
    dump: { type: "string" },
  },
});
const PER_ROUTE = Number(args["per-route"]);
const SEED = Number(args.seed);
const CONCURRENCY = Number(args.concurrency);
const TIMEOUT_MS = Number(args.timeout);
const DOCUMENT_TIMEOUT_MS = Number(args["document-timeout"]);

requireBuilt();

interface Context {
  server: RunningServer;
  rest: Account;
  mcp: Account;
  web: Account;
  /** Cookie header and CSRF token of a signed-in browser session of `web`. */
  session: { cookie: string; csrf: string };
  /** Cookie header and CSRF token of a browser that is not signed in. */
  anonymous: { cookie: string; csrf: string };
  client: { id: string; redirectUri: string } | null;
  tools: { name: string; fields: string[] }[];
  schemaFields: (e: Endpoint) => string[];
}

interface Request {
  readonly method: string;
  readonly path: string;
  readonly wire?: Wire | undefined;
  readonly headers?: Record<string, string> | undefined;
  /** Rotate the loopback source address (the per-address limiter of the form endpoints). */
  readonly rotate?: boolean;
}

interface Target {
  readonly name: string;
  /** The quota channel whose units a 200 from this route can charge to the REST account. */
  readonly quota?: string | null;
  build(ctx: Context, count: number, seed: number): Request[];
}

// ---- helpers -------------------------------------------------------------------------------------------------

function cookiesOf(a: Answer, jar: Map<string, string>): void {
  const set = a.headers["set-cookie"];
  for (const line of Array.isArray(set) ? set : set ? [set] : []) {
    const [pair] = line.split(";");
    const eq = pair!.indexOf("=");
    if (eq > 0) jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
  }
}
const cookieHeader = (jar: Map<string, string>): string => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
const csrfIn = (html: string): string => /name="csrf_token" value="([^"]+)"/.exec(html)?.[1] ?? "";

async function browser(base: string, account?: Account): Promise<{ cookie: string; csrf: string }> {
  const jar = new Map<string, string>();
  const page = await send(base, { method: "GET", path: "/api/oauth/signin" });
  cookiesOf(page, jar);
  let csrf = csrfIn(page.body.toString());
  if (account) {
    const form = new URLSearchParams({ email: account.email, password: account.password, csrf_token: csrf });
    const signed = await send(base, {
      method: "POST",
      path: "/api/oauth/signin",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar) },
      body: form.toString(),
    });
    cookiesOf(signed, jar);
    if (signed.status !== 200) throw new Error(`sign-in for the dashboard session answered ${signed.status}`);
    const home = await send(base, { method: "GET", path: "/dashboard", headers: { cookie: cookieHeader(jar) } });
    cookiesOf(home, jar);
    csrf = csrfIn(home.body.toString());
  }
  return { cookie: cookieHeader(jar), csrf };
}

interface OpenApi {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
}
interface Schema {
  $ref?: string;
  properties?: Record<string, unknown>;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}

function fieldsOf(doc: OpenApi, schema: Schema | undefined, depth = 0): string[] {
  if (!schema || depth > 5) return [];
  if (schema.$ref) return fieldsOf(doc, doc.components.schemas[schema.$ref.split("/").pop()!], depth + 1);
  const nested = [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].flatMap((s) =>
    fieldsOf(doc, s, depth + 1),
  );
  return [...new Set([...Object.keys(schema.properties ?? {}), ...nested])];
}

async function sampleFiles(): Promise<{ png: Buffer[]; pdf: Buffer[] }> {
  const png: Buffer[] = [];
  for (const text of [
    "https://secure-paypa1.com.verify-account.top/login",
    "tel:+18554395123",
    "https://example.com/",
    "WIFI:S:cafe;T:WPA;P:secret;;",
    "hello",
  ]) {
    png.push(await QRCode.toBuffer(text, { margin: 2, scale: 3 }));
  }
  const pdf: Buffer[] = [];
  for (const text of [
    "Your E-ZPass toll of $4.15 is unpaid. Pay at https://ezpass-ny.top/pay or call (855) 439-5123.",
    "Invoice 2041: thank you for your order.",
    "",
  ]) {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([300, 200]).drawText(text.slice(0, 60), { x: 10, y: 150, size: 8, font });
    pdf.push(Buffer.from(await doc.save()));
  }
  return { png, pdf };
}

// ---- targets -------------------------------------------------------------------------------------------------

const bearer = (key: string): Record<string, string> => ({ authorization: `Bearer ${key}` });

function engineTargets(files: { png: Buffer[]; pdf: Buffer[] }): Target[] {
  const endpoints = createEndpoints(DEFAULT_REGISTRY);
  return endpoints.map((e): Target => {
    const path = e.path;
    const quota = e.kind === "engine" ? e.quota : null;
    return {
      name: `${e.method.toUpperCase()} ${path}`,
      quota,
      build(ctx, count, seed) {
        const auth = e.kind === "engine" ? bearer(ctx.rest.key) : {};
        if (e.method === "get") {
          // No body is read on these routes: what varies is the query, a body sent anyway, and the credentials.
          const wires = sample(jsonWire(fc.jsonValue({ maxDepth: 2 })), count, seed);
          const queries = sample(queryOf(recordOf(["channel", "period", "format"])), count, seed + 1);
          const creds = sample(
            fc.oneof(
              fc.constant(auth),
              fc.constant({}),
              nasty.map((v) => ({
                authorization: `Bearer ${JSON.stringify(v) ?? ""}`.replace(/[^ -~]/g, "?"),
              })),
            ),
            count,
            seed + 2,
          );
          return wires.map((wire, i) => ({
            method: "GET",
            path: `${path}${queries[i]}`,
            wire: i % 4 === 0 ? wire : undefined,
            headers: creds[i],
          }));
        }
        if (e.body === "multipart") {
          const seedFiles = path.includes("qr") ? files.png : [...files.pdf, ...files.png];
          const file = fc.oneof(
            { weight: 6, arbitrary: fc.constantFrom(...seedFiles).chain(mutated) },
            { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b)) },
          );
          return sample(multipartWire(file), count, seed).map((wire) => ({
            method: "POST",
            path,
            wire,
            headers: auth,
          }));
        }
        const fields = ctx.schemaFields(e);
        return sample(jsonWire(jsonValueOf(fields)), count, seed).map((wire) => ({
          method: "POST",
          path,
          wire,
          headers: auth,
        }));
      },
    };
  });
}

const AUTHORIZE_FIELDS = [...AUTHORIZE_PARAMS, "decision", "csrf_token"];
const TOKEN_FIELDS = [
  "grant_type",
  "code",
  "redirect_uri",
  "code_verifier",
  "refresh_token",
  "client_id",
  "client_secret",
  "scope",
  "resource",
];

/** A record built on valid values where they are known, each field then kept, dropped or replaced. */
function around(base: Record<string, string>, extraFields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const keys = [...new Set([...Object.keys(base), ...extraFields])];
  return fc
    .tuple(
      ...keys.map((k) =>
        fc
          .nat({ max: 9 })
          .chain((t) =>
            t < 6 && base[k] !== undefined ? fc.constant(base[k]) : t < 8 ? nasty : fc.constant(undefined),
          ),
      ),
    )
    .map((vals) => {
      const out: Record<string, unknown> = {};
      keys.forEach((k, i) => {
        if (vals[i] !== undefined) out[k] = vals[i];
      });
      return out;
    });
}

function oauthTargets(): Target[] {
  const validAuthorize = (ctx: Context): Record<string, string> =>
    ctx.client
      ? {
          response_type: "code",
          client_id: ctx.client.id,
          redirect_uri: ctx.client.redirectUri,
          code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
          code_challenge_method: "S256",
          state: "xyz",
          scope: "url:lookup phone:lookup",
          resource: `${ctx.server.url}/api/mcp`,
        }
      : {};
  const userForm = (ctx: Context, withSession: boolean): fc.Arbitrary<Record<string, unknown>> =>
    fc
      .tuple(
        recordOf(["email", "password", "return_to", "name", "mode", "key_id", "confirm", "decision"]),
        fc.nat({ max: 9 }),
      )
      .map(([r, t]) => {
        const b = withSession ? ctx.session : ctx.anonymous;
        if (t < 7) return { ...r, csrf_token: b.csrf };
        return r;
      });
  const formTarget = (
    name: string,
    path: string,
    signedIn: boolean,
    extra: (ctx: Context) => fc.Arbitrary<Record<string, unknown>> = (ctx) => userForm(ctx, signedIn),
  ): Target => ({
    name: `POST ${path}`,
    build: (ctx, count, seed) =>
      sample(formWire(extra(ctx)), count, seed).map((wire, i) => ({
        method: "POST",
        path,
        wire,
        headers: i % 5 === 4 ? {} : { cookie: (signedIn ? ctx.session : ctx.anonymous).cookie },
        rotate: true,
      })),
  });
  const plausibleSignIn = (ctx: Context): fc.Arbitrary<Record<string, unknown>> =>
    fc.oneof(
      userForm(ctx, false),
      fc
        .tuple(fc.emailAddress(), fc.string({ minLength: 0, maxLength: 40 }))
        .map(([email, password]) => ({ email, password, csrf_token: ctx.anonymous.csrf })),
    );
  return [
    {
      name: "GET /.well-known/*",
      build: (_ctx, count, seed) =>
        sample(
          fc.tuple(
            fc.constantFrom(
              "/.well-known/oauth-authorization-server",
              "/.well-known/oauth-protected-resource/api/mcp",
              "/.well-known/oauth-protected-resource",
            ),
            queryOf(recordOf(["resource"])),
          ),
          count,
          seed,
        ).map(([p, q]) => ({ method: "GET", path: `${p}${q}` })),
    },
    {
      name: "POST /api/oauth/register",
      build: (ctx, count, seed) => {
        const metadata = fc.oneof(
          recordOf([
            "redirect_uris",
            "client_name",
            "token_endpoint_auth_method",
            "grant_types",
            "response_types",
            "scope",
            "client_uri",
            "logo_uri",
          ]),
          fc.record({
            redirect_uris: fc.array(
              fc.oneof(
                fc.webUrl(),
                fc.constantFrom(
                  "http://127.0.0.1:9/cb",
                  "http://localhost/cb",
                  "https://claude.ai/api/mcp/auth_callback",
                  "myapp://cb",
                ),
              ),
              { maxLength: 3 },
            ),
            client_name: fc.string({ maxLength: 50 }),
          }),
        );
        return sample(jsonWire(metadata), count, seed).map((wire) => ({
          method: "POST",
          path: "/api/oauth/register",
          wire,
          rotate: true,
        }));
      },
    },
    {
      name: "GET /api/oauth/authorize",
      build: (ctx, count, seed) =>
        sample(queryOf(around(validAuthorize(ctx), AUTHORIZE_FIELDS)), count, seed).map((q, i) => ({
          method: "GET",
          path: `/api/oauth/authorize${q}`,
          headers: i % 2 === 0 ? { cookie: ctx.session.cookie } : {},
        })),
    },
    formTarget("authorize", "/api/oauth/authorize", true, (ctx) =>
      around({ ...validAuthorize(ctx), decision: "approve", csrf_token: ctx.session.csrf }, AUTHORIZE_FIELDS),
    ),
    formTarget("signin", "/api/oauth/signin", false, plausibleSignIn),
    formTarget("signup", "/api/oauth/signup", false, plausibleSignIn),
    // Without a valid token only: a valid one would end the session the dashboard routes use.
    formTarget("signout", "/api/oauth/signout", true, () => recordOf(["csrf_token", "return_to"])),
    {
      name: "POST /api/oauth/token",
      build: (ctx, count, seed) => {
        const base = {
          grant_type: "authorization_code",
          code: "svac_nothing",
          redirect_uri: ctx.client?.redirectUri ?? "",
          code_verifier: "v".repeat(43),
          client_id: ctx.client?.id ?? "",
        };
        const record = fc.oneof(
          around(base, TOKEN_FIELDS),
          around(
            { grant_type: "refresh_token", refresh_token: "svrt_nothing", client_id: ctx.client?.id ?? "" },
            TOKEN_FIELDS,
          ),
        );
        const wires = fc.oneof(formWire(record), jsonWire(record));
        const basic = fc.oneof(
          fc.constant(undefined),
          fc.string({ unit: "binary-ascii", maxLength: 40 }).map((s) => `Basic ${Buffer.from(s).toString("base64")}`),
          fc.constant("Basic !!!"),
          fc.constant("Basic"),
        );
        return sample(fc.tuple(wires, basic), count, seed).map(([wire, auth]) => ({
          method: "POST",
          path: "/api/oauth/token",
          wire,
          headers: auth ? { authorization: auth } : {},
          rotate: true,
        }));
      },
    },
  ];
}

function dashboardTargets(): Target[] {
  const signedIn = (ctx: Context): Record<string, string> => ({ cookie: ctx.session.cookie });
  const form = (path: string, fields: string[], valid: (ctx: Context) => Record<string, string>): Target => ({
    name: `POST ${path}`,
    build: (ctx, count, seed) =>
      sample(formWire(around({ ...valid(ctx), csrf_token: ctx.session.csrf }, fields)), count, seed).map((wire, i) => ({
        method: "POST",
        path,
        wire,
        headers: i % 5 === 4 ? {} : signedIn(ctx),
        rotate: true,
      })),
  });
  return [
    {
      name: "GET /dashboard (+ /keys/revoke)",
      build: (ctx, count, seed) =>
        sample(
          fc.tuple(
            fc.constantFrom("/dashboard", "/dashboard/", "/dashboard/keys/revoke"),
            queryOf(recordOf(["key_id", "flash", "tab"])),
          ),
          count,
          seed,
        ).map(([p, q], i) => ({
          method: "GET",
          path: `${p}${q}`,
          headers: i % 3 === 2 ? {} : signedIn(ctx),
        })),
    },
    form("/dashboard/keys/create", ["name", "mode", "csrf_token"], () => ({ name: "fuzz", mode: "test" })),
    form("/dashboard/keys/rename", ["key_id", "name", "csrf_token"], () => ({
      key_id: "00000000-0000-4000-8000-000000000000",
      name: "x",
    })),
    form("/dashboard/keys/revoke", ["key_id", "confirm", "csrf_token"], () => ({
      key_id: "00000000-0000-4000-8000-000000000000",
      confirm: "yes",
    })),
    // Without a valid token, for the same reason as the OAuth sign-out.
    {
      name: "POST /dashboard/signout",
      build: (ctx, count, seed) =>
        sample(formWire(recordOf(["csrf_token"])), count, seed).map((wire) => ({
          method: "POST",
          path: "/dashboard/signout",
          wire,
          headers: signedIn(ctx),
          rotate: true,
        })),
    },
  ];
}

function mcpTarget(): Target {
  return {
    name: "POST /api/mcp",
    build(ctx, count, seed) {
      const toolCall = fc.constantFrom(...ctx.tools).chain((t) =>
        fc.record({
          name: fc.oneof({ weight: 9, arbitrary: fc.constant(t.name) }, { weight: 1, arbitrary: fc.string() }),
          arguments: fc.oneof({ weight: 5, arbitrary: recordOf(t.fields) }, { weight: 1, arbitrary: nasty }),
        }),
      );
      const message = fc.record(
        {
          jsonrpc: fc.oneof({ weight: 9, arbitrary: fc.constant("2.0") }, { weight: 1, arbitrary: nasty }),
          id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null)),
          method: fc.oneof(
            { weight: 6, arbitrary: fc.constant("tools/call") },
            {
              weight: 3,
              arbitrary: fc.constantFrom(
                "initialize",
                "tools/list",
                "prompts/list",
                "prompts/get",
                "resources/list",
                "ping",
                "notifications/initialized",
                "completion/complete",
                "logging/setLevel",
              ),
            },
            { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
          ),
          params: fc.oneof(
            { weight: 6, arbitrary: toolCall },
            {
              weight: 1,
              arbitrary: fc.record({
                protocolVersion: fc.constantFrom("2025-06-18", "2025-03-26", "1999-01-01"),
                capabilities: fc.constant({}),
                clientInfo: fc.record({ name: fc.string(), version: fc.string() }),
              }),
            },
            {
              weight: 1,
              arbitrary: fc.record({
                name: fc.constantFrom("investigate_url", "investigate_phone_number", "nope"),
                arguments: recordOf(["url", "phone_number", "text"]),
              }),
            },
            { weight: 1, arbitrary: nasty },
          ),
        },
        { requiredKeys: ["jsonrpc", "method"] },
      );
      const body = fc.oneof(
        { weight: 8, arbitrary: message },
        { weight: 1, arbitrary: fc.array(message, { maxLength: 4 }) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
      );
      const extra = fc.oneof(
        { weight: 8, arbitrary: fc.constant({}) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            { "mcp-protocol-version": "1999-01-01" },
            { "mcp-protocol-version": "2025-06-18" },
            { origin: "https://evil.example" },
            { accept: "text/html" },
          ),
        },
      );
      const auth = fc.oneof(
        { weight: 9, arbitrary: fc.constant(bearer(ctx.mcp.key)) },
        {
          weight: 1,
          arbitrary: fc.constantFrom({}, { authorization: "Bearer sv_live_nope" }, { authorization: "Basic x" }),
        },
      );
      return sample(fc.tuple(jsonWire(body), extra, auth), count, seed).map(([wire, e, a]) => ({
        method: "POST",
        path: "/api/mcp",
        wire: { ...wire, headers: { accept: "application/json, text/event-stream", ...wire.headers } },
        headers: { ...a, ...e },
      }));
    },
  };
}

// ---- the campaign --------------------------------------------------------------------------------------------

interface RouteTally {
  route: string;
  requests: number;
  byClass: Record<string, number>;
  fiveXx: number;
  /** Of the 5xx: 503 answers with Retry-After (back-pressure). */
  busy: number;
  hangs: number;
  socketErrors: Record<string, number>;
  crashes: number;
  seconds: number;
  samples: {
    status: number;
    failure?: string;
    note?: string;
    headBytes: number;
    path: string;
    body: string;
    answer: string;
  }[];
}

/** Units a 200 answer of a REST route charged, by the rule of the answer's own fields. */
function unitsOf(route: Target, a: Answer): number {
  if (a.status !== 200 || !route.quota) return 0;
  const v = json<{ cached?: boolean; quota_used?: Record<string, number>; url_analysis?: { cached?: boolean } | null }>(
    a,
  );
  if (!v) return 0;
  if (v.quota_used) return v.quota_used[route.quota] ?? 0;
  // A QR answer charges its link's URL unit, unless the image itself was served from the cache or by a concurrent
  // identical upload (then the whole answer, link included, is marked cached).
  if (route.name.includes("/qr/")) return v.cached === false && v.url_analysis?.cached === false ? 1 : 0;
  return v.cached === false ? 1 : 0;
}

async function main(): Promise<void> {
  const started = Date.now();
  const db = await freshDatabase(process.env["FAULTS_DB"] ?? "faults_fuzz");
  const rest = createAccount(db.url, "rest@fuzz.test");
  const mcp = createAccount(db.url, "mcp@fuzz.test");
  const web = createAccount(db.url, "web@fuzz.test");
  let server = await startServer({ databaseUrl: db.url, redisUrl: REDIS_URL, echo: "error" });
  process.stdout.write(`server ${server.url} (pid ${server.child.pid}); ${PER_ROUTE} bodies per route, seed ${SEED}\n`);
  process.stdout.write(`start line: ${JSON.stringify(server.started)}\n`);

  const doc = json<OpenApi>(await send(server.url, { method: "GET", path: "/api/v1/openapi.json" }))!;
  const setUp = async (s: RunningServer): Promise<Context> => {
    let client: Context["client"] = null;
    for (const redirectUri of [
      "http://127.0.0.1:9/callback",
      "http://localhost/callback",
      "https://claude.ai/api/mcp/auth_callback",
    ]) {
      const r = await send(s.url, {
        method: "POST",
        path: "/api/oauth/register",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ redirect_uris: [redirectUri], client_name: "fuzz", token_endpoint_auth_method: "none" }),
      });
      const id = json<{ client_id?: string }>(r)?.client_id;
      if (r.status === 201 && id) {
        client = { id, redirectUri };
        break;
      }
    }
    const listed = json<{ result?: { tools?: { name: string; inputSchema?: Schema }[] } }>(
      await send(s.url, {
        method: "POST",
        path: "/api/mcp",
        headers: {
          ...bearer(mcp.key),
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      }),
    );
    const tools = (listed?.result?.tools ?? []).map((t) => ({ name: t.name, fields: fieldsOf(doc, t.inputSchema) }));
    if (tools.length === 0) throw new Error("tools/list on /api/mcp answered no tools");
    return {
      server: s,
      rest,
      mcp,
      web,
      session: await browser(s.url, web),
      anonymous: await browser(s.url),
      client,
      tools,
      schemaFields: (e) => {
        const op = doc.paths[e.path]?.[e.method];
        const content = op?.requestBody?.content ?? {};
        return fieldsOf(doc, Object.values(content)[0]?.schema);
      },
    };
  };
  let ctx = await setUp(server);
  process.stdout.write(
    `oauth client: ${ctx.client ? ctx.client.redirectUri : "none registered"}; mcp tools: ${ctx.tools.length}\n`,
  );

  const files = await sampleFiles();
  const targets = [...engineTargets(files), ...oauthTargets(), ...dashboardTargets(), mcpTarget()].filter(
    (t) => (!args.only || args.only.some((w) => t.name.includes(w))) && !args.skip?.some((w) => t.name.includes(w)),
  );
  const before = await ledger(db.url, rest.id);
  const expected: Record<string, number> = {};
  const tallies: RouteTally[] = [];
  const crashLogs: { route: string; exit: unknown; stderr: string[] }[] = [];
  let sourceCounter = 0;
  let seed = SEED;

  for (const target of targets) {
    const t0 = Date.now();
    const requests = target.build(ctx, PER_ROUTE, seed++);
    const tally: RouteTally = {
      route: target.name,
      requests: 0,
      byClass: {},
      fiveXx: 0,
      busy: 0,
      hangs: 0,
      socketErrors: {},
      crashes: 0,
      seconds: 0,
      samples: [],
    };
    const keep = (r: Request, a: Answer): void => {
      if (tally.samples.length >= 20) return;
      if (args.dump) {
        mkdirSync(args.dump, { recursive: true });
        const file = join(args.dump, `${target.name.replace(/[^a-z0-9]+/gi, "_")}-${tally.samples.length}`);
        writeFileSync(
          `${file}.json`,
          JSON.stringify({
            method: r.method,
            path: r.path,
            headers: { ...r.wire?.headers, ...r.headers },
            status: a.status,
            failure: a.failure,
          }),
        );
        writeFileSync(`${file}.body`, r.wire?.body ?? Buffer.alloc(0));
      }
      tally.samples.push({
        status: a.status,
        ...(a.failure ? { failure: a.failure } : {}),
        ...(r.wire ? { note: r.wire.note } : {}),
        // Node refuses a request head over 16 KiB (431) and closes the connection: a reset the client may see.
        headBytes:
          r.path.length +
          Object.entries({ ...r.wire?.headers, ...r.headers }).reduce((n, [k, v]) => n + k.length + v.length + 4, 0),
        path: r.path.slice(0, 300),
        body: r.wire ? r.wire.body.toString("latin1").slice(0, 600) : "",
        answer: a.body.toString("utf8").slice(0, 300),
      });
    };
    await pool(requests.length, CONCURRENCY, async (i) => {
      const r = requests[i]!;
      const a = await send(ctx.server.url, {
        method: r.method,
        path: r.path,
        headers: { ...r.wire?.headers, ...r.headers },
        ...(r.wire ? { body: r.wire.body } : {}),
        ...(r.rotate ? { from: loopbackSource(sourceCounter++) } : {}),
        timeoutMs: target.name.includes("/document/") ? DOCUMENT_TIMEOUT_MS : TIMEOUT_MS,
      });
      tally.requests++;
      if (a.failure === "timeout") {
        tally.hangs++;
        keep(r, a);
      } else if (a.status === 0) {
        tally.socketErrors[a.failure ?? "?"] = (tally.socketErrors[a.failure ?? "?"] ?? 0) + 1;
        keep(r, a);
      } else {
        const cls = `${Math.floor(a.status / 100)}xx`;
        tally.byClass[cls] = (tally.byClass[cls] ?? 0) + 1;
        if (a.status >= 500) {
          tally.fiveXx++;
          // 503 with Retry-After is the server's documented answer to more work than it can do in time (the
          // document reader's time budget): counted among the 5xx, and apart, so a bug is not hidden among them.
          if (a.status === 503 && a.headers["retry-after"] !== undefined) tally.busy++;
          keep(r, a);
        }
        if (target.quota) expected[target.quota] = (expected[target.quota] ?? 0) + unitsOf(target, a);
      }
    });
    const crash = server.crashed();
    if (crash) {
      tally.crashes++;
      process.stdout.write(`  server exited during ${target.name}: ${JSON.stringify(crash)}; starting it again\n`);
      process.stdout.write(
        `${server
          .stderrTail()
          .map((l) => `    ${l}`)
          .join("\n")}\n`,
      );
      crashLogs.push({ route: target.name, exit: crash, stderr: server.stderrTail() });
      server = await startServer({ databaseUrl: db.url, redisUrl: REDIS_URL, echo: "error" });
      ctx = await setUp(server);
    }
    tally.seconds = (Date.now() - t0) / 1000;
    tallies.push(tally);
    const sockets = Object.entries(tally.socketErrors)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ");
    process.stdout.write(
      `${target.name.padEnd(42)} ${String(tally.requests).padStart(6)} req  ${Object.entries(tally.byClass)
        .sort()
        .map(([k, v]) => `${k}=${v}`)
        .join(" ")
        .padEnd(
          34,
        )} 5xx=${tally.fiveXx}${tally.busy ? ` (503+Retry-After=${tally.busy})` : ""} hangs=${tally.hangs} crashes=${tally.crashes}${sockets ? ` sockets: ${sockets}` : ""}  ${tally.seconds.toFixed(0)} s\n`,
    );
  }

  // Give back-pressure a moment (refunds retried in the background), then compare the REST account's ledger.
  await new Promise((r) => setTimeout(r, 3_000));
  const after = await ledger(db.url, rest.id);
  const status = await send(server.url, { method: "GET", path: "/api/v1/status" });
  const crashedAtEnd = server.crashed();
  await server.stop();
  const channels = [...new Set([...Object.keys(after), ...Object.keys(expected)])].sort();
  let exact = true;
  process.stdout.write("\nledger of the REST account (units charged vs units of lookups answered 200):\n");
  for (const c of channels) {
    const charged = (after[c] ?? 0) - (before[c] ?? 0);
    const answered = expected[c] ?? 0;
    if (charged !== answered) exact = false;
    process.stdout.write(
      `  ${c.padEnd(10)} charged ${charged}  answered ${answered}${charged === answered ? "" : `  DIFFERENCE ${charged - answered}`}\n`,
    );
  }
  const total = (k: keyof Pick<RouteTally, "requests" | "fiveXx" | "busy" | "hangs" | "crashes">): number =>
    tallies.reduce((s, t) => s + t[k], 0);
  const summary = {
    routes: tallies.length,
    requests: total("requests"),
    fiveXx: total("fiveXx"),
    fiveXxBusy: total("busy"),
    hangs: total("hangs"),
    crashes: total("crashes") + (crashedAtEnd ? 1 : 0),
    ledgerExact: exact,
    statusAfter: status.status,
    minutes: Math.round((Date.now() - started) / 600) / 100,
  };
  writeFileSync(
    args.report,
    JSON.stringify({ summary, tallies, crashLogs, ledger: { before, after, expected } }, null, 2),
  );
  process.stdout.write(`\n${JSON.stringify(summary)}\nreport with samples of every 5xx and hang: ${args.report}\n`);
  if (!args["keep-db"]) await db.drop();
  process.exitCode = summary.fiveXx + summary.hangs + summary.crashes > 0 || !exact || status.status !== 200 ? 1 : 0;
}

await main();
