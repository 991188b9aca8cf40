-- Staff invitations (issue 30): an agency invites workers by email (invite_staff), withdraws an
-- invitation (revoke_staff_invite), and the invited worker accepts (claim_staff_invites) and is
-- employed exactly as with the company code. Every role: the owning agency, another agency, workers
-- and anon; the free plan's 30 places count pending, unexpired invitations on both ways in; accepting
-- is idempotent and only ever reaches the companies that invited the worker's confirmed address.
begin;
\ir _helpers.psql
select plan(66);

create function tests.invitee(n integer) returns uuid language sql immutable
  as $$ select ('e2000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid $$;
create function tests.outcomes(emails text[], names text[] default null) returns text
  language sql as $$ select string_agg(i.email || '=' || i.outcome, ' ' order by ord)
                     from public.invite_staff(emails, names) with ordinality as i (email, outcome, invite_id, ord) $$;
-- The newest invitation to an address from the fixture companies, whoever asks: an id another
-- company could only have guessed, to try it with.
create function tests.invite_id(address text) returns uuid language sql security definer
  as $$ select i.id from public.staff_invites i
        where i.email = address and i.company_id in (tests.owner(), tests.other_company())
        order by i.created_at desc limit 1 $$;
grant execute on all functions in schema tests to anon, authenticated, service_role;

-- Inviting ------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select is(
  tests.outcomes(array['New.One@Test.Example', ' new.one@test.example ', 'not-an-address', 'Worker@test.example',
                       'other@test.example', 'outsider@test.example', 'two@test.example'],
                 array['Nora One', null, null, null, null, 'Otto', e'Tw\to\nTwo']),
  'new.one@test.example=invited not-an-address=invalid worker@test.example=already_staff '
    || 'other@test.example=not_a_worker outsider@test.example=invited two@test.example=invited',
  'Each address is answered once, in order: invited, invalid, already on the staff, an agency''s address');
select results_eq(
  $$ select email, name, status, send_count from public.staff_invites order by email $$,
  $$ values ('new.one@test.example', 'Nora One', 'pending', 1), ('outsider@test.example', 'Otto', 'pending', 1),
            ('two@test.example', 'Tw o Two', 'pending', 1) $$,
  'Invitations are stored lower-cased and trimmed, with the pasted name (control characters made spaces)');
select ok((select bool_and(i.company_id = tests.owner() and i.expires_at between now() + interval '7 days' - interval '1 minute'
                           and now() + interval '7 days') from public.staff_invites i),
  'Invitations belong to the caller''s company and expire seven days after they were sent');
select is(tests.outcomes(array['NEW.ONE@test.example']), 'new.one@test.example=resent',
  'Inviting a pending address again re-sends it');
select results_eq(
  $$ select count(*), max(send_count) from public.staff_invites where company_id in (tests.owner(), tests.other_company()) and email = 'new.one@test.example' $$,
  $$ values (1::bigint, 2) $$,
  'A re-sent invitation is the same row, counted as sent twice');

select throws_ok($$ select public.invite_staff('{}'::text[]) $$, '22023', 'Give at least one email address to invite',
  'An empty list is refused with a plain sentence');
select throws_ok($$ select public.invite_staff(array(select 'bulk' || g || '@test.example' from generate_series(1, 51) g)) $$,
  '22023', 'Invite at most 50 addresses at a time', 'More than 50 addresses in one call are refused');
select is((select count(*) from public.staff_invites where email like 'bulk%'), 0::bigint,
  'A refused call records nothing');

select tests.authenticate_as(tests.worker());
select throws_ok($$ select public.invite_staff(array['x@test.example']) $$, '42501', 'Only company accounts can invite staff',
  'A worker cannot invite');
select tests.authenticate_as_anon();
select throws_ok($$ select public.invite_staff(array['x@test.example']) $$, '42501', 'permission denied for function invite_staff',
  'anon cannot invite');
select tests.authenticate_as_service_role();
select throws_ok($$ select public.invite_staff(array['x@test.example']) $$, '42501', 'permission denied for function invite_staff',
  'The service role cannot invite for a company (it has no company): the function calls with the agency''s JWT');

-- Reading: every role ----------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select is((select count(*) from public.staff_invites), 3::bigint, 'The agency sees its three pending invitations');
select throws_ok($$ select auth_user_id from public.staff_invites $$, '42501', 'permission denied for table staff_invites',
  'The agency cannot read the invited person''s auth user id');
select throws_ok($$ select invited_by from public.staff_invites $$, '42501', 'permission denied for table staff_invites',
  'Nor who invited (a column grant, not a policy)');
select tests.authenticate_as(tests.other_company());
select is((select count(*) from public.staff_invites), 0::bigint, 'Another agency sees none of them');
select tests.authenticate_as(tests.outsider());
select is((select count(*) from public.staff_invites), 0::bigint, 'The invited worker sees no invitation rows, not even their own');
select tests.authenticate_as(tests.worker());
select is((select count(*) from public.staff_invites), 0::bigint, 'An employed worker sees none');
select tests.authenticate_as_anon();
select throws_ok($$ select count(*) from public.staff_invites $$, '42501', 'permission denied for table staff_invites',
  'anon cannot read invitations');
select tests.authenticate_as_service_role();
select is((select count(*) from public.staff_invites where company_id in (tests.owner(), tests.other_company())), 3::bigint,
  'The service role reads every invitation (here: the fixture companies'', on a database other tests may have used)');

-- Writing directly: nobody but the service role ---------------------------------------------------------
select tests.authenticate_as(tests.owner());
select throws_ok($$ insert into public.staff_invites (company_id, email, expires_at) values (tests.owner(), 'sneak@test.example', now() + interval '1 year') $$,
  '42501', 'permission denied for table staff_invites', 'An agency cannot insert an invitation directly (no limit check)');
select throws_ok($$ update public.staff_invites set expires_at = now() + interval '1 year' $$, '42501',
  'permission denied for table staff_invites', 'An agency cannot extend an invitation directly');
select throws_ok($$ delete from public.staff_invites $$, '42501', 'permission denied for table staff_invites',
  'An agency cannot delete invitations');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ update public.staff_invites set status = 'joined' $$, '42501', 'permission denied for table staff_invites',
  'A worker cannot mark an invitation joined');
