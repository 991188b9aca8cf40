-- staff, employments and the company_staff view: a company reads only the staff it employs (with
-- the time each joined); a worker reads and edits only their own profile and push token. Joining
-- is an RPC by company code with the free plan's 30-staff limit; leaving is an RPC or a delete of
-- one's own employment.
begin;
\ir _helpers.psql
select plan(56);

-- staff: select ------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select results_eq($$ select id from public.staff order by id $$,
  $$ values (tests.worker()), (tests.second_worker()) $$,
  'The owning company sees exactly the staff it employs');
select tests.authenticate_as(tests.other_company());
select is((select count(*) from public.staff), 0::bigint,
  'Another company sees none of the owner''s staff');
select tests.authenticate_as(tests.worker());
select results_eq($$ select id from public.staff $$, $$ values (tests.worker()) $$,
  'An employed worker sees only their own profile, not their colleagues''');
select tests.authenticate_as(tests.outsider());
select results_eq($$ select id from public.staff $$, $$ values (tests.outsider()) $$,
  'An unemployed worker sees only their own profile');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.staff $$, '42501', 'permission denied for table staff',
  'anon cannot read staff');

-- staff: insert -----------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select throws_ok($$ insert into public.staff (id, email) values (gen_random_uuid(), 'fake@test.example') $$,
  '42501', null, 'The owning company cannot create staff rows');
select tests.authenticate_as(tests.other_company());
select throws_ok($$ insert into public.staff (id, email) values (gen_random_uuid(), 'fake@test.example') $$,
  '42501', null, 'Another company cannot create staff rows');
select tests.authenticate_as(tests.worker());
select throws_ok($$ insert into public.staff (id, email) values (gen_random_uuid(), 'fake@test.example') $$,
  '42501', null, 'An employed worker cannot create staff rows');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ insert into public.staff (id, email) values (gen_random_uuid(), 'fake@test.example') $$,
  '42501', null, 'An unemployed worker cannot create staff rows');
select tests.authenticate_as_anon();
select throws_ok($$ insert into public.staff (id, email) values (gen_random_uuid(), 'fake@test.example') $$,
  '42501', null, 'anon cannot create staff rows');

-- staff: update -----------------------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select is(tests.affected($$ update public.staff set first_name = 'Wendi', phone = '6475550101',
                             push_token = 'ExponentPushToken[abc]' where id = tests.worker() $$), 1,
  'A worker can update their own names, phone and push token');
select throws_ok($$ update public.staff set on_shift = true where id = tests.worker() $$, '42501', null,
  'A worker cannot set their own on-shift flag');
select throws_ok($$ update public.staff set has_unread_notifications = false where id = tests.worker() $$, '42501', null,
  'A worker cannot clear their unread flag directly');
select throws_ok($$ update public.staff set email = 'x@test.example' where id = tests.worker() $$, '42501', null,
  'A worker cannot change the email copied from their auth account');
select is(tests.affected($$ update public.staff set first_name = 'Hacked' where id = tests.second_worker() $$), 0,
  'An employed worker cannot edit another worker');
select tests.authenticate_as(tests.outsider());
select is(tests.affected($$ update public.staff set first_name = 'Hacked' where id = tests.worker() $$), 0,
  'An unemployed worker cannot edit another worker');
select tests.authenticate_as(tests.owner());
select is(tests.affected($$ update public.staff set first_name = 'Hacked' where id = tests.worker() $$), 0,
  'The owning company cannot edit its staff''s profile');
select throws_ok($$ update public.staff set on_shift = false where id = tests.worker() $$, '42501', null,
  'The owning company cannot set a worker''s on-shift flag directly');
select tests.authenticate_as(tests.other_company());
select is(tests.affected($$ update public.staff set first_name = 'Hacked' where id = tests.worker() $$), 0,
  'Another company cannot edit the owner''s staff');
select tests.authenticate_as_anon();
select throws_ok($$ update public.staff set first_name = 'Hacked' where id = tests.worker() $$, '42501', null,
  'anon cannot edit staff');
select tests.clear_authentication();
select results_eq($$ select first_name, phone, push_token from public.staff where id = tests.worker() $$,
  $$ values ('Wendi', '6475550101', 'ExponentPushToken[abc]') $$,
  'After all attempts only the worker''s own edit is stored');

-- staff: delete -----------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select throws_ok($$ delete from public.staff where id = tests.worker() $$, '42501', null,
  'The owning company cannot delete a worker');
select tests.authenticate_as(tests.other_company());
select throws_ok($$ delete from public.staff where id = tests.worker() $$, '42501', null,
  'Another company cannot delete a worker');
select tests.authenticate_as(tests.worker());
select throws_ok($$ delete from public.staff where id = tests.worker() $$, '42501', null,
  'A worker cannot delete their staff row (account deletion goes through auth)');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ delete from public.staff where id = tests.worker() $$, '42501', null,
  'An unemployed worker cannot delete a worker');
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.staff where id = tests.worker() $$, '42501', null,
  'anon cannot delete a worker');

-- employments and the company_staff view: select ----------------------------------------------------
select tests.authenticate_as(tests.owner());
select is((select count(*) from public.employments where added_at is not null), 2::bigint,
  'The owning company sees its two employments with their added-at times');
