// The OAuthStore contract as vitest blocks, in the shape of the other store contracts: makeStore runs before
// every test, cleanup after it; the cases themselves are framework-free (oauth-store-contract.ts).
import { afterEach, beforeEach, describe, it } from "vitest";
import type { OAuthStore } from "../../ports/oauth-store.js";
import type { ContractFixture } from "../contract-fixture.js";
import { uniqueName } from "../contract-fixture.js";
import { oauthStoreContract } from "./oauth-store-contract.js";

export function describeOAuthStoreContract(name: string, makeStore: () => Promise<ContractFixture<OAuthStore>>): void {
  describe(`OAuthStore contract: ${name}`, () => {
    let fx: ContractFixture<OAuthStore>;
    beforeEach(async () => {
      fx = await makeStore();
    });
    afterEach(async () => {
      await fx.cleanup();
    });
    for (const c of oauthStoreContract()) {
      it(c.name, () => c.run({ store: fx.store, unique: uniqueName }));
    }
  });
}
