import assert from 'node:assert/strict';
import type { Env } from '../../_shared/env.ts';
import { userClientFactory } from '../../_shared/supabase.ts';
import {
  ANON_TOKEN,
  COMPANY_ID,
  COMPANY_TOKEN,
  type FakeServer,
  invokeRequest,
  type RecordedRequest,
  SERVICE_ROLE_TOKEN,
  startFakeServer,
} from '../_shared/testing.ts';
import {
  classifyInviteError,
  type InviteAuth,
  type InviteEmail,
  type InviteSendResult,
  serviceInviteAuth,
} from '../../invite-workers/auth-invites.ts';
import { createInviteWorkersHandler, NOT_AN_AGENCY } from '../../invite-workers/handler.ts';

const WORKER_TOKEN = 'worker-access-token';
const STAFF_APP_URL = 'https://staff.carecover.test/';

type Outcome = 'invited' | 'resent' | 'already_staff' | 'not_a_worker' | 'invalid' | 'over_limit';

/**
 * Auth's `/auth/v1/user` and PostgREST's `rpc/invite_staff` as the migration answers it: the
 * company's JWT records invitations (the outcome per address comes from `outcomes`, `invited` when
 * unlisted), any other account is refused with 42501. The company reads its own row's `locale`
 * (`null`: the read fails).
 */
function fakeDatabase(outcomes: Record<string, Outcome> = {}, locale: string | null = 'en') {
  let serial = 0;
  return (req: RecordedRequest): Response => {
    const token = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
    const userId = token === COMPANY_TOKEN ? COMPANY_ID : token === WORKER_TOKEN ? crypto.randomUUID() : null;
    if (req.url.pathname === '/auth/v1/user') {
      if (!userId) return Response.json({ code: 403, error_code: 'bad_jwt', msg: 'invalid JWT' }, { status: 403 });
      return Response.json({ id: userId, aud: 'authenticated', role: 'authenticated' });
    }
    if (req.url.pathname === '/rest/v1/rpc/invite_staff' && req.method === 'POST') {
      if (token !== COMPANY_TOKEN) {
        return Response.json(
          {
            code: '42501',
            message: 'Only company accounts can invite staff',
            details: null,
            hint: 'company_only_invite',
          },
          { status: 403 },
        );
      }
      const { emails } = JSON.parse(req.body) as { emails: string[] };
      return Response.json(
        emails.map((email) => {
          const outcome = outcomes[email] ?? 'invited';
          const hasRow = outcome === 'invited' || outcome === 'resent';
          return { email, outcome, invite_id: hasRow ? `inv-${++serial}` : null };
        }),
      );
    }
    if (req.url.pathname === '/rest/v1/companies' && req.method === 'GET') {
      if (locale === null) return Response.json({ code: 'XX000', message: 'boom' }, { status: 500 });
      const own = token === COMPANY_TOKEN && req.url.searchParams.get('id') === `eq.${COMPANY_ID}`;
      return Response.json(own ? [{ locale }] : []);
    }
    return Response.json({ message: 'not found' }, { status: 404 });
  };
}

/** Auth's invitations, in memory: what was sent, recorded and withdrawn. */
function recordingAuth(answers: Record<string, InviteSendResult> = {}) {
  const sent: { email: string; invite: InviteEmail }[] = [];
  const recorded: [string, string][] = [];
  const withdrawn: string[] = [];
  const auth: InviteAuth = {
    send(email, invite) {
      sent.push({ email, invite });
      return Promise.resolve(answers[email] ?? { kind: 'sent', userId: `user-${email}` });
    },
    recordAuthUser(inviteId, userId) {
      recorded.push([inviteId, userId]);
      return Promise.resolve();
    },
    withdrawUnsent(inviteId) {
      withdrawn.push(inviteId);
      return Promise.resolve();
    },
  };
  return { auth, sent, recorded, withdrawn };
}

