-- The board's Needs action and time off on the board (issue 28, sections 5 and 1;
-- 20261130110000_board_attention.sql). Waves exhausted: the moment the dispatch tick writes on a
-- best-matches shift with its last wave (30 minutes later, or at once within 4 hours of the start),
-- never while a wave is left or for everyone mode, cleared by an accept and not restored by a release;
-- every tick gets an explicit p_now. Time off between two instants: an agency sees its current
-- employees' periods that meet it (one-off and weekly, with the repeat that meets it), another agency
-- sees only its own, a worker none, anon may not ask; and the table is in the realtime publication.
begin;
\ir _helpers.psql
select plan(28);

update public.companies set premium = true where id in (tests.owner(), tests.other_company());

create temporary table ids (name text primary key, id uuid) on commit drop;
grant select on ids to authenticated, anon, service_role;
create function tests.shift(name text) returns uuid language sql stable as $$ select id from ids where ids.name = shift.name $$;
grant execute on function tests.shift(text) to authenticated, anon, service_role;

-- A shift posted by the owner as the dashboard would, `starts_in` from now, 8 hours.
create function tests.post(name text, starts_in interval, mode text, overtime boolean default false)
returns void language plpgsql as $$
declare
  new_id uuid;
begin
  perform tests.authenticate_as(tests.owner());
  insert into public.shifts (staff_type, skill, street_number, street_name, city, province, country, postal_code,
                             starts_at, ends_at, latitude, longitude, dispatch_mode, allow_overtime)
  values ('PSW', 'Personal care', '100', 'Queen Street West', 'Toronto', 'Ontario', 'Canada', 'M5H 2N2',
          now() + starts_in, now() + starts_in + interval '8 hours', 43.6525, -79.3839, mode, overtime)
  returning id into new_id;
  perform tests.clear_authentication();
  insert into ids values (name, new_id);
end;
$$;
create function tests.exhausted(name text) returns timestamptz language sql stable as $$
  select waves_exhausted_at from public.shifts where id = tests.shift(name)
$$;

-- Waves exhausted -------------------------------------------------------------------------------------
select is(private.waves_exhausted_attention_at('2026-12-01 10:00Z', '2026-12-03 10:00Z'), '2026-12-01 10:30Z'::timestamptz,
  'A shift starting days later needs the scheduler 30 minutes after its last wave');
select is(private.waves_exhausted_attention_at('2026-12-01 10:00Z', '2026-12-01 13:00Z'), '2026-12-01 10:00Z'::timestamptz,
  'one starting within 4 hours, at once');
select is(private.waves_exhausted_attention_at('2026-12-01 10:00Z', '2026-12-01 14:15Z'), '2026-12-01 10:15Z'::timestamptz,
  'one reaching 4 hours before its start within the 30 minutes, from then');

select tests.post('far', interval '2 days', 'best_matches');
select tests.post('soon', interval '3 hours', 'best_matches');
select tests.post('overtime', interval '6 hours', 'best_matches', true);
select tests.post('all', interval '3 hours', 'everyone');
select is(array(select tests.exhausted(n) from unnest(array['far', 'soon', 'overtime', 'all']) n),
  array[null, null, null, null]::timestamptz[], 'Nothing is marked at posting: wave 1 is never the last');

select lives_ok($$ select private.dispatch_tick(now() + interval '10 minutes') $$, 'Wave 2 of the shifts starting today');
select is(tests.exhausted('soon'), now() + interval '10 minutes',
  'A shift starting within 4 hours whose last wave went out needs the scheduler at once');
select is(tests.exhausted('overtime'), null, 'A shift with wave 3 still to send is not marked');
select is(tests.exhausted('far'), null, 'nor one whose wave 2 is not due yet');
select is(tests.exhausted('all'), null, 'nor an everyone-mode shift');

select lives_ok($$ select private.dispatch_tick(now() + interval '1 hour') $$, 'Wave 2 of the shift starting in 2 days');
select is(tests.exhausted('far'), now() + interval '90 minutes', 'It needs the scheduler 30 minutes after its last wave');
select lives_ok($$ select private.dispatch_tick(now() + interval '2 hours') $$, 'Wave 3, 4 hours before the start');
select is(tests.exhausted('overtime'), now() + interval '2 hours', 'After wave 3 the shift is marked, at once');

-- The agency reads it where the board does, and cannot write it.
select tests.authenticate_as(tests.owner());
select is((select waves_exhausted_at from public.shifts_with_status where id = tests.shift('far')), now() + interval '90 minutes',
  'The agency reads the moment on its shift, where the board reads its shifts');
