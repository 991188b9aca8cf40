-- The database's refusals carry a stable code in their hint and the values they name as JSON in
-- their detail (what PostgREST answers as "hint" and "details"), so each app says them in the
-- person's language; the English sentence stays the message. Every raise of every function
-- carries one (shared/i18n/database-errors.test.ts checks each code against the apps' table).
begin;
\ir _helpers.psql
select plan(12);

-- What a statement raised: its message, hint and detail, or null when it ran.
create function tests.refusal(statement text) returns jsonb language plpgsql as $$
declare
  message text;
  hint text;
  detail text;
begin
  execute statement;
  return null;
exception when others then
  get stacked diagnostics message = message_text, hint = pg_exception_hint, detail = pg_exception_detail;
  return jsonb_build_object('message', message, 'hint', hint, 'detail', detail);
end;
$$;
grant execute on function tests.refusal(text) to anon, authenticated, service_role;

create temporary table ids (name text primary key, id uuid) on commit drop;
grant select on ids to authenticated, anon, service_role;
insert into ids values
  ('soon', tests.create_shift(tests.owner(), interval '20 minutes')),
  ('later', tests.create_shift(tests.owner(), interval '3 days')),
  ('ended', tests.create_shift(tests.owner(), interval '-2 days'));
create function tests.shift(name text) returns uuid language sql stable as $$ select id from ids where ids.name = shift.name $$;
grant execute on function tests.shift(text) to anon, authenticated, service_role;

select is(
  (select count(*)::int from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private') and p.prolang = (select oid from pg_catalog.pg_language where lanname = 'plpgsql')
      and (select count(*) from regexp_matches(p.prosrc, 'raise exception', 'gi'))
        <> (select count(*) from regexp_matches(p.prosrc, 'raise exception[^;]*hint =', 'gi'))),
  0, 'Every raise of every function carries a code in its hint');

select tests.authenticate_as(tests.worker());
select is(tests.refusal(format('select public.accept_shift(%L)', tests.shift('ended'))),
  '{"message": "This shift has already ended", "hint": "shift_ended", "detail": ""}'::jsonb,
  'An ended shift: the sentence stays the message, the code is in the hint');
select is(tests.refusal(format('select public.clock_in(%L)', tests.shift('later')))->>'hint', 'not_your_shift_clock_in',
  'Clocking in to a shift one does not hold says so by its code');
select is((public.accept_shift(tests.shift('soon'))).accepted_by, tests.worker(), 'The worker takes the soon shift');
select is(tests.refusal(format('select public.clock_in(%L, 45.5, -73.6)', tests.shift('soon'))),
  '{"message": "Add a reason to clock in more than 300 m from the shift", "hint": "clock_in_reason_far", "detail": "{\"meters\" : 300}"}'::jsonb,
  'A refusal naming a value gives it in the detail, as JSON');

select tests.authenticate_as(tests.second_worker());
select is(tests.refusal(format('select public.accept_shift(%L)', tests.shift('soon')))->>'hint', 'shift_taken',
  'A shift taken first by another worker: shift_taken');

-- An eligibility refusal naming the shift's staff type gives the stored value, not the sentence's.
select tests.clear_authentication();
update public.employments set staff_types = array['RPN']
  where company_id = tests.owner() and staff_id = tests.second_worker();
update public.shifts set staff_type = 'RN' where id = tests.shift('later');
select tests.authenticate_as(tests.second_worker());
select is(tests.refusal(format('select public.accept_shift(%L)', tests.shift('later'))) - 'message',
  '{"hint": "staff_type", "detail": "{\"staffType\" : \"RN\"}"}'::jsonb,
  'A staff type the worker is not recorded as: its code, and the shift''s type in the detail');

select tests.authenticate_as(tests.owner());
select is(tests.refusal(format('select public.remove_staff(%L)', tests.outsider()))->>'hint', 'staff_member_not_employed',
  'Removing someone who does not work for the agency: its code');
select is(tests.refusal($$ select public.timesheet_csv(null, null) $$)->>'hint', 'dates_required',
  'A timesheet without dates: its code');
select is(tests.refusal($$ select public.invite_staff(array[]::text[], array[]::text[]) $$)->>'hint', 'invite_empty',
  'An invitation without addresses: its code');

select is(tests.refusal($$ update public.companies set time_zone = 'Mars/Olympus' where id = tests.owner() $$),
  '{"message": "Time zone must be a valid IANA time zone such as America/Toronto", "hint": "time_zone_invalid", "detail": "{\"timeZone\" : \"Mars/Olympus\"}"}'::jsonb,
  'A trigger''s refusal has its code too');
select tests.authenticate_as(tests.worker());
select is(tests.refusal($$ insert into public.staff_time_off (starts_at, ends_at, time_zone) values (now(), now() + interval '1 day', 'Mars/Olympus') $$)->>'hint',
  'time_zone_unknown', 'Each sentence of a shared trigger has its own code');

select * from finish();
rollback;
