export { createDashboardRouter } from "./create-dashboard-router.js";
export type { DashboardRouterDeps } from "./create-dashboard-router.js";
