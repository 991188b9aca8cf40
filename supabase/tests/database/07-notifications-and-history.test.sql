-- Notifications and per-shift history. Posting a shift notifies every worker the company employs
-- (and marks them unread) in the same transaction; workers read and mark only their own. Every step
-- of a shift's life is appended to shift_events by triggers; the owning company reads it and nobody,
-- not even the service role or the table owner, can change it.
begin;
\ir _helpers.psql
select plan(44);

create temporary table ids (name text primary key, id uuid) on commit drop;
grant select, insert on ids to authenticated, anon, service_role;
create function tests.shift(name text) returns uuid language sql stable as $$ select id from ids where ids.name = shift.name $$;
create function tests.unread(staff_id uuid) returns boolean language sql stable security definer
  as $$ select has_unread_notifications from public.staff where id = staff_id $$;
grant execute on function tests.shift(text), tests.unread(uuid) to anon, authenticated, service_role;

-- Fan-out -----------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
with posted as (
  insert into public.shifts (staff_type, skill, street_number, street_name, city, province, country, postal_code,
                             starts_at, ends_at, latitude, longitude)
  values ('PSW', 'Dementia care', '1200', 'Bay Street', 'Toronto', 'Ontario', 'Canada', 'M5R 2A5',
          now() + interval '20 minutes', now() + interval '8 hours 20 minutes', 43.6708, -79.3899)
  returning id)
insert into ids select 'posted', id from posted;
select tests.clear_authentication();
select results_eq(
  $$ select staff_id, company_id, message from public.notifications where shift_id = tests.shift('posted') order by staff_id $$,
  $$ values (tests.worker(), tests.owner(), 'Your employer just posted a new shift. View in home page'),
            (tests.second_worker(), tests.owner(), 'Your employer just posted a new shift. View in home page') $$,
  'Posting a shift creates exactly one notification, with SPEC''s message, for each worker the company employs');
select ok(tests.unread(tests.worker()) and tests.unread(tests.second_worker()),
  'Posting a shift marks every employed worker as having unread notifications');
select ok(not tests.unread(tests.outsider()) and not exists (select 1 from public.notifications where staff_id = tests.outsider()),
  'A worker the company does not employ is not notified');
select tests.authenticate_as(tests.other_company());
select lives_ok($$ insert into ids select 'lonely', tests.create_shift(tests.other_company()) $$,
  'Fixture: a company without staff posts a shift');
select tests.clear_authentication();
select is((select count(*) from public.notifications where shift_id = tests.shift('lonely')), 0::bigint,
  'A company without staff notifies nobody');

-- Notifications: who can do what ---------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select results_eq($$ select staff_id, shift_id from public.notifications $$,
  $$ values (tests.worker(), tests.shift('posted')) $$, 'A worker sees only their own notifications');
select tests.authenticate_as(tests.owner());
select is((select count(*) from public.notifications), 0::bigint,
  'The owning company cannot read its staff''s notifications');
select tests.authenticate_as(tests.other_company());
select is((select count(*) from public.notifications), 0::bigint, 'Another company sees no notifications');
select tests.authenticate_as(tests.outsider());
select is((select count(*) from public.notifications), 0::bigint, 'An unemployed worker has no notifications');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.notifications $$, '42501', null, 'anon cannot read notifications');

select tests.authenticate_as(tests.owner());
select throws_ok($$ insert into public.notifications (staff_id, company_id, message) values (tests.worker(), tests.owner(), 'Hi') $$,
  '42501', null, 'The owning company cannot write notifications itself');
select tests.authenticate_as(tests.other_company());
select throws_ok($$ insert into public.notifications (staff_id, company_id, message) values (tests.worker(), tests.other_company(), 'Hi') $$,
  '42501', null, 'Another company cannot message the owner''s staff');
select tests.authenticate_as(tests.worker());
select throws_ok($$ insert into public.notifications (staff_id, company_id, message) values (tests.worker(), tests.owner(), 'Hi') $$,
  '42501', null, 'A worker cannot create notifications');
select throws_ok($$ update public.notifications set read_at = now() $$, '42501', null,
  'A worker marks notifications read only through mark_notifications_read');
select throws_ok($$ delete from public.notifications $$, '42501', null, 'A worker cannot delete notifications');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ update public.notifications set message = 'Changed' $$, '42501', null,
  'An unemployed worker cannot change notifications');
select tests.authenticate_as_anon();
select throws_ok($$ delete from public.notifications $$, '42501', null, 'anon cannot delete notifications');

-- mark_notifications_read -------------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select is(public.mark_notifications_read(), 1, 'A worker marks their unread notifications read');
select ok(not tests.unread(tests.worker()) and (select bool_and(read_at is not null) from public.notifications),
  'Their notifications have a read time and their unread flag is cleared');
