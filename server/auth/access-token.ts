import { createHash } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../contract/index.js';

/** The one algorithm accepted; a token naming any other (`none` included) is refused. */
const ALGORITHM = 'HS256';
const AUDIENCE = 'brakehouse-api';

export interface AccessTokenClaims {
  userId: string;
  /** The sign-in session the token was issued for: the token lives only as long as it does. */
  sessionId: string;
  email: string;
  role: Role;
}

export type TokenCheck = { ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** The signing key, derived from the auth secret so that session cookies and tokens never share a key. */
export const accessTokenKey = (secret: string) => createHash('sha256').update(`access-token:${secret}`).digest();

/**
 * Signed, expiring bearer tokens for the API, each bound to the sign-in session it was issued for
 * (the guards check that the session still lives).
 */
export function createAccessTokens({
  secret,
  issuer,
  ttlMinutes,
}: {
  secret: string;
  issuer: string;
  ttlMinutes: number;
}) {
  const key = accessTokenKey(secret);

  return {
    async issue(claims: AccessTokenClaims): Promise<{ token: string; expiresAt: Date }> {
      const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
      const token = await new SignJWT({ email: claims.email, role: claims.role, sid: claims.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },

    async verify(token: string): Promise<TokenCheck> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer, audience: AUDIENCE });
        const { sub, sid, email } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || typeof email !== 'string')
          return { ok: false, reason: 'invalid' };
        const role: Role = payload.role === 'admin' ? 'admin' : 'customer';
        return { ok: true, claims: { userId: sub, sessionId: sid, email, role } };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
