/**
 * Inviting workers by email (issue 30) through supabase-js against the local stack: the
 * invite-workers function as the dashboard calls it (invite, re-invite, already employed, an
 * address with an account, invalid, the free plan's places counting pending invitations, callers
 * that are not agencies), the emailed link as the worker follows it, and accepting
 * (claim_staff_invites) as the staff app does.
 */
import { describe, expect, it } from 'vitest';
import { isInvitableEmail } from '@shared/lib/staff-invites.ts';
import { config } from '../../stack/src/config.ts';
import { anonClient, superuser, TEST_PASSWORD, uniqueEmail } from '../support/clients.ts';
import { mailTo, verifyLinkIn, waitForMail } from '../support/mail.ts';
import { ANON_KEY, API_URL } from '../support/stack-env.ts';
import { companyCode, signUpCompany, signUpWorker, typedAnonClient, type Account, type Client } from './helpers.ts';

/** The staff app this stack's functions send invitation links to (.env.example's STAFF_APP_URL). */
const STAFF_APP = `http://${config.host}:${config.staffAppPort}`;

interface Answer {
  results: { email: string; status: string }[];
}

async function invite(
  caller: { client: Client },
  invitees: { email: string; name?: string }[],
): Promise<{ status: number; body: unknown }> {
  const { data, error } = await caller.client.functions.invoke<Answer>('invite-workers', { body: { invitees } });
  if (!error) return { status: 200, body: data };
  const context = (error as { context?: unknown }).context;
  if (!(context instanceof Response)) throw error;
  return { status: context.status, body: await context.json() };
}

async function statuses(caller: { client: Client }, invitees: { email: string; name?: string }[]) {
  const { status, body } = await invite(caller, invitees);
  expect(status, JSON.stringify(body)).toBe(200);
  return Object.fromEntries((body as Answer).results.map((r) => [r.email, r.status]));
}

async function pendingInvites(company: Account) {
  const { data, error } = await company.client
    .from('staff_invites')
    .select('id, email, name, status, send_count')
    .eq('status', 'pending')
    .order('email');
  if (error) throw error;
  return data;
}

