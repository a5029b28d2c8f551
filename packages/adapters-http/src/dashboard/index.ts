export { createDashboardRouter } from "./create-dashboard-router.js";
export type { DashboardRouterDeps } from "./create-dashboard-router.js";
export type { DashboardFlash } from "./create-dashboard-router.js";
export { createMemoryFlash, FLASH_TTL_MS } from "./flash.js";
export type { Flash } from "./flash.js";
