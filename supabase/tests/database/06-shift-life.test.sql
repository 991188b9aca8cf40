-- Shift life RPCs: accept_shift (first come wins, only a pending shift of an employer), clock_in
-- (only the accepting worker; sets on shift), clock_out (worker) and clock_staff_out (company;
-- only In-progress, SPEC's messages, non-empty time done; clears on shift). The shifts clocked in
-- start within 30 minutes and the worker gives the shift's own position (where and when a clock-in
-- may happen is 18-clock-in-location.test.sql's subject).
-- Two clients racing for one shift are covered by the integration tests; here the row lock's
-- outcome is proven sequentially: the second caller gets a plain error.
begin;
\ir _helpers.psql
select plan(44);

create temporary table ids (name text primary key, id uuid) on commit drop;
grant select on ids to authenticated, anon, service_role;
insert into ids values
  ('main', tests.create_shift(tests.owner(), interval '20 minutes')),
  ('second', tests.create_shift(tests.owner(), interval '25 minutes')),
  ('deleted', tests.create_shift(tests.owner(), interval '15 minutes')),
  ('pending', tests.create_shift(tests.owner(), interval '5 days')),
  ('ended', tests.create_shift(tests.owner(), interval '-2 days')),
  ('foreign', tests.create_shift(tests.other_company()));
create function tests.shift(name text) returns uuid language sql stable as $$ select id from ids where ids.name = shift.name $$;
create function tests.on_shift(staff_id uuid) returns boolean language sql stable security definer
  as $$ select on_shift from public.staff where id = staff_id $$;
grant execute on function tests.shift(text), tests.on_shift(uuid) to anon, authenticated, service_role;

-- accept_shift ------------------------------------------------------------------------------------
select tests.authenticate_as(tests.outsider());
select throws_ok($$ select public.accept_shift(tests.shift('main')) $$, 'P0001', 'Shift not found',
  'An unemployed worker cannot accept a shift; it is reported as not found');
select tests.authenticate_as(tests.owner());
select throws_ok($$ select public.accept_shift(tests.shift('main')) $$, '42501', 'Only staff accounts can accept shifts',
  'A company cannot accept its own shift');
select tests.authenticate_as(tests.other_company());
select throws_ok($$ select public.accept_shift(tests.shift('main')) $$, '42501', 'Only staff accounts can accept shifts',
  'Another company cannot accept a shift');
select tests.authenticate_as_anon();
select throws_ok($$ select public.accept_shift(tests.shift('main')) $$, '42501', 'permission denied for function accept_shift',
  'anon cannot call accept_shift');
select tests.authenticate_as(tests.worker());
select throws_ok($$ select public.accept_shift(tests.shift('foreign')) $$, 'P0001', 'Shift not found',
  'A worker cannot accept a shift of a company they do not work for');
select throws_ok($$ select public.accept_shift(tests.shift('ended')) $$, 'P0001', 'This shift has already ended',
  'A shift that has already ended cannot be accepted');
select is((public.accept_shift(tests.shift('main'))).accepted_by, tests.worker(),
  'An employed worker accepts a pending shift of their employer');
select throws_ok($$ select public.accept_shift(tests.shift('main')) $$, 'P0001', 'You have already accepted this shift',
  'Accepting the same shift twice says so');
select tests.authenticate_as(tests.second_worker());
select throws_ok($$ select public.accept_shift(tests.shift('main')) $$, 'P0001',
  'This shift has already been accepted by another staff member',
  'A second worker cannot take an accepted shift: first come wins, never two staff on one shift');
select tests.clear_authentication();
select results_eq($$ select accepted_by, public.shift_status(s) from public.shifts s where id = tests.shift('main') $$,
  $$ values (tests.worker(), 'Assigned') $$, 'The shift is Assigned to the first worker');

-- clock_in ----------------------------------------------------------------------------------------
select tests.authenticate_as(tests.second_worker());
select throws_ok($$ select public.clock_in(tests.shift('main')) $$, 'P0001',
  'Only the staff member who accepted this shift can clock in', 'Another worker cannot clock in on the shift');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ select public.clock_in(tests.shift('main')) $$, 'P0001',
  'Only the staff member who accepted this shift can clock in', 'An unemployed worker cannot clock in on the shift');
select tests.authenticate_as(tests.owner());
select throws_ok($$ select public.clock_in(tests.shift('main')) $$, '42501', 'Only staff accounts can clock in',
  'A company cannot clock in for its staff');
select throws_ok($$ select public.clock_staff_out(tests.shift('main'), '8 hrs') $$, 'P0001', 'Staff has not clocked in',
  'Clocking out an Assigned shift gives ''Staff has not clocked in''');
select throws_ok($$ select public.clock_staff_out(tests.shift('pending'), '8 hrs') $$, 'P0001', 'Staff has not clocked in',
  'Clocking out a Pending shift gives ''Staff has not clocked in''');
select tests.authenticate_as_anon();
select throws_ok($$ select public.clock_in(tests.shift('main')) $$, '42501', null, 'anon cannot call clock_in');
select tests.authenticate_as(tests.worker());
select throws_ok($$ select public.clock_out(tests.shift('main'), '8 hrs') $$, 'P0001', 'Staff has not clocked in',
  'A worker cannot clock out before clocking in');
