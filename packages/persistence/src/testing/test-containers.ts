// Where the integration tests get PostgreSQL and Redis when the environment names none and nothing answers on the
// local defaults: from a Docker engine, through testcontainers (PostgreSQL 15 and Redis, started once for the whole
// run by a vitest globalSetup and stopped at its end). The choice for each service, in order:
//   1. the URL in the environment (TEST_DATABASE_URL, TEST_REDIS_URL or REDIS_URL), checked as before;
//   2. in CI, nothing else: the URL must be given;
//   3. the local default, when something answers there;
//   4. a container, when a Docker engine is reachable (DOCKER_HOST, or /var/run/docker.sock);
//   5. otherwise the one-line message of the local-default attempt, which says what to install or set.
// testcontainers is loaded only on the container path, so runs with a local or given server never load it.

import { existsSync } from "node:fs";
import { Socket } from "node:net";
import { findTestDatabase, findTestRedis, type TestService } from "./test-services.js";

export type ServiceName = "postgres" | "redis";

/** How a service was found: given, local, a container of this run, or not at all. */
export type ServiceChoice =
  | { readonly via: "env" | "local"; readonly url: string }
  | { readonly via: "container"; readonly url: string }
  | { readonly via: "none"; readonly message: string };

export interface StartedServices {
  readonly urls: Partial<Record<ServiceName, string>>;
  stop(): Promise<void>;
}

/** The outside world the decision looks at, injectable for tests. */
export interface ServiceProbes {
  findDatabase(env: NodeJS.ProcessEnv): Promise<TestService>;
  findRedis(env: NodeJS.ProcessEnv): Promise<TestService>;
  /** Whether a Docker engine answers (DOCKER_HOST, or the default socket). */
  dockerReachable(env: NodeJS.ProcessEnv): Promise<boolean>;
  /** Starts containers for the services named; only called when Docker is reachable. */
  startContainers(services: readonly ServiceName[]): Promise<StartedServices>;
}

export interface ResolvedServices {
  readonly postgres: ServiceChoice;
  readonly redis: ServiceChoice;
  /** Stops the containers this run started (nothing when none were). */
  stop(): Promise<void>;
}

const DATABASE_VARS = ["TEST_DATABASE_URL"];
const REDIS_VARS = ["TEST_REDIS_URL", "REDIS_URL"];

function given(env: NodeJS.ProcessEnv, names: readonly string[]): boolean {
  return names.some((n) => env[n] !== undefined && env[n] !== "");
}

/**
 * Decides, for PostgreSQL and Redis, which server the integration tests use, starting containers for the ones that
 * only Docker can give. Never rejects for a missing server (that is a `none` choice with its message); rejects only
 * when Docker was reachable and the containers failed to start.
 */
export async function resolveTestServices(env: NodeJS.ProcessEnv, probes: ServiceProbes): Promise<ResolvedServices> {
  const [database, redis] = await Promise.all([probes.findDatabase(env), probes.findRedis(env)]);
  const ci = env["CI"] !== undefined && env["CI"] !== "";
  const first = (service: TestService, vars: readonly string[]): ServiceChoice | ServiceName => {
    if (service.ok) return { via: given(env, vars) ? "env" : "local", url: service.url };
    // A URL that was given, or CI (where one must be), stays an error: a container would hide the misconfiguration.
    if (given(env, vars) || ci) return { via: "none", message: service.message };
    return vars === DATABASE_VARS ? "postgres" : "redis";
  };
  const pg = first(database, DATABASE_VARS);
  const rd = first(redis, REDIS_VARS);
  const wanted = [pg, rd].filter((c): c is ServiceName => typeof c === "string");
  const noneOf = (c: ServiceChoice | ServiceName, service: TestService): ServiceChoice =>
    typeof c === "string" ? { via: "none", message: service.ok ? "" : service.message } : c;
  if (wanted.length === 0 || !(await probes.dockerReachable(env))) {
    return { postgres: noneOf(pg, database), redis: noneOf(rd, redis), stop: async () => undefined };
  }
  const started = await probes.startContainers(wanted);
  const pick = (c: ServiceChoice | ServiceName, service: TestService): ServiceChoice => {
    if (typeof c !== "string") return c;
    const url = started.urls[c];
    return url !== undefined ? { via: "container", url } : noneOf(c, service);
  };
  return { postgres: pick(pg, database), redis: pick(rd, redis), stop: () => started.stop() };
}

/** Where the Docker engine's API is: DOCKER_HOST (unix:// or tcp://), else the default socket when it exists. */
export function dockerEndpoint(
  env: NodeJS.ProcessEnv,
  socketExists: (path: string) => boolean = existsSync,
): { path: string } | { host: string; port: number } | null {
  const host = env["DOCKER_HOST"];
  if (host !== undefined && host !== "") {
    if (host.startsWith("unix://")) return { path: host.slice("unix://".length) };
    try {
      const u = new URL(host.replace(/^tcp:/, "http:"));
      return { host: u.hostname, port: u.port === "" ? 2375 : Number(u.port) };
    } catch {
      return null;
    }
  }
  return socketExists("/var/run/docker.sock") ? { path: "/var/run/docker.sock" } : null;
}

/** Whether the engine answers GET /_ping with OK within `timeoutMs`. */
export function pingDocker(env: NodeJS.ProcessEnv = process.env, timeoutMs = 2_000): Promise<boolean> {
  const endpoint = dockerEndpoint(env);
  if (endpoint === null) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = new Socket();
    let reply = "";
    const finish = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once("error", () => finish(false));
    socket.on("data", (chunk: Buffer) => {
      reply += chunk.toString("latin1");
      if (reply.includes("\r\n\r\n")) finish(/^HTTP\/1\.[01] 200/.test(reply));
    });
    socket.once("end", () => finish(/^HTTP\/1\.[01] 200/.test(reply)));
    const ask = (): void => void socket.write("GET /_ping HTTP/1.0\r\nHost: docker\r\n\r\n");
    if ("path" in endpoint) socket.connect(endpoint.path, ask);
    else socket.connect(endpoint.port, endpoint.host, ask);
  });
}

/** PostgreSQL 15 with trust auth and a database named test, and Redis, through testcontainers (loaded here only). */
export async function startServiceContainers(services: readonly ServiceName[]): Promise<StartedServices> {
  const { GenericContainer, Wait } = await import("testcontainers");
  const started: { stop(): Promise<unknown> }[] = [];
  const urls: Partial<Record<ServiceName, string>> = {};
  try {
    if (services.includes("postgres")) {
      const pg = await new GenericContainer("postgres:15-alpine")
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: "trust", POSTGRES_DB: "test" })
        .withExposedPorts(5432)
        // The image starts the server twice (once to initialise); the second "ready" line is the real one.
        .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
        .start();
      started.push(pg);
      urls.postgres = `postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/test`;
    }
    if (services.includes("redis")) {
      const redis = await new GenericContainer("redis:7-alpine")
        .withExposedPorts(6379)
        .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
        .start();
      started.push(redis);
      urls.redis = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
    }
  } catch (e) {
    await Promise.all(started.map((c) => c.stop().catch(() => undefined)));
    throw e;
  }
  return { urls, stop: async () => void (await Promise.all(started.map((c) => c.stop()))) };
}

export const DEFAULT_SERVICE_PROBES: ServiceProbes = {
  findDatabase: (env) => findTestDatabase(env),
  findRedis: (env) => findTestRedis(env),
  dockerReachable: (env) => pingDocker(env),
  startContainers: startServiceContainers,
};
