/**
 * Endpoints of features that config.toml leaves off (as a hosted project does by default): SAML
 * SSO, MFA factors, manual identity linking, passkeys and the OAuth 2.1 server. Each answers what
 * GoTrue answers then, after the same checks in the same order (its router's middleware: admin
 * credentials or a signed-in user first where GoTrue asks for them, then the feature switch), so
 * auth-js reports GoTrue's own "… is disabled" errors instead of a 404 from an unknown route.
 * Switched on, they are not provided by this stack: 501, saying so.
 */
import { sendJson } from '../../gateway/http.ts';
import { readJson, requireAdmin, requireUser, type RouteContext } from '../context.ts';
import { authError, errors } from '../errors.ts';
import { findUserById } from '../users.ts';
import { isUuid } from '../validation.ts';
import { stringField } from '../validation.ts';

async function signedInNotAnonymous(ctx: RouteContext): Promise<void> {
  const { user } = await requireUser(ctx);
  if (user.is_anonymous) throw errors.notAnonymous();
}

/** GoTrue's loadUser middleware of /admin/users/{user_id}/…: a UUID of an existing user. */
async function adminTargetUser(ctx: RouteContext, rawId: string | undefined): Promise<void> {
  await requireAdmin(ctx);
  const id = decodeURIComponent(rawId ?? '');
  if (!isUuid(id)) throw errors.validationNotFound();
  if (!(await findUserById(ctx.env.pool, id))) throw errors.userNotFound();
}

/** GoTrue's loadFactor: no factor can exist while every factor type's enrolment is off. */
function loadFactor(rawId: string | undefined): never {
  if (!isUuid(decodeURIComponent(rawId ?? ''))) throw errors.factorIdNotUuid();
  throw errors.factorNotFound();
}

/** POST /sso, /sso/saml/metadata, /sso/saml/acs (requireSAMLEnabled). */
export async function sso(): Promise<void> {
  await Promise.resolve();
  throw errors.samlDisabled();
}

/** GET /admin/sso/providers: no provider can exist without SAML. */
export async function listSsoProviders(ctx: RouteContext): Promise<void> {
  await requireAdmin(ctx);
  sendJson(ctx.res, 200, { items: [] });
}

/** POST /admin/sso/providers: GoTrue's checks of the request, then SAML's switch. */
export async function createSsoProvider(ctx: RouteContext): Promise<void> {
  await requireAdmin(ctx);
  const body = await readJson(ctx);
  if (stringField(body, 'type') !== 'saml') {
    throw errors.validation("Only 'saml' supported for SSO provider type");
  }
  throw errors.samlDisabled();
}

/** GET, PUT, DELETE /admin/sso/providers/{idp_id} (loadSSOProvider). */
export async function ssoProvider(ctx: RouteContext): Promise<void> {
  await requireAdmin(ctx);
  throw errors.ssoProviderNotFound();
}

const FACTOR_TYPES = {
  totp: { key: 'totp', label: 'TOTP' },
  phone: { key: 'phone', label: 'Phone' },
  webauthn: { key: 'webauthn', label: 'WebAuthn' },
} as const;

/** POST /factors (EnrollFactor): per factor type, enrolment's switch. */
export async function enrollFactor(ctx: RouteContext): Promise<void> {
  await signedInNotAnonymous(ctx);
  const body = await readJson(ctx);
  const type = FACTOR_TYPES[stringField(body, 'factor_type') as keyof typeof FACTOR_TYPES];
  if (!type) throw errors.validation('factor_type needs to be totp, phone, or webauthn');
  if (!ctx.env.settings.features.mfa[type.key].enroll) {
    throw authError(422, `mfa_${type.key}_enroll_not_enabled`, `MFA enroll is disabled for ${type.label}`);
  }
  throw errors.notProvided(`MFA (${type.label})`);
}

/** POST /factors/{id}/challenge, /factors/{id}/verify and DELETE /factors/{id}. */
export async function factor(ctx: RouteContext, params: string[]): Promise<void> {
  await signedInNotAnonymous(ctx);
  loadFactor(params[0]);
}

/** GET /admin/users/{id}/factors: the user's factors, none. */
export async function adminListFactors(ctx: RouteContext, params: string[]): Promise<void> {
  await adminTargetUser(ctx, params[0]);
  sendJson(ctx.res, 200, []);
}

/** PUT, DELETE /admin/users/{id}/factors/{factor_id}. */
export async function adminFactor(ctx: RouteContext, params: string[]): Promise<void> {
  await adminTargetUser(ctx, params[0]);
  loadFactor(params[1]);
}

/** Everything under /passkeys (requirePasskeyEnabled, before any other check). */
export async function passkeys(ctx: RouteContext): Promise<void> {
  await Promise.resolve();
  if (!ctx.env.settings.features.passkey) throw errors.passkeysDisabled();
  throw errors.notProvided('Passkeys');
}

/** GET /admin/users/{id}/passkeys: none. */
export async function adminListPasskeys(ctx: RouteContext, params: string[]): Promise<void> {
  await adminTargetUser(ctx, params[0]);
  sendJson(ctx.res, 200, []);
}

/** DELETE /admin/users/{id}/passkeys/{passkey_id}. */
export async function adminDeletePasskey(ctx: RouteContext, params: string[]): Promise<void> {
  await adminTargetUser(ctx, params[0]);
  throw authError(404, 'validation_failed', 'Passkey not found');
}

/** GET /user/identities/authorize, DELETE /user/identities/{id} (requireManualLinkingEnabled). */
export async function identities(ctx: RouteContext): Promise<void> {
  await requireUser(ctx);
  if (!ctx.env.settings.features.manualLinking) throw errors.manualLinkingDisabled();
  throw errors.notProvided('Manual identity linking');
}

function oauthServerOff(ctx: RouteContext): never {
  if (!ctx.env.settings.features.oauthServer) throw errors.oauthServerDisabled();
  throw errors.notProvided('The OAuth 2.1 server');
}

/** /oauth/* and /.well-known/oauth-authorization-server (requireOAuthServerEnabled first). */
export async function oauthServer(ctx: RouteContext): Promise<void> {
  await Promise.resolve();
  oauthServerOff(ctx);
}

/** /admin/oauth/clients… (admin credentials, then the switch). */
export async function adminOauthServer(ctx: RouteContext): Promise<void> {
  await requireAdmin(ctx);
  oauthServerOff(ctx);
}

/** /user/oauth/grants (a signed-in user, then the switch). */
export async function userOauthGrants(ctx: RouteContext): Promise<void> {
  await requireUser(ctx);
  oauthServerOff(ctx);
}
