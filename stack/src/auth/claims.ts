/** Access-token claims and the session response, as GoTrue issues them. */
import { DEFAULT_AUD, DEFAULT_ROLE, userJson, type IdentityRow, type Json, type UserRow } from './user-json.ts';

export interface SessionInfo {
  id: string;
  /** Unix seconds at which the session was authenticated (amr timestamp). */
  authenticatedAt: number;
}

export interface TokenSettings {
  issuer: string;
  jwtExpiry: number;
}

export function accessTokenClaims(
  user: UserRow,
  session: SessionInfo,
  settings: TokenSettings,
  nowSeconds: number,
): Json {
  return {
    iss: settings.issuer,
    sub: user.id,
    aud: user.aud || DEFAULT_AUD,
    exp: nowSeconds + settings.jwtExpiry,
    iat: nowSeconds,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || DEFAULT_ROLE,
    aal: 'aal1',
    amr: [{ method: user.is_anonymous ? 'anonymous' : 'password', timestamp: session.authenticatedAt }],
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  };
}

export function sessionResponse(
  accessToken: string,
  refreshToken: string,
  claims: Json,
  settings: TokenSettings,
  user: UserRow,
  identities: IdentityRow[],
): Json {
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: settings.jwtExpiry,
    expires_at: claims.exp,
    refresh_token: refreshToken,
    user: userJson(user, identities),
  };
}