select throws_ok($$ update public.shifts set waves_exhausted_at = null where id = tests.shift('far') $$, '42501', null,
  'and cannot change it');
select tests.authenticate_as(tests.other_company());
select is((select count(*)::integer from public.shifts_with_status where id = tests.shift('far')), 0,
  'Another agency does not see the shift');

-- An accept clears it for good.
select tests.authenticate_as(tests.worker());
select lives_ok($$ select public.accept_shift(tests.shift('far')) $$, 'A worker accepts the shift');
select tests.clear_authentication();
select is(tests.exhausted('far'), null, 'Someone accepted it: the mark goes');
update public.shifts set accepted_by = null, accepted_at = null where id = tests.shift('far');
select is(tests.exhausted('far'), null, 'and does not come back when the shift is given back');

-- Time off on the board ------------------------------------------------------------------------------------
select tests.authenticate_as(tests.outsider());
select public.join_company('TsB2');
select tests.clear_authentication();
insert into public.staff_time_off (staff_id, starts_at, ends_at, repeats_weekly, repeat_until, time_zone, note) values
  -- Wendy (the owner's): a one-off in 2 days, a weekly one that began 20 days ago (its next repeat
  -- tomorrow), a weekly one that stopped repeating last week, and a one-off in 10 days.
  (tests.worker(), now() + interval '2 days', now() + interval '3 days', false, null, 'UTC', 'Wedding'),
  (tests.worker(), now() - interval '20 days', now() - interval '20 days' + interval '8 hours', true, null, 'UTC', null),
  (tests.worker(), now() - interval '20 days' + interval '2 hours', now() - interval '20 days' + interval '4 hours', true,
   now() - interval '7 days', 'UTC', null),
  (tests.worker(), now() + interval '10 days', now() + interval '11 days', false, null, 'UTC', null),
  -- Sam (the owner's): off right now. The outsider (the other agency's): off tomorrow.
  (tests.second_worker(), now() - interval '1 hour', now() + interval '5 hours', false, null, 'UTC', null),
  (tests.outsider(), now() + interval '1 day', now() + interval '2 days', false, null, 'UTC', null);

select tests.authenticate_as(tests.owner());
select results_eq(
  $$ select first_name, last_name, next_starts_at - now(), next_ends_at - now(), repeats_weekly, note
     from public.time_off_between(now(), now() + interval '7 days') $$,
  $$ values ('Sam', 'Second', interval '-1 hour', interval '5 hours', false, null::text),
            ('Wendy', 'Worker', interval '1 day', interval '1 day 8 hours', true, null),
            ('Wendy', 'Worker', interval '2 days', interval '3 days', false, 'Wedding') $$,
  'The agency sees its employees'' time off in the next 7 days, each with the repeat that meets it, soonest first');
select is((select count(*)::integer from public.time_off_between(now() + interval '1 day 9 hours', now() + interval '1 day 10 hours')), 0,
  'A period between two repeats meets none');
select is((select count(*)::integer from public.time_off_between(now(), now() + interval '40 days')), 0,
  'A period longer than 31 days is not answered');
select tests.authenticate_as(tests.other_company());
select results_eq($$ select staff_id from public.time_off_between(now(), now() + interval '7 days') $$,
  $$ values (tests.outsider()) $$, 'Another agency sees only its own employee''s time off');
select tests.authenticate_as(tests.worker());
select is((select count(*)::integer from public.time_off_between(now(), now() + interval '7 days')), 0,
  'A worker gets none, not even their own (the board is the agency''s)');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.time_off_between(now(), now() + interval '7 days') $$, '42501', null,
  'Anon may not ask');
select tests.clear_authentication();

-- A worker who leaves the agency takes their time off with them.
select tests.authenticate_as(tests.second_worker());
select public.leave_company(tests.owner());
select tests.authenticate_as(tests.owner());
select is(array(select first_name from public.time_off_between(now(), now() + interval '7 days')),
  array['Wendy', 'Wendy'], 'Once a worker leaves, the agency no longer sees their time off');
select tests.clear_authentication();

select ok(exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public'
                  and tablename = 'staff_time_off'), 'Time off is in the realtime publication, so the board follows it live');
select ok(not has_function_privilege('authenticated', 'private.waves_exhausted_attention_at(timestamptz, timestamptz)', 'execute'),
  'The rule is the database''s own: no API role calls it');

select * from finish();
rollback;
