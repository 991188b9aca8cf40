-- companies.tutorial_seen_at: the dashboard's "tutorial offered once per company" record. Only the
-- owning company can set it, only from null to now(), once; mark_tutorial_seen() says whether the
-- call was the first. Other companies, workers and anon cannot mark or move it.
begin;
\ir _helpers.psql
select plan(22);

create function tests.tutorial_seen_at(company_id uuid) returns timestamptz language sql stable security definer
  as $$ select tutorial_seen_at from public.companies where id = company_id $$;
grant execute on function tests.tutorial_seen_at(uuid) to anon, authenticated, service_role;

select col_type_is('public', 'companies', 'tutorial_seen_at', 'timestamp with time zone',
  'Companies record when the tutorial was first offered');
select is(tests.tutorial_seen_at(tests.owner()), null,
  'A new company has not been offered the tutorial yet');

-- anon ---------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select public.mark_tutorial_seen() $$, '42501', null,
  'anon cannot mark the tutorial as seen');
select throws_ok($$ update public.companies set tutorial_seen_at = now() where id = tests.owner() $$, '42501', null,
  'anon cannot set a company''s tutorial record directly');

-- workers --------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select is(public.mark_tutorial_seen(), false,
  'An employed worker has no company row, so marking the tutorial does nothing');
select is(tests.affected($$ update public.companies set tutorial_seen_at = now() where id = tests.owner() $$), 0,
  'An employed worker cannot mark their employer''s tutorial as seen');
select tests.authenticate_as(tests.outsider());
select is(public.mark_tutorial_seen(), false,
  'An unemployed worker has no company row, so marking the tutorial does nothing');
select is(tests.tutorial_seen_at(tests.owner()), null,
  'Workers leave the owner''s tutorial record untouched');

-- another company ------------------------------------------------------------------------------------
select tests.authenticate_as(tests.other_company());
select is(tests.affected($$ update public.companies set tutorial_seen_at = now() where id = tests.owner() $$), 0,
  'Another company cannot mark the owner''s tutorial as seen');
select is(public.mark_tutorial_seen(), true, 'Another company''s call marks its own first visit');
select ok(tests.tutorial_seen_at(tests.other_company()) is not null and tests.tutorial_seen_at(tests.owner()) is null,
  'Another company''s call marks only its own row, never the owner''s');

-- the owner --------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select throws_ok($$ update public.companies set tutorial_seen_at = '2001-01-01' where id = tests.owner() $$, '23514',
  'The tutorial can only be marked as seen at the current time',
  'A company cannot back-date its tutorial record');
select throws_ok($$ update public.companies set tutorial_seen_at = now() + interval '1 day' where id = tests.owner() $$,
  '23514', 'The tutorial can only be marked as seen at the current time',
  'A company cannot post-date its tutorial record');
select is(public.mark_tutorial_seen(), true, 'The owner''s first call marks the tutorial as seen and says so');
select is(tests.tutorial_seen_at(tests.owner()), now(), 'The record is the time of the first visit');
select is(public.mark_tutorial_seen(), false, 'A second call says the tutorial was already seen');
select is(tests.tutorial_seen_at(tests.owner()), now(), 'A second call leaves the record as it was');
select throws_ok($$ update public.companies set tutorial_seen_at = null where id = tests.owner() $$, '23514',
  'The tutorial has already been marked as seen', 'A company cannot clear its tutorial record to see it again');
select throws_ok($$ update public.companies set tutorial_seen_at = now() - interval '1 hour' where id = tests.owner() $$,
  '23514', 'The tutorial has already been marked as seen', 'A company cannot move its tutorial record once set');
select is(tests.affected($$ update public.companies set company_name = 'Owner Care' where id = tests.owner() $$), 1,
  'Profile updates that leave the tutorial record alone still work');

-- service role -----------------------------------------------------------------------------------------
select tests.authenticate_as_service_role();
select is(tests.affected($$ update public.companies set tutorial_seen_at = null where id = tests.owner() $$), 1,
  'The service role (support) can reset a company''s tutorial record');
select tests.authenticate_as(tests.owner());
select is(tests.affected($$ update public.companies set tutorial_seen_at = now() where id = tests.owner() $$), 1,
  'The owner can also set the record directly, from null to now()');

select * from finish();
rollback;
