-- The two rules every agency gets (issue 28): a worker never holds two overlapping shifts (at any
-- agencies) and never takes a shift inside their own time off. Time off: who sees and writes it,
-- what it accepts, and how a weekly period repeats (at the same wall-clock time across a DST change).
-- public.eligibility: each reason alone and together, and who may ask. accept_shift's refusals, and
-- the trigger that holds the overlap rule for any other writer. The race of two accepts at once is
-- in tests/integration/worker-time-rules.test.ts (it needs two sessions).
begin;
\ir _helpers.psql
select plan(46);

update public.companies set premium = true where id in (tests.owner(), tests.other_company());

-- The worker also works for the other company: their time is one across both.
select tests.authenticate_as(tests.worker());
select public.join_company('TsB2');
select tests.clear_authentication();

create temporary table ids (name text primary key, id uuid) on commit drop;
grant select on ids to authenticated, anon, service_role;
create function tests.shift(name text) returns uuid language sql stable as $$ select id from ids where ids.name = shift.name $$;
create function tests.post(name text, company uuid, starts timestamptz, ends timestamptz) returns void
language sql as $$
  insert into ids
  select name, tests.create_shift(company);
  update public.shifts set starts_at = starts, ends_at = ends where id = (select id from ids where ids.name = post.name);
$$;
create function tests.reasons(name text, staff uuid) returns text[] language sql as $$
  select e.reason_codes from public.eligibility(tests.shift(name), staff) e
$$;
create function tests.holder(name text) returns uuid language sql stable security definer
  as $$ select accepted_by from public.shifts where id = (select id from ids where ids.name = holder.name) $$;
grant execute on function tests.shift(text), tests.reasons(text, uuid), tests.holder(text) to authenticated, anon;

-- Days from tomorrow, in Toronto: d1 09:00–17:00 is the shift the worker holds at the other company.
select tests.post('held_b', tests.other_company(), date_trunc('day', now() at time zone 'America/Toronto') at time zone 'America/Toronto' + interval '1 day 9 hours',
                                                 date_trunc('day', now() at time zone 'America/Toronto') at time zone 'America/Toronto' + interval '1 day 17 hours');
select tests.post('same_hours', tests.owner(), (select starts_at + interval '2 hours' from public.shifts where id = tests.shift('held_b')),
                                               (select ends_at + interval '2 hours' from public.shifts where id = tests.shift('held_b')));
select tests.post('right_after', tests.owner(), (select ends_at from public.shifts where id = tests.shift('held_b')),
                                                (select ends_at + interval '4 hours' from public.shifts where id = tests.shift('held_b')));
select tests.post('next_week', tests.owner(), (select starts_at + interval '7 days' from public.shifts where id = tests.shift('held_b')),
                                              (select ends_at + interval '7 days' from public.shifts where id = tests.shift('held_b')));
select tests.post('far', tests.owner(), now() + interval '30 days', now() + interval '30 days 4 hours');

select tests.authenticate_as(tests.worker());
select lives_ok($$ select public.accept_shift(tests.shift('held_b')) $$, 'Fixture: the worker accepts a shift at the other company');

-- Eligibility with nothing in the way ----------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select is((select row(e.eligible, e.reason_codes, e.reasons)::text from public.eligibility(tests.shift('far'), tests.second_worker()) e),
  row(true, '{}'::text[], '{}'::text[])::text, 'A free worker is eligible, with no reasons');
select is(tests.reasons('right_after', tests.worker()), '{}'::text[], 'A shift that starts as another ends does not overlap it');

-- Overlap, across agencies ---------------------------------------------------------------------------
select is((select row(e.eligible, e.reason_codes, e.reasons)::text from public.eligibility(tests.shift('same_hours'), tests.worker()) e),
  row(false, '{overlapping_shift}'::text[], '{"Already has another shift at this time"}'::text[])::text,
  'A worker holding a shift at another agency is not eligible for one at the same hours, and the reason says so without naming it');
select tests.authenticate_as(tests.worker());
select throws_ok($$ select public.accept_shift(tests.shift('same_hours')) $$, 'P0001',
  'You already have another shift at this time', 'accept_shift refuses an overlapping shift, in the worker''s words');
