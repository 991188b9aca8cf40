-- Clock-in with location (issue 18): clock_in is refused earlier than 30 minutes before the start,
-- stores the phone's position, its great-circle distance to the shift and the worker's reason, and
-- asks for a reason without a position or beyond clock_in_radius_m() (300 m). clock_out without a time
-- done writes the clocked span. The timeline says where the worker clocked in and flags the clock-ins
-- that needed a reason. Nobody writes the new columns directly.
begin;
\ir _helpers.psql
select plan(51);

-- Shifts of the owner at 100 Queen Street West (43.6525, -79.3839), starting in 20 minutes unless named
-- otherwise; 'unmapped' has no coordinates.
create temporary table ids (name text primary key, id uuid) on commit drop;
grant select on ids to authenticated, anon, service_role;
insert into ids values
  ('near', tests.create_shift(tests.owner(), interval '20 minutes')),
  ('far', tests.create_shift(tests.owner(), interval '20 minutes')),
  ('blind', tests.create_shift(tests.owner(), interval '20 minutes')),
  ('edge', tests.create_shift(tests.owner(), interval '20 minutes')),
  ('too_early', tests.create_shift(tests.owner(), interval '31 minutes')),
  ('just_in_time', tests.create_shift(tests.owner(), interval '29 minutes')),
  ('colleague', tests.create_shift(tests.owner(), interval '20 minutes')),
  ('unmapped', tests.create_shift(tests.owner(), interval '20 minutes'));
update public.companies set premium = true where id = tests.owner();
update public.shifts set latitude = null, longitude = null where id = (select id from ids where name = 'unmapped');
create function tests.shift(name text) returns uuid language sql stable as $$ select id from ids where ids.name = shift.name $$;
grant execute on function tests.shift(text) to anon, authenticated, service_role;

-- Every clock-in case needs a shift of its own at the same hour, which one worker may not hold
-- (23-worker-time-rules): the worker is given them directly, with the double-booking trigger off,
-- as a holding from before that rule would be. The colleague accepts as usual.
alter table public.shifts disable trigger refuse_double_booking;
select set_config('request.jwt.claims', json_build_object('sub', tests.worker(), 'role', 'authenticated')::text, true);
update public.shifts set accepted_by = tests.worker(), accepted_at = now()
where id in (select id from ids where name <> 'colleague');
alter table public.shifts enable trigger refuse_double_booking;
select tests.authenticate_as(tests.second_worker());
select public.accept_shift(tests.shift('colleague'));

-- The radius ---------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select is(public.clock_in_radius_m(), 300, 'The clock-in radius the app shows is 300 m');
select tests.authenticate_as_anon();
select throws_ok($$ select public.clock_in_radius_m() $$, '42501', null, 'anon cannot call clock_in_radius_m');

-- Who may clock in (unchanged rules, checked before where and when) ---------------------------------------
select tests.authenticate_as(tests.second_worker());
select throws_ok($$ select public.clock_in(tests.shift('near'), 43.6525, -79.3839) $$, 'P0001',
  'Only the staff member who accepted this shift can clock in', 'Another worker cannot clock in on the shift, even at its address');
select tests.authenticate_as(tests.owner());
select throws_ok($$ select public.clock_in(tests.shift('near'), 43.6525, -79.3839, 'Covering') $$, '42501',
  'Only staff accounts can clock in', 'A company cannot clock in for its staff');
select tests.authenticate_as_anon();
select throws_ok($$ select public.clock_in(tests.shift('near'), 43.6525, -79.3839) $$, '42501', null,
  'anon cannot call clock_in');

-- When -----------------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select throws_ok($$ select public.clock_in(tests.shift('too_early'), 43.6525, -79.3839) $$, 'P0001',
  'You can clock in from 30 minutes before the shift starts', 'Clocking in 31 minutes before the start is refused');
select is((select clocked_in_at from public.shifts where id = tests.shift('too_early')), null,
  'The refused early clock-in left the shift Assigned');
select isnt((public.clock_in(tests.shift('just_in_time'), 43.6525, -79.3839)).clocked_in_at, null,
  'Clocking in 29 minutes before the start is allowed');

-- Position checks --------------------------------------------------------------------------------------------
select throws_ok(format($$ select public.clock_in(tests.shift('near'), %s, %s) $$, lat, lng), 'P0001',
  'Location is not valid', format('A position of (%s, %s) is refused as not valid', lat, lng))
from (values ('91', '-79.3839'), ('-90.5', '0'), ('43.6525', '180.01'), ('43.6525', '-181'),
             ('43.6525', 'null'), ('null', '-79.3839'), ('''NaN''', '0')) as cases(lat, lng);

-- Within the radius --------------------------------------------------------------------------------------------
select results_eq(
  $$ select clock_in_latitude, clock_in_longitude, clock_in_distance_m, clock_in_reason
     from public.clock_in(tests.shift('near'), 43.6529, -79.3839) $$,
  $$ values (43.6529::double precision, -79.3839::double precision, 44, null::text) $$,
  'Within 300 m the worker clocks in without a reason; the position and the distance (44 m) are stored');
