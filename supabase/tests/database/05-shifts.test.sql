-- shifts: a company posts, reads and deletes only its own shifts; it cannot post for another
-- company, backdate the start or set acceptance and clock fields; nobody updates a shift directly.
-- Workers see their employers' open shifts and the shifts they accepted. The free plan's 10 shifts
-- are counted and enforced by the database; status is derived.
begin;
\ir _helpers.psql
select plan(57);

-- Fixture: an open shift and one accepted by the second worker for the owner, one for the other company.
create temporary table ids (name text primary key, id uuid) on commit drop;
grant select on ids to authenticated, anon, service_role;
insert into ids values ('open', tests.create_shift(tests.owner())), ('taken', tests.create_shift(tests.owner())),
                       ('foreign', tests.create_shift(tests.other_company()));
update public.shifts set accepted_by = tests.second_worker(), accepted_at = now()
where id = (select id from ids where name = 'taken');

create function tests.shift(name text) returns uuid language sql stable as $$ select id from ids where ids.name = shift.name $$;
grant execute on function tests.shift(text) to anon, authenticated, service_role;

create function tests.post(extra_columns text default '', extra_values text default '',
                           starts_in interval default interval '2 days', hours integer default 8)
returns integer language plpgsql as $$
begin
  return tests.affected(format(
    'insert into public.shifts (staff_type, skill, street_number, street_name, city, province, country, postal_code, '
    'starts_at, ends_at, latitude, longitude %s) values (%L, %L, %L, %L, %L, %L, %L, %L, %L, %L, 45.5017, -73.5673 %s)',
    extra_columns, 'RPN', 'Medication administration', '1001', 'Rue Sherbrooke Ouest', 'Montréal', 'Québec',
    'Canada', 'H3A 1G5', now() + starts_in, now() + starts_in + make_interval(hours => hours), extra_values));
end;
$$;
grant execute on function tests.post(text, text, interval, integer) to anon, authenticated, service_role;

-- select ------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select results_eq($$ select id from public.shifts order by id $$,
  $$ select id from ids where name in ('open', 'taken') order by id $$,
  'The owning company sees exactly its own shifts, whatever their status');
select results_eq($$ select id, status, duration_minutes from public.shifts_with_status order by id $$,
  $$ select id, case name when 'open' then 'Pending' else 'Assigned' end, 480 from ids
     where name in ('open', 'taken') order by id $$,
  'The shifts_with_status view gives the owner its shifts with status and duration');
select tests.authenticate_as(tests.other_company());
select is((select count(*) from public.shifts where company_id = tests.owner()), 0::bigint,
  'Another company cannot see the owner''s shifts');
select tests.authenticate_as(tests.worker());
select results_eq($$ select id from public.shifts $$, $$ values (tests.shift('open')) $$,
  'An employed worker sees the employer''s open shift but not one a colleague accepted, nor other companies''');
select tests.authenticate_as(tests.second_worker());
select results_eq($$ select id from public.shifts_with_status order by id $$,
  $$ select id from ids where name in ('open', 'taken') order by id $$,
  'A worker sees the employer''s open shifts and the shift they accepted');
select tests.authenticate_as(tests.outsider());
select is((select count(*) from public.shifts), 0::bigint, 'An unemployed worker sees no shifts');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.shifts $$, '42501', 'permission denied for table shifts',
  'anon cannot read shifts');
select throws_ok($$ select * from public.shifts_with_status $$, '42501', null,
  'anon cannot read the shifts view');

-- insert ------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select is(tests.post(), 1, 'The owning company can post a shift; company_id defaults to itself');
select is(tests.post(', company_id', ', ' || quote_literal(tests.owner())), 1,
  'The owning company can post a shift naming itself as owner');
select throws_ok($$ select tests.post(', company_id', ', ' || quote_literal(tests.other_company())) $$,
  '42501', 'new row violates row-level security policy for table "shifts"',
  'A company cannot post a shift for another company');
select throws_ok($$ select tests.post(', accepted_by, accepted_at', ', ' || quote_literal(tests.worker()) || ', now()') $$,
  '42501', 'permission denied for table shifts', 'A company cannot post a shift already accepted');
select throws_ok($$ select tests.post(', clocked_in_at', ', now()') $$, '42501', null,
  'A company cannot set a clock-in time');
select throws_ok($$ select tests.post(', clocked_out_at, time_done', ', now(), ''8h''') $$, '42501', null,
  'A company cannot set a clock-out time or time done');
select throws_ok($$ select tests.post(', created_at', ', now() - interval ''1 year''') $$, '42501', null,
  'A company cannot backdate the creation time that orders the list');
