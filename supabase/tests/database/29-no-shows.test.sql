-- No-shows (issue 28, part 4). The watchdog with an explicit clock (p_now, never the real one): the
-- late alert 10 minutes after the start, once per holder, for every agency in one tick, and never for
-- a shift clocked in, open, ended or not yet 10 minutes in; the automatic re-post only for an agency
-- that turned it on, only past its threshold. Re-post by a scheduler: who may, when (the threshold,
-- held, not clocked in, not ended), what it does (no-show record, released worker told, shift
-- Pending, offered again to the others, never to the no-show: eligibility, accept_shift and the
-- open-shift list all refuse them). The no-show records for every role, the agency's settings
-- (column grants and range), the timeline's new steps, and a shift given back being recorded.
begin;
\ir _helpers.psql
select plan(64);

update public.companies set premium = true where id in (tests.owner(), tests.other_company());

create temporary table ids (name text primary key, id uuid) on commit drop;
grant select on ids to authenticated, anon, service_role;
create function tests.shift(name text) returns uuid language sql stable as $$ select id from ids where ids.name = shift.name $$;
-- A shift of `company` starting `starts` after now(), `hours` long, held by `holder` when given.
create function tests.post(name text, company uuid, starts interval, holder uuid default null,
                           hours interval default interval '8 hours') returns void
language plpgsql as $$
begin
  insert into ids select name, tests.create_shift(company);
  update public.shifts set starts_at = now() + starts, ends_at = now() + starts + hours
  where id = tests.shift(name);
  if holder is not null then
    update public.shifts set accepted_by = holder, accepted_at = now() - interval '1 day' where id = tests.shift(name);
  end if;
end;
$$;
-- Superuser reads of a shift, whoever the test is acting as.
create function tests.row_of(name text) returns public.shifts language sql stable security definer
  as $$ select * from public.shifts where id = (select id from ids where ids.name = row_of.name) $$;
-- What a worker was told about a shift after its posting.
create function tests.notes_for(staff uuid, name text) returns text[] language sql stable security definer as $$
  select coalesce(array_agg(n.message order by n.created_at, n.message), '{}') from public.notifications n
  where n.staff_id = staff and n.shift_id = (select id from ids where ids.name = notes_for.name)
    and n.message <> 'Your employer just posted a new shift. View in home page'
$$;
create function tests.steps(name text) returns text[] language sql stable security definer as $$
  select coalesce(array_agg(e.event order by e.id), '{}') from public.shift_events e
  where e.shift_id = (select id from ids where ids.name = steps.name)
$$;
grant execute on function tests.shift(text), tests.row_of(text), tests.notes_for(uuid, text), tests.steps(text)
  to authenticated, anon, service_role;

-- Three more workers of the owner, so no one holds two overlapping shifts; the other company has its
-- own worker (the outsider joins it).
create function tests.w3() returns uuid language sql immutable as $$ select 'c1000000-0000-4000-8000-000000000003'::uuid $$;
create function tests.w4() returns uuid language sql immutable as $$ select 'c1000000-0000-4000-8000-000000000004'::uuid $$;
create function tests.w5() returns uuid language sql immutable as $$ select 'c1000000-0000-4000-8000-000000000005'::uuid $$;
grant execute on function tests.w3(), tests.w4(), tests.w5() to authenticated, anon, service_role;
select tests.create_user(tests.w3(), 'third@test.example',
  '{"account_type":"staff","first_name":"Tia","last_name":"Third","company_code":"TsA1"}');
select tests.create_user(tests.w4(), 'fourth@test.example',
  '{"account_type":"staff","first_name":"Fay","last_name":"Fourth","company_code":"TsA1"}');
select tests.create_user(tests.w5(), 'fifth@test.example',
  '{"account_type":"staff","first_name":"Finn","last_name":"Fifth","company_code":"TsA1"}');
select tests.authenticate_as(tests.outsider());
select public.join_company('TsB2');
select tests.clear_authentication();

-- Late alerts ---------------------------------------------------------------------------------------------
select tests.post('late', tests.owner(), interval '-9 minutes', tests.w3(), interval '1 hour');
select tests.post('late_b', tests.other_company(), interval '-9 minutes', tests.outsider());
select tests.post('clocked_in', tests.owner(), interval '-3 hours', tests.w4());
update public.shifts set clocked_in_at = now() - interval '2 hours' where id = tests.shift('clocked_in');
select tests.post('open_started', tests.owner(), interval '-1 hour');
select tests.post('ended', tests.owner(), interval '-10 hours', tests.second_worker());

