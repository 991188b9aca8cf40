-- Sign-up: the trigger on auth.users turns sign-up metadata into a companies or staff row, with a
-- unique 4-character company code generated in the database, and account_type() lets the dashboard
-- refuse worker accounts at log-in.
begin;
\ir _helpers.psql
select plan(26);

-- Companies -------------------------------------------------------------------------------------------
select tests.create_user('a2000000-0000-4000-8000-000000000001', 'new-agency@test.example', '{"account_type":"company"}');

select results_eq(
  $$ select email, premium, free_shifts_used, feedback_given, time_zone, company_name, stripe_customer_id
     from public.companies where id = 'a2000000-0000-4000-8000-000000000001' $$,
  $$ values ('new-agency@test.example', false, 0, false, 'America/Toronto', null::text, null::text) $$,
  'A company sign-up creates its row with the email, premium false, no shifts used, no feedback, the default time zone and an empty profile');

select matches(
  (select company_code from public.companies where id = 'a2000000-0000-4000-8000-000000000001'),
  '^[A-Za-z0-9!@#$&*()_+<>?-]{4}$',
  'The generated company code is 4 characters from SPEC §9''s alphabet');

select ok(not exists (select 1 from public.staff where id = 'a2000000-0000-4000-8000-000000000001'),
  'A company sign-up creates no staff row');

select tests.create_user('a2000000-0000-4000-8000-000000000002', 'no-type@test.example', null);
select ok(exists (select 1 from public.companies where id = 'a2000000-0000-4000-8000-000000000002'),
  'A sign-up without account_type (the dashboard''s) creates a company');

select throws_ok(
  $$ select tests.create_user('a2000000-0000-4000-8000-000000000003', 'admin@test.example', '{"account_type":"admin"}') $$,
  'P0001', 'Account type must be company or staff',
  'An unknown account type rejects the sign-up');

select ok(
  (select count(*) filter (where c ~ '^[A-Za-z0-9!@#$&*()_+<>?-]{4}$') = 500 and count(distinct c) >= 495
   from (select private.generate_company_code() c from generate_series(1, 500)) codes),
  'The code generator yields well-formed codes that rarely repeat (500 in a row)');

select is(
  (select count(distinct ch) from (
     select substr(private.generate_company_code(), 1, 1) ch from generate_series(1, 3000)) chars
   where ch ~ '[!@#$&*()_+<>?-]') > 0,
  true,
  'The code generator also draws the symbols of the alphabet, not only letters and digits');

-- A collision on the code is retried: make every code but one taken is impractical, so prove the
-- constraint that the retry relies on.
select throws_ok(
  $$ update public.companies set company_code = 'TsA1' where id = tests.other_company() $$,
  '23505', null,
  'Company codes are unique, which the sign-up trigger relies on to retry a collision');

-- Staff --------------------------------------------------------------------------------------------
select results_eq(
  $$ select first_name, last_name, email, phone, on_shift, has_unread_notifications
     from public.staff where id = tests.worker() $$,
  $$ values ('Wendy', 'Worker', 'worker@test.example', '4165550101', false, false) $$,
  'A staff sign-up creates the worker with names, email and a phone reduced to its 10 digits');

select ok(exists (select 1 from public.employments where staff_id = tests.worker() and company_id = tests.owner()),
  'A staff sign-up with a valid company code creates the employment');

select ok(not exists (select 1 from public.companies where id = tests.worker()),
  'A staff sign-up creates no company row');

select ok(not exists (select 1 from public.employments where staff_id = tests.outsider()),
  'A staff sign-up without a company code has no employer');

select lives_ok(
  $$ select tests.create_user('c2000000-0000-4000-8000-000000000001', 'typo@test.example',
       '{"account_type":"staff","first_name":"Tia","last_name":"Typo","phone":"12","company_code":"ZZZZ"}') $$,
  'A staff sign-up with an unknown company code still succeeds (join_company explains later)');

select results_eq(
  $$ select s.phone, (select count(*) from public.employments e where e.staff_id = s.id)
     from public.staff s where s.id = 'c2000000-0000-4000-8000-000000000001' $$,
  $$ values (null::text, 0::bigint) $$,
  'That worker has no employment, and a phone that is not 10 digits is stored as null');

-- account_type() ------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select is(public.account_type(), 'company', 'account_type() says company for an agency');
select tests.authenticate_as(tests.worker());
select is(public.account_type(), 'staff', 'account_type() says staff for a worker, so the dashboard can sign them out');
select tests.authenticate_as('e0000000-0000-4000-8000-000000000000');
select is(public.account_type(), null, 'account_type() is null for a user without a profile');
select tests.authenticate_as_anon();
select throws_ok($$ select public.account_type() $$, '42501', null,
  'anon cannot call account_type()');
select tests.clear_authentication();

-- Profiles follow their auth user ----------------------------------------------------------------------
delete from auth.users where id = 'a2000000-0000-4000-8000-000000000001';
select ok(not exists (select 1 from public.companies where id = 'a2000000-0000-4000-8000-000000000001'),
  'Deleting the auth user deletes the company row');

-- Profile constraints -------------------------------------------------------------------------------
select throws_ok($$ update public.companies set phone = '416555010' where id = tests.owner() $$,
  '23514', null, 'A company phone must be exactly 10 digits');
select throws_ok($$ update public.companies set postal_code = 'M5V3K' where id = tests.owner() $$,
  '23514', null, 'A company postal code must have at least 6 characters');
select throws_ok($$ update public.companies set staff_size = '1-9' where id = tests.owner() $$,
  '23514', null, 'Staff size must be one of SPEC §9''s options');
select throws_ok($$ update public.companies set referral_source = 'Billboard' where id = tests.owner() $$,
  '23514', null, 'Referral source must be one of SPEC §9''s options');
select throws_ok($$ update public.companies set company_type = 'Hospital' where id = tests.owner() $$,
  '23514', null, 'Company type must be one of SPEC §9''s options');
select throws_ok($$ update public.companies set time_zone = 'Mars/Olympus' where id = tests.owner() $$,
  '23514', 'Time zone must be a valid IANA time zone such as America/Toronto',
  'A company time zone must be an IANA name');
select lives_ok(
  $$ update public.companies set phone = '4165550100', postal_code = 'M5V 3K2', staff_size = '121 and above',
       referral_source = 'Poster/flyer', company_type = 'Developmental Support Company', time_zone = 'America/Vancouver'
     where id = tests.owner() $$,
  'Valid onboarding answers are accepted');

select * from finish();
rollback;