select throws_ok($$ select tests.post(', id', ', gen_random_uuid()') $$, '42501', null,
  'A company cannot choose a shift id');
select throws_ok($$ select tests.post(starts_in => interval '-1 hour') $$, 'P0001', 'Start date cannot be in the past',
  'A company cannot backdate the start');
select is(tests.post(starts_in => interval '-30 seconds'), 1,
  'A start up to a minute in the past is accepted (clock skew between browser and database)');
select throws_ok($$ select tests.post(hours => 0) $$, 'P0001', 'End date must be after start date',
  'The end must be after the start');
select tests.authenticate_as(tests.worker());
select throws_ok($$ select tests.post() $$, '42501', 'Only company accounts can post shifts',
  'An employed worker cannot post a shift for themselves');
select throws_ok($$ select tests.post(', company_id', ', ' || quote_literal(tests.owner())) $$,
  '42501', 'new row violates row-level security policy for table "shifts"',
  'An employed worker cannot post a shift for their employer');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ select tests.post() $$, '42501', 'Only company accounts can post shifts',
  'An unemployed worker cannot post a shift');
select tests.authenticate_as_anon();
select throws_ok($$ select tests.post() $$, '42501', 'permission denied for table shifts',
  'anon cannot post a shift (the dashboard says ''User not logged in'')');

-- update ------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select throws_ok($$ update public.shifts set notes = 'Changed' where id = tests.shift('open') $$, '42501',
  'permission denied for table shifts', 'The owning company cannot edit a shift directly');
select throws_ok($$ update public.shifts set accepted_by = tests.outsider(), accepted_at = now() where id = tests.shift('open') $$,
  '42501', null, 'The owning company cannot assign a shift directly');
select tests.authenticate_as(tests.other_company());
select throws_ok($$ update public.shifts set notes = 'Changed' where id = tests.shift('open') $$, '42501', null,
  'Another company cannot edit the owner''s shift');
select tests.authenticate_as(tests.worker());
select throws_ok($$ update public.shifts set accepted_by = tests.worker(), accepted_at = now() where id = tests.shift('open') $$,
  '42501', null, 'An employed worker cannot take a shift except through accept_shift');
select throws_ok($$ update public.shifts set clocked_in_at = now() where id = tests.shift('taken') $$, '42501', null,
  'A worker cannot edit a shift''s clock times directly');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ update public.shifts set notes = 'Changed' where id = tests.shift('open') $$, '42501', null,
  'An unemployed worker cannot edit a shift');
select tests.authenticate_as_anon();
select throws_ok($$ update public.shifts set notes = 'Changed' where id = tests.shift('open') $$, '42501', null,
  'anon cannot edit a shift');

-- delete ------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.other_company());
select is(tests.affected($$ delete from public.shifts where id = tests.shift('open') $$), 0,
  'Another company cannot delete the owner''s shift');
select tests.authenticate_as(tests.worker());
select is(tests.affected($$ delete from public.shifts where id = tests.shift('open') $$), 0,
  'An employed worker cannot delete a shift they can see');
select tests.authenticate_as(tests.second_worker());
select is(tests.affected($$ delete from public.shifts where id = tests.shift('taken') $$), 0,
  'A worker cannot delete the shift they accepted');
select tests.authenticate_as(tests.outsider());
select is(tests.affected($$ delete from public.shifts where id = tests.shift('open') $$), 0,
  'An unemployed worker cannot delete a shift');
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.shifts where id = tests.shift('open') $$, '42501', null,
  'anon cannot delete a shift');
select tests.authenticate_as(tests.owner());
select is(tests.affected($$ delete from public.shifts where id = tests.shift('open') $$), 1,
  'The owning company can delete its own shift');

-- Free plan: 10 shifts ------------------------------------------------------------------------------
select tests.clear_authentication();
select tests.create_user('a3000000-0000-4000-8000-000000000001', 'limits@test.example', '{"account_type":"company"}');
select count(tests.create_shift('a3000000-0000-4000-8000-000000000001')) from generate_series(1, 9);
select is((select free_shifts_used from public.companies where id = 'a3000000-0000-4000-8000-000000000001'), 9,
  'Every posted shift counts on the free plan: 9 shifts posted, 9 used');
select tests.authenticate_as('a3000000-0000-4000-8000-000000000001');
select is(tests.post(), 1, 'The 10th shift is allowed on the free plan');
select is((select free_shifts_used from public.companies), 10, 'The 10th shift is counted by the database');
select throws_ok($$ select tests.post() $$, 'P0001',
  'Free plan limit reached: upgrade to Premium to post more than 10 shifts',
  'The 11th shift is refused on the free plan with a plain sentence');
