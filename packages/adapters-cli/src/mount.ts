// Routers mounted beside /api/v1 (OAuth, MCP, dashboard) and background jobs of `serve`.
import type { Express } from "express";
import type { Logger } from "@scamverify/adapters-http";
import type { Runtime } from "./runtime.js";

export interface Extras {
  readonly mount: (app: Express) => void;
  close(): Promise<void>;
}

export async function mountExtras(_rt: Runtime, _logger: Logger): Promise<Extras> {
  return { mount: () => undefined, close: async () => undefined };
}
