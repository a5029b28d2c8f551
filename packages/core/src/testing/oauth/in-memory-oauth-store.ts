// In-memory OAuthStore: the reference behaviour of the port. Every check-and-set runs without an await in between,
// which is what makes it atomic on one event loop (the SQL adapter gets the same from the database).
import type {
  AccessTokenRecord,
  AuthorizationCodeRecord,
  ConsumeCodeOutcome,
  IssuedTokens,
  OAuthClient,
  OAuthSession,
  OAuthStore,
  RefreshTokenRecord,
  RotateOutcome,
  TokenFamily,
  WithFamily,
} from "../../ports/oauth-store.js";
import { StoreError } from "../../errors.js";

export class InMemoryOAuthStore implements OAuthStore {
  private readonly clients = new Map<string, OAuthClient>();
  private readonly codes = new Map<string, AuthorizationCodeRecord>();
  private readonly families = new Map<string, TokenFamily>();
  private readonly access = new Map<string, AccessTokenRecord>();
  private readonly refresh = new Map<string, RefreshTokenRecord>();
  private readonly sessions = new Map<string, OAuthSession>();

  async createClient(client: OAuthClient): Promise<void> {
    if (this.clients.has(client.clientId)) throw new StoreError("conflict", "client_id exists", false);
    this.clients.set(client.clientId, {
      ...client,
      redirectUris: [...client.redirectUris],
      grantTypes: [...client.grantTypes],
    });
  }

  async saveClient(client: OAuthClient): Promise<void> {
    this.clients.set(client.clientId, {
      ...client,
      redirectUris: [...client.redirectUris],
      grantTypes: [...client.grantTypes],
    });
  }

  async findClient(clientId: string): Promise<OAuthClient | null> {
    return this.clients.get(clientId) ?? null;
  }

  async createCode(code: AuthorizationCodeRecord, family: TokenFamily): Promise<void> {
    if (this.codes.has(code.codeHash) || this.families.has(family.id)) {
      throw new StoreError("conflict", "code or family exists", false);
    }
    this.families.set(family.id, { ...family });
    this.codes.set(code.codeHash, { ...code });
  }

  async consumeCode(codeHash: string, at: Date): Promise<ConsumeCodeOutcome> {
    const code = this.codes.get(codeHash);
    if (!code) return { status: "not_found" };
    if (code.usedAt !== null) return { status: "already_used", code };
    const used = { ...code, usedAt: at };
    this.codes.set(codeHash, used);
    return { status: "consumed", code: used };
  }

  async findFamily(familyId: string): Promise<TokenFamily | null> {
    return this.families.get(familyId) ?? null;
  }

  async revokeFamily(familyId: string, at: Date): Promise<void> {
    const family = this.families.get(familyId);
    if (family && family.revokedAt === null) this.families.set(familyId, { ...family, revokedAt: at });
  }

  async saveTokens(tokens: IssuedTokens): Promise<void> {
    if (!this.families.has(tokens.access.familyId)) throw new StoreError("internal", "unknown family", false);
    this.access.set(tokens.access.tokenHash, { ...tokens.access });
    this.refresh.set(tokens.refresh.tokenHash, { ...tokens.refresh });
  }

  async findAccessToken(tokenHash: string): Promise<WithFamily<AccessTokenRecord> | null> {
    const record = this.access.get(tokenHash);
    return record ? { record, familyRevokedAt: this.families.get(record.familyId)?.revokedAt ?? null } : null;
  }

  async findRefreshToken(tokenHash: string): Promise<WithFamily<RefreshTokenRecord> | null> {
    const record = this.refresh.get(tokenHash);
    return record ? { record, familyRevokedAt: this.families.get(record.familyId)?.revokedAt ?? null } : null;
  }

  async rotateRefreshToken(tokenHash: string, at: Date, next: IssuedTokens): Promise<RotateOutcome> {
    const token = this.refresh.get(tokenHash);
    if (!token) return { status: "not_found" };
    if (token.rotatedAt !== null) return { status: "already_rotated" };
    if ((this.families.get(token.familyId)?.revokedAt ?? null) !== null) return { status: "revoked" };
    this.refresh.set(tokenHash, { ...token, rotatedAt: at });
    this.access.set(next.access.tokenHash, { ...next.access });
    this.refresh.set(next.refresh.tokenHash, { ...next.refresh });
    return { status: "rotated" };
  }

  async createSession(session: OAuthSession): Promise<void> {
    this.sessions.set(session.idHash, { ...session });
  }

  async findSession(idHash: string, now: Date): Promise<OAuthSession | null> {
    const s = this.sessions.get(idHash);
    return s && s.expiresAt.getTime() > now.getTime() ? s : null;
  }

  async deleteSession(idHash: string): Promise<void> {
    this.sessions.delete(idHash);
  }
}
