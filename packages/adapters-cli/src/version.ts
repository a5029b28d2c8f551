// The package's version, read once from its manifest (the CLI's --version, the MCP server's name, the status).
import { readFileSync } from "node:fs";

export const VERSION: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;