select isnt((public.clock_in(tests.shift('main'), 43.6525, -79.3839)).clocked_in_at, null, 'The accepting worker clocks in');
select is(tests.on_shift(tests.worker()), true, 'Clocking in puts the worker on shift');
select throws_ok($$ select public.clock_in(tests.shift('main')) $$, 'P0001', 'Staff already clocked in',
  'A worker cannot clock in twice');

-- clock_staff_out (company) -------------------------------------------------------------------------
select tests.authenticate_as(tests.other_company());
select throws_ok($$ select public.clock_staff_out(tests.shift('main'), '8 hrs') $$, 'P0001', 'Shift not found',
  'Another company cannot clock out the owner''s staff');
select tests.authenticate_as(tests.worker());
select throws_ok($$ select public.clock_staff_out(tests.shift('main'), '8 hrs') $$, 'P0001', 'Shift not found',
  'A worker cannot use the company''s clock-out');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ select public.clock_staff_out(tests.shift('main'), '8 hrs') $$, 'P0001', 'Shift not found',
  'An unemployed worker cannot use the company''s clock-out');
select tests.authenticate_as_anon();
select throws_ok($$ select public.clock_staff_out(tests.shift('main'), '8 hrs') $$, '42501', null,
  'anon cannot call clock_staff_out');
select tests.authenticate_as(tests.owner());
select throws_ok($$ select public.clock_staff_out(tests.shift('main'), '') $$, 'P0001', 'Time Done cannot be empty',
  'An empty time done is rejected');
select throws_ok($$ select public.clock_staff_out(tests.shift('main'), '   ') $$, 'P0001', 'Time Done cannot be empty',
  'A blank time done is rejected');
select throws_ok($$ select public.clock_staff_out(tests.shift('main'), null) $$, 'P0001', 'Time Done cannot be empty',
  'A missing time done is rejected');
select is((public.clock_staff_out(tests.shift('main'), ' 8 hrs ')).time_done, '8 hrs',
  'The owning company clocks an In-progress shift out with the time done');
select results_eq($$ select clocked_out_at is not null, public.shift_status(s) from public.shifts s where id = tests.shift('main') $$,
  $$ values (true, 'Completed') $$, 'Clock-out sets the time and the shift is Completed');
select is(tests.on_shift(tests.worker()), false, 'Clock-out takes the worker off shift');
select throws_ok($$ select public.clock_staff_out(tests.shift('main'), '8 hrs') $$, 'P0001', 'Staff already clocked out',
  'Clocking out a Completed shift gives ''Staff already clocked out''');
select throws_ok($$ select public.clock_staff_out(tests.shift('foreign'), '8 hrs') $$, 'P0001', 'Shift not found',
  'A company cannot clock out another company''s shift');

-- clock_out (worker) --------------------------------------------------------------------------------
select tests.authenticate_as(tests.second_worker());
select lives_ok($$ select public.accept_shift(tests.shift('second')); select public.clock_in(tests.shift('second'), 43.6525, -79.3839) $$,
  'Fixture: the second worker accepts and clocks in on another shift');
select tests.authenticate_as(tests.worker());
select throws_ok($$ select public.clock_out(tests.shift('second'), '7 hrs') $$, 'P0001',
  'Only the staff member who accepted this shift can clock out', 'A worker cannot clock a colleague out');
select tests.authenticate_as(tests.owner());
select throws_ok($$ select public.clock_out(tests.shift('second'), '7 hrs') $$, '42501',
  'Only staff accounts can clock out', 'A company uses clock_staff_out, not the worker''s clock_out');
select tests.authenticate_as_anon();
select throws_ok($$ select public.clock_out(tests.shift('second'), '7 hrs') $$, '42501', null, 'anon cannot call clock_out');
select tests.authenticate_as(tests.second_worker());
select is((public.clock_out(tests.shift('second'), '7.5 hrs')).time_done, '7.5 hrs',
  'The accepting worker clocks out with the time done');
select is(tests.on_shift(tests.second_worker()), false, 'The worker''s own clock-out takes them off shift');
select throws_ok($$ select public.clock_out(tests.shift('second'), '7.5 hrs') $$, 'P0001', 'Staff already clocked out',
  'A worker cannot clock out twice');

-- Deleting an in-progress shift ---------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select lives_ok($$ select public.accept_shift(tests.shift('deleted')); select public.clock_in(tests.shift('deleted'), 43.6525, -79.3839) $$,
  'Fixture: the worker accepts and clocks in on a shift the company will delete');
select is(tests.on_shift(tests.worker()), true, 'The worker is on shift');
select tests.authenticate_as(tests.owner());
select is(tests.affected($$ delete from public.shifts where id = tests.shift('deleted') $$), 1,
  'The company deletes the in-progress shift');
select is(tests.on_shift(tests.worker()), false, 'Deleting an in-progress shift takes its worker off shift');

-- Nothing else changed ---------------------------------------------------------------------------------
select tests.clear_authentication();
select results_eq($$ select public.shift_status(s) from public.shifts s where id in (tests.shift('pending'), tests.shift('foreign')) $$,
  $$ values ('Pending'), ('Pending') $$, 'Failed attempts leave other shifts Pending');

select * from finish();
rollback;