select tests.authenticate_as_service_role();
select is(tests.affected($$ update public.staff_invites set auth_user_id = tests.outsider() where company_id = tests.owner() and email = 'outsider@test.example' $$), 1,
  'The service role records the auth user Auth made for an invitation');

-- Withdrawing -----------------------------------------------------------------------------------------
select tests.authenticate_as(tests.other_company());
select throws_ok(
  format('select public.revoke_staff_invite(%L)', tests.invite_id('two@test.example')),
  'P0001', 'This invitation is no longer pending', 'Another agency cannot withdraw it, and learns nothing about it');
select tests.authenticate_as(tests.worker());
select throws_ok(
  format('select public.revoke_staff_invite(%L)', tests.invite_id('two@test.example')),
  '42501', 'Only company accounts can withdraw invitations', 'A worker cannot withdraw an invitation');
select tests.clear_authentication();
select is((select status from public.staff_invites where company_id in (tests.owner(), tests.other_company()) and email = 'two@test.example'), 'pending',
  'The invitation is still pending after both attempts');
select tests.authenticate_as(tests.owner());
select lives_ok(
  format('select public.revoke_staff_invite(%L)', tests.invite_id('two@test.example')),
  'The agency withdraws its own invitation');
select throws_ok(
  format('select public.revoke_staff_invite(%L)', tests.invite_id('two@test.example')),
  'P0001', 'This invitation is no longer pending', 'Withdrawing twice says it is no longer pending');
select results_eq($$ select status, revoked_at is not null from public.staff_invites where company_id in (tests.owner(), tests.other_company()) and email = 'two@test.example' $$,
  $$ values ('revoked', true) $$, 'A withdrawn invitation is revoked, with the time');
select is(tests.outcomes(array['two@test.example']), 'two@test.example=invited',
  'Inviting a withdrawn address again makes a new invitation');
select is((select count(*) from public.staff_invites where company_id in (tests.owner(), tests.other_company()) and email = 'two@test.example'), 2::bigint,
  'The withdrawn one stays as history beside the new pending one');

-- Accepting ---------------------------------------------------------------------------------------------
select tests.clear_authentication();
select tests.create_user(tests.invitee(1), 'new.one@test.example', '{"account_type":"staff","first_name":"Nora"}');
select is((select count(*) from public.employments where staff_id = tests.invitee(1)), 0::bigint,
  'Creating the invited account (as Auth''s invite does) employs nobody yet');
