-- Join attempts and staff removal: every attempt to join by company code is logged (sign-up and
-- join_company), 10 wrong codes in an hour per worker or per client address make join_company
-- refuse (SQLSTATE PT429), older attempts stop counting, nobody but the service role reads the log
-- and nobody changes it. A company removes its own staff (not another company's); the removed
-- worker stops seeing the company's shifts, their Assigned shifts go back to Pending, and a worker
-- who is clocked in cannot be removed.
begin;
\ir _helpers.psql
select plan(45);

create function tests.staff_user(n integer) returns uuid language sql immutable
  as $$ select ('e1000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid $$;
create function tests.from_address(forwarded text) returns void language sql
  as $$ select set_config('request.headers', coalesce(json_build_object('x-forwarded-for', forwarded)::text, ''), true) $$;
create function tests.failures(worker uuid) returns bigint language sql
  as $$ select count(*) from public.join_attempts where staff_id = worker and not succeeded $$;
grant execute on all functions in schema tests to anon, authenticated, service_role;

do $$
begin
  for n in 1..9 loop
    perform tests.create_user(tests.staff_user(n), 'joiner' || n || '@test.example', '{"account_type":"staff"}');
  end loop;
  perform tests.create_user(tests.staff_user(10), 'typo@test.example', '{"account_type":"staff","company_code":"Nope"}');
end;
$$;

-- Sign-up path -------------------------------------------------------------------------------------
select results_eq(
  $$ select via, succeeded, company_id, client_ip from public.join_attempts where staff_id = tests.worker() $$,
  $$ values ('sign_up', true, tests.owner(), null::inet) $$,
  'A staff sign-up with a company code is logged as a successful attempt, without an address');
select results_eq(
  $$ select via, succeeded, company_id from public.join_attempts where staff_id = tests.staff_user(10) $$,
  $$ values ('sign_up', false, null::uuid) $$,
  'A staff sign-up with a wrong company code is logged as a failed attempt');
select is((select count(*) from public.join_attempts where staff_id = tests.outsider()), 0::bigint,
  'A sign-up without a company code is no attempt');

-- Per-worker limit (no address known) ----------------------------------------------------------------
select tests.from_address(null);
select tests.authenticate_as(tests.outsider());
select is((select count(*) from generate_series(1, 9) g where public.join_company('Xx' || g) is null), 9::bigint,
  'Nine wrong codes each return null (no company joined)');
select is(public.join_company('Zz?0'), null::uuid, 'The 10th wrong code in the hour is still answered normally');
select tests.clear_authentication();
select is(tests.failures(tests.outsider()), 10::bigint, 'All 10 wrong codes are logged as failures');
select is((select count(distinct code_sha256) from public.join_attempts where staff_id = tests.outsider()), 10::bigint,
  'The log keeps a hash of each code tried');
select is((select count(*) from public.join_attempts where code_sha256 = extensions.digest('Zz?0', 'sha256')), 1::bigint,
  'The hash is the SHA-256 of the trimmed code');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ select public.join_company('Nope') $$, 'PT429', 'Too many incorrect company codes. Try again in an hour.',
  'The 11th attempt is refused with its own SQLSTATE and a plain sentence');
select throws_ok($$ select public.join_company('TsA1') $$, 'PT429', 'Too many incorrect company codes. Try again in an hour.',
  'Once refused, even the right code is refused, so a guess cannot be confirmed');
select is((select count(*) from public.my_employers()), 0::bigint, 'The refused worker joined nothing');
select tests.clear_authentication();
select is(tests.failures(tests.outsider()), 10::bigint, 'A refused attempt checks no code and adds no failure');

-- The hour window ------------------------------------------------------------------------------------
insert into public.join_attempts (staff_id, code_sha256, company_id, succeeded, via, attempted_at)
select tests.staff_user(1), extensions.digest('Old' || g, 'sha256'), null, false, 'join_company',
       now() - interval '61 minutes'
from generate_series(1, 10) g;
select tests.authenticate_as(tests.staff_user(1));
select is(public.join_company('TsA1'), tests.owner(), 'Ten wrong codes more than an hour ago no longer count');
select tests.clear_authentication();
insert into public.join_attempts (staff_id, code_sha256, company_id, succeeded, via, attempted_at)
select tests.staff_user(2), extensions.digest('Old' || g, 'sha256'), null, false, 'join_company',
       now() - interval '59 minutes'
from generate_series(1, 10) g;
select tests.authenticate_as(tests.staff_user(2));
select throws_ok($$ select public.join_company('TsA1') $$, 'PT429', null,
  'Ten wrong codes within the last hour still count');

-- Successes ------------------------------------------------------------------------------------------
select tests.from_address('192.0.2.44');
select tests.authenticate_as(tests.staff_user(3));
select is(public.join_company(' TsB2 '), tests.other_company(), 'The right code joins the company');
select tests.clear_authentication();
select results_eq(
  $$ select via, succeeded, company_id, client_ip, code_sha256 = extensions.digest('TsB2', 'sha256')
     from public.join_attempts where staff_id = tests.staff_user(3) $$,
  $$ values ('join_company', true, tests.other_company(), '192.0.2.44'::inet, true) $$,
  'A successful join is logged with the company, the address and the hash of the trimmed code');
select tests.authenticate_as(tests.staff_user(3));
select is((select count(*) from generate_series(1, 12) where public.join_company('TsB2') = tests.other_company()),
  12::bigint, 'Successful attempts never count towards the limit');

-- Per-address limit across workers --------------------------------------------------------------------
select tests.from_address('198.51.100.9, 10.0.0.1');
select tests.authenticate_as(tests.staff_user(4));
select is((select count(*) from generate_series(1, 6) g where public.join_company('Ip' || g) is null), 6::bigint,
  'One worker tries six wrong codes from an address');
select tests.authenticate_as(tests.staff_user(5));
select is((select count(*) from generate_series(1, 4) g where public.join_company('Iq' || g) is null), 4::bigint,
  'A second worker tries four more from the same address');
select tests.clear_authentication();
select is((select count(*) from public.join_attempts where client_ip = '198.51.100.9' and not succeeded), 10::bigint,
  'The address is the first x-forwarded-for entry (the client, not the proxy)');
select tests.authenticate_as(tests.staff_user(6));
select throws_ok($$ select public.join_company('TsA1') $$, 'PT429', 'Too many incorrect company codes. Try again in an hour.',
  'A third worker with no failures of their own is refused from that address');
select tests.from_address('198.51.100.10');
select is(public.join_company('TsA1'), tests.owner(), 'The same worker joins from another address');
select tests.from_address('127.0.0.1');
select tests.authenticate_as(tests.staff_user(8));
select is((select count(*) from generate_series(1, 9) g where public.join_company('Lo' || g) is null), 9::bigint,
  'Nine wrong codes from the loopback address');
select tests.authenticate_as(tests.staff_user(9));
select is((select count(*) from generate_series(1, 3) g where public.join_company('Lp' || g) is null), 3::bigint,
  'Loopback (a local stack, where every client shares it) has no per-address limit: another worker still gets answers');
select tests.from_address('not-an-address');
select tests.authenticate_as(tests.staff_user(7));
select is(public.join_company('Bad1'), null::uuid, 'A malformed x-forwarded-for does not break joining');
select tests.clear_authentication();
select is((select client_ip from public.join_attempts where staff_id = tests.staff_user(7)), null::inet,
  'A malformed x-forwarded-for is logged as an unknown address');
select tests.from_address(null);

-- Who can read or change the log ----------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select throws_ok($$ select * from public.join_attempts $$, '42501', 'permission denied for table join_attempts',
  'The owning company cannot read the raw log');
select tests.authenticate_as(tests.other_company());
select throws_ok($$ select * from public.join_attempts $$, '42501', null, 'Another company cannot read the log');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ select * from public.join_attempts where staff_id = tests.outsider() $$, '42501', null,
  'A worker cannot read even their own attempts');
