export { createOAuthRouter } from "./create-oauth-router.js";
export type { OAuthRouterDeps } from "./create-oauth-router.js";
export {
  authorizationServerMetadata,
  createWellKnownRouter,
  protectedResourceMetadata,
} from "./create-well-known-router.js";
export type { WellKnownRouterDeps } from "./create-well-known-router.js";
