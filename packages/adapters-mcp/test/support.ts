// A real engine over the core's in-memory fakes, with the OAuth module verifying access tokens, for driving the MCP
// server through the SDK's own client. Hashing and randomness come from node:crypto.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import {
  createAccessTokenVerifier,
  createAuthorizationCode,
  createEngine,
  createOAuthConfig,
  exchangeCode,
  registerClient,
  validateAuthorizationRequest,
  type Engine,
  type Hasher,
  type Ids,
  type OAuthDeps,
  type PasswordHasher,
} from "@scamverify/core";
import {
  FixedClock,
  InMemoryAccountStore,
  InMemoryApiKeyStore,
  InMemoryQuotaLedger,
  InMemoryRateLimiter,
  InMemoryReportStore,
  InMemoryResultCache,
} from "@scamverify/core/testing";
import { InMemoryOAuthStore } from "../../core/src/testing/oauth/in-memory-oauth-store.js";
import { createZxingQrDecoder } from "../../providers/src/qr/zxing-qr-decoder.js";
import { createPostalMimeReader } from "../../providers/src/email/index.js";
import { createDocumentReader } from "../../providers/src/document/create-document-reader.js";

/** Every tool the server lists, whichever engine it serves. */
export const TOOL_NAMES: readonly string[] = [
  "check_document",
  "check_email",
  "check_phone",
  "check_phones_batch",
  "check_qr",
  "check_text",
  "check_url",
  "check_urls_batch",
  "get_account_lists",
  "add_to_account_list",
  "get_job",
  "get_status",
  "get_usage",
  "report_scam",
  "submit_job",
];

const nodeHasher: Hasher = {
  sha256Hex: (v) => createHash("sha256").update(v, "utf8").digest("hex"),
  sha256Base64Url: (v) => createHash("sha256").update(v, "utf8").digest("base64url"),
  timingSafeEqual: (a, b) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  },
};

const randomIds: Ids = { uuid: () => randomUUID(), token: (n) => randomBytes(n).toString("base64url") };

const fastPasswords: PasswordHasher = {
  hash: async (p) => `t$${nodeHasher.sha256Hex(p)}`,
  verify: async (p, h) => h === `t$${nodeHasher.sha256Hex(p)}`,
};

export interface TestWorld {
  readonly engine: Engine;
  readonly oauth: OAuthDeps & { clock: FixedClock; store: InMemoryOAuthStore; accounts: InMemoryAccountStore };
  readonly baseUrl: string;
  /** A free-plan account with a password, and a live API key for it. */
  account(email?: string): Promise<{ accountId: string; apiKey: string }>;
  /** Mints an access token for the account directly through the use cases (no browser). */
  accessToken(accountId: string, scope?: string): Promise<string>;
}

let accountCounter = 0;

export function createWorld(baseUrl: string): TestWorld {
  const clock = new FixedClock("2026-03-10T12:00:00.000Z");
  const accounts = new InMemoryAccountStore();
  const oauth = {
    store: new InMemoryOAuthStore(),
    accounts,
    clock,
    ids: randomIds,
    hasher: nodeHasher,
    passwords: fastPasswords,
    config: createOAuthConfig(baseUrl),
  };
  const qrDecoder = createZxingQrDecoder();
  const engine = createEngine({
    qrDecoder,
    mailReader: createPostalMimeReader(),
    documentReader: createDocumentReader({ qrDecoder }),
    accounts,
    apiKeys: new InMemoryApiKeyStore(),
    quota: new InMemoryQuotaLedger(),
    cache: new InMemoryResultCache(),
    reports: new InMemoryReportStore(),
    rateLimiter: new InMemoryRateLimiter(),
    health: { databaseReachable: async () => true },
    clock,
    ids: randomIds,
    hasher: nodeHasher,
    passwords: fastPasswords,
    accessTokens: createAccessTokenVerifier(oauth),
    config: { baseUrl, upgradeUrl: `${baseUrl}/dashboard` },
  });
  return {
    engine,
    oauth,
    baseUrl,
    async account(email) {
      accountCounter += 1;
      const created = await engine.accounts.create({
        email: email ?? `mcp${accountCounter}@example.com`,
        password: "0123456789ab",
        plan: "free",
      });
      const accountId = created._unsafeUnwrap().id;
      const key = await engine.keys.create(accountId, { mode: "live", name: "mcp test" });
      return { accountId, apiKey: key._unsafeUnwrap().key };
    },
    async accessToken(accountId, scope) {
      const reg = (
        await registerClient(oauth, {
          client_name: "direct",
          redirect_uris: ["http://127.0.0.1:9/cb"],
          token_endpoint_auth_method: "none",
        })
      )._unsafeUnwrap();
      const verifier = randomBytes(32).toString("base64url");
      const request = await validateAuthorizationRequest(oauth, {
        response_type: "code",
        client_id: reg.client_id,
        redirect_uri: "http://127.0.0.1:9/cb",
        code_challenge: nodeHasher.sha256Base64Url(verifier),
        code_challenge_method: "S256",
        ...(scope ? { scope } : {}),
      });
      const { code } = await createAuthorizationCode(oauth, request._unsafeUnwrap(), accountId);
      const tokens = await exchangeCode(oauth, {
        credentials: { clientId: reg.client_id, clientSecret: undefined, method: "none" },
        code,
        codeVerifier: verifier,
        redirectUri: "http://127.0.0.1:9/cb",
        resource: undefined,
      });
      return tokens._unsafeUnwrap().access_token;
    },
  };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid white RGB PNG of `width` x `height` pixels stored without compression, so the file is as large as its
 * pixels (about 3 bytes each): large uploads made in the test instead of kept in the repository.
 */
export function uncompressedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3, 0xff);
  row[0] = 0;
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(pixels, { level: 0 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The largest upload the engine takes (10 MiB) as a valid PNG just under it: 1800 x 1940 pixels. */
export const LARGEST_PNG_SIZE = { width: 1800, height: 1940 } as const;