select is(tests.holder('same_hours'), null, 'The refused shift stays Pending');
select lives_ok($$ select public.accept_shift(tests.shift('right_after')) $$, 'The worker can take the shift right after');
select lives_ok($$ select public.leave_company(tests.owner()) $$, 'Fixture: the worker leaves the owner (releasing right_after)');
select public.join_company('TsA1');

-- A shift clocked out no longer holds its time.
select tests.clear_authentication();
update public.shifts set clocked_in_at = starts_at, clocked_out_at = starts_at + interval '1 hour', time_done = '1h'
where id = tests.shift('held_b');
select tests.authenticate_as(tests.owner());
select is(tests.reasons('same_hours', tests.worker()), '{}'::text[], 'A completed shift no longer makes its hours busy');
select tests.clear_authentication();
update public.shifts set clocked_in_at = null, clocked_out_at = null, time_done = null where id = tests.shift('held_b');

-- Time off: validation and who sees it ---------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select throws_ok($$ insert into public.staff_time_off (starts_at, ends_at) values (now() + interval '2 days', now() + interval '1 day') $$,
  '23514', null, 'Time off must end after it starts');
select throws_ok($$ insert into public.staff_time_off (starts_at, ends_at, repeats_weekly) values (now(), now() + interval '8 days', true) $$,
  '23514', null, 'A weekly period lasts less than a week');
select throws_ok($$ insert into public.staff_time_off (starts_at, ends_at, time_zone) values (now(), now() + interval '1 day', 'Mars/Olympus') $$,
  '23514', 'Unknown time zone: Mars/Olympus', 'Time off needs a real time zone');
select throws_ok($$ insert into public.staff_time_off (staff_id, starts_at, ends_at) values (tests.second_worker(), now(), now() + interval '1 day') $$,
  '42501', null, 'A worker cannot write time off for someone else (staff_id is not theirs to set)');

-- The worker's week off: tomorrow 00:00 for 2 days in Toronto (covers same_hours and right_after).
insert into public.staff_time_off (starts_at, ends_at, note)
select date_trunc('day', now() at time zone 'America/Toronto') at time zone 'America/Toronto' + interval '1 day',
       date_trunc('day', now() at time zone 'America/Toronto') at time zone 'America/Toronto' + interval '3 days', 'Family visit';
select is((select count(*)::int from public.staff_time_off), 1, 'The worker sees their own time off');
select is((select staff_id from public.staff_time_off), tests.worker(), 'It is theirs, set from the JWT');

select tests.authenticate_as(tests.second_worker());
select is((select count(*)::int from public.staff_time_off), 0, 'Another worker sees none of it');
select is(tests.affected($$ update public.staff_time_off set note = 'x' $$), 0, 'Another worker cannot change it');
select is(tests.affected($$ delete from public.staff_time_off $$), 0, 'Another worker cannot delete it');
select tests.authenticate_as(tests.owner());
select is((select count(*)::int from public.staff_time_off where staff_id = tests.worker()), 1,
  'An agency that employs the worker sees their time off');
select is(tests.affected($$ update public.staff_time_off set note = 'x' $$), 0, 'The agency cannot change it');
select throws_ok($$ insert into public.staff_time_off (starts_at, ends_at) values (now(), now() + interval '1 hour') $$,
  '42501', null, 'An agency cannot add time off (only staff accounts can)');
select tests.authenticate_as(tests.other_company());
select is((select count(*)::int from public.staff_time_off), 1, 'The other employer sees it too');
select tests.authenticate_as(tests.outsider());
select is((select count(*)::int from public.staff_time_off), 0, 'A worker of no agency sees none');
select tests.authenticate_as_anon();
select throws_ok($$ select count(*) from public.staff_time_off $$, '42501', null, 'anon cannot read time off');

-- Time off in eligibility and accept_shift -----------------------------------------------------------
select tests.authenticate_as(tests.owner());
select is(tests.reasons('right_after', tests.worker()), '{time_off}'::text[], 'Time off alone is a reason');
select is((select e.reasons from public.eligibility(tests.shift('right_after'), tests.worker()) e),
  '{"Has time off at this time"}'::text[], 'It reads as a sentence a scheduler understands');
select is(tests.reasons('same_hours', tests.worker()), '{overlapping_shift,time_off}'::text[],
  'Overlap and time off together: every reason, overlap first');
