import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAddressGuard, createGuardedFetch } from "@scamverify/providers";

describe("createGuardedFetch", () => {
  let server: Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end("ok"));
    server.on("connection", () => connections++);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("refuses loopback without the test allowance and never connects", async () => {
    const f = createGuardedFetch(createAddressGuard());
    await expect(f(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    await expect(f(`http://localhost:${port}/`)).rejects.toThrow();
    expect(connections).toBe(0);
  });

  it("reaches a loopback server only with the explicit test allowance", async () => {
    const f = createGuardedFetch(createAddressGuard({ allowLoopbackForTests: true }));
    const res = await f(`http://127.0.0.1:${port}/`);
    expect(await res.text()).toBe("ok");
    expect(connections).toBe(1);
  });
});
