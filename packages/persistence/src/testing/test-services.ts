// Finds the PostgreSQL and Redis servers the integration tests run against: the URL given in the environment, else
// the usual local default when something answers there. When none is usable the answer is one line that says
// exactly what to install or set, instead of a connection error deep inside a test hook.

import { Socket } from "node:net";
import pg from "pg";

export type TestService =
  { readonly ok: true; readonly url: string } | { readonly ok: false; readonly message: string };

export interface FindTestServiceOptions {
  /** The address tried when the environment names none. */
  readonly fallbackUrl?: string;
  /** How long one attempt may take before the server counts as silent; default 3 s. */
  readonly timeoutMs?: number;
}

export const DEFAULT_TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";
export const DEFAULT_TEST_REDIS_URL = "redis://127.0.0.1:6379";

const POSTGRES_HELP =
  "install PostgreSQL 15+ on 127.0.0.1:5432 with trust auth for user postgres and a database named test " +
  "(createdb -U postgres test), or set TEST_DATABASE_URL";
const REDIS_HELP = "install Redis on 127.0.0.1:6379 (apt-get install redis-server), or set TEST_REDIS_URL";

/** The URL without its password, for messages. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== "") u.password = "***";
    return u.href;
  } catch {
    return "(not a URL)";
  }
}

function envUrl(env: NodeJS.ProcessEnv, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = env[n];
    if (v !== undefined && v !== "") return v;
  }
  return undefined;
}

interface PgFailure {
  readonly code?: string;
  readonly message?: string;
}

function whyPostgres(err: PgFailure, url: string, explicit: boolean): string {
  const where = shown(url);
  const fix = explicit ? "fix TEST_DATABASE_URL or start that server" : POSTGRES_HELP;
  switch (err.code) {
    case "ECONNREFUSED":
    case "ENOTFOUND":
    case "EHOSTUNREACH":
    case "ETIMEDOUT":
      return `PostgreSQL for the integration tests: nothing answers at ${where}; ${fix}.`;
    case "28P01":
    case "28000":
      return `PostgreSQL for the integration tests: ${where} refused the login (${err.message ?? err.code}); ${explicit ? "put the right user and password in TEST_DATABASE_URL" : POSTGRES_HELP}.`;
    case "3D000":
      return `PostgreSQL for the integration tests: ${where} has no such database; create it (createdb -U postgres test) or ${explicit ? "fix TEST_DATABASE_URL" : "set TEST_DATABASE_URL"}.`;
    default:
      return `PostgreSQL for the integration tests: ${where} failed (${err.code ?? err.message ?? "unknown error"}); ${fix}.`;
  }
}

/**
 * The PostgreSQL URL for integration tests: TEST_DATABASE_URL, else the local default, either one only once a
 * connection has been opened with it. In CI (env CI set) the URL must be given: a silent default there would hide a
 * misconfigured job. Never rejects.
 */
export async function findTestDatabase(
  env: NodeJS.ProcessEnv = process.env,
  options: FindTestServiceOptions = {},
): Promise<TestService> {
  const given = envUrl(env, "TEST_DATABASE_URL");
  if (given === undefined && envUrl(env, "CI") !== undefined) {
    return {
      ok: false,
      message: `PostgreSQL for the integration tests: TEST_DATABASE_URL must be set in CI (e.g. ${DEFAULT_TEST_DATABASE_URL}).`,
    };
  }
  const url = given ?? options.fallbackUrl ?? DEFAULT_TEST_DATABASE_URL;
  const timeoutMs = options.timeoutMs ?? 3_000;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  // A failed connect also emits "error" on some paths; it is answered through the rejected promise below.
  client.on("error", () => undefined);
  try {
    await client.connect();
    return { ok: true, url };
  } catch (err) {
    const failure = err as PgFailure;
    const timedOut = /timeout/i.test(failure.message ?? "");
    return { ok: false, message: whyPostgres(timedOut ? { code: "ETIMEDOUT" } : failure, url, given !== undefined) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Sends PING and reads the first reply line; resolves with the line, or rejects with the socket error. */
function ping(host: string, port: number, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let reply = "";
    const finish = (fn: () => void): void => {
      socket.destroy();
      fn();
    };
    socket.setTimeout(timeoutMs, () =>
      finish(() => reject(Object.assign(new Error("no answer"), { code: "ETIMEDOUT" }))),
    );
    socket.once("error", (err) => finish(() => reject(err)));
    socket.on("data", (chunk: Buffer) => {
      reply += chunk.toString("latin1");
      const end = reply.indexOf("\r\n");
      if (end >= 0) finish(() => resolve(reply.slice(0, end)));
    });
    socket.connect(port, host, () => socket.write("PING\r\n"));
  });
}

/**
 * The Redis URL for integration tests: TEST_REDIS_URL (or REDIS_URL), else the local default, once a PING has
 * been answered there. In CI the URL must be given. Never rejects.
 */
export async function findTestRedis(
  env: NodeJS.ProcessEnv = process.env,
  options: FindTestServiceOptions = {},
): Promise<TestService> {
  const given = envUrl(env, "TEST_REDIS_URL", "REDIS_URL");
  if (given === undefined && envUrl(env, "CI") !== undefined) {
    return {
      ok: false,
      message: `Redis for the integration tests: TEST_REDIS_URL (or REDIS_URL) must be set in CI (e.g. ${DEFAULT_TEST_REDIS_URL}).`,
    };
  }
  const url = given ?? options.fallbackUrl ?? DEFAULT_TEST_REDIS_URL;
  const fix = given !== undefined ? "fix TEST_REDIS_URL or start that server" : REDIS_HELP;
  let host: string;
  let port: number;
  try {
    const u = new URL(url);
    host = u.hostname.replace(/^\[|\]$/g, "");
    port = u.port === "" ? 6379 : Number(u.port);
  } catch {
    return { ok: false, message: `Redis for the integration tests: ${shown(url)} is not a URL; ${fix}.` };
  }
  try {
    const line = await ping(host, port, options.timeoutMs ?? 3_000);
    if (line === "+PONG") return { ok: true, url };
    // A server that wants a password answers NOAUTH to a bare PING: fine when the URL carries one for the client.
    if (line.startsWith("-NOAUTH")) {
      if (new URL(url).password !== "") return { ok: true, url };
      return {
        ok: false,
        message: `Redis for the integration tests: ${shown(url)} requires a password; put it in TEST_REDIS_URL (redis://:password@host:port).`,
      };
    }
    return {
      ok: false,
      message: `Redis for the integration tests: ${shown(url)} answered "${line}", not Redis; ${fix}.`,
    };
  } catch (err) {
    const code = (err as { code?: string }).code ?? (err as Error).message;
    return {
      ok: false,
      message: `Redis for the integration tests: nothing answers at ${shown(url)} (${code}); ${fix}.`,
    };
  }
}