select throws_ok($$ insert into public.join_attempts (staff_id, code_sha256, succeeded, via)
                   values (tests.outsider(), '\x00', false, 'join_company') $$, '42501', null,
  'A worker cannot write the log');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.join_attempts $$, '42501', null, 'anon cannot read the log');
select tests.authenticate_as_service_role();
select ok((select count(*) from public.join_attempts) > 0, 'The service role can read the log');
select throws_ok($$ delete from public.join_attempts $$, '42501', null, 'The service role cannot delete from the log');
select tests.clear_authentication();
select throws_ok($$ delete from public.join_attempts where staff_id = tests.outsider() $$, '42501',
  'The join attempt log is append-only', 'Not even the table owner can erase failures to reset the limit');

-- Removing staff ------------------------------------------------------------------------------------
-- The worker has an Assigned shift and a Completed one at the owner; the second worker is clocked in.
create temporary table fixture as
select tests.create_shift(tests.owner()) as pending, tests.create_shift(tests.owner()) as assigned,
       tests.create_shift(tests.owner(), interval '20 minutes') as completed,
       tests.create_shift(tests.owner(), interval '20 minutes') as in_progress;
grant select on fixture to authenticated;
select tests.authenticate_as(tests.worker());
select public.accept_shift((select assigned from fixture));
select public.accept_shift((select completed from fixture));
select public.clock_in((select completed from fixture), 43.6525, -79.3839);
select public.clock_out((select completed from fixture), '8 hours');
select tests.authenticate_as(tests.second_worker());
select public.accept_shift((select in_progress from fixture));
select public.clock_in((select in_progress from fixture), 43.6525, -79.3839);