select tests.authenticate_as(tests.invitee(1));
select results_eq($$ select company_id, company_name, joined, message from public.claim_staff_invites() $$,
  $$ values (tests.owner(), 'Owner Care', true, null::text) $$,
  'The invited worker accepts and joins the inviting agency');
select is((select count(*) from public.my_employers() where company_id = tests.owner()), 1::bigint,
  'The worker now works for the agency');
select is((select count(*) from public.claim_staff_invites()), 0::bigint, 'Accepting again finds nothing left to accept');
select tests.clear_authentication();
select results_eq(
  $$ select status, auth_user_id, joined_at is not null from public.staff_invites where company_id in (tests.owner(), tests.other_company()) and email = 'new.one@test.example' $$,
  $$ values ('joined', tests.invitee(1), true) $$,
  'The invitation is joined, with the worker''s auth user and the time');
select is((select count(*) from public.employments where staff_id = tests.invitee(1)), 1::bigint,
  'Accepting twice made one employment');
select tests.authenticate_as(tests.owner());
select is(tests.outcomes(array['new.one@test.example']), 'new.one@test.example=already_staff',
  'Inviting the worker who joined now says they are on the staff');

-- A withdrawn invitation cannot be accepted; an expired one neither.
select tests.clear_authentication();
select tests.create_user(tests.invitee(2), 'late@test.example', '{"account_type":"staff"}');
select tests.authenticate_as(tests.owner());
select is(tests.outcomes(array['late@test.example', 'gone@test.example']), 'late@test.example=invited gone@test.example=invited',
  'Two more invitations');
select lives_ok(format('select public.revoke_staff_invite(%L)', tests.invite_id('gone@test.example')),
  'One is withdrawn');
select tests.clear_authentication();
select tests.create_user(tests.invitee(3), 'gone@test.example', '{"account_type":"staff"}');
update public.staff_invites set expires_at = now() - interval '1 second' where company_id in (tests.owner(), tests.other_company()) and email = 'late@test.example';
select tests.authenticate_as(tests.invitee(2));
select is((select count(*) from public.claim_staff_invites()), 0::bigint, 'An expired invitation cannot be accepted');
select tests.authenticate_as(tests.invitee(3));
select is((select count(*) from public.claim_staff_invites()), 0::bigint, 'A withdrawn invitation cannot be accepted');
select tests.clear_authentication();
select is((select count(*) from public.employments where staff_id in (tests.invitee(2), tests.invitee(3))), 0::bigint,
  'Neither worker was employed');
select tests.authenticate_as(tests.owner());
select is(tests.outcomes(array['late@test.example']), 'late@test.example=resent', 'The expired invitation can be sent again');
select tests.authenticate_as(tests.invitee(2));
select is((select count(*) from public.claim_staff_invites() where joined), 1::bigint, 'Sent again, it can be accepted');

-- Only a confirmed address accepts.
select tests.clear_authentication();
select tests.create_user(tests.invitee(4), 'unconfirmed@test.example', '{"account_type":"staff"}');
update auth.users set email_confirmed_at = null where id = tests.invitee(4);
select tests.authenticate_as(tests.owner());
select is(tests.outcomes(array['unconfirmed@test.example']), 'unconfirmed@test.example=invited', 'Invited');
select tests.authenticate_as(tests.invitee(4));
select is((select count(*) from public.claim_staff_invites()), 0::bigint,
  'An account whose address Auth has not confirmed accepts nothing, even with a matching address');

-- Who may accept.
select tests.authenticate_as(tests.owner());
select throws_ok($$ select * from public.claim_staff_invites() $$, '42501', 'Only staff accounts can accept invitations',
  'An agency cannot accept invitations');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.claim_staff_invites() $$, '42501', 'permission denied for function claim_staff_invites',
  'anon cannot accept invitations');

-- Cross-tenant: a worker invited by one agency joins that agency only, and the worker of another agency
-- is not touched by an invitation to somebody else.
select tests.authenticate_as(tests.outsider());
select results_eq($$ select company_id, joined from public.claim_staff_invites() $$, $$ values (tests.owner(), true) $$,
  'The outsider, invited by the owner, joins the owner');
