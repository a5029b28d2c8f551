// OAuthStore on the oauth_* tables (migration 004). Single use of codes and refresh tokens is a conditional UPDATE
// (`... WHERE used_at IS NULL RETURNING`): the row lock makes exactly one of many concurrent callers, in any number
// of processes, see a row come back. Scopes are stored space-separated, URI lists as jsonb.
import type {
  AccessTokenRecord,
  AuthorizationCodeRecord,
  ConsumeCodeOutcome,
  GrantType,
  IssuedTokens,
  OAuthClient,
  OAuthSession,
  OAuthStore,
  RefreshTokenRecord,
  RotateOutcome,
  TokenEndpointAuthMethod,
  TokenFamily,
  WithFamily,
} from "@scamverify/core";
import type { Db } from "./db.js";

interface ClientRow {
  client_id: string;
  secret_hash: string | null;
  client_name: string;
  redirect_uris: string[];
  grant_types: GrantType[];
  token_endpoint_auth_method: TokenEndpointAuthMethod;
  created_at: Date;
}

interface FamilyRow {
  id: string;
  client_id: string;
  account_id: string;
  scopes: string;
  resource: string;
  created_at: Date;
  revoked_at: Date | null;
}

interface CodeRow {
  code_hash: string;
  family_id: string;
  client_id: string;
  account_id: string;
  redirect_uri: string;
  code_challenge: string;
  scopes: string;
  resource: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

interface TokenRow {
  token_hash: string;
  family_id: string;
  client_id: string;
  account_id: string;
  scopes: string;
  resource: string;
  created_at: Date;
  expires_at: Date;
  rotated_at?: Date | null;
  family_revoked_at: Date | null;
}

interface SessionRow {
  id_hash: string;
  account_id: string;
  created_at: Date;
  expires_at: Date;
}

const splitScopes = (s: string): string[] => s.split(" ").filter((x) => x.length > 0);
const joinScopes = (s: readonly string[]): string => s.join(" ");

function toClient(r: ClientRow): OAuthClient {
  return {
    clientId: r.client_id,
    secretHash: r.secret_hash,
    clientName: r.client_name,
    redirectUris: r.redirect_uris,
    grantTypes: r.grant_types,
    tokenEndpointAuthMethod: r.token_endpoint_auth_method,
    createdAt: r.created_at,
  };
}

function toFamily(r: FamilyRow): TokenFamily {
  return {
    id: r.id,
    clientId: r.client_id,
    accountId: r.account_id,
    scopes: splitScopes(r.scopes),
    resource: r.resource,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
  };
}

function toCode(r: CodeRow): AuthorizationCodeRecord {
  return {
    codeHash: r.code_hash,
    familyId: r.family_id,
    clientId: r.client_id,
    accountId: r.account_id,
    redirectUri: r.redirect_uri,
    codeChallenge: r.code_challenge,
    scopes: splitScopes(r.scopes),
    resource: r.resource,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    usedAt: r.used_at,
  };
}

function toAccess(r: TokenRow): AccessTokenRecord {
  return {
    tokenHash: r.token_hash,
    familyId: r.family_id,
    clientId: r.client_id,
    accountId: r.account_id,
    scopes: splitScopes(r.scopes),
    resource: r.resource,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
  };
}

function toRefresh(r: TokenRow): RefreshTokenRecord {
  return { ...toAccess(r), rotatedAt: r.rotated_at ?? null };
}

const TOKEN_COLUMNS = "token_hash, family_id, client_id, account_id, scopes, resource, created_at, expires_at";

async function insertTokens(db: Db, tokens: IssuedTokens): Promise<void> {
  const a = tokens.access;
  const r = tokens.refresh;
  await db.query(`INSERT INTO oauth_access_tokens (${TOKEN_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
    a.tokenHash,
    a.familyId,
    a.clientId,
    a.accountId,
    joinScopes(a.scopes),
    a.resource,
    a.createdAt,
    a.expiresAt,
  ]);
  await db.query(
    `INSERT INTO oauth_refresh_tokens (${TOKEN_COLUMNS}, rotated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      r.tokenHash,
      r.familyId,
      r.clientId,
      r.accountId,
      joinScopes(r.scopes),
      r.resource,
      r.createdAt,
      r.expiresAt,
      r.rotatedAt,
    ],
  );
}

export class SqlOAuthStore implements OAuthStore {
  constructor(private readonly db: Db) {}

  async createClient(client: OAuthClient): Promise<void> {
    await this.writeClient(client, "");
  }

  async saveClient(client: OAuthClient): Promise<void> {
    await this.writeClient(
      client,
      `ON CONFLICT (client_id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash, client_name = EXCLUDED.client_name,
         redirect_uris = EXCLUDED.redirect_uris, grant_types = EXCLUDED.grant_types,
         token_endpoint_auth_method = EXCLUDED.token_endpoint_auth_method`,
    );
  }

  /** Inserts the client's row; `onConflict` is the statement's ON CONFLICT clause (empty: a duplicate fails). */
  private async writeClient(client: OAuthClient, onConflict: string): Promise<void> {
    await this.db.query(
      `INSERT INTO oauth_clients (client_id, secret_hash, client_name, redirect_uris, grant_types, token_endpoint_auth_method, created_at)
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7) ${onConflict}`,
      [
        client.clientId,
        client.secretHash,
        client.clientName,
        JSON.stringify(client.redirectUris),
        JSON.stringify(client.grantTypes),
        client.tokenEndpointAuthMethod,
        client.createdAt,
      ],
    );
  }

  async findClient(clientId: string): Promise<OAuthClient | null> {
    const { rows } = await this.db.query<ClientRow>("SELECT * FROM oauth_clients WHERE client_id = $1", [clientId]);
    return rows[0] ? toClient(rows[0]) : null;
  }