select tests.authenticate_as(tests.worker());
select is((select count(*) from public.shifts where company_id = tests.owner()), 3::bigint,
  'Before removal the worker sees the open shift and their own two shifts of the company');
select throws_ok($$ select public.remove_staff(tests.second_worker()) $$, '42501', 'Only company accounts can remove staff',
  'A worker cannot remove a colleague');
select tests.authenticate_as(tests.other_company());
select throws_ok($$ select public.remove_staff(tests.worker()) $$, 'P0001', 'This staff member does not work for your company',
  'Another company cannot remove the owner''s staff');
select tests.authenticate_as_anon();
select throws_ok($$ select public.remove_staff(tests.worker()) $$, '42501', 'permission denied for function remove_staff',
  'anon cannot remove staff');

select tests.authenticate_as(tests.owner());
select throws_ok($$ select public.remove_staff(tests.second_worker()) $$, 'P0001',
  'This staff member is on a shift. Clock them out before removing them.',
  'A worker who is clocked in to one of the company''s shifts cannot be removed');
select lives_ok($$ select public.remove_staff(tests.worker()) $$, 'The company removes its own staff member');
select results_eq($$ select id from public.company_staff where id in (tests.worker(), tests.second_worker()) $$,
  $$ values (tests.second_worker()) $$,
  'The removed worker is gone from the staff list; the one on shift is still there');
select results_eq(
  $$ select id, status, accepted_by from public.shifts_with_status
     where id in ((select assigned from fixture), (select completed from fixture)) order by status $$,
  $$ values ((select completed from fixture), 'Completed', tests.worker()),
            ((select assigned from fixture), 'Pending', null::uuid) $$,
  'The removed worker''s Assigned shift is Pending again; the Completed one keeps who did it');
select throws_ok($$ select public.remove_staff(tests.worker()) $$, 'P0001', 'This staff member does not work for your company',
  'Removing the same worker twice says they no longer work here');

select tests.authenticate_as(tests.worker());
select is((select count(*) from public.shifts_with_status where company_id = tests.owner()), 0::bigint,
  'The removed worker no longer sees any of the company''s shifts, addresses included');
select throws_ok($$ select public.accept_shift((select assigned from fixture)) $$, 'P0001', 'Shift not found',
  'The removed worker cannot take the released shift back');

select * from finish();
rollback;