async function withHandler(
  options: {
    outcomes?: Record<string, Outcome>;
    answers?: Record<string, InviteSendResult>;
    env?: Partial<Env>;
    locale?: string | null;
  },
  fn: (
    call: (body: unknown, token?: string | null) => Promise<{ status: number; body: Record<string, unknown> }>,
    state: ReturnType<typeof recordingAuth> & { database: FakeServer },
  ) => Promise<void>,
): Promise<void> {
  const database = await startFakeServer(fakeDatabase(options.outcomes, options.locale));
  const state = { ...recordingAuth(options.answers), database };
  const env: Env = { SUPABASE_URL: database.url, SUPABASE_ANON_KEY: ANON_TOKEN, STAFF_APP_URL, ...options.env };
  const handler = createInviteWorkersHandler({ env, createUserClient: userClientFactory(env), inviteAuth: state.auth });
  try {
    await fn(async (body, token) => {
      const res = await handler(invokeRequest(body, { token }));
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    }, state);
  } finally {
    await database.close();
  }
}

const rpcCalls = (database: FakeServer) =>
  database.requests.filter((r) => r.url.pathname === '/rest/v1/rpc/invite_staff').map((r) => JSON.parse(r.body));

Deno.test('an agency invites: each address once, Auth emails a link to the staff app, answers in order', async () => {
  await withHandler(
    { outcomes: { 'ben@example.com': 'resent', 'cara@example.com': 'already_staff' } },
    async (call, { sent, recorded, database }) => {
      const { status, body } = await call({
        invitees: [
          { email: ' Ana@Example.com', name: 'Ana Maria  Lopez' },
          { email: 'ben@example.com' },
          { email: 'not-an-address' },
          { email: 'ANA@example.com' },
          { email: 'cara@example.com', name: null },
        ],
      });
      assert.equal(status, 200);
      assert.deepEqual(body, {
        results: [
          { email: 'ana@example.com', status: 'invited' },
          { email: 'ben@example.com', status: 'resent' },
          { email: 'not-an-address', status: 'invalid' },
          { email: 'cara@example.com', status: 'already_staff' },
        ],
      });
      // The invalid address never reaches the database; the repeat is sent once.
      assert.deepEqual(rpcCalls(database), [
        { emails: ['ana@example.com', 'ben@example.com', 'cara@example.com'], names: ['Ana Maria Lopez', null, null] },
      ]);
      assert.deepEqual(
        sent.map((s) => s.email),
        ['ana@example.com', 'ben@example.com'],
      );
      assert.deepEqual(sent[0]?.invite, {
        redirectTo: 'https://staff.carecover.test/accept-invite',
        data: { account_type: 'staff', first_name: 'Ana', last_name: 'Maria Lopez', locale: 'en' },
      });
      assert.deepEqual(sent[1]?.invite.data, { account_type: 'staff', first_name: '', last_name: '', locale: 'en' });
      assert.deepEqual(recorded, [
        ['inv-1', 'user-ana@example.com'],
        ['inv-2', 'user-ben@example.com'],
      ]);
    },
  );
});

Deno.test("the invitation is in the agency's language: its locale goes to Auth as the invitee's metadata", async () => {
  await withHandler({ locale: 'fr-CA' }, async (call, { sent, database }) => {
    const { body } = await call({ invitees: [{ email: 'fanny@example.com', name: 'Fanny Fortin' }] });
    assert.deepEqual(body, { results: [{ email: 'fanny@example.com', status: 'invited' }] });
    assert.deepEqual(sent[0]?.invite.data, {
      account_type: 'staff',
      first_name: 'Fanny',
      last_name: 'Fortin',
      locale: 'fr-CA',
    });
    const read = database.requests.find((r) => r.url.pathname === '/rest/v1/companies');
    assert.equal(read?.headers.get('authorization'), `Bearer ${COMPANY_TOKEN}`);
  });
});

Deno.test('a failed read of the agency language still sends the invitations, in English', async () => {
  await withHandler({ locale: null }, async (call, { sent }) => {
    const { body } = await call({ invitees: [{ email: 'eve@example.com' }] });
    assert.deepEqual(body, { results: [{ email: 'eve@example.com', status: 'invited' }] });
    assert.deepEqual(sent[0]?.invite.data, { account_type: 'staff', first_name: '', last_name: '' });
  });
});

Deno.test('an address with an account is told apart; the invitation stays for when they open the app', async () => {
  await withHandler({ answers: { 'known@example.com': { kind: 'exists' } } }, async (call, { withdrawn, recorded }) => {
    const { body } = await call({ invitees: [{ email: 'known@example.com' }] });
    assert.deepEqual(body, { results: [{ email: 'known@example.com', status: 'existing_account' }] });
    assert.deepEqual(withdrawn, []);
    assert.deepEqual(recorded, []);
  });
});