  async createCode(code: AuthorizationCodeRecord, family: TokenFamily): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO oauth_families (id, client_id, account_id, scopes, resource, created_at, revoked_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          family.id,
          family.clientId,
          family.accountId,
          joinScopes(family.scopes),
          family.resource,
          family.createdAt,
          family.revokedAt,
        ],
      );
      await tx.query(
        `INSERT INTO oauth_codes (code_hash, family_id, client_id, account_id, redirect_uri, code_challenge, scopes, resource,
                                  created_at, expires_at, used_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          code.codeHash,
          code.familyId,
          code.clientId,
          code.accountId,
          code.redirectUri,
          code.codeChallenge,
          joinScopes(code.scopes),
          code.resource,
          code.createdAt,
          code.expiresAt,
          code.usedAt,
        ],
      );
    });
  }

  async consumeCode(codeHash: string, at: Date): Promise<ConsumeCodeOutcome> {
    const consumed = await this.db.query<CodeRow>(
      "UPDATE oauth_codes SET used_at = $2 WHERE code_hash = $1 AND used_at IS NULL RETURNING *",
      [codeHash, at],
    );
    if (consumed.rows[0]) return { status: "consumed", code: toCode(consumed.rows[0]) };
    const { rows } = await this.db.query<CodeRow>("SELECT * FROM oauth_codes WHERE code_hash = $1", [codeHash]);
    return rows[0] ? { status: "already_used", code: toCode(rows[0]) } : { status: "not_found" };
  }

  async findFamily(familyId: string): Promise<TokenFamily | null> {
    const { rows } = await this.db.query<FamilyRow>("SELECT * FROM oauth_families WHERE id = $1", [familyId]);
    return rows[0] ? toFamily(rows[0]) : null;
  }

  async revokeFamily(familyId: string, at: Date): Promise<void> {
    await this.db.query("UPDATE oauth_families SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL", [
      familyId,
      at,
    ]);
  }

  async saveTokens(tokens: IssuedTokens): Promise<void> {
    await this.db.transaction((tx) => insertTokens(tx, tokens));
  }

  async findAccessToken(tokenHash: string): Promise<WithFamily<AccessTokenRecord> | null> {
    const { rows } = await this.db.query<TokenRow>(
      `SELECT t.*, f.revoked_at AS family_revoked_at
       FROM oauth_access_tokens t JOIN oauth_families f ON f.id = t.family_id WHERE t.token_hash = $1`,
      [tokenHash],
    );
    return rows[0] ? { record: toAccess(rows[0]), familyRevokedAt: rows[0].family_revoked_at } : null;
  }

  async findRefreshToken(tokenHash: string): Promise<WithFamily<RefreshTokenRecord> | null> {
    const { rows } = await this.db.query<TokenRow>(
      `SELECT t.*, f.revoked_at AS family_revoked_at
       FROM oauth_refresh_tokens t JOIN oauth_families f ON f.id = t.family_id WHERE t.token_hash = $1`,
      [tokenHash],
    );
    return rows[0] ? { record: toRefresh(rows[0]), familyRevokedAt: rows[0].family_revoked_at } : null;
  }

  async rotateRefreshToken(tokenHash: string, at: Date, next: IssuedTokens): Promise<RotateOutcome> {
    return this.db.transaction(async (tx) => {
      const rotated = await tx.query<{ family_id: string }>(
        `UPDATE oauth_refresh_tokens t SET rotated_at = $2
         WHERE t.token_hash = $1 AND t.rotated_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM oauth_families f WHERE f.id = t.family_id AND f.revoked_at IS NOT NULL)
         RETURNING t.family_id`,
        [tokenHash, at],
      );
      if (rotated.rows.length > 0) {
        await insertTokens(tx, next);
        return { status: "rotated" } as const;
      }
      const { rows } = await tx.query<{ rotated_at: Date | null; family_revoked_at: Date | null }>(
        `SELECT t.rotated_at, f.revoked_at AS family_revoked_at
         FROM oauth_refresh_tokens t JOIN oauth_families f ON f.id = t.family_id WHERE t.token_hash = $1`,
        [tokenHash],
      );
      const row = rows[0];
      if (!row) return { status: "not_found" } as const;
      return row.rotated_at !== null ? ({ status: "already_rotated" } as const) : ({ status: "revoked" } as const);
    });
  }

  async createSession(session: OAuthSession): Promise<void> {
    await this.db.query(
      "INSERT INTO oauth_sessions (id_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
      [session.idHash, session.accountId, session.createdAt, session.expiresAt],
    );
  }

  async findSession(idHash: string, now: Date): Promise<OAuthSession | null> {
    const { rows } = await this.db.query<SessionRow>(
      "SELECT * FROM oauth_sessions WHERE id_hash = $1 AND expires_at > $2",
      [idHash, now],
    );
    const r = rows[0];
    return r ? { idHash: r.id_hash, accountId: r.account_id, createdAt: r.created_at, expiresAt: r.expires_at } : null;
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.db.query("DELETE FROM oauth_sessions WHERE id_hash = $1", [idHash]);
  }

  /** Deletes codes, tokens and sessions expired before `before` (a maintenance job; not part of the port). */
  async purgeExpired(before: Date): Promise<number> {
    let total = 0;
    for (const table of ["oauth_codes", "oauth_access_tokens", "oauth_refresh_tokens", "oauth_sessions"]) {
      const res = await this.db.query(`DELETE FROM ${table} WHERE expires_at < $1`, [before]);
      total += res.rowCount;
    }
    return total;
  }
}
