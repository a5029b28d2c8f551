export { InMemoryOAuthStore } from "./in-memory-oauth-store.js";
export { oauthStoreContract } from "./oauth-store-contract.js";
export type { OAuthStoreContractCase, OAuthStoreContractContext } from "./oauth-store-contract.js";
export { describeOAuthStoreContract } from "./describe-oauth-store-contract.js";