select private.watchdog_tick(now());
select is((tests.row_of('late')).late_alerted_at, null, 'Nine minutes after the start, no late alert yet');
select is(tests.notes_for(tests.w3(), 'late'), '{}'::text[], 'Nor any notification to the worker');

select is((select late_alerts from private.watchdog_tick(now() + interval '1 minute')) >= 2, true,
  'Ten minutes after the start, the tick raises the alerts of every agency at once');
select is((tests.row_of('late')).late_alerted_at, now() + interval '1 minute',
  'The late shift is marked with the tick''s clock, which the dashboard follows live');
select is((tests.row_of('late_b')).late_alerted_at, now() + interval '1 minute',
  'The other agency''s late shift is alerted in the same tick');
select is(tests.notes_for(tests.w3(), 'late'), array['Your shift at 100 Queen Street West started 10 minutes ago'],
  'The worker is told in the staff app: Your shift at … started 10 minutes ago');
select is((select has_unread_notifications from public.staff where id = tests.w3()), true,
  'The worker''s unread badge is set');
select is(tests.steps('late'), array['posted', 'accepted', 'late_alert'], 'The timeline gets a late_alert step');
select is((tests.row_of('clocked_in')).late_alerted_at, null, 'A shift clocked in is never late');
select is((tests.row_of('open_started')).late_alerted_at, null, 'An open shift has nobody to alert');
select is((tests.row_of('ended')).late_alerted_at, null, 'A shift that has ended is past alerting');

select private.watchdog_tick(now() + interval '2 minutes');
select private.watchdog_tick(now() + interval '5 minutes');
select is(cardinality(tests.notes_for(tests.w3(), 'late')), 1, 'Later ticks never alert the same holder twice');
select is((tests.row_of('late')).late_alerted_at, now() + interval '1 minute', 'The first alert''s time is kept');

-- Re-post by a scheduler --------------------------------------------------------------------------------
select tests.post('early', tests.owner(), interval '-5 minutes', tests.w5());
select tests.post('due', tests.owner(), interval '-16 minutes', tests.worker());
select tests.post('open', tests.owner(), interval '-20 minutes');
select tests.post('over', tests.owner(), interval '-9 hours', tests.w3());

select tests.authenticate_as_anon();
select throws_ok($$ select public.repost_shift(tests.shift('due')) $$, '42501', null, 'anon cannot re-post');
select tests.authenticate_as(tests.worker());
select throws_ok($$ select public.repost_shift(tests.shift('due')) $$, '42501',
  'Only company accounts can re-post shifts', 'A worker cannot re-post');
select tests.authenticate_as(tests.other_company());
select throws_ok($$ select public.repost_shift(tests.shift('due')) $$, 'P0001', 'Shift not found',
  'Another agency cannot re-post the owner''s shift, nor learn that it exists');
select tests.authenticate_as(tests.owner());
select throws_ok($$ select public.repost_shift(tests.shift('early')) $$, 'P0001',
  'A shift can be re-posted from 15 minutes after its start', 'Before the agency''s threshold, Re-post is refused and says when');
select throws_ok($$ select public.repost_shift(tests.shift('open')) $$, 'P0001',
  'Nobody holds this shift, so there is nothing to re-post', 'An open shift cannot be re-posted');
select throws_ok($$ select public.repost_shift(tests.shift('clocked_in')) $$, 'P0001',
  'The staff member has clocked in, so this shift cannot be re-posted', 'A shift whose worker clocked in cannot be re-posted');
select throws_ok($$ select public.repost_shift(tests.shift('over')) $$, 'P0001', 'This shift has already ended',
  'A shift that has ended cannot be re-posted');
select is((tests.row_of('due')).accepted_by, tests.worker(), 'Refusals leave the shift with its worker');

-- Of the owner's other staff, only the colleague is free: Tia, Fay and Finn hold shifts at that time.
select is(public.repost_shift(tests.shift('due')), 1,
  'Past the threshold the owner re-posts, and the one other staff member who may take it is offered it');
select is((select row(s.accepted_by, s.accepted_at, s.late_alerted_at)::text from tests.row_of('due') s),
  row(null::uuid, null::timestamptz, null::timestamptz)::text, 'The shift is Pending again, its late alert cleared');
select is((select row(n.staff_id, n.company_id, n.recorded_by, n.automatic, n.shift_starts_at = (tests.row_of('due')).starts_at)::text
           from public.no_shows n where n.shift_id = tests.shift('due')),
  row(tests.worker(), tests.owner(), tests.owner(), false, true)::text,
  'The no-show is recorded: shift, worker, agency, the scheduler who chose Re-post, not automatic');