Deno.test('an email that could not be sent frees a new invitation, and keeps a re-sent one', async () => {
  await withHandler(
    {
      outcomes: { 'again@example.com': 'resent' },
      answers: {
        'new@example.com': { kind: 'failed', message: 'Email rate limit exceeded' },
        'again@example.com': { kind: 'failed', message: 'Error sending invite email' },
        'odd@example.com': { kind: 'invalid', message: 'Unable to validate email address: invalid format' },
      },
    },
    async (call, { withdrawn }) => {
      const { status, body } = await call({
        invitees: [{ email: 'new@example.com' }, { email: 'again@example.com' }, { email: 'odd@example.com' }],
      });
      assert.equal(status, 200);
      assert.deepEqual(body, {
        results: [
          { email: 'new@example.com', status: 'failed' },
          { email: 'again@example.com', status: 'failed' },
          { email: 'odd@example.com', status: 'invalid' },
        ],
      });
      assert.deepEqual(withdrawn, ['inv-1', 'inv-3']);
    },
  );
});

Deno.test('outcomes that send nothing pass through without Auth', async () => {
  await withHandler(
    { outcomes: { 'full@example.com': 'over_limit', 'agency@example.com': 'not_a_worker' } },
    async (call, { sent }) => {
      const { body } = await call({ invitees: [{ email: 'full@example.com' }, { email: 'agency@example.com' }] });
      assert.deepEqual(body, {
        results: [
          { email: 'full@example.com', status: 'over_limit' },
          { email: 'agency@example.com', status: 'not_a_worker' },
        ],
      });
      assert.equal(sent.length, 0);
    },
  );
});

Deno.test('only invalid addresses: nothing is recorded or sent', async () => {
  await withHandler({}, async (call, { sent, database }) => {
    const { status, body } = await call({ invitees: [{ email: 'nope' }, { email: 'a@localhost' }] });
    assert.equal(status, 200);
    assert.deepEqual(body, {
      results: [
        { email: 'nope', status: 'invalid' },
        { email: 'a@localhost', status: 'invalid' },
      ],
    });
    assert.equal(rpcCalls(database).length, 0);
    assert.equal(sent.length, 0);
  });
});

Deno.test('a worker, the anon key or no token is refused before anything is sent', async () => {
  await withHandler({}, async (call, { sent }) => {
    const worker = await call({ invitees: [{ email: 'x@example.com' }] }, WORKER_TOKEN);
    assert.equal(worker.status, 403);
    // With the database's refusal code, for the dashboard to say it in the agency's language.
    assert.deepEqual(worker.body, {
      error: { code: 'forbidden', message: NOT_AN_AGENCY, hint: 'company_only_invite' },
    });
    assert.equal(NOT_AN_AGENCY, 'Only agency accounts can invite workers.');
    assert.equal((await call({ invitees: [{ email: 'x@example.com' }] }, ANON_TOKEN)).status, 401);
    assert.equal((await call({ invitees: [{ email: 'x@example.com' }] }, null)).status, 401);
    assert.equal(sent.length, 0);
  });
});

Deno.test('the body is checked: a list of 1 to 50 { email, name? }', async () => {
  await withHandler({}, async (call, { database }) => {
    const cases: [unknown, string][] = [
      [{}, 'invitees must be a list of { email, name? }.'],
      [{ invitees: [] }, 'invitees must hold at least one address.'],
      [
        { invitees: Array.from({ length: 51 }, (_, i) => ({ email: `w${i}@example.com` })) },
        'Invite at most 50 addresses at a time.',
      ],
      [{ invitees: ['a@example.com'] }, 'invitees[0] must be an object.'],
      [{ invitees: [{ email: 5 }] }, 'invitees[0].email must be a string.'],
      [{ invitees: [{ email: 'a@example.com', name: 3 }] }, 'invitees[0].name must be a string.'],
      [
        { invitees: [{ email: 'a@example.com', company: 'x' }] },
        'invitees[0] has unknown fields: company. Allowed: email, name.',
      ],
      [
        { invitees: [{ email: 'a@example.com' }], companyId: COMPANY_ID },
        'Unknown field: companyId. Allowed: invitees.',
      ],
    ];
    // The two a person could meet carry the database's codes for the same refusals; the rest describe
    // a malformed request, for the developer who sent it.
    const refusals: Record<string, object> = {
      'invitees must hold at least one address.': { hint: 'invite_empty' },
      'Invite at most 50 addresses at a time.': { hint: 'invite_batch_too_big', details: '{"limit":50}' },
    };
    for (const [body, message] of cases) {
      const res = await call(body);
      assert.equal(res.status, 400, message);
      assert.deepEqual(res.body, { error: { code: 'invalid_input', message, ...refusals[message] } });
    }
    assert.equal(rpcCalls(database).length, 0);
  });
});