select is((select count(*) from public.my_employers()), 1::bigint, 'and no other agency');
select tests.authenticate_as(tests.second_worker());
select is((select count(*) from public.claim_staff_invites()), 0::bigint,
  'A worker nobody invited accepts nothing (the function takes no company id to forge)');

-- The code path fulfils an invitation too ------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select is(tests.outcomes(array['coder@test.example']), 'coder@test.example=invited', 'Invited');
select tests.clear_authentication();
select tests.create_user(tests.invitee(5), 'coder@test.example', '{"account_type":"staff","company_code":"TsA1"}');
select results_eq($$ select status, auth_user_id from public.staff_invites where company_id in (tests.owner(), tests.other_company()) and email = 'coder@test.example' $$,
  $$ values ('joined', tests.invitee(5)) $$,
  'A worker who joins with the company code instead fulfils their invitation, which stops holding a place');

-- The free plan's 30 places, pending invitations included ------------------------------------------------
select count(tests.create_user(('f4000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'filler' || n || '@test.example',
         '{"account_type":"staff","company_code":"TsB2"}'))
from generate_series(1, 27) n;
select tests.authenticate_as(tests.other_company());
select is(tests.outcomes(array['p1@test.example', 'p2@test.example', 'p3@test.example', 'p4@test.example']),
  'p1@test.example=invited p2@test.example=invited p3@test.example=invited p4@test.example=over_limit',
  'With 27 staff, three invitations fill the 30 places and the fourth is over the plan limit');
select is(tests.outcomes(array['p1@test.example']), 'p1@test.example=resent',
  'Re-sending a pending invitation needs no new place');
select tests.clear_authentication();
select tests.create_user(tests.invitee(6), 'walkin@test.example', '{"account_type":"staff"}');
select tests.authenticate_as(tests.invitee(6));
select throws_ok($$ select public.join_company('TsB2') $$, 'P0001', 'This company has reached the free plan limit of 30 staff',
  'With 27 staff and 3 pending invitations, a worker with the company code is refused: invitations hold places');
select tests.clear_authentication();
select tests.create_user(tests.invitee(7), 'p1@test.example', '{"account_type":"staff"}');
select tests.authenticate_as(tests.invitee(7));
select results_eq($$ select joined from public.claim_staff_invites() $$, $$ values (true) $$,
  'An invited worker accepts at a full company: the place was theirs');
select tests.clear_authentication();
select is((select count(*) from public.employments where company_id = tests.other_company()), 28::bigint,
  'The company now employs 28, with 2 invitations pending');
update public.staff_invites set expires_at = now() - interval '1 second' where company_id in (tests.owner(), tests.other_company()) and email = 'p2@test.example';
select tests.authenticate_as(tests.invitee(6));
select is(public.join_company('TsB2'), tests.other_company(), 'An expired invitation holds no place: the worker with the code joins');
select tests.authenticate_as(tests.other_company());
select is(tests.outcomes(array['p2@test.example']), 'p2@test.example=over_limit',
  'Sending an expired invitation again needs a place, and there is none');

select tests.authenticate_as_service_role();
update public.companies set premium = true where id = tests.other_company();
select tests.authenticate_as(tests.other_company());
select is(tests.outcomes(array['p4@test.example', 'p5@test.example']), 'p4@test.example=invited p5@test.example=invited',
  'A premium company has no staff limit for invitations');
select tests.authenticate_as_service_role();
update public.companies set premium = false where id = tests.other_company();
select tests.clear_authentication();
select tests.create_user(tests.invitee(8), 'p5@test.example', '{"account_type":"staff"}');
select tests.authenticate_as(tests.invitee(8));
select results_eq($$ select company_id, joined, message from public.claim_staff_invites() $$,
  $$ values (tests.other_company(), false, 'This company has reached the free plan limit of 30 staff') $$,
  'Back on the free plan with more places taken than it has, the company cannot take the worker: accepting says why');
select tests.clear_authentication();
select is((select status from public.staff_invites where company_id in (tests.owner(), tests.other_company()) and email = 'p5@test.example'), 'pending',
  'That invitation stays pending for when a place frees up');
select is((select count(*) from public.employments where staff_id = tests.invitee(8)), 0::bigint, 'and the worker is not employed');

select * from finish();
rollback;
