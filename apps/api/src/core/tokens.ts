import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { AppError } from './errors';

export interface AccessTokenClaims {
  sub: string;
  role: string;
  sid: string;
}

export interface TokenService {
  signAccess(claims: AccessTokenClaims): string;
  verifyAccess(token: string): AccessTokenClaims;
}

export function createTokenService(secret: string, accessTokenTtl: string): TokenService {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: accessTokenTtl });
  const verify = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  return {
    signAccess: (claims) => sign({ ...claims }),
    verifyAccess(token) {
      try {
        const payload = verify(token) as Partial<AccessTokenClaims>;
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
          throw new AppError('UNAUTHORIZED', 'Invalid token');
        }
        return { sub: payload.sub, role: String(payload.role), sid: payload.sid };
      } catch (error) {
        if (error instanceof TokenError && error.code === TokenError.codes.expired) {
          throw new AppError('TOKEN_EXPIRED', 'Access token expired');
        }
        if (error instanceof AppError) throw error;
        throw new AppError('UNAUTHORIZED', 'Invalid token');
      }
    },
  };
}

/** An opaque random token for refresh, reset and verification links. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