Deno.test('without STAFF_APP_URL nothing is recorded: the links would lead nowhere', async () => {
  await withHandler({ env: { STAFF_APP_URL: undefined } }, async (call, { database }) => {
    const res = await call({ invitees: [{ email: 'a@example.com' }] });
    assert.equal(res.status, 500);
    assert.deepEqual(res.body, {
      error: { code: 'misconfigured', message: 'This function is not configured yet. Please contact support.' },
    });
    assert.equal(rpcCalls(database).length, 0);
  });
});

Deno.test("Auth's answers to an invitation are classified as GoTrue gives them", () => {
  assert.deepEqual(
    classifyInviteError({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    }),
    { kind: 'exists' },
  );
  assert.deepEqual(
    classifyInviteError({ status: 422, message: 'A user with this email address has already been registered' }),
    {
      kind: 'exists',
    },
  );
  assert.deepEqual(
    classifyInviteError({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    }),
    { kind: 'invalid', message: 'Unable to validate email address: invalid format' },
  );
  assert.deepEqual(
    classifyInviteError({ status: 429, code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded' }),
    {
      kind: 'failed',
      message: 'Email rate limit exceeded',
    },
  );
});

Deno.test('the service-role side calls Auth and PostgREST with the service key, and nothing else', async () => {
  const server = await startFakeServer((req) => {
    if (req.url.pathname === '/auth/v1/invite') {
      const { email } = JSON.parse(req.body) as { email: string };
      if (email === 'known@example.com') {
        return Response.json(
          { code: 422, error_code: 'email_exists', msg: 'A user with this email address has already been registered' },
          { status: 422 },
        );
      }
      return Response.json({ id: 'new-user-id', email, aud: 'authenticated', role: 'authenticated' });
    }
    if (req.url.pathname === '/rest/v1/staff_invites') return new Response(null, { status: 204 });
    return Response.json({ message: 'not found' }, { status: 404 });
  });
  try {
    const auth = serviceInviteAuth({ SUPABASE_URL: server.url, SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_TOKEN });
    const invite = { redirectTo: 'https://staff.carecover.test/accept-invite', data: { account_type: 'staff' } };
    assert.deepEqual(await auth.send('new@example.com', invite), { kind: 'sent', userId: 'new-user-id' });
    assert.deepEqual(await auth.send('known@example.com', invite), { kind: 'exists' });
    await auth.recordAuthUser('inv-1', 'new-user-id');
    await auth.withdrawUnsent('inv-2');

    const [sendNew, , record, withdraw] = server.requests;
    assert.equal(sendNew?.url.searchParams.get('redirect_to'), 'https://staff.carecover.test/accept-invite');
    assert.deepEqual(JSON.parse(sendNew?.body ?? '{}'), { email: 'new@example.com', data: { account_type: 'staff' } });
    assert.equal(record?.method, 'PATCH');
    assert.equal(record?.url.searchParams.get('id'), 'eq.inv-1');
    assert.deepEqual(JSON.parse(record?.body ?? '{}'), { auth_user_id: 'new-user-id' });
    assert.equal(withdraw?.method, 'DELETE');
    assert.deepEqual(
      [...(withdraw?.url.searchParams.entries() ?? [])].filter(([key]) => key !== 'select'),
      [
        ['id', 'eq.inv-2'],
        ['status', 'eq.pending'],
        ['send_count', 'eq.1'],
      ],
    );
    for (const req of server.requests) assert.equal(req.headers.get('authorization'), `Bearer ${SERVICE_ROLE_TOKEN}`);
  } finally {
    await server.close();
  }
});