select is(public.mark_notifications_read(), 0, 'Marking again finds nothing unread');
select ok(tests.unread(tests.second_worker()), 'A colleague''s unread flag is untouched');
select tests.authenticate_as(tests.owner());
select throws_ok($$ select public.mark_notifications_read() $$, '42501', 'Only staff accounts have notifications',
  'A company has no notifications to mark');
select tests.authenticate_as_anon();
select throws_ok($$ select public.mark_notifications_read() $$, '42501', null, 'anon cannot call mark_notifications_read');

-- History -------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select lives_ok($$ select public.accept_shift(tests.shift('posted')); select public.clock_in(tests.shift('posted'), 43.6708, -79.3899) $$,
  'Fixture: the worker accepts and clocks in');
select tests.authenticate_as(tests.owner());
select lives_ok($$ select public.clock_staff_out(tests.shift('posted'), '8 hrs') $$, 'Fixture: the company clocks the worker out');
select results_eq(
  $$ select event, actor_id, details from public.shift_events where shift_id = tests.shift('posted') order by id $$,
  $$ values ('posted', tests.owner(), '{"notified": 2}'::jsonb),
            ('accepted', tests.worker(), jsonb_build_object('staff_id', tests.worker())),
            ('clocked_in', tests.worker(), jsonb_build_object('staff_id', tests.worker(), 'located', true,
                                                              'distance_m', 0, 'reason', null)),
            ('clocked_out', tests.owner(), jsonb_build_object('staff_id', tests.worker(), 'time_done', '8 hrs', 'by', 'company')) $$,
  'The owner reads the shift''s history: posted (with the notified count), accepted, clocked in, clocked out, each with its actor');
select is(tests.affected($$ delete from public.shifts where id = tests.shift('posted') $$), 1, 'Fixture: the company deletes the shift');
select results_eq(
  $$ select event, actor_id, details ->> 'status' from public.shift_events where shift_id = tests.shift('posted') order by id desc limit 1 $$,
  $$ values ('deleted', tests.owner(), 'Completed') $$,
  'Deleting a shift appends a deleted event, and the history outlives the shift');
select is((select count(*) from public.shift_events where shift_id = tests.shift('posted')), 5::bigint,
  'The deleted shift keeps all five history rows');

select tests.authenticate_as(tests.other_company());
select is((select count(*) from public.shift_events where company_id = tests.owner()), 0::bigint,
  'Another company cannot read the owner''s shift history');
select tests.authenticate_as(tests.worker());
select is((select count(*) from public.shift_events), 0::bigint, 'An employed worker cannot read shift history');
select tests.authenticate_as(tests.outsider());
select is((select count(*) from public.shift_events), 0::bigint, 'An unemployed worker cannot read shift history');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.shift_events $$, '42501', null, 'anon cannot read shift history');

select tests.authenticate_as(tests.owner());
select throws_ok($$ insert into public.shift_events (shift_id, company_id, event) values (gen_random_uuid(), tests.owner(), 'posted') $$,
  '42501', null, 'The owning company cannot write history');
select throws_ok($$ update public.shift_events set event = 'posted' $$, '42501', null, 'The owning company cannot edit history');
select throws_ok($$ delete from public.shift_events $$, '42501', null, 'The owning company cannot delete history');
select tests.authenticate_as(tests.other_company());
select throws_ok($$ delete from public.shift_events $$, '42501', null, 'Another company cannot delete history');
select tests.authenticate_as(tests.worker());
select throws_ok($$ update public.shift_events set actor_id = null $$, '42501', null, 'A worker cannot edit history');
select tests.authenticate_as(tests.outsider());
select throws_ok($$ insert into public.shift_events (shift_id, company_id, event) values (gen_random_uuid(), tests.owner(), 'accepted') $$,
  '42501', null, 'An unemployed worker cannot write history');
select tests.authenticate_as_anon();
select throws_ok($$ update public.shift_events set event = 'posted' $$, '42501', null, 'anon cannot edit history');
select tests.authenticate_as_service_role();
select throws_ok($$ delete from public.shift_events $$, '42501', null, 'Even the service role cannot delete history');
select tests.clear_authentication();
select throws_ok($$ update public.shift_events set details = '{}' where company_id = tests.owner() $$, '42501',
  'Shift history is append-only', 'Even the table owner cannot edit history');
select throws_ok($$ delete from public.shift_events where company_id = tests.owner() $$, '42501',
  'Shift history is append-only', 'Even the table owner cannot delete history');
select throws_ok($$ truncate public.shift_events $$, '42501', 'Shift history is append-only',
  'Even the table owner cannot truncate history');

select * from finish();
rollback;
