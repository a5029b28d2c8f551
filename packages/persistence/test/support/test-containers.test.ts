// The decision of where the integration tests get PostgreSQL and Redis, with the outside world injected: a URL in
// the environment, a server on the local default, a reachable Docker engine, or nothing. Starting real containers
// needs a Docker engine, which the machines that run this suite do not have; the probes below stand in for it.
import { createServer, type Server } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  dockerEndpoint,
  pingDocker,
  resolveTestServices,
  type ServiceName,
  type ServiceProbes,
} from "../../src/testing/test-containers.js";
import { setupTestServices } from "../../src/testing/vitest-global-setup.js";
import type { TestService } from "@scamverify/persistence/testing";

const PG_MISSING =
  "PostgreSQL for the integration tests: nothing answers at postgres://postgres@127.0.0.1:5432/test; install PostgreSQL 15+ on 127.0.0.1:5432 with trust auth for user postgres and a database named test (createdb -U postgres test), or set TEST_DATABASE_URL.";
const REDIS_MISSING =
  "Redis for the integration tests: nothing answers at redis://127.0.0.1:6379 (ECONNREFUSED); install Redis on 127.0.0.1:6379 (apt-get install redis-server), or set TEST_REDIS_URL.";

interface World {
  database: (env: NodeJS.ProcessEnv) => TestService;
  redis: (env: NodeJS.ProcessEnv) => TestService;
  docker: boolean;
}

/** Probes over a described world, recording what was asked of Docker. */
function probes(world: World) {
  const calls = { dockerProbed: 0, started: [] as ServiceName[][], stopped: 0 };
  const p: ServiceProbes = {
    findDatabase: async (env) => world.database(env),
    findRedis: async (env) => world.redis(env),
    dockerReachable: async () => {
      calls.dockerProbed++;
      return world.docker;
    },
    startContainers: async (services) => {
      calls.started.push([...services]);
      const urls: Partial<Record<ServiceName, string>> = {};
      if (services.includes("postgres")) urls.postgres = "postgres://postgres@127.0.0.1:49153/test";
      if (services.includes("redis")) urls.redis = "redis://127.0.0.1:49154";
      return {
        urls,
        stop: async () => {
          calls.stopped++;
        },
      };
    },
  };
  return { probes: p, calls };
}

const answers = (url: string) => (): TestService => ({ ok: true, url });
const silent = (message: string) => (): TestService => ({ ok: false, message });
/** Like the real finders: the given URL when set, else the local default. */
const envOr =
  (name: string, local: TestService) =>
  (env: NodeJS.ProcessEnv): TestService =>
    env[name] ? { ok: true, url: env[name] } : local;

describe("resolveTestServices", () => {
  it("uses the URLs given in the environment and never asks Docker", async () => {
    const { probes: p, calls } = probes({
      database: envOr("TEST_DATABASE_URL", { ok: false, message: PG_MISSING }),
      redis: envOr("TEST_REDIS_URL", { ok: false, message: REDIS_MISSING }),
      docker: true,
    });
    const env = { TEST_DATABASE_URL: "postgres://ci@127.0.0.1:5544/ci", TEST_REDIS_URL: "redis://127.0.0.1:6380" };
    const r = await resolveTestServices(env, p);
    expect(r.postgres).toEqual({ via: "env", url: "postgres://ci@127.0.0.1:5544/ci" });
    expect(r.redis).toEqual({ via: "env", url: "redis://127.0.0.1:6380" });
    expect(calls.dockerProbed).toBe(0);
    expect(calls.started).toEqual([]);
  });

  it("uses the local defaults when they answer and never asks Docker", async () => {
    const { probes: p, calls } = probes({
      database: answers("postgres://postgres@127.0.0.1:5432/test"),
      redis: answers("redis://127.0.0.1:6379"),
      docker: true,
    });
    const r = await resolveTestServices({}, p);
    expect(r.postgres).toEqual({ via: "local", url: "postgres://postgres@127.0.0.1:5432/test" });
    expect(r.redis).toEqual({ via: "local", url: "redis://127.0.0.1:6379" });
    expect(calls.dockerProbed).toBe(0);
  });

  it("starts both in containers when nothing answers locally and Docker is reachable, and stops them", async () => {
    const { probes: p, calls } = probes({ database: silent(PG_MISSING), redis: silent(REDIS_MISSING), docker: true });
    const r = await resolveTestServices({}, p);
    expect(calls.started).toEqual([["postgres", "redis"]]);
    expect(r.postgres).toEqual({ via: "container", url: "postgres://postgres@127.0.0.1:49153/test" });
    expect(r.redis).toEqual({ via: "container", url: "redis://127.0.0.1:49154" });
    expect(calls.stopped).toBe(0);
    await r.stop();
    expect(calls.stopped).toBe(1);
  });

  it("starts only the missing one: a local PostgreSQL and a Redis container", async () => {
    const { probes: p, calls } = probes({
      database: answers("postgres://postgres@127.0.0.1:5432/test"),
      redis: silent(REDIS_MISSING),
      docker: true,
    });
    const r = await resolveTestServices({}, p);
    expect(calls.started).toEqual([["redis"]]);
    expect(r.postgres.via).toBe("local");
    expect(r.redis).toEqual({ via: "container", url: "redis://127.0.0.1:49154" });
  });

  it("says what to install or set when there is neither a server nor Docker", async () => {
    const { probes: p, calls } = probes({ database: silent(PG_MISSING), redis: silent(REDIS_MISSING), docker: false });
    const r = await resolveTestServices({}, p);
    expect(r.postgres).toEqual({ via: "none", message: PG_MISSING });
    expect(r.redis).toEqual({ via: "none", message: REDIS_MISSING });
    expect(calls.dockerProbed).toBe(1);
    expect(calls.started).toEqual([]);
    await r.stop();
  });

  it("keeps a given URL that fails an error instead of hiding it behind a container", async () => {
    const refused =
      "PostgreSQL for the integration tests: nothing answers at postgres://ci@127.0.0.1:5544/ci; fix TEST_DATABASE_URL or start that server.";
    const { probes: p, calls } = probes({
      database: silent(refused),
      redis: answers("redis://127.0.0.1:6379"),
      docker: true,
    });
    const r = await resolveTestServices({ TEST_DATABASE_URL: "postgres://ci@127.0.0.1:5544/ci" }, p);
    expect(r.postgres).toEqual({ via: "none", message: refused });
    expect(calls.started).toEqual([]);
  });

  it("in CI keeps the environment-URL path: no container even with Docker reachable", async () => {
    const ciMissing =
      "PostgreSQL for the integration tests: TEST_DATABASE_URL must be set in CI (e.g. postgres://postgres@127.0.0.1:5432/test).";
    const { probes: p, calls } = probes({ database: silent(ciMissing), redis: silent(REDIS_MISSING), docker: true });
    const r = await resolveTestServices({ CI: "true" }, p);
    expect(r.postgres).toEqual({ via: "none", message: ciMissing });
    expect(calls.started).toEqual([]);
  });
});