select is(tests.affected($$ delete from public.shifts where id = (select min(id::text)::uuid from public.shifts) $$), 1,
  'Fixture: the limited company deletes one of its shifts');
select throws_ok($$ select tests.post() $$, 'P0001',
  'Free plan limit reached: upgrade to Premium to post more than 10 shifts',
  'Deleting a shift does not give back a free shift');
select tests.authenticate_as_service_role();
update public.companies set premium = true where id = 'a3000000-0000-4000-8000-000000000001';
select tests.authenticate_as('a3000000-0000-4000-8000-000000000001');
select is(tests.post() + tests.post() + tests.post(), 3, 'A premium company posts without limit');
select results_eq($$ select free_shifts_used, (select count(*)::int from public.shifts) from public.companies $$,
  $$ values (10, 12) $$, 'Premium shifts are not counted as free shifts');

select tests.clear_authentication();
insert into public.employments (staff_id, company_id) values (tests.outsider(), 'a3000000-0000-4000-8000-000000000001');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province,
                      country, postal_code, starts_at, ends_at) values ('a3000000-0000-4000-8000-000000000001', 'PSW', 'Care',
                      '12', 'Main St', 'Toronto', 'Ontario', 'Canada', 'M5V 3K2', now() + interval '1 day', now() + interval '2 days') $$,
  '42501', 'new row violates row-level security policy for table "shifts"',
  'A worker posting for an employer is refused by RLS, before any plan check');
select ok((select count(*) from public.shifts) > 0, 'A worker who joins a company sees its open shifts');
select lives_ok($$ select public.leave_company('a3000000-0000-4000-8000-000000000001') $$, 'Fixture: the worker leaves');
select is((select count(*) from public.shifts), 0::bigint, 'A worker who left a company no longer sees its shifts');

-- Status ------------------------------------------------------------------------------------------
select tests.clear_authentication();
update public.shifts set accepted_by = tests.worker(), accepted_at = now() - interval '3 hours',
                         clocked_in_at = now() - interval '2 hours'
where id = (select id from ids where name = 'taken');
select is(public.shift_status(s), 'In-progress', 'A clocked-in, not clocked-out shift is In-progress')
from public.shifts s where id = (select id from ids where name = 'taken');
update public.shifts set clocked_out_at = now(), time_done = '2 hrs' where id = (select id from ids where name = 'taken');
select is(public.shift_status(s), 'Completed', 'A clocked-out shift is Completed')
from public.shifts s where id = (select id from ids where name = 'taken');
select is(public.shift_status(s), 'Pending', 'A shift nobody accepted is Pending')
from public.shifts s where id = (select id from ids where name = 'foreign');
select throws_ok($$ update public.shifts set clocked_in_at = now() where id = tests.shift('foreign') $$, '23514', null,
  'Even the database owner cannot clock a shift in before it is accepted');
select throws_ok($$ update public.shifts set time_done = null where id = tests.shift('taken') $$, '23514', null,
  'A clocked-out shift always has its time done');

-- Field rules -----------------------------------------------------------------------------------
select tests.authenticate_as(tests.other_company());
select throws_ok($$ insert into public.shifts (staff_type, skill, street_number, street_name, city, province, country,
                      postal_code, starts_at, ends_at) values ('PSW', 'Care', '12B', 'Main St', 'Toronto', 'Ontario',
                      'Canada', 'M5V 3K2', now() + interval '1 day', now() + interval '2 days') $$,
  '23514', null, 'A street number must be numeric');
select throws_ok($$ insert into public.shifts (staff_type, skill, street_number, street_name, city, province, country,
                      postal_code, starts_at, ends_at) values ('PSW', 'Care', '12', 'Main St', 'Toronto', 'Ontario',
                      'Canada', 'M5V3K', now() + interval '1 day', now() + interval '2 days') $$,
  '23514', null, 'A shift postal code must have at least 6 characters');
select throws_ok($$ insert into public.shifts (staff_type, skill, street_number, street_name, city, province, country,
                      postal_code, starts_at, ends_at) values (' ', 'Care', '12', 'Main St', 'Toronto', 'Ontario',
                      'Canada', 'M5V 3K2', now() + interval '1 day', now() + interval '2 days') $$,
  '23514', null, 'A staff type cannot be blank');
select throws_ok($$ insert into public.shifts (staff_type, skill, street_number, street_name, city, province, country,
                      postal_code, starts_at, ends_at, latitude, longitude) values ('PSW', 'Care', '12', 'Main St', 'Toronto',
                      'Ontario', 'Canada', 'M5V 3K2', now() + interval '1 day', now() + interval '2 days', 91, 0) $$,
  '23514', null, 'Coordinates must be on Earth');

select * from finish();
rollback;
