// The OAuthStore contract as framework-free cases: each adapter's test file runs every case with its test runner
// (the fake, PGlite, PostgreSQL), so all three are held to the same behaviour.
import type {
  AccessTokenRecord,
  AuthorizationCodeRecord,
  IssuedTokens,
  OAuthStore,
  RefreshTokenRecord,
  TokenFamily,
} from "../../ports/oauth-store.js";
import { StoreError } from "../../errors.js";

export interface OAuthStoreContractContext {
  readonly store: OAuthStore;
  /** A value unique to this run, so cases can share one database. */
  readonly unique: (label: string) => string;
}

export interface OAuthStoreContractCase {
  readonly name: string;
  run(ctx: OAuthStoreContractContext): Promise<void>;
}

function fail(message: string): never {
  throw new Error(`OAuthStore contract: ${message}`);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

function same(actual: unknown, expected: unknown, what: string): void {
  if (canonical(actual) !== canonical(expected))
    fail(`${what}: expected ${canonical(expected)}, got ${canonical(actual)}`);
}

const T0 = new Date("2026-03-01T10:00:00.000Z");
const at = (ms: number): Date => new Date(T0.getTime() + ms);

function fixtures(unique: (label: string) => string) {
  const clientId = unique("client");
  const accountId = unique("account");
  const family: TokenFamily = {
    id: unique("family"),
    clientId,
    accountId,
    scopes: ["phone:lookup", "url:lookup"],
    resource: "https://sv.example/api/mcp",
    createdAt: T0,
    revokedAt: null,
  };
  const code: AuthorizationCodeRecord = {
    codeHash: unique("code"),
    familyId: family.id,
    clientId,
    accountId,
    redirectUri: "http://127.0.0.1:4000/cb",
    codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    scopes: family.scopes,
    resource: family.resource,
    createdAt: T0,
    expiresAt: at(300_000),
    usedAt: null,
  };
  const tokens = (label: string): IssuedTokens => {
    const common = {
      familyId: family.id,
      clientId,
      accountId,
      scopes: family.scopes,
      resource: family.resource,
      createdAt: T0,
    };
    const access: AccessTokenRecord = {
      ...common,
      tokenHash: unique(`${label}-at`),
      scopes: ["url:lookup"],
      expiresAt: at(3_600_000),
    };
    const refresh: RefreshTokenRecord = {
      ...common,
      tokenHash: unique(`${label}-rt`),
      expiresAt: at(86_400_000),
      rotatedAt: null,
    };
    return { access, refresh };
  };
  return { clientId, accountId, family, code, tokens };
}

async function withClient(store: OAuthStore, clientId: string): Promise<void> {
  await store.createClient({
    clientId,
    secretHash: null,
    clientName: "Contract",
    redirectUris: ["http://127.0.0.1:4000/cb"],
    grantTypes: ["authorization_code", "refresh_token"],
    tokenEndpointAuthMethod: "none",
    createdAt: T0,
  });
}

export function oauthStoreContract(): OAuthStoreContractCase[] {
  return [
    {
      name: "stores and finds clients; an unknown id is null; a duplicate id is a conflict",
      async run({ store, unique }) {
        const id = unique("client");
        const client = {
          clientId: id,
          secretHash: "ab".repeat(32),
          clientName: "Assistant",
          redirectUris: ["https://claude.ai/api/mcp/auth_callback", "http://localhost:3000/cb"],
          grantTypes: ["authorization_code", "refresh_token"] as const,
          tokenEndpointAuthMethod: "client_secret_basic" as const,
          createdAt: T0,
        };
        await store.createClient(client);
        same(await store.findClient(id), client, "findClient");
        same(await store.findClient(unique("missing")), null, "unknown client");
        // saveClient inserts or replaces (a metadata document client, saved again on each fetch).
        const documentClient = { ...client, clientId: `https://app.example/${id}.json`, secretHash: null };
        await store.saveClient(documentClient);
        same(await store.findClient(documentClient.clientId), documentClient, "saveClient inserts");
        const renamed = { ...documentClient, clientName: "Renamed", redirectUris: ["http://localhost:4000/cb"] };
        await store.saveClient(renamed);
        same(await store.findClient(documentClient.clientId), renamed, "saveClient replaces");
        let error: unknown = null;
        try {
          await store.createClient(client);
        } catch (e) {
          error = e;
        }
        if (!(error instanceof StoreError) || error.kind !== "conflict")
          fail("duplicate client_id must throw StoreError conflict");
      },
    },
    {
      name: "a code is consumed once; later attempts see already_used with the first time",
      async run({ store, unique }) {
        const f = fixtures(unique);
        await withClient(store, f.clientId);
        await store.createCode(f.code, f.family);
        same(await store.findFamily(f.family.id), f.family, "family opened with the code");
        const first = await store.consumeCode(f.code.codeHash, at(1000));
        same(first, { status: "consumed", code: { ...f.code, usedAt: at(1000) } }, "first consume");
        const second = await store.consumeCode(f.code.codeHash, at(2000));
        same(second, { status: "already_used", code: { ...f.code, usedAt: at(1000) } }, "second consume");
        same(await store.consumeCode(unique("nope"), at(2000)), { status: "not_found" }, "unknown code");
      },
    },
    {
      name: "of concurrent consumers of one code exactly one wins",
      async run({ store, unique }) {
        const f = fixtures(unique);
        await withClient(store, f.clientId);
        await store.createCode(f.code, f.family);
        const outcomes = await Promise.all(
          Array.from({ length: 12 }, (_, i) => store.consumeCode(f.code.codeHash, at(i))),
        );
        same(outcomes.filter((o) => o.status === "consumed").length, 1, "winners");
        same(outcomes.filter((o) => o.status === "already_used").length, 11, "losers");
      },
    },
    {
      name: "tokens round-trip; revoking the family shows on both, keeps the first time and is idempotent",
      async run({ store, unique }) {
        const f = fixtures(unique);
        await withClient(store, f.clientId);
        await store.createCode(f.code, f.family);
        const t = f.tokens("a");
        await store.saveTokens(t);
        same(await store.findAccessToken(t.access.tokenHash), { record: t.access, familyRevokedAt: null }, "access");
        same(
          await store.findRefreshToken(t.refresh.tokenHash),
          { record: t.refresh, familyRevokedAt: null },
          "refresh",
        );
        same(await store.findAccessToken(unique("x")), null, "unknown access");
        same(await store.findRefreshToken(unique("x")), null, "unknown refresh");
        await store.revokeFamily(f.family.id, at(5000));
        await store.revokeFamily(f.family.id, at(9000));
        same((await store.findAccessToken(t.access.tokenHash))?.familyRevokedAt, at(5000), "access revoked");
        same((await store.findRefreshToken(t.refresh.tokenHash))?.familyRevokedAt, at(5000), "refresh revoked");
        same((await store.findFamily(f.family.id))?.revokedAt, at(5000), "family revoked");
        await store.revokeFamily(unique("no-family"), at(5000));
      },
    },
    {
      name: "rotation marks the token and stores the next pair; a second rotation is already_rotated",
      async run({ store, unique }) {
        const f = fixtures(unique);
        await withClient(store, f.clientId);
        await store.createCode(f.code, f.family);
        const first = f.tokens("first");
        const next = f.tokens("next");
        await store.saveTokens(first);
        same(
          await store.rotateRefreshToken(first.refresh.tokenHash, at(60_000), next),
          { status: "rotated" },
          "rotate",
        );
        same((await store.findRefreshToken(first.refresh.tokenHash))?.record.rotatedAt, at(60_000), "rotatedAt");
        same(
          await store.findRefreshToken(next.refresh.tokenHash),
          { record: next.refresh, familyRevokedAt: null },
          "next refresh",
        );
        same(
          await store.findAccessToken(next.access.tokenHash),
          { record: next.access, familyRevokedAt: null },
          "next access",
        );
        const again = f.tokens("again");
        same(
          await store.rotateRefreshToken(first.refresh.tokenHash, at(61_000), again),
          { status: "already_rotated" },
          "replay",
        );
        same(await store.findRefreshToken(again.refresh.tokenHash), null, "nothing stored on replay");
        same(
          await store.rotateRefreshToken(unique("x"), at(61_000), f.tokens("u")),
          { status: "not_found" },
          "unknown",
        );
      },
    },
    {
      name: "of concurrent rotations of one refresh token exactly one wins and only its pair is stored",
      async run({ store, unique }) {
        const f = fixtures(unique);
        await withClient(store, f.clientId);
        await store.createCode(f.code, f.family);
        const first = f.tokens("first");
        await store.saveTokens(first);
        const nexts = Array.from({ length: 10 }, (_, i) => f.tokens(`n${i}`));
        const outcomes = await Promise.all(
          nexts.map((n) => store.rotateRefreshToken(first.refresh.tokenHash, at(1), n)),
        );
        same(outcomes.filter((o) => o.status === "rotated").length, 1, "winners");
        const stored = await Promise.all(nexts.map((n) => store.findRefreshToken(n.refresh.tokenHash)));
        same(stored.filter((s) => s !== null).length, 1, "pairs stored");
        const winner = outcomes.findIndex((o) => o.status === "rotated");
        if (stored[winner] === null) fail("the winner's pair must be the one stored");
      },
    },
    {
      name: "a token of a revoked family does not rotate",
      async run({ store, unique }) {
        const f = fixtures(unique);
        await withClient(store, f.clientId);
        await store.createCode(f.code, f.family);
        const first = f.tokens("first");
        await store.saveTokens(first);
        await store.revokeFamily(f.family.id, at(10));
        const next = f.tokens("next");
        same(await store.rotateRefreshToken(first.refresh.tokenHash, at(20), next), { status: "revoked" }, "rotate");
        same(await store.findAccessToken(next.access.tokenHash), null, "nothing stored");
      },
    },
    {
      name: "sessions are found until they expire and can be deleted",
      async run({ store, unique }) {
        const session = {
          idHash: unique("session"),
          accountId: unique("account"),
          createdAt: T0,
          expiresAt: at(3_600_000),
        };
        await store.createSession(session);
        same(await store.findSession(session.idHash, at(1000)), session, "live session");
        same(await store.findSession(session.idHash, at(3_600_000)), null, "expired session");
        same(await store.findSession(unique("other"), at(0)), null, "unknown session");
        await store.deleteSession(session.idHash);
        await store.deleteSession(session.idHash);
        same(await store.findSession(session.idHash, at(1000)), null, "deleted session");
      },
    },
  ];
}
