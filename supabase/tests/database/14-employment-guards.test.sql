-- Employment guards: leaving a company releases the worker's accepted shifts that have not started
-- and is refused while clocked in; clock_in needs a current employment. The race between a removal
-- and an accept is forced in tests/integration/employment-race.test.ts (it needs two sessions).
begin;
\ir _helpers.psql
select plan(9);

create temporary table ids (name text primary key, id uuid) on commit drop;
grant select on ids to authenticated, anon, service_role;
insert into ids values
  ('future', tests.create_shift(tests.owner(), interval '2 days')),
  ('working', tests.create_shift(tests.owner(), interval '-1 hour')),
  ('held', tests.create_shift(tests.owner(), interval '3 days'));
create function tests.shift(name text) returns uuid language sql stable as $$ select id from ids where ids.name = shift.name $$;
create function tests.holder(name text) returns uuid language sql stable security definer
  as $$ select accepted_by from public.shifts where id = (select id from ids where ids.name = holder.name) $$;
create function tests.employed(staff uuid) returns boolean language sql stable security definer
  as $$ select exists (select 1 from public.employments where staff_id = staff and company_id = tests.owner()) $$;
grant execute on function tests.shift(text), tests.holder(text), tests.employed(uuid) to authenticated;

-- A worker clocked in cannot leave; their shifts and employment stay as they are.
select tests.authenticate_as(tests.worker());
select lives_ok($$ select public.accept_shift(tests.shift('working')) $$, 'Fixture: the worker accepts a started shift');
select lives_ok($$ select public.clock_in(tests.shift('working'), 43.6525, -79.3839) $$, 'Fixture: and clocks in');
select throws_ok($$ select public.leave_company(tests.owner()) $$, 'P0001',
  'You are on a shift for this company. Clock out before leaving.', 'A worker on a shift cannot leave the company');
select ok(tests.employed(tests.worker()), 'The refused leave kept the employment');

-- A worker who leaves gives back the shifts they accepted but had not started.
select tests.authenticate_as(tests.second_worker());
select lives_ok($$ select public.accept_shift(tests.shift('future')) $$, 'Fixture: the second worker accepts a future shift');
select lives_ok($$ select public.leave_company(tests.owner()) $$, 'The second worker leaves the company');
select is(tests.holder('future'), null, 'Their accepted shift that had not started is Pending again');

-- A shift still held by someone no longer employed (a row from before these guards) cannot be started.
select tests.clear_authentication();
update public.shifts set accepted_by = tests.second_worker(), accepted_at = now() where id = tests.shift('held');
select tests.authenticate_as(tests.second_worker());
select throws_ok($$ select public.clock_in(tests.shift('held')) $$, 'P0001', 'You no longer work for this company',
  'A former worker cannot clock in to a shift of that company');
select throws_ok($$ select public.accept_shift(tests.shift('future')) $$, 'P0001', 'Shift not found',
  'A former worker cannot accept the company''s shifts');

select * from finish();
rollback;
