import { err, ok, type Result } from "neverthrow";
import type { OAuthDeps } from "./oauth-deps.js";
import type { OAuthClient } from "../../ports/oauth-store.js";
import { oauthError, type OAuthError } from "../../policies/oauth/oauth-error.js";
import { clientFromMetadataDocument, isMetadataDocumentUrl } from "../../policies/oauth/client-id-metadata.js";

/**
 * The client behind a client_id: a registered one from the store, or, for an https URL, the client its metadata
 * document describes (fetched through deps.clientMetadata, which caches). A document client is saved to the store on
 * each successful fetch, so the codes and tokens issued to it refer to a stored client and follow its latest
 * document; one whose document can no longer be had or no longer validates is refused.
 */
export async function findClient(deps: OAuthDeps, clientId: string): Promise<Result<OAuthClient, OAuthError>> {
  const documents = deps.clientMetadata;
  if (documents && isMetadataDocumentUrl(clientId, documents.allowLoopbackHttpForTests === true)) {
    const fetched = await documents.fetch(clientId);
    if (!fetched.ok) {
      return err(oauthError("invalid_client", `Client metadata document ${clientId}: ${fetched.reason}`));
    }
    const client = clientFromMetadataDocument(clientId, fetched.document, deps.config.redirectPolicy, deps.clock.now());
    if (client.isErr()) return err(client.error);
    const stored = await deps.store.findClient(clientId);
    const kept = stored ? { ...client.value, createdAt: stored.createdAt } : client.value;
    await deps.store.saveClient(kept);
    return ok(kept);
  }
  // No client_id holds a NUL (PostgreSQL text cannot take one).
  const client = clientId.includes("\u0000") ? null : await deps.store.findClient(clientId);
  return client ? ok(client) : err(oauthError("invalid_client", "Unknown client"));
}
