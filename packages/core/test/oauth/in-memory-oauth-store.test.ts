import { InMemoryOAuthStore } from "../../src/testing/oauth/in-memory-oauth-store.js";
import { describeOAuthStoreContract } from "../../src/testing/oauth/describe-oauth-store-contract.js";

describeOAuthStoreContract("in memory", async () => ({
  store: new InMemoryOAuthStore(),
  cleanup: async () => undefined,
}));
