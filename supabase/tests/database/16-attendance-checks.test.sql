-- Attendance checks (issue 16, defect 8): Time Done read as minutes, early / on time / late clock-ins
-- in the timeline (on time = 30 min before to 10 min after the start), and a Time Done more than
-- 15 minutes from the clocked time flagged, never refused, in the timeline, the row and the CSV.
begin;
\ir _helpers.psql
\ir _shift_fixtures.psql
select plan(27);

update public.companies set premium = true where id = tests.owner();
update public.staff set first_name = 'Wendy', last_name = 'Worker' where id = tests.worker();

-- Reading Time Done ---------------------------------------------------------------------------------
select is(public.time_done_minutes(t), want, format('Time Done %L reads as %s minutes', t, coalesce(want::text, 'nothing')))
from (values ('8', 480), ('7.5', 450), ('7,5 hrs', 450), ('7:30', 450), ('8 hrs', 480), ('7h30', 450),
             ('7 hours 30 mins', 450), ('1 day 2 hrs', 1560), ('7 hrs 58 mins', 478), ('1 hr, 15 mins', 75),
             ('8 hours and 15 minutes', 495), ('  8H  ', 480)) as cases(t, want);
select is(public.time_done_minutes(t), null, format('%L is not read as a duration', t))
from (values ('full shift'), ('8 30'), ('-8 hours'), ('')) as cases(t);

-- The row keeps the minutes, whoever writes the text ------------------------------------------------------
select tests.seed('early', tests.owner(), '2026-03-01 12:00Z', '2026-03-10 09:00 America/Toronto');
select tests.accept('early', tests.worker(), '2026-03-01 12:05Z');
select tests.clock_in('early', '2026-03-09 23:00 America/Toronto');   -- 10 hours before the start
select tests.clock_out('early', '2026-03-09 23:02 America/Toronto', '8 hours', by_company => true);
select is((select time_done_minutes from public.shifts where id = tests.shift('early')), 480,
  'Clocking out stores the Time Done read as minutes beside the text');
update public.shifts set time_done_minutes = 5 where id = tests.shift('early');
select is((select time_done_minutes from public.shifts where id = tests.shift('early')), 480,
  'The minutes cannot be set apart from the text: the trigger recomputes them');
select is((select time_done_minutes from public.shifts_with_status where id = tests.shift('early')), 480,
  'shifts_with_status carries the minutes too');

select tests.seed('on_time', tests.owner(), '2026-03-01 12:00Z', '2026-03-11 09:00 America/Toronto');
select tests.accept('on_time', tests.worker(), '2026-03-01 12:05Z');
select tests.clock_in('on_time', '2026-03-11 08:30 America/Toronto');  -- exactly 30 min early
select tests.clock_out('on_time', '2026-03-11 16:45 America/Toronto', '8 hrs');  -- clocked 8 h 15 min

select tests.seed('edge_early', tests.owner(), '2026-03-01 12:00Z', '2026-03-12 09:00 America/Toronto');
select tests.accept('edge_early', tests.worker(), '2026-03-01 12:05Z');
select tests.clock_in('edge_early', '2026-03-12 08:29 America/Toronto');  -- 31 min early
select tests.clock_out('edge_early', '2026-03-12 17:00 America/Toronto', 'full shift');

select tests.seed('late', tests.owner(), '2026-03-01 12:00Z', '2026-03-13 09:00 America/Toronto');
select tests.accept('late', tests.worker(), '2026-03-01 12:05Z');
select tests.clock_in('late', '2026-03-13 09:40 America/Toronto');

-- Timeline ----------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select results_eq(
  $$ select detail, flagged from public.shift_timeline(tests.shift('early')) where kind in ('clocked_in', 'clocked_out') $$,
  $$ values ('10 hrs early', true),
            ('Time done: 8 hours. Clocked 2 mins: differs from the clocked time by more than 15 mins', true) $$,
  'A clock-in 10 hours before the start is early, and 8 hours done after 2 clocked minutes is flagged');
select results_eq(
  $$ select detail, flagged from public.shift_timeline(tests.shift('on_time')) where kind in ('clocked_in', 'clocked_out') $$,
  $$ values ('On time', false), ('Time done: 8 hrs', false) $$,
  'Exactly 30 minutes early is on time; 8 hrs done against 8 hrs 15 mins clocked is within 15 minutes');
select results_eq(
  $$ select detail, flagged from public.shift_timeline(tests.shift('edge_early')) where kind in ('clocked_in', 'clocked_out') $$,
  $$ values ('31 mins early', true),
            ('Time done: full shift. Clocked 8 hrs 31 mins: could not be compared with the clocked time', true) $$,
  'A minute beyond the 30-minute window is early; an unreadable Time Done is flagged with the clocked time');
select results_eq(
  $$ select detail, flagged from public.shift_timeline(tests.shift('late')) where kind = 'clocked_in' $$,
  $$ values ('40 mins late', true) $$,
  'More than 10 minutes after the start is late');
select is((select bool_or(flagged) from public.shift_timeline(tests.shift('early')) where kind in ('posted', 'notified', 'accepted')),
  false, 'Posting, notifying and accepting are never flagged');

-- CSV -----------------------------------------------------------------------------------------------------
select is(
  -- The quoted location holds three commas, so Hours done is the 11th comma-separated piece.
  (select array_agg(split_part(line, ',', 11) || ',' || split_part(line, ',', 12) || ',' || split_part(line, ',', 13) order by n)
   from regexp_split_to_table(public.timesheet_csv('2026-03-10', '2026-03-12'), E'\r\n') with ordinality l(line, n)
   where n > 1 and line <> ''),
  array['8 hours,0.03,Differs from the clocked time by more than 15 mins',
        '8 hrs,8.25,',
        'full shift,8.52,Could not be compared with the clocked time'],
  'The timesheet carries the clocked hours and the check beside the hours done');
select is(split_part(split_part(public.timesheet_csv('2026-03-10', '2026-03-10'), E'\r\n', 1), ',', 9),
  'Clocked hours', 'The header names the clocked hours after Hours done');

-- Nothing about this is writable by a tenant ----------------------------------------------------------------
select throws_ok(
  $$ update public.shifts set time_done_minutes = 1 where id = tests.shift('early') $$,
  '42501', null, 'A company cannot write the minutes (or anything else) on a shift');
select tests.clear_authentication();

select * from finish();
rollback;