select is(tests.notes_for(tests.worker(), 'due'),
  array['You did not clock in to your shift at 100 Queen Street West, so it was offered to other staff'],
  'The released worker is told why');
select is(tests.notes_for(tests.second_worker(), 'due'),
  array['A shift that has started needs cover now. View in home page'], 'The colleague is offered the shift again');
select is(tests.steps('due'), array['posted', 'accepted', 'no_show', 'reposted'],
  'The history records the no-show and the re-post (no separate release)');
select is((select e.actor_id from public.shift_events e where e.shift_id = tests.shift('due') and e.event = 'reposted'),
  tests.owner(), 'The re-post step names the scheduler');

-- The no-show may not take it again; everyone else may.
select is((select row(e.eligible, e.reason_codes, e.reasons)::text from public.eligibility(tests.shift('due'), tests.worker()) e),
  row(false, '{no_show}'::text[], '{"Was a no-show on this shift"}'::text[])::text,
  'Eligibility tells the scheduler why the no-show cannot take it');
select is((select e.eligible from public.eligibility(tests.shift('due'), tests.second_worker()) e), true,
  'The colleague is eligible');
select throws_ok($$ select public.repost_shift(tests.shift('due')) $$, 'P0001',
  'Nobody holds this shift, so there is nothing to re-post', 'A re-posted shift cannot be re-posted twice');
select tests.authenticate_as(tests.worker());
select ok(not exists (select 1 from public.my_open_shifts() o where o.id = tests.shift('due')),
  'The no-show''s open-shift list leaves the shift out');
select throws_ok($$ select public.accept_shift(tests.shift('due')) $$, 'P0001',
  'You did not clock in to this shift, so your agency offered it to other staff',
  'accept_shift refuses the no-show, in their words');
select is((tests.row_of('due')).accepted_by, null, 'The refused no-show does not get the shift');
select tests.authenticate_as(tests.second_worker());
select ok(exists (select 1 from public.my_open_shifts() o where o.id = tests.shift('due')), 'The colleague is offered it');
select lives_ok($$ select public.accept_shift(tests.shift('due')) $$, 'The colleague takes it');

-- The no-show records, for every role --------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select is((select count(*)::integer from public.no_shows where shift_id = tests.shift('due')), 1,
  'The agency reads its own no-show records');
select throws_ok($$ insert into public.no_shows (shift_id, company_id, staff_id, shift_starts_at, automatic)
                   values (gen_random_uuid(), tests.owner(), tests.second_worker(), now(), false) $$,
  '42501', null, 'The agency cannot write a no-show record');
select throws_ok($$ delete from public.no_shows $$, '42501', null, 'The agency cannot delete its no-show records');
select throws_ok($$ update public.no_shows set automatic = true $$, '42501', null, 'The agency cannot change them');
select tests.authenticate_as(tests.other_company());
select is((select count(*)::integer from public.no_shows where shift_id = tests.shift('due')), 0,
  'Another agency cannot read them');
select tests.authenticate_as(tests.worker());
select is((select count(*)::integer from public.no_shows where shift_id = tests.shift('due')), 1,
  'The worker reads their own no-show record');
select throws_ok($$ delete from public.no_shows $$, '42501', null, 'The worker cannot delete it');
select tests.authenticate_as(tests.second_worker());
select is((select count(*)::integer from public.no_shows where shift_id = tests.shift('due')), 0,
  'A colleague cannot read it');
select tests.authenticate_as_anon();
select throws_ok($$ select count(*) from public.no_shows $$, '42501', null, 'anon cannot read no-show records');
select tests.authenticate_as_service_role();
select is((select count(*)::integer from public.no_shows where shift_id = tests.shift('due')), 1,
  'The service role reads every record');

-- The agency's settings -------------------------------------------------------------------------------------
select tests.authenticate_as(tests.other_company());
select is(tests.affected($$ update public.companies set no_show_repost_after_minutes = 20, auto_repost_no_shows = true
                          where id = tests.other_company() $$), 1,
  'An agency sets its own re-post threshold and turns automatic re-posts on');
select is(tests.affected($$ update public.companies set auto_repost_no_shows = true where id = tests.owner() $$), 0,
  'It cannot change another agency''s setting');
select throws_ok($$ update public.companies set no_show_repost_after_minutes = 5 where id = tests.other_company() $$,
  '23514', null, 'The threshold is at least 10 minutes');
select throws_ok($$ update public.companies set no_show_repost_after_minutes = 241 where id = tests.other_company() $$,
  '23514', null, 'and at most 240');