/** Opens the emailed link as a browser would: Auth verifies it and redirects with the session. */
async function followLink(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

/** The invited person signed in by the link's session, as supabase-js in the staff app takes it. */
async function signedInFromLanding(landing: URL): Promise<Client> {
  const fragment = new URLSearchParams(landing.hash.slice(1));
  const client = typedAnonClient();
  const { error } = await client.auth.setSession({
    access_token: fragment.get('access_token') ?? '',
    refresh_token: fragment.get('refresh_token') ?? '',
  });
  if (error) throw error;
  return client;
}

describe('invite-workers', () => {
  it('invites by email; the link opens the staff app signed in; a password and accepting employ the worker', async () => {
    const company = await signUpCompany('invite-agency');
    const email = uniqueEmail('invitee');
    expect(await statuses(company, [{ email: email.toUpperCase(), name: 'Nora Jean Smith' }])).toEqual({
      [email]: 'invited',
    });
    expect(await pendingInvites(company)).toEqual([
      expect.objectContaining({ email, name: 'Nora Jean Smith', status: 'pending', send_count: 1 }),
    ]);

    // Re-inviting re-sends: a second email, still one pending invitation.
    expect(await statuses(company, [{ email }])).toEqual({ [email]: 'resent' });
    expect(await pendingInvites(company)).toEqual([expect.objectContaining({ email, send_count: 2 })]);
    const first = verifyLinkIn(await waitForMail(email, 1));
    const message = await waitForMail(email, 2);
    expect(await mailTo(email)).toHaveLength(2);
    expect(message.subject).toBe('You are invited to CareCover');
    const link = verifyLinkIn(message);
    // Only the newest link works: the staff app tells whoever opens the old one what to do.
    const stale = await followLink(first);
    expect(`${stale.origin}${stale.pathname}`).toBe(`${STAFF_APP}/accept-invite`);
    expect(new URLSearchParams(stale.hash.slice(1)).get('error_code')).toBe('otp_expired');
    expect(new URL(link).searchParams.get('redirect_to')).toBe(`${STAFF_APP}/accept-invite`);

    const landing = await followLink(link);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${STAFF_APP}/accept-invite`);
    expect(new URLSearchParams(landing.hash.slice(1)).get('type')).toBe('invite');
    const worker = await signedInFromLanding(landing);
    expect((await worker.rpc('account_type')).data).toBe('staff');
    const { data: profile } = await worker.from('staff').select('first_name, last_name').single();
    expect(profile).toEqual({ first_name: 'Nora', last_name: 'Jean Smith' });
    // Invited is not employed: only accepting is.
    expect((await worker.rpc('my_employers')).data).toEqual([]);

    expect((await worker.auth.updateUser({ password: TEST_PASSWORD })).error).toBeNull();
    const { data: claimed, error } = await worker.rpc('claim_staff_invites');
    expect(error).toBeNull();
    expect(claimed).toEqual([{ company_id: company.userId, company_name: 'User', joined: true, message: null }]);
    expect((await worker.rpc('claim_staff_invites')).data).toEqual([]);

    const { data: staff } = await company.client.from('company_staff').select('email, first_name');
    expect(staff).toEqual([{ email, first_name: 'Nora' }]);
    expect(await pendingInvites(company)).toEqual([]);
    expect(await statuses(company, [{ email }])).toEqual({ [email]: 'already_staff' });
    // The password works on its own.
    expect((await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
  });

  it('a worker whose link expired chooses a password with Forgot password and still joins', async () => {
    const company = await signUpCompany('invite-lost-link');
    const email = uniqueEmail('lost-link');
    expect(await statuses(company, [{ email }])).toEqual({ [email]: 'invited' });
    await waitForMail(email, 1);
    const { error } = await anonClient().auth.resetPasswordForEmail(email, {
      redirectTo: `${STAFF_APP}/reset-password`,
    });
    expect(error).toBeNull();
    const recovery = await waitForMail(email, 2);
    expect(recovery.subject).toBe('Reset your CareCover password');
    // The reset link proves the address as the invitation's would, so accepting works once signed in.
    const worker = await signedInFromLanding(await followLink(verifyLinkIn(recovery)));
    expect((await worker.auth.updateUser({ password: TEST_PASSWORD })).error).toBeNull();
    const { data } = await worker.rpc('claim_staff_invites');
    expect(data).toEqual([expect.objectContaining({ company_id: company.userId, joined: true })]);
  });

  it('says so for staff it already employs, an agency, an invalid address, and sends them nothing', async () => {
    const company = await signUpCompany('invite-mixed');
    const employed = await signUpWorker('invite-employed', await companyCode(company));
    const otherAgency = await signUpCompany('invite-other-agency');
    const answer = await statuses(company, [
      { email: employed.email },
      { email: otherAgency.email },
      { email: 'not-an-address' },
      { email: 'someone@localhost' },
    ]);
    expect(answer).toEqual({
      [employed.email]: 'already_staff',
      [otherAgency.email]: 'not_a_worker',
      'not-an-address': 'invalid',
      'someone@localhost': 'invalid',
    });
    expect(await pendingInvites(company)).toEqual([]);
    expect(await mailTo(employed.email)).toEqual([]);
  });

  it('keeps an invitation to someone with an account, sending nothing, and they join when they next open the app', async () => {
    const company = await signUpCompany('invite-existing');
    const other = await signUpCompany('invite-existing-other');
    const worker = await signUpWorker('invite-has-account', await companyCode(other));
    expect(await statuses(company, [{ email: worker.email }])).toEqual({ [worker.email]: 'existing_account' });
    expect(await pendingInvites(company)).toEqual([expect.objectContaining({ email: worker.email })]);
    expect(await mailTo(worker.email)).toEqual([]);

    const { data } = await worker.client.rpc('claim_staff_invites');
    expect(data).toEqual([expect.objectContaining({ company_id: company.userId, joined: true })]);
    const { data: employers } = await worker.client.rpc('my_employers');
    expect((employers ?? []).map((e) => e.company_id).sort()).toEqual([company.userId, other.userId].sort());
  });

  it('counts pending invitations toward the free plan’s 30 places, on both ways in', async () => {
    const company = await signUpCompany('invite-full');
    const code = await companyCode(company);
    const db = await superuser();
    try {
      // 28 staff joined with the code, as sign-ups with it do.
      await db.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                                 raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
                'filler-' || n || '-' || $2 || '@test.carecover.local', '', now(),
                '{"provider":"email","providers":["email"]}',
                jsonb_build_object('account_type', 'staff', 'company_code', $1::text), now(), now()
         from generate_series(1, 28) n`,
        [code, company.userId.slice(0, 8)],
      );
    } finally {
      await db.end();
    }
    const [a, b, c] = [uniqueEmail('place-a'), uniqueEmail('place-b'), uniqueEmail('place-c')];
    expect(await statuses(company, [{ email: a }, { email: b }, { email: c }])).toEqual({
      [a]: 'invited',
      [b]: 'invited',
      [c]: 'over_limit',
    });
    expect(await mailTo(c)).toEqual([]);

    // The code path sees the same 30 places: 28 staff and 2 pending invitations.
    const walkIn = await signUpWorker('invite-walk-in');
    const joined = await walkIn.client.rpc('join_company', { code });
    expect(joined.error).toMatchObject({ message: 'This company has reached the free plan limit of 30 staff' });

    // Withdrawing one frees its place.
    const pending = await pendingInvites(company);
    const revoke = await company.client.rpc('revoke_staff_invite', { invite_id: pending[0]!.id });
    expect(revoke.error).toBeNull();
    expect((await walkIn.client.rpc('join_company', { code })).data).toBe(company.userId);
    expect(await statuses(company, [{ email: c }])).toEqual({ [c]: 'over_limit' });
  });

  it('refuses callers that are not agencies, and another agency cannot withdraw an invitation', async () => {
    const worker = await signUpWorker('invite-as-worker');
    const refused = await invite(worker, [{ email: uniqueEmail('by-worker') }]);
    expect(refused).toEqual({
      status: 403,
      // The database's refusal code rides along, for the dashboard to say it in the agency's language.
      body: {
        error: { code: 'forbidden', message: 'Only agency accounts can invite workers.', hint: 'company_only_invite' },
      },
    });

    const anonymous = await fetch(`${API_URL}/functions/v1/invite-workers`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ invitees: [{ email: uniqueEmail('by-anon') }] }),
    });
    expect(anonymous.status).toBe(401);

    const company = await signUpCompany('invite-owner');
    const email = uniqueEmail('owned');
    await statuses(company, [{ email }]);
    const [owned] = await pendingInvites(company);
    const intruder = await signUpCompany('invite-intruder');
    const attempt = await intruder.client.rpc('revoke_staff_invite', { invite_id: owned!.id });
    expect(attempt.error).toMatchObject({ message: 'This invitation is no longer pending' });
    expect((await intruder.client.from('staff_invites').select('id')).data).toEqual([]);
    expect(await pendingInvites(company)).toHaveLength(1);
  });

  it('takes at most 50 addresses a call, and the database and the function agree on what an address is', async () => {
    const company = await signUpCompany('invite-rules');
    const tooMany = await invite(
      company,
      Array.from({ length: 51 }, (_, i) => ({ email: `bulk${i}@test.carecover.local` })),
    );
    expect(tooMany).toEqual({
      status: 400,
      body: {
        error: {
          code: 'invalid_input',
          message: 'Invite at most 50 addresses at a time.',
          hint: 'invite_batch_too_big',
          details: '{"limit":50}',
        },
      },
    });
    const direct = await company.client.rpc('invite_staff', {
      emails: Array.from({ length: 51 }, (_, i) => `bulk${i}@test.carecover.local`),
    });
    expect(direct.error).toMatchObject({ message: 'Invite at most 50 addresses at a time' });

    const candidates = [
      'plain@test.carecover.local',
      'o’neil@test.carecover.local',
      "o'neil+care@test.carecover.local",
      'under_score@sub-domain.test.carecover.local',
      'two@@test.carecover.local',
      'dash@-test.carecover.local',
      'nodot@localhost',
      `${'x'.repeat(65)}@test.carecover.local`,
      'space in@test.carecover.local',
    ];
    const { data, error } = await company.client.rpc('invite_staff', { emails: candidates });
    expect(error).toBeNull();
    const rows = (data ?? []) as { email: string; outcome: string }[];
    expect(rows.map((r) => [r.email, r.outcome !== 'invalid'])).toEqual(
      candidates.map((address) => [address, isInvitableEmail(address)]),
    );
  });
});