select throws_ok($$ select public.clock_in(tests.shift('near'), 43.6529, -79.3839) $$, 'P0001', 'Staff already clocked in',
  'A located clock-in cannot be repeated');
select throws_ok($$ select public.clock_in(tests.shift('edge'), 43.65521, -79.3839) $$, 'P0001',
  'Add a reason to clock in more than 300 m from the shift', '301 m from the shift needs a reason');
select throws_ok($$ select public.clock_in(tests.shift('edge'), 43.65521, -79.3839, '   ') $$, 'P0001',
  'Add a reason to clock in more than 300 m from the shift', 'A blank reason is no reason');
select is((public.clock_in(tests.shift('edge'), 43.6552, -79.3839)).clock_in_distance_m, 300,
  'Exactly 300 m (rounded) from the shift needs no reason');

-- Beyond the radius --------------------------------------------------------------------------------------------
select throws_ok($$ select public.clock_in(tests.shift('far'), 43.6625, -79.3839) $$, 'P0001',
  'Add a reason to clock in more than 300 m from the shift', 'More than 300 m from the shift without a reason is refused');
select throws_ok(format($$ select public.clock_in(tests.shift('far'), 43.6625, -79.3839, %L) $$, repeat('x', 501)), 'P0001',
  'Reason must be 500 characters or less', 'A reason of 501 characters is refused');
select is((select clocked_in_at from public.shifts where id = tests.shift('far')), null,
  'The refused clock-ins left the shift Assigned');
select results_eq(
  $$ select clock_in_distance_m, clock_in_reason
     from public.clock_in(tests.shift('far'), 43.6625, -79.3839, '  Parked at the clinic across the park  ') $$,
  $$ values (1112, 'Parked at the clinic across the park') $$,
  'More than 300 m away with a reason is allowed; the distance (1112 m) and the trimmed reason are stored');

-- Without a position ---------------------------------------------------------------------------------------------
select throws_ok($$ select public.clock_in(tests.shift('blind')) $$, 'P0001',
  'Add a reason to clock in without your location', 'Without a position (the one-argument call) a reason is required');
select throws_ok($$ select public.clock_in(tests.shift('blind'), reason => '') $$, 'P0001',
  'Add a reason to clock in without your location', 'Without a position an empty reason is refused');
select results_eq(
  format($$ select clock_in_latitude, clock_in_longitude, clock_in_distance_m, char_length(clock_in_reason)
            from public.clock_in(tests.shift('blind'), reason => %L) $$, repeat('y', 500)),
  $$ values (null::double precision, null::double precision, null::integer, 500) $$,
  'Without a position, a reason of 500 characters is accepted; position and distance stay null');

-- A shift without coordinates -------------------------------------------------------------------------------------
select results_eq(
  $$ select clock_in_latitude, clock_in_distance_m, clock_in_reason
     from public.clock_in(tests.shift('unmapped'), 49.2827, -123.1207) $$,
  $$ values (49.2827::double precision, null::integer, null::text) $$,
  'A shift without coordinates accepts a position without a reason; the distance stays null');

-- Nobody writes or hides the columns --------------------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select throws_ok($$ update public.shifts set clock_in_reason = 'Edited' where id = tests.shift('far') $$, '42501', null,
  'The worker cannot rewrite their clock-in reason directly');
select throws_ok($$ update public.shifts set clock_in_distance_m = 0 where id = tests.shift('far') $$, '42501', null,
  'The worker cannot rewrite their clock-in distance directly');
select results_eq(
  $$ select clock_in_distance_m, clock_in_reason from public.shifts_with_status where id = tests.shift('far') $$,
  $$ values (1112, 'Parked at the clinic across the park') $$,
  'The worker reads their own clock-in distance and reason through shifts_with_status');
select tests.authenticate_as(tests.second_worker());
select throws_ok($$ update public.shifts set clock_in_latitude = 0, clock_in_longitude = 0 where id = tests.shift('colleague') $$,
  '42501', null, 'Another worker cannot write a clock-in position directly');
select is((select count(*) from public.shifts_with_status where id = tests.shift('far')), 0::bigint,
  'Another worker cannot read a colleague''s clock-in position');
select tests.authenticate_as(tests.owner());
select throws_ok($$ update public.shifts set clock_in_latitude = 43.6525, clock_in_longitude = -79.3839,
                     clock_in_distance_m = 0 where id = tests.shift('far') $$, '42501', null,
  'The company cannot move a clock-in onto its address');
select throws_ok(
  $$ insert into public.shifts (staff_type, skill, street_number, street_name, city, province, country, postal_code,
                                starts_at, ends_at, clock_in_reason)
     values ('PSW', 'Personal care', '1', 'Main Street', 'Toronto', 'Ontario', 'Canada', 'M5H 2N2',
             now() + interval '1 day', now() + interval '1 day 8 hours', 'Pre-filled') $$, '42501', null,
  'A company cannot post a shift with a clock-in reason');
