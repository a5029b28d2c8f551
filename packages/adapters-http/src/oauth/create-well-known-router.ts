// Discovery documents: authorization server metadata (RFC 8414) and protected resource metadata (RFC 9728) for
// the MCP endpoint, served at the root and at the path-suffixed address MCP clients try first.
import express, { type Router } from "express";
import {
  GRANT_TYPES,
  SCOPES,
  TOKEN_ENDPOINT_AUTH_METHODS,
  type AuthorizationServerMetadata,
  type OAuthConfig,
  type ProtectedResourceMetadata,
} from "@scamverify/core";

export interface WellKnownRouterDeps {
  readonly config: OAuthConfig;
  /** Where people read about the API (the OpenAPI document by default). */
  readonly serviceDocumentation?: string;
  /** Clients may use an https URL of their metadata document as client_id (the OAuth deps have a fetcher). */
  readonly clientIdMetadataDocuments?: boolean;
}

export function authorizationServerMetadata(
  config: OAuthConfig,
  serviceDocumentation?: string,
  clientIdMetadataDocuments = false,
): AuthorizationServerMetadata {
  const base = config.issuer;
  return {
    issuer: base,
    authorization_endpoint: `${base}/api/oauth/authorize`,
    token_endpoint: `${base}/api/oauth/token`,
    registration_endpoint: `${base}/api/oauth/register`,
    scopes_supported: [...SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: [...GRANT_TYPES],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    authorization_response_iss_parameter_supported: true,
    ...(clientIdMetadataDocuments ? { client_id_metadata_document_supported: true } : {}),
    service_documentation: serviceDocumentation ?? `${base}/api/v1/openapi.json`,
  };
}

export function protectedResourceMetadata(config: OAuthConfig): ProtectedResourceMetadata {
  return {
    resource: config.resource,
    authorization_servers: [config.issuer],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: "scamverify MCP server",
  };
}

/** GET /.well-known/oauth-authorization-server and /.well-known/oauth-protected-resource[/api/mcp]. */
export function createWellKnownRouter(deps: WellKnownRouterDeps): Router {
  const router = express.Router();
  const as = authorizationServerMetadata(deps.config, deps.serviceDocumentation, deps.clientIdMetadataDocuments);
  const pr = protectedResourceMetadata(deps.config);
  const cache = "public, max-age=300";
  router.get("/.well-known/oauth-authorization-server", (_req, res) => {
    res.setHeader("Cache-Control", cache);
    res.json(as);
  });
  router.get(
    ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/api/mcp"],
    (_req, res) => {
      res.setHeader("Cache-Control", cache);
      res.json(pr);
    },
  );
  return router;
}
