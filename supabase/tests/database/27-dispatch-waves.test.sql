-- Dispatch waves (issue 28, section 3): the agency's mode and who may change it; everyone mode
-- (SPEC's behaviour, only eligible workers); best matches: the ranking expression and its facts,
-- wave 1 to the best five, the delay, wave 2 to the rest on the schedule, wave 3 to the workers a
-- shift that allows overtime would put into overtime, 4 hours before its start; waves stop when
-- someone accepts and when the shift ends; a shift is offered to a worker only once a wave reached
-- them; later waves call sendnotification through pg_net; an open shift that reaches its start is
-- flagged unfilled once; the timeline shows it all; who may read the waves. Every schedule pass
-- gets an explicit p_now: no test waits on a clock.
begin;
\ir _helpers.psql
select plan(73);

update public.companies set premium = true where id in (tests.owner(), tests.other_company());

-- Staff of the owner: Wendy and Sam (the fixture's) and six more, in staff id order w3..w8.
create function tests.w(n integer) returns uuid language sql immutable as $$
  select case n when 1 then tests.worker() when 2 then tests.second_worker()
                else ('c2000000-0000-4000-8000-00000000000' || n)::uuid end
$$;
grant execute on function tests.w(integer) to authenticated, anon, service_role;
do $$
begin
  for n in 3..8 loop
    perform tests.create_user(tests.w(n), format('w%s@test.example', n),
      jsonb_build_object('account_type', 'staff', 'first_name', 'Worker', 'last_name', 'W' || n,
                         'phone', '41655501' || lpad(n::text, 2, '0'), 'company_code', 'TsA1'));
  end loop;
end;
$$;
-- w8 works at most 4 hours a week for the owner: every 8-hour shift would put them into overtime.
update public.employments set max_weekly_hours = 4 where staff_id = tests.w(8);

create temporary table ids (name text primary key, id uuid) on commit drop;
grant select on ids to authenticated, anon, service_role;
create function tests.shift(name text) returns uuid language sql stable as $$ select id from ids where ids.name = shift.name $$;
grant execute on function tests.shift(text) to authenticated, anon, service_role;

-- A shift posted by `company` as that company would (the API role), `starts_in` from now, 8 hours.
create function tests.post(name text, company uuid, starts_in interval, mode text default null,
                           overtime boolean default false, street text default 'Queen Street West')
returns void language plpgsql as $$
declare
  new_id uuid;
begin
  perform tests.authenticate_as(company);
  insert into public.shifts (staff_type, skill, street_number, street_name, city, province, country, postal_code,
                             starts_at, ends_at, latitude, longitude, dispatch_mode, allow_overtime)
  values ('PSW', 'Personal care', '100', street, 'Toronto', 'Ontario', 'Canada', 'M5H 2N2',
          now() + starts_in, now() + starts_in + interval '8 hours', 43.6525, -79.3839,
          coalesce(mode, 'everyone'), overtime)
  returning id into new_id;
  perform tests.clear_authentication();
  insert into ids values (name, new_id);
end;
$$;
create function tests.notified(name text, wave integer) returns uuid[] language sql stable as $$
  select coalesce(array_agg(r.staff_id order by r.staff_id), '{}') from public.shift_wave_recipients r
  where r.shift_id = tests.shift(name) and r.wave = notified.wave
$$;
create function tests.ids(variadic n integer[]) returns uuid[] language sql immutable as $$
  select array_agg(tests.w(x) order by tests.w(x)) from unnest(n) x
$$;

-- History the ranking reads (recorded as the superuser, in the past) ---------------------------------
-- Wendy worked at 100 Queen Street West before and clocked in there; Sam worked elsewhere, clocking
-- in about 5 km away; w3 accepted a shift, never came and was recorded a no-show; the rest have no history.
insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province, country,
                           postal_code, starts_at, ends_at, created_at)
values (tests.owner(), 'PSW', 'Personal care', '100', 'queen street west ', 'Toronto', 'Ontario', 'Canada', 'm5h2n2',
        now() - interval '10 days', now() - interval '10 days' + interval '8 hours', now() - interval '11 days'),
       (tests.owner(), 'PSW', 'Personal care', '7', 'King Street', 'Toronto', 'Ontario', 'Canada', 'M5V 1A1',
        now() - interval '9 days', now() - interval '9 days' + interval '8 hours', now() - interval '11 days'),
       (tests.owner(), 'PSW', 'Personal care', '9', 'Bay Street', 'Toronto', 'Ontario', 'Canada', 'M5J 2R8',
        now() - interval '8 days', now() - interval '8 days' + interval '8 hours', now() - interval '11 days');
update public.shifts set accepted_by = tests.w(1), accepted_at = starts_at - interval '1 day',
       clocked_in_at = starts_at, clock_in_latitude = 43.6526, clock_in_longitude = -79.3840,
       clocked_out_at = ends_at, time_done = '8 hours'
where company_id = tests.owner() and street_number = '100' and starts_at < now();
update public.shifts set accepted_by = tests.w(2), accepted_at = starts_at - interval '1 day',
       clocked_in_at = starts_at, clock_in_latitude = 43.6975, clock_in_longitude = -79.3839,
       clocked_out_at = ends_at, time_done = '8 hours'
where company_id = tests.owner() and street_number = '7';
insert into public.no_shows (shift_id, company_id, staff_id, shift_starts_at, recorded_at, recorded_by, automatic)
select s.id, s.company_id, tests.w(3), s.starts_at, s.starts_at + interval '15 minutes', null, true
from public.shifts s where s.company_id = tests.owner() and s.street_number = '9';

-- The ranking ------------------------------------------------------------------------------------
select is(private.dispatch_score(true, 0, 1), 6.000::numeric,
  'The best possible match scores 6: worked here (3), at the door (2), always came (1)');
select is(private.dispatch_score(false, 10000, null), 1.800::numeric,
  '10 km away counts 1, and an unknown reliability counts 0.8, where every worker starts');
select is(private.dispatch_score(null, null, 0), 0.000::numeric,
  'Nothing known and never came: 0');
select is(private.worker_reliability(tests.owner(), tests.w(3)), 0.533::numeric,
  'A worker whose only shift here was a no-show falls below where everyone starts');
select is(private.worker_reliability(tests.owner(), tests.w(4)), null::numeric,
  'A worker with no past shift has no reliability yet');
select tests.post('probe', tests.owner(), interval '2 days');
select results_eq(
  $$ select m.worked_here_before, m.distance_m between 4900 and 5100, m.reliability
     from private.match_facts((select s from public.shifts s where s.id = tests.shift('probe')), tests.w(2)) m $$,
  $$ values (false, true, 0.867::numeric) $$,
  'Match facts: Sam did not work at this address, last clocked in about 5 km from it, his one shift completed');

-- The mode ---------------------------------------------------------------------------------------
select is((select dispatch_mode from public.companies where id = tests.owner()), 'everyone',
  'An agency that configured nothing dispatches to everyone (SPEC''s behaviour)');
select tests.authenticate_as(tests.owner());
select is(tests.affected($$ update public.companies set dispatch_mode = 'best_matches' where id = tests.owner() $$), 1,
  'An agency saves its default dispatch mode');
select throws_ok($$ update public.companies set dispatch_mode = 'loudest' where id = tests.owner() $$, '23514', null,
  'Only everyone and best_matches are modes');
select throws_ok($$ insert into public.shifts (staff_type, skill, street_number, street_name, city, province, country,
                     postal_code, starts_at, ends_at, next_wave, next_wave_at)
                   values ('PSW', 'Personal care', '1', 'A Street', 'Toronto', 'Ontario', 'Canada', 'M5H 2N2',
                     now() + interval '1 day', now() + interval '1 day 8 hours', 2, now()) $$, '42501', null,
  'An agency cannot schedule waves itself: only the database writes the dispatch columns');
select tests.authenticate_as(tests.other_company());
select is(tests.affected($$ update public.companies set dispatch_mode = 'everyone' where id = tests.owner() $$), 0,
  'Another agency cannot change it');
select tests.authenticate_as(tests.worker());
select is(tests.affected($$ update public.companies set dispatch_mode = 'everyone' where id = tests.owner() $$), 0,
  'Nor can a worker');
select tests.clear_authentication();

-- Everyone mode: one wave, every eligible worker ----------------------------------------------------
update public.companies set dispatch_mode = 'everyone' where id = tests.owner();
-- w7 has time off during the shifts below; w8 would go over their weekly hours.
select tests.authenticate_as(tests.w(7));
insert into public.staff_time_off (starts_at, ends_at) values (now(), now() + interval '30 days');
select tests.clear_authentication();

select tests.post('all', tests.owner(), interval '2 days');
select is(tests.notified('all', 1), tests.ids(1, 2, 3, 4, 5, 6),
  'Everyone mode notifies every eligible worker at once, and nobody on time off or over their hours');
select is((select array_agg(n.staff_id order by n.staff_id) from public.notifications n where n.shift_id = tests.shift('all')),
  tests.ids(1, 2, 3, 4, 5, 6), 'each with SPEC''s in-app notification');
select is((select count(*)::integer from public.notifications n where n.shift_id = tests.shift('all')
           and n.message = 'Your employer just posted a new shift. View in home page'), 6,
  'The notification reads as SPEC says');
select results_eq($$ select wave, mode, notified, push_request_id from public.shift_waves where shift_id = tests.shift('all') $$,
  $$ values (1::smallint, 'everyone', 6, null::bigint) $$,
  'The post is one wave of 6; its pushes are the dashboard''s call, not the database''s');
select results_eq($$ select next_wave, next_wave_at from public.shifts where id = tests.shift('all') $$,
  $$ values (null::smallint, null::timestamptz) $$, 'Everyone mode schedules no further wave');

select tests.post('all_overtime', tests.owner(), interval '3 days', overtime => true);
select is(tests.notified('all_overtime', 1), tests.ids(1, 2, 3, 4, 5, 6, 8),
  'A shift that allows overtime also reaches the worker it would put into overtime');
select is((select reason from public.shift_wave_recipients where shift_id = tests.shift('all_overtime') and staff_id = tests.w(8)),
  'Eligible; would go into overtime, which this shift allows', 'flagged as such');

-- Best matches: wave 1 ---------------------------------------------------------------------------
select tests.post('best', tests.owner(), interval '5 hours', 'best_matches', overtime => true);
select is(tests.notified('best', 1), tests.ids(1, 2, 4, 5, 6),
  'Wave 1 goes to the five best-ranked eligible workers: worked here, nearby and reliable first, never-came last');
select results_eq(
  $$ select rank, staff_id, worked_here_before, score from public.shift_wave_recipients
     where shift_id = tests.shift('best') order by rank $$,
  $$ values (1, tests.w(1), true, 5.864::numeric), (2, tests.w(2), false, 2.200::numeric),
            (3, tests.w(4), false, 0.800::numeric), (4, tests.w(5), false, 0.800), (5, tests.w(6), false, 0.800) $$,
  'Recipients are ranked by private.dispatch_score, ties by staff id');
select is((select reason from public.shift_wave_recipients where shift_id = tests.shift('best') and staff_id = tests.w(1)),
  'worked at this address before; 14 m from where they last clocked in; reliability 87% here',
  'Each best match says why it was chosen');
select is((select reason from public.shift_wave_recipients where shift_id = tests.shift('best') and staff_id = tests.w(4)),
  'distance unknown; no past shifts here yet', 'including when little is known');
select results_eq($$ select next_wave, next_wave_at - created_at from public.shifts where id = tests.shift('best') $$,
  $$ values (2::smallint, interval '10 minutes') $$,
  'Wave 2 is due 10 minutes after posting for a shift that starts within 24 hours');
select tests.post('best_later', tests.owner(), interval '3 days', 'best_matches');
select is((select next_wave_at - created_at from public.shifts where id = tests.shift('best_later')), interval '1 hour',
  'Wave 2 is due 1 hour after posting for a shift that starts more than 24 hours away');
-- Shift Call sends the mode it shows (the agency's default unless changed); a post naming none is SPEC's.
update public.companies set dispatch_mode = 'best_matches' where id = tests.owner();
select tests.authenticate_as(tests.owner());
insert into public.shifts (staff_type, skill, street_number, street_name, city, province, country, postal_code, starts_at, ends_at)
values ('PSW', 'Personal care', '5', 'Elm Street', 'Toronto', 'Ontario', 'Canada', 'M5G 1H1',
        now() + interval '4 days', now() + interval '4 days 8 hours');
select tests.clear_authentication();
select is((select dispatch_mode from public.shifts where street_name = 'Elm Street' and company_id = tests.owner()), 'everyone',
  'A post that names no mode is dispatched to everyone, SPEC''s behaviour');
update public.companies set dispatch_mode = 'everyone' where id = tests.owner();

-- Offered only to whom a wave reached ---------------------------------------------------------------
select tests.authenticate_as(tests.w(3));
select ok(not exists (select 1 from public.my_open_shifts() o where o.id = tests.shift('best')),
  'A worker wave 1 did not reach does not see the best-matches shift in their open shifts');
select throws_ok($$ select public.accept_shift(tests.shift('best')) $$, 'P0001', 'Shift not found',
  'and cannot take it yet');
select ok(exists (select 1 from public.my_open_shifts() o where o.id = tests.shift('all')),
  'while an everyone-mode shift is open to them');
select tests.authenticate_as(tests.w(4));
select ok(exists (select 1 from public.my_open_shifts() o where o.id = tests.shift('best')),
  'A best match sees it');
select tests.clear_authentication();

-- The schedule -----------------------------------------------------------------------------------
select lives_ok($$ select private.dispatch_tick(now() + interval '9 minutes') $$, 'A schedule pass before the delay');
select is((select count(*)::integer from public.shift_waves where shift_id = tests.shift('best')), 1,
  'sends no wave: wave 1 is still the only one');
select ok((select waves from private.dispatch_tick(now() + interval '10 minutes')) >= 1,
  'At the delay, a schedule pass sends the due waves');
select is(tests.notified('best', 2), tests.ids(3),
  'Wave 2 reaches every other eligible worker, but not the one it would put into overtime');
select is((select count(*)::integer from public.notifications where shift_id = tests.shift('best')
           and staff_id = tests.w(3) and message = 'Your employer still needs someone for a shift. View in home page'), 1,
  'with an in-app notification that says the shift is still open');
select is((select has_unread_notifications from public.staff where id = tests.w(3)), true,
  'and their unread flag set');
select ok((select push_request_id from public.shift_waves where shift_id = tests.shift('best') and wave = 2) is not null,
  'Wave 2 is pushed by the database: a pg_net request');
select results_eq(
  $$ select q.method::text, q.url like '%/functions/v1/sendnotification', convert_from(q.body, 'UTF8')::jsonb,
            q.headers ->> 'Authorization' = 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
     from net.http_request_queue q
     where q.id = (select push_request_id from public.shift_waves where shift_id = tests.shift('best') and wave = 2) $$,
  $$ values ('POST', true, jsonb_build_object('shiftID', tests.shift('best'), 'wave', 2), true) $$,
  'It calls sendnotification with the shift and the wave, with the service role key from Vault');
select private.call_edge_function('some-function', '{"probe": 1}') as probe_request \gset
select results_eq(
  format($$ select q.url like '%%/functions/v1/some-function', convert_from(q.body, 'UTF8')::jsonb, q.headers ->> 'Content-Type'
            from net.http_request_queue q where q.id = %s $$, :'probe_request'),
  $$ values (true, '{"probe": 1}'::jsonb, 'application/json') $$,
  'private.call_edge_function queues a POST to any of the project''s functions the same way');
select results_eq($$ select next_wave, next_wave_at from public.shifts where id = tests.shift('best') $$,
  $$ select 3::smallint, starts_at - interval '4 hours' from public.shifts where id = tests.shift('best') $$,
  'A shift that allows overtime gets wave 3, due 4 hours before its start');
select tests.authenticate_as(tests.w(3));
select ok(exists (select 1 from public.my_open_shifts() o where o.id = tests.shift('best')),
  'Once wave 2 reached them, the worker sees the shift');
select tests.clear_authentication();

select lives_ok($$ select private.dispatch_tick(now() + interval '59 minutes') $$, 'A pass before wave 3 is due');
select is((select count(*)::integer from public.shift_waves where shift_id = tests.shift('best')), 2,
  'sends no wave of this shift');
select lives_ok($$ select private.dispatch_tick(now() + interval '1 hour') $$, 'At 4 hours before the start, wave 3 is due');
select is(tests.notified('best', 3), tests.ids(8),
  'Wave 3 reaches the eligible worker the shift would put into overtime');
select is((select reason || ' / ' || overtime from public.shift_wave_recipients where shift_id = tests.shift('best') and staff_id = tests.w(8)),
  'Would go into overtime, which this shift allows; the shift starts within 4 hours / true', 'flagged');
select results_eq($$ select next_wave, next_wave_at from public.shifts where id = tests.shift('best') $$,
  $$ values (null::smallint, null::timestamptz) $$, 'After wave 3 no wave is left');

-- A wave with nobody new, and no wave 3 without overtime ------------------------------------------------
select tests.post('small', tests.other_company(), interval '6 hours', 'best_matches');
select is((select notified from public.shift_waves where shift_id = tests.shift('small') and wave = 1), 0,
  'An agency without staff notifies nobody in wave 1');
select lives_ok($$ select private.dispatch_tick(now() + interval '10 minutes') $$, 'Its wave 2 falls due');
select results_eq($$ select wave, notified, push_request_id from public.shift_waves where shift_id = tests.shift('small') order by wave $$,
  $$ values (1::smallint, 0, null::bigint), (2::smallint, 0, null::bigint) $$,
  'A wave that finds nobody is recorded, and calls nothing');
select is((select next_wave from public.shifts where id = tests.shift('small')), null::smallint,
  'Without overtime allowed there is no wave 3, and nobody who never was offered the shift is shut out: it is open to all');

-- Waves stop when someone accepts ------------------------------------------------------------------
select tests.post('taken', tests.owner(), interval '7 hours', 'best_matches');
select tests.authenticate_as(tests.w(4));
select lives_ok($$ select public.accept_shift(tests.shift('taken')) $$, 'A best match accepts the shift (first come wins)');
select tests.clear_authentication();
select lives_ok($$ select private.dispatch_tick(now() + interval '10 minutes') $$, 'The schedule runs past the delay');
select is((select count(*)::integer from public.shift_waves where shift_id = tests.shift('taken')), 1,
  'No wave follows an accepted shift');

-- Waves stop when the shift ends -----------------------------------------------------------------------
select tests.post('short', tests.owner(), interval '2 minutes', 'best_matches');
update public.shifts set ends_at = now() + interval '5 minutes' where id = tests.shift('short');
select lives_ok($$ select private.dispatch_tick(now() + interval '10 minutes') $$, 'The schedule runs after the shift ended');
select results_eq($$ select (select count(*)::integer from public.shift_waves w where w.shift_id = s.id), s.next_wave
                    from public.shifts s where s.id = tests.shift('short') $$,
  $$ values (1, null::smallint) $$, 'An ended shift gets no more waves');

-- Unfilled -------------------------------------------------------------------------------------------------
select is((select unfilled_at from public.shifts where id = tests.shift('short')),
  (select starts_at from public.shifts where id = tests.shift('short')),
  'An open shift that reached its start is flagged unfilled, as of its start');
select is((select count(*)::integer from public.shift_events where shift_id = tests.shift('short') and event = 'unfilled'), 1,
  'and logged once');
select lives_ok($$ select private.dispatch_tick(now() + interval '20 minutes') $$, 'Another pass');
select is((select count(*)::integer from public.shift_events where shift_id = tests.shift('short') and event = 'unfilled'), 1,
  'does not log it again');
select is((select unfilled_at from public.shifts where id = tests.shift('taken')), null::timestamptz,
  'An accepted shift is never unfilled');
select tests.authenticate_as(tests.owner());
select is(array(select u.id from public.unfilled_shifts u where u.id in (select id from ids)), array[tests.shift('short')],
  'The agency''s unfilled view lists the open shifts that reached their start');
select is((select status from public.shifts_with_status where id = tests.shift('short')), 'Pending',
  'while SPEC''s status stays Pending');

-- The timeline -------------------------------------------------------------------------------------------
select results_eq(
  $$ select kind, detail from public.shift_timeline(tests.shift('best')) where kind = 'notified' $$,
  $$ values ('notified', E'Wave 1, best matches: 5 staff members notified:\n'
                         || E'#1 Wendy Worker: worked at this address before; 14 m from where they last clocked in; reliability 87% here\n'
                         || E'#2 Sam Second: 5.0 km from where they last clocked in; reliability 87% here\n'
                         || E'#3 Worker W4: distance unknown; no past shifts here yet\n'
                         || E'#4 Worker W5: distance unknown; no past shifts here yet\n'
                         || '#5 Worker W6: distance unknown; no past shifts here yet'),
            ('notified', 'Wave 2, every other eligible staff member: 1 more staff member notified: Worker W3'),
            ('notified', 'Wave 3, the shift starts within 4 hours: 1 more staff member notified who would go into overtime, '
                         || 'which this shift allows: Worker W8') $$,
  'The timeline shows every wave: who was notified and why');
select tests.clear_authentication();
update public.companies set locale = 'fr-CA' where id = tests.owner();
select tests.authenticate_as(tests.owner());
select results_eq(
  $$ select kind, detail from public.shift_timeline(tests.shift('best')) where kind = 'notified' $$,
  $$ values ('notified', E'Vague 1, meilleurs candidats\u00a0: 5 membres du personnel avisés\u00a0:\n'
                         || E'#1 Wendy Worker\u00a0: a déjà travaillé à cette adresse; 14 m de son dernier pointage d’arrivée; fiabilité de 87\u00a0% ici\n'
                         || E'#2 Sam Second\u00a0: 5,0 km de son dernier pointage d’arrivée; fiabilité de 87\u00a0% ici\n'
                         || E'#3 Worker W4\u00a0: distance inconnue; aucun quart passé ici pour l’instant\n'
                         || E'#4 Worker W5\u00a0: distance inconnue; aucun quart passé ici pour l’instant\n'
                         || E'#5 Worker W6\u00a0: distance inconnue; aucun quart passé ici pour l’instant'),
            ('notified', E'Vague 2, tous les autres membres du personnel admissibles\u00a0: 1 autre membre du personnel avisé\u00a0: Worker W3'),
            ('notified', E'Vague 3, le quart commence dans moins de 4 heures\u00a0: 1 autre membre du personnel avisé qui ferait '
                         || E'des heures supplémentaires, ce que ce quart permet\u00a0: Worker W8') $$,
  'A French agency reads every wave in French, the best matches'' reasons too');
select tests.clear_authentication();
update public.companies set locale = 'en' where id = tests.owner();
select tests.authenticate_as(tests.owner());
select tests.post('upcoming', tests.owner(), interval '3 days', 'best_matches');
select tests.authenticate_as(tests.owner());
select results_eq(
  $$ select kind, detail, at = (select next_wave_at from public.shifts where id = tests.shift('upcoming'))
     from public.shift_timeline(tests.shift('upcoming')) where kind = 'next_wave' $$,
  $$ values ('next_wave', 'Wave 2 to every other eligible staff member, if nobody has accepted by then', true) $$,
  'and the wave still due');
select results_eq(
  $$ select kind, detail, flagged from public.shift_timeline(tests.shift('short')) where kind = 'unfilled' $$,
  $$ values ('unfilled', 'Reached its start with nobody assigned', true) $$,
  'An unfilled shift''s timeline flags the moment it reached its start');
select is((select detail from public.shift_timeline(tests.shift('all')) where kind = 'notified'), '6 staff members notified',
  'Everyone mode reads as it always did');

-- Who reads the waves ------------------------------------------------------------------------------------
select is((select count(*)::integer from public.shift_waves where shift_id = tests.shift('best')), 3,
  'The agency reads its shifts'' waves');
select tests.authenticate_as(tests.other_company());
select is((select count(*)::integer from public.shift_waves where shift_id in (select id from ids where name <> 'small'))
          + (select count(*)::integer from public.shift_wave_recipients where shift_id = tests.shift('best')), 0,
  'Another agency reads none of them');
select tests.authenticate_as(tests.w(1));
select is((select count(*)::integer from public.shift_waves) + (select count(*)::integer from public.shift_wave_recipients), 0,
  'A worker reads no waves or rankings');
select tests.authenticate_as(tests.owner());
select throws_ok($$ delete from public.shift_wave_recipients $$, '42501', null, 'The agency cannot change who was notified');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.shift_waves $$, '42501', null, 'anon cannot read waves');

select * from finish();
rollback;
