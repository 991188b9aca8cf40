/**
 * Features that config.toml leaves off, as a hosted project has them by default, answer through
 * auth-js with GoTrue's own errors (supabase/auth: middleware.go requireSAMLEnabled,
 * requireManualLinkingEnabled, requirePasskeyEnabled, requireOAuthServerEnabled; mfa.go
 * EnrollFactor and loadFactor; web3.go Web3Grant; token_oidc.go IdTokenGrant; token.go for an
 * unknown grant), not a 404 from a route the stack does not know.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient, signedInUser } from '../../tests/support/clients.ts';
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY } from '../../tests/support/stack-env.ts';

async function call(
  method: string,
  path: string,
  token = ANON_KEY,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${API_URL}/auth/v1${path}`, {
    method,
    headers: {
      apikey: ANON_KEY,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('features config.toml leaves off', () => {
  it('SAML SSO: 404 saml_provider_disabled, "SAML 2.0 is disabled"', async () => {
    const { data, error } = await anonClient().auth.signInWithSSO({ domain: 'example.com' });
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
    const metadata = await call('GET', '/sso/saml/metadata');
    expect(metadata).toMatchObject({ status: 404, body: { code: 'saml_provider_disabled' } });
    const list = await call('GET', '/admin/sso/providers', SERVICE_ROLE_KEY);
    expect(list).toEqual({ status: 200, body: { items: [] } });
  });

  it('MFA: enrolment is disabled per factor type, and no factor exists to challenge', async () => {
    const user = await signedInUser('mfa-off');
    const totp = await user.client.auth.mfa.enroll({ factorType: 'totp' });
    expect(totp.error).toMatchObject({
      status: 422,
      code: 'mfa_totp_enroll_not_enabled',
      message: 'MFA enroll is disabled for TOTP',
    });
    const phone = await user.client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error).toMatchObject({
      code: 'mfa_phone_enroll_not_enabled',
      message: 'MFA enroll is disabled for Phone',
    });
    const challenge = await user.client.auth.mfa.challenge({ factorId: randomUUID() });
    expect(challenge.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found', message: 'Factor not found' });
    const admin = await serviceClient().auth.admin.mfa.listFactors({ userId: user.userId });
    expect(admin.error).toBeNull();
    expect(admin.data?.factors).toEqual([]);
  });

  it('manual identity linking: 404 manual_linking_disabled', async () => {
    const user = await signedInUser('link-off');
    const { error } = await user.client.auth.linkIdentity({
      provider: 'github',
      options: { skipBrowserRedirect: true },
    });
    expect(error).toMatchObject({
      status: 404,
      code: 'manual_linking_disabled',
      message: 'Manual linking is disabled',
    });
    const unlink = await call('DELETE', `/user/identities/${randomUUID()}`, user.accessToken);
    expect(unlink).toMatchObject({ status: 404, body: { code: 'manual_linking_disabled' } });
  });

  it('Web3 and ID-token sign-ins: the provider is disabled', async () => {
    const web3 = await call('POST', '/token?grant_type=web3', ANON_KEY, {
      chain: 'ethereum',
      message: 'x',
      signature: 'y',
    });
    expect(web3).toEqual({
      status: 422,
      body: { code: 'web3_provider_disabled', message: 'Web3 provider is disabled' },
    });
    const { error } = await anonClient().auth.signInWithIdToken({ provider: 'google', token: 'not-checked' });
    expect(error).toMatchObject({
      status: 400,
      code: 'provider_disabled',
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    });
    const unknown = await call('POST', '/token?grant_type=magic', ANON_KEY, {});
    expect(unknown).toEqual({ status: 400, body: { code: 'invalid_credentials', message: 'unsupported_grant_type' } });
  });

  it('passkeys and the OAuth 2.1 server: GoTrue’s "disabled" 404s', async () => {
    const passkey = await call('POST', '/passkeys/authentication/options', ANON_KEY, {});
    expect(passkey).toEqual({ status: 404, body: { code: 'passkey_disabled', message: 'Passkeys are disabled' } });
    const { data, error } = await serviceClient().auth.admin.oauth.listClients();
    expect(data).toMatchObject({ clients: [] });
    expect(error).toMatchObject({ status: 404, code: 'feature_disabled', message: 'OAuth server is disabled' });
    const authorize = await call('GET', '/oauth/authorize?client_id=x');
    expect(authorize).toMatchObject({ status: 404, body: { code: 'feature_disabled' } });
    // Admin endpoints still ask for admin credentials first, as GoTrue's router does.
    const notAdmin = await call('GET', '/admin/oauth/clients');
    expect(notAdmin).toMatchObject({ status: 403, body: { code: 'not_admin' } });
  });
});
