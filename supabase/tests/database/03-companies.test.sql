-- companies: who can do what. A company reads and edits only its own row and only its profile;
-- premium, counters, code, feedback flag and billing id belong to the database and the service role.
begin;
\ir _helpers.psql
select plan(28);

-- select ------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select results_eq($$ select id from public.companies $$, $$ values (tests.owner()) $$,
  'The owning company sees exactly its own company row');
select tests.authenticate_as(tests.other_company());
select is((select count(*) from public.companies where id = tests.owner()), 0::bigint,
  'Another company cannot see the owner''s row');
select tests.authenticate_as(tests.worker());
select is((select count(*) from public.companies), 0::bigint,
  'An employed worker cannot read any company row, not even their employer''s');
select tests.authenticate_as(tests.outsider());
select is((select count(*) from public.companies), 0::bigint,
  'An unemployed worker cannot read any company row');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.companies $$, '42501', 'permission denied for table companies',
  'anon cannot read companies at all');

-- insert ------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select throws_ok($$ insert into public.companies (id, email, company_code) values (tests.owner(), 'x@y.z', 'AAAA') $$,
  '42501', null, 'The owning company cannot insert a company row (sign-up does)');
select tests.authenticate_as(tests.other_company());
select throws_ok($$ insert into public.companies (id, email, company_code) values (gen_random_uuid(), 'x@y.z', 'AAAB') $$,
  '42501', null, 'Another company cannot insert a company row');
select tests.authenticate_as(tests.worker());
select throws_ok($$ insert into public.companies (id, email, company_code) values (tests.worker(), 'x@y.z', 'AAAC') $$,
  '42501', null, 'An employed worker cannot make themselves a company');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ insert into public.companies (id, email, company_code) values (tests.outsider(), 'x@y.z', 'AAAD') $$,
  '42501', null, 'An unemployed worker cannot make themselves a company');
select tests.authenticate_as_anon();
select throws_ok($$ insert into public.companies (id, email, company_code) values (gen_random_uuid(), 'x@y.z', 'AAAE') $$,
  '42501', null, 'anon cannot insert a company row');

-- update ------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select is(tests.affected($$ update public.companies set company_name = 'Owner Home Care', city = 'Toronto',
                             time_zone = 'America/Halifax' where id = tests.owner() $$), 1,
  'The owning company can update its own profile and time zone');
select throws_ok($$ update public.companies set premium = true where id = tests.owner() $$,
  '42501', 'permission denied for table companies', 'A company cannot make itself premium');
select throws_ok($$ update public.companies set free_shifts_used = 0 where id = tests.owner() $$,
  '42501', null, 'A company cannot reset its free shift counter');
select throws_ok($$ update public.companies set company_code = 'MINE' where id = tests.owner() $$,
  '42501', null, 'A company cannot choose its own company code');
select throws_ok($$ update public.companies set stripe_customer_id = 'cus_x' where id = tests.owner() $$,
  '42501', null, 'A company cannot set its billing customer id');
select throws_ok($$ update public.companies set feedback_given = true where id = tests.owner() $$,
  '42501', null, 'A company cannot set its feedback flag directly');
select throws_ok($$ update public.companies set email = 'new@test.example' where id = tests.owner() $$,
  '42501', null, 'A company cannot change the email copied from its auth account');
select tests.authenticate_as(tests.other_company());
select is(tests.affected($$ update public.companies set company_name = 'Hijacked' where id = tests.owner() $$), 0,
  'Another company cannot update the owner''s profile');
select tests.authenticate_as(tests.worker());
select is(tests.affected($$ update public.companies set company_name = 'Hijacked' where id = tests.owner() $$), 0,
  'An employed worker cannot update their employer''s profile');
select tests.authenticate_as(tests.outsider());
select is(tests.affected($$ update public.companies set company_name = 'Hijacked' where id = tests.owner() $$), 0,
  'An unemployed worker cannot update a company profile');
select tests.authenticate_as_anon();
select throws_ok($$ update public.companies set company_name = 'Hijacked' where id = tests.owner() $$,
  '42501', null, 'anon cannot update a company profile');
select tests.clear_authentication();
select results_eq($$ select company_name, premium, free_shifts_used, company_code from public.companies where id = tests.owner() $$,
  $$ values ('Owner Home Care', false, 0, 'TsA1') $$,
  'After all attempts the owner''s row holds only the owner''s own profile change');

-- delete ------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select throws_ok($$ delete from public.companies where id = tests.owner() $$, '42501', null,
  'The owning company cannot delete its row (account deletion goes through auth)');
select tests.authenticate_as(tests.other_company());
select throws_ok($$ delete from public.companies where id = tests.owner() $$, '42501', null,
  'Another company cannot delete a company');
select tests.authenticate_as(tests.worker());
select throws_ok($$ delete from public.companies where id = tests.owner() $$, '42501', null,
  'An employed worker cannot delete a company');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ delete from public.companies where id = tests.owner() $$, '42501', null,
  'An unemployed worker cannot delete a company');
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.companies where id = tests.owner() $$, '42501', null,
  'anon cannot delete a company');

-- service role ------------------------------------------------------------------------------------
select tests.authenticate_as_service_role();
select is(tests.affected($$ update public.companies set premium = true, stripe_customer_id = 'cus_Test1'
                             where id = tests.owner() $$), 1,
  'The service role (the Stripe webhook) can set premium and the billing customer id');

select * from finish();
rollback;
