export { createMcpServer } from "./create-mcp-server.js";
export type { CreateMcpServerOptions } from "./create-mcp-server.js";
export { createMcpHttpHandler } from "./create-mcp-http-handler.js";
export type { McpHttpHandlerDeps } from "./create-mcp-http-handler.js";
export { serveStdio } from "./stdio.js";
export type { StdioServerOptions } from "./stdio.js";
export { McpUploadSchema, TOOLS, findTool, toolsFor } from "./tools.js";
export type { McpEngine, ToolDefinition } from "./tools.js";
export { MCP_ERROR_KIND, toMcpError, toToolError } from "./error-map.js";
