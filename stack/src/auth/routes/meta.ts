/** GET /settings, /health and /.well-known/jwks.json. */
import { sendJson } from '../../gateway/http.ts';
import type { RouteContext } from '../context.ts';

const EXTERNAL_PROVIDERS = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'zoom',
];

export function settingsBody(settings: RouteContext['env']['settings']): Record<string, unknown> {
  const external: Record<string, boolean> = { anonymous_users: settings.enableAnonymousSignIns };
  for (const provider of EXTERNAL_PROVIDERS) external[provider] = false;
  external.email = true;
  external.phone = false;
  return {
    external,
    disable_signup: !settings.enableSignup,
    mailer_autoconfirm: !settings.enableConfirmations,
    phone_autoconfirm: true,
    sms_provider: 'twilio',
    saml_enabled: false,
  };
}

export async function getSettings(ctx: RouteContext): Promise<void> {
  sendJson(ctx.res, 200, settingsBody(ctx.env.settings));
}

export async function health(ctx: RouteContext): Promise<void> {
  sendJson(ctx.res, 200, {
    version: 'v2.177.0',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
}

/** The legacy HS256 secret is symmetric, so there is no public key to publish. */
export async function jwks(ctx: RouteContext): Promise<void> {
  sendJson(ctx.res, 200, { keys: [] });
}