select tests.authenticate_as(tests.worker());
select is(tests.affected($$ update public.companies set auto_repost_no_shows = true $$), 0,
  'A worker cannot change any agency''s setting');
select tests.clear_authentication();
select is((select row(no_show_repost_after_minutes, auto_repost_no_shows)::text from public.companies where id = tests.owner()),
  row(15, false)::text, 'An agency that set nothing re-posts by hand from 15 minutes');

-- Automatic re-posts ------------------------------------------------------------------------------------------
-- late (owner, automatic off) and late_b (other company, automatic on at 20 minutes) started 9
-- minutes before now(): 19 minutes in is now() + 10 minutes.
select private.watchdog_tick(now() + interval '10 minutes');
select is((tests.row_of('late_b')).accepted_by, tests.outsider(),
  'Nineteen minutes in, the other agency''s threshold has not passed: its shift keeps its worker');
select is((select reposts from private.watchdog_tick(now() + interval '11 minutes')) >= 1, true,
  'At twenty minutes the watchdog re-posts');
select is((select row(n.staff_id, n.recorded_by, n.automatic)::text from public.no_shows n where n.shift_id = tests.shift('late_b')),
  row(tests.outsider(), null::uuid, true)::text, 'The automatic no-show names no scheduler');
select is((tests.row_of('late_b')).accepted_by, null, 'The other agency''s shift is Pending again');
select is(tests.steps('late_b'), array['posted', 'accepted', 'late_alert', 'no_show', 'reposted'],
  'Its history: late alert, no-show, re-post');
select is((tests.row_of('late')).accepted_by, tests.w3(), 'The owner, who left automatic re-posts off, keeps its worker');

-- The timeline ---------------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.other_company());
select is(
  (select array_agg(t.kind || ': ' || coalesce(t.detail, '') || case when t.flagged then ' [flagged]' else '' end order by t.at, t.kind)
   from public.shift_timeline(tests.shift('late_b')) t where t.kind in ('late_alert', 'no_show', 'reposted')),
  array['late_alert: Otto Outsider had not clocked in 10 mins after the start and was notified [flagged]',
        'no_show: Otto Outsider had not clocked in 20 mins after the start and was released as a no-show [flagged]',
        'reposted: Automatically. No staff were notified; Otto Outsider cannot take it again'],
  'The timeline says who was late, released and re-posted, and flags the alert and the no-show');
select tests.clear_authentication();
update public.companies set locale = 'fr-CA' where id = tests.other_company();
select tests.authenticate_as(tests.other_company());
select is(
  (select array_agg(t.detail order by t.at, t.kind)
   from public.shift_timeline(tests.shift('late_b')) t where t.kind in ('late_alert', 'no_show', 'reposted')),
  array['Otto Outsider n’avait pas pointé son arrivée 10 min après le début et a reçu un avis',
        E'Otto Outsider n’avait pas pointé son arrivée 20 min après le début\u00a0: le quart lui a été retiré pour absence',
        'Automatiquement. Aucun membre du personnel avisé; Otto Outsider ne peut pas le reprendre'],
  'A French agency reads the same steps in French');
select tests.clear_authentication();
update public.companies set locale = 'en' where id = tests.other_company();
select tests.authenticate_as(tests.owner());
select is((select count(*)::integer from public.shift_timeline(tests.shift('late_b'))), 0,
  'The owner sees nothing of the other agency''s timeline');
select is((select t.actor_name from public.shift_timeline(tests.shift('due')) t where t.kind = 'reposted'), 'Owner Care',
  'A scheduler''s re-post names the agency');

-- A shift given back is recorded -----------------------------------------------------------------------------------
select tests.clear_authentication();
select tests.post('given_back', tests.owner(), interval '5 hours', tests.worker());
select tests.authenticate_as(tests.worker());
select public.leave_company(tests.owner());
select tests.clear_authentication();
select is((select row(e.actor_id, e.details ->> 'by', e.details ->> 'staff_id')::text from public.shift_events e
           where e.shift_id = tests.shift('given_back') and e.event = 'released'),
  row(tests.worker(), 'staff', tests.worker()::text)::text,
  'A worker leaving the agency with a shift accepted is a released step, by the worker');

-- pg_cron runs the watchdog -----------------------------------------------------------------------------------------
select is((select row(j.schedule, j.command)::text from cron.job j where j.jobname = 'no-show-watchdog'),
  row('* * * * *', 'select private.watchdog_tick()')::text, 'pg_cron runs the watchdog every minute');

select * from finish();
rollback;