select results_eq($$ select id, first_name from public.company_staff order by id $$,
  $$ values (tests.worker(), 'Wendi'), (tests.second_worker(), 'Sam') $$,
  'The company_staff view lists the owner''s staff');
select tests.authenticate_as(tests.other_company());
select is((select count(*) from public.employments) + (select count(*) from public.company_staff), 0::bigint,
  'Another company sees none of the owner''s employments or staff list');
select tests.authenticate_as(tests.worker());
select results_eq($$ select company_id from public.employments $$, $$ values (tests.owner()) $$,
  'An employed worker sees only their own employment');
select tests.authenticate_as(tests.outsider());
select is((select count(*) from public.employments) + (select count(*) from public.company_staff), 0::bigint,
  'An unemployed worker sees no employment');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.company_staff $$, '42501', null,
  'anon cannot read the staff list');

-- employments: insert, update, delete ----------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select throws_ok($$ insert into public.employments (staff_id, company_id) values (tests.outsider(), tests.owner()) $$,
  '42501', null, 'The owning company cannot enrol a worker without their consent');
select throws_ok($$ update public.employments set added_at = now() where company_id = tests.owner() $$,
  '42501', null, 'The owning company cannot rewrite employment dates');
select is(tests.affected($$ delete from public.employments where staff_id = tests.worker() $$), 0,
  'The owning company cannot remove a worker''s employment');
select tests.authenticate_as(tests.other_company());
select throws_ok($$ insert into public.employments (staff_id, company_id) values (tests.worker(), tests.other_company()) $$,
  '42501', null, 'Another company cannot enrol the owner''s worker');
select is(tests.affected($$ delete from public.employments where company_id = tests.owner() $$), 0,
  'Another company cannot remove the owner''s employments');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ insert into public.employments (staff_id, company_id) values (tests.outsider(), tests.owner()) $$,
  '42501', null, 'An unemployed worker cannot join by inserting an employment (the code is required)');
select is(tests.affected($$ delete from public.employments where staff_id = tests.worker() $$), 0,
  'An unemployed worker cannot remove another worker''s employment');
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.employments $$, '42501', null, 'anon cannot touch employments');
select tests.authenticate_as(tests.second_worker());
select throws_ok($$ update public.employments set company_id = tests.other_company() where staff_id = tests.second_worker() $$,
  '42501', null, 'An employed worker cannot move their employment to another company');
select is(tests.affected($$ delete from public.employments where staff_id = tests.second_worker() $$), 1,
  'An employed worker can leave by deleting their own employment');

-- join_company, leave_company, my_employers ------------------------------------------------------------
select tests.authenticate_as(tests.outsider());
select is(public.join_company('ZZ?Z'), null::uuid,
  'Joining with an unknown code joins nothing and returns null (logged as a failed attempt, see 13-join-attempts)');
select is(public.join_company(' TsA1 '), tests.owner(),
  'A worker joins a company with its code (surrounding spaces ignored) and gets its id');
select is(public.join_company('TsA1'), tests.owner(), 'Joining the same company again changes nothing');
select results_eq($$ select company_id, company_name from public.my_employers() $$,
  $$ values (tests.owner(), 'Owner Care') $$,
  'my_employers() gives the worker their employers'' names without exposing the companies table');
select lives_ok($$ select public.leave_company(tests.owner()) $$, 'A worker can leave a company');
select throws_ok($$ select public.leave_company(tests.owner()) $$, 'P0001', 'You do not work for this company',
  'Leaving a company one does not work for fails with a plain sentence');
select tests.authenticate_as(tests.owner());
select throws_ok($$ select public.join_company('TsB2') $$, '42501', 'Only staff accounts can join a company',
  'A company cannot join another company');
select is((select count(*) from public.my_employers()), 0::bigint, 'A company has no employers');
select tests.authenticate_as_anon();
select throws_ok($$ select public.join_company('TsA1') $$, '42501', 'permission denied for function join_company',
  'anon cannot call join_company');
select throws_ok($$ select public.leave_company(tests.owner()) $$, '42501', null, 'anon cannot call leave_company');

-- Free plan: 30 staff -----------------------------------------------------------------------------------
select tests.clear_authentication();
select count(tests.create_user(('f3000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'filler' || n || '@test.example',
         '{"account_type":"staff","first_name":"Fill","last_name":"Er","company_code":"TsB2"}'))
from generate_series(1, 29) n;
select is((select count(*) from public.employments where company_id = tests.other_company()), 29::bigint,
  'Fixture: the free-plan company employs 29 staff');
select tests.authenticate_as(tests.outsider());
select is(public.join_company('TsB2'), tests.other_company(), 'The 30th worker can join a free-plan company');
select tests.authenticate_as(tests.worker());
select throws_ok($$ select public.join_company('TsB2') $$, 'P0001',
  'This company has reached the free plan limit of 30 staff',
  'The 31st worker is refused on the free plan with a plain sentence');
select tests.authenticate_as_service_role();
update public.companies set premium = true where id = tests.other_company();
select tests.authenticate_as(tests.worker());
select is(public.join_company('TsB2'), tests.other_company(), 'A premium company has no staff limit: the 31st worker joins');

select * from finish();
rollback;