select results_eq(
  $$ select clock_in_latitude, clock_in_longitude, clock_in_distance_m, clock_in_reason
     from public.shifts_with_status where id = tests.shift('far') $$,
  $$ values (43.6625::double precision, -79.3839::double precision, 1112, 'Parked at the clinic across the park') $$,
  'The company reads its worker''s clock-in position, distance and reason through shifts_with_status');
select tests.authenticate_as(tests.other_company());
select is((select count(*) from public.shifts where id = tests.shift('far')), 0::bigint,
  'Another company cannot read the clock-in position');
select tests.authenticate_as_anon();
select throws_ok($$ select clock_in_reason from public.shifts $$, '42501', null, 'anon cannot read clock-in columns');
select throws_ok($$ update public.shifts set clock_in_reason = 'x' $$, '42501', null, 'anon cannot write clock-in columns');
select tests.authenticate_as_service_role();
select is((select clock_in_distance_m from public.shifts where id = tests.shift('near')), 44,
  'The service role reads the stored distance');

-- The history keeps where ----------------------------------------------------------------------------------------------
select tests.clear_authentication();
select results_eq(
  $$ select e.details - 'staff_id' from public.shift_events e join ids on ids.id = e.shift_id
     where e.event = 'clocked_in' and ids.name in ('near', 'far', 'blind', 'unmapped') order by ids.name $$,
  format($$ values ('{"located": false, "distance_m": null, "reason": %s}'::jsonb),
                   ('{"located": true, "distance_m": 1112, "reason": "Parked at the clinic across the park"}'::jsonb),
                   ('{"located": true, "distance_m": 44, "reason": null}'::jsonb),
                   ('{"located": true, "distance_m": null, "reason": null}'::jsonb) $$,
         to_json(repeat('y', 500))),
  'Each clocked_in event carries whether a position was given, the distance and the reason');

-- clock_out without typing hours ---------------------------------------------------------------------------------------
-- Moved back as the superuser, so the clocked span is known (the trigger records only the first clock-in).
update public.shifts set clocked_in_at = now() - interval '2 hours 30 minutes' where id = tests.shift('near');
update public.shifts set clocked_in_at = now() - interval '1 day 1 hour 1 minute 40 seconds' where id = tests.shift('far');
select tests.authenticate_as(tests.worker());
select throws_ok($$ select public.clock_out(tests.shift('too_early')) $$, 'P0001', 'Staff has not clocked in',
  'Clocking out without a time done still needs a clock-in');
select results_eq($$ select time_done, time_done_minutes from public.clock_out(tests.shift('near')) $$,
  $$ values ('2 hrs 30 mins', 150) $$,
  'Without a time done, the clocked span is written in words that read back as the same minutes');
select results_eq($$ select time_done, time_done_minutes from public.clock_out(tests.shift('far'), '  ') $$,
  $$ values ('1 day 1 hr 1 min', 1501) $$,
  'A blank time done is filled the same way (whole minutes, the seconds dropped)');
select results_eq($$ select time_done, time_done_minutes from public.clock_out(tests.shift('blind'), null) $$,
  $$ values ('0 mins', 0) $$,
  'Under a minute clocked reads 0 mins, which reads back, rather than less than 1 min');
select is((public.clock_out(tests.shift('edge'), '7.5 hrs')).time_done, '7.5 hrs',
  'A typed time done is kept as before');
select tests.authenticate_as(tests.second_worker());
select throws_ok($$ select public.clock_out(tests.shift('unmapped')) $$, 'P0001',
  'Only the staff member who accepted this shift can clock out', 'Another worker cannot clock the worker out');
select tests.authenticate_as(tests.owner());
select throws_ok($$ select public.clock_out(tests.shift('unmapped')) $$, '42501', 'Only staff accounts can clock out',
  'A company cannot use the worker''s clock-out');
select throws_ok($$ select public.clock_staff_out(tests.shift('unmapped'), null) $$, 'P0001', 'Time Done cannot be empty',
  'The company''s clock-out still needs a time done');

-- Timeline ---------------------------------------------------------------------------------------------------------------
select results_eq(
  $$ select ids.name, t.detail, t.flagged from ids cross join lateral public.shift_timeline(ids.id) t
     where t.kind = 'clocked_in' and ids.name in ('near', 'edge', 'far', 'unmapped') order by ids.name $$,
  $$ values ('edge', 'On time · 300 m from the shift', false),
            ('far', 'On time · 1.1 km from the shift. Reason: Parked at the clinic across the park', true),
            ('near', 'On time · 44 m from the shift', false),
            ('unmapped', 'On time', false) $$,
  'The timeline says how far from the shift the worker clocked in and flags a clock-in beyond 300 m');
select results_eq(
  $$ select left(detail, 37), flagged from public.shift_timeline(tests.shift('blind')) where kind = 'clocked_in' $$,
  $$ values ('On time · No location. Reason: yyyyyy', true) $$,
  'The timeline says a clock-in had no location, gives the reason and flags it');

select * from finish();
rollback;