describe("setupTestServices (the globalSetup)", () => {
  it("hands container URLs to the workers through the environment and tears them down", async () => {
    const { probes: p, calls } = probes({ database: silent(PG_MISSING), redis: silent(REDIS_MISSING), docker: true });
    const env: NodeJS.ProcessEnv = {};
    const said: string[] = [];
    const teardown = await setupTestServices(env, p, (l) => said.push(l));
    expect(env["TEST_DATABASE_URL"]).toBe("postgres://postgres@127.0.0.1:49153/test");
    expect(env["TEST_REDIS_URL"]).toBe("redis://127.0.0.1:49154");
    expect(said).toHaveLength(2);
    await teardown();
    expect(calls.stopped).toBe(1);
  });

  it("changes nothing when the servers are local", async () => {
    const { probes: p } = probes({
      database: answers("postgres://postgres@127.0.0.1:5432/test"),
      redis: answers("redis://127.0.0.1:6379"),
      docker: true,
    });
    const env: NodeJS.ProcessEnv = {};
    await (
      await setupTestServices(env, p, () => undefined)
    )();
    expect(env).toEqual({});
  });
});

describe("the Docker engine's address", () => {
  it("reads DOCKER_HOST (unix and tcp), else the default socket when it exists", () => {
    expect(dockerEndpoint({ DOCKER_HOST: "unix:///run/user/1000/docker.sock" })).toEqual({
      path: "/run/user/1000/docker.sock",
    });
    expect(dockerEndpoint({ DOCKER_HOST: "tcp://127.0.0.1:2376" })).toEqual({ host: "127.0.0.1", port: 2376 });
    expect(dockerEndpoint({ DOCKER_HOST: "tcp://127.0.0.1" })).toEqual({ host: "127.0.0.1", port: 2375 });
    expect(dockerEndpoint({}, (p) => p === "/var/run/docker.sock")).toEqual({ path: "/var/run/docker.sock" });
    expect(dockerEndpoint({}, () => false)).toBeNull();
  });

  const servers: Server[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  async function engineAt(reply: string): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), "sv-docker-"));
    dirs.push(dir);
    const path = join(dir, "docker.sock");
    const server = createServer((s) => s.once("data", () => s.end(reply)));
    servers.push(server);
    await new Promise<void>((r) => server.listen(path, r));
    return path;
  }

  it("counts an engine reachable only when it answers /_ping with 200", async () => {
    const up = await engineAt("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nOK");
    expect(await pingDocker({ DOCKER_HOST: `unix://${up}` })).toBe(true);
    const refusing = await engineAt("HTTP/1.1 500 Internal Server Error\r\n\r\n");
    expect(await pingDocker({ DOCKER_HOST: `unix://${refusing}` })).toBe(false);
    expect(await pingDocker({ DOCKER_HOST: `unix://${join(tmpdir(), "no-such-docker.sock")}` })).toBe(false);
  });
});