select is(tests.reasons('next_week', tests.worker()), '{}'::text[], 'A one-off period does not repeat');
select tests.authenticate_as(tests.worker());
select throws_ok($$ select public.accept_shift(tests.shift('right_after')) $$, 'P0001',
  'This shift is during your time off', 'accept_shift refuses a shift inside the worker''s time off');
select is((select e.reason_codes from public.eligibility(tests.shift('right_after')) e), '{time_off}'::text[],
  'A worker can ask about themself (the staff id defaults to the caller)');
select tests.authenticate_as(tests.worker());
delete from public.staff_time_off;
select lives_ok($$ select public.accept_shift(tests.shift('right_after')) $$, 'With the time off deleted, the shift can be taken');

-- Weekly time off, across a DST change -----------------------------------------------------------------
-- Tuesdays 09:00–17:00 Toronto from 2 March 2027 (EST); DST starts 14 March: on 16 March it is still
-- 09:00–17:00 local (13:00–21:00 UTC, not 14:00–22:00).
insert into public.staff_time_off (starts_at, ends_at, repeats_weekly, repeat_until, time_zone)
values ('2027-03-02 09:00 America/Toronto', '2027-03-02 17:00 America/Toronto', true, '2027-04-01 America/Toronto', 'America/Toronto');
select tests.clear_authentication();
select ok(private.time_off_overlaps(tests.worker(), '2027-03-16 16:30 America/Toronto', '2027-03-16 18:00 America/Toronto'),
  'A weekly period repeats at its wall-clock hours after DST starts (16:30 on a Tuesday overlaps)');
select ok(not private.time_off_overlaps(tests.worker(), '2027-03-16 17:00 America/Toronto', '2027-03-16 18:00 America/Toronto'),
  'and ends at 17:00 local, not an hour later');
select ok(not private.time_off_overlaps(tests.worker(), '2027-03-16 07:00 America/Toronto', '2027-03-16 09:00 America/Toronto'),
  'and starts at 09:00 local');
select ok(not private.time_off_overlaps(tests.worker(), '2027-02-23 10:00 America/Toronto', '2027-02-23 11:00 America/Toronto'),
  'It does not reach back before its first week');
select ok(not private.time_off_overlaps(tests.worker(), '2027-04-06 10:00 America/Toronto', '2027-04-06 11:00 America/Toronto'),
  'It stops at repeat_until');
select ok(not private.time_off_overlaps(tests.worker(), '2027-03-17 10:00 America/Toronto', '2027-03-17 11:00 America/Toronto'),
  'Other weekdays are free');
select ok(private.time_off_overlaps(tests.worker(), '2027-03-08 20:00 America/Toronto', '2027-03-23 08:00 America/Toronto'),
  'A long period that spans repeats meets them');

-- Who may ask ----------------------------------------------------------------------------------------
select tests.authenticate_as(tests.other_company());
select throws_ok($$ select * from public.eligibility(tests.shift('far'), tests.worker()) $$, 'P0002', 'Shift not found',
  'Another agency cannot ask about this agency''s shift');
select tests.authenticate_as(tests.second_worker());
select throws_ok($$ select * from public.eligibility(tests.shift('far'), tests.worker()) $$, 'P0002', 'Shift not found',
  'A worker cannot ask about a colleague');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ select * from public.eligibility(tests.shift('far')) $$, 'P0002', 'Shift not found',
  'A worker of no agency cannot ask about its shifts');
select tests.authenticate_as(tests.owner());
select throws_ok($$ select * from public.eligibility(tests.shift('far'), tests.owner()) $$, 'P0002', 'Staff member not found',
  'Eligibility is about staff members');
select is(tests.reasons('far', tests.outsider()), '{not_employed}'::text[], 'A worker the agency does not employ is not eligible');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.eligibility(tests.shift('far'), tests.worker()) $$, '42501', null,
  'anon cannot call eligibility');

-- Any other writer meets the trigger -------------------------------------------------------------------
select tests.authenticate_as_service_role();
select throws_ok($$ update public.shifts set accepted_by = tests.worker(), accepted_at = now() where id = tests.shift('same_hours') $$,
  '23P01', 'This staff member already has another shift at this time',
  'The service role cannot give a worker an overlapping shift either');
select throws_ok($$ update public.shifts set ends_at = ends_at + interval '3 hours' where id = tests.shift('held_b') $$,
  '23P01', 'This staff member already has another shift at this time',
  'Nor stretch a held shift into the worker''s next one');

select * from finish();
rollback;
