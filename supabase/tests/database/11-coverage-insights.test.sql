-- Coverage insights: the shift timeline, the coverage overview and the timesheet CSV, on seeded
-- histories with known answers. Shifts are recorded as the superuser with explicit past timestamps
-- (the API forbids backdating) while the JWT claims name the actor, so the history triggers write
-- the same events the RPCs would. The owner's zone is America/Toronto (the default).
begin;
\ir _helpers.psql
\ir _shift_fixtures.psql
select plan(46);

-- The histories give one worker overlapping shifts (days-long fixtures); that rule is
-- 23-worker-time-rules' to test, so its trigger is off here (rolled back with the rest).
alter table public.shifts disable trigger refuse_double_booking;

-- Both companies are premium so the free plan's 10 shifts do not get in the way.
update public.companies set premium = true where id in (tests.owner(), tests.other_company());
-- The timesheet shows names, and workers are often entered with awkward ones.
update public.staff set first_name = 'Wendy', last_name = 'Worker, RN' where id = tests.worker();

-- No shifts ---------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select is(public.coverage_overview('2026-01-05 00:00 America/Toronto', '2026-01-08 00:00 America/Toronto') - 'period',
  '{"posted": 0, "accepted": 0, "filled_before_start": 0, "fill_rate": null, "median_minutes_to_fill": null,
    "p90_minutes_to_fill": null, "open_soon": [], "late_clock_ins": {"count": 0, "shifts": []},
    "per_day": [{"day": "2026-01-05", "posted": 0, "filled": 0}, {"day": "2026-01-06", "posted": 0, "filled": 0},
                {"day": "2026-01-07", "posted": 0, "filled": 0}]}'::jsonb,
  'Without shifts the overview has zero counts, null rates and times, and a zero for every day of the period');
select is(public.coverage_overview('2026-01-05 00:00 America/Toronto', '2026-01-08 00:00 America/Toronto') -> 'period',
  '{"from": "2026-01-05T00:00:00-05:00", "to": "2026-01-08T00:00:00-05:00", "time_zone": "America/Toronto"}'::jsonb,
  'The overview echoes its period in the company''s time zone');
select is(public.timesheet_csv('2026-01-01', '2026-01-31'),
  E'\ufeffStaff name,Date,Location,Start,End,Clocked in,Clocked out,Hours done,Clocked hours,Hours check,Skill,Staff type\r\n',
  'Without completed shifts the timesheet is the byte order mark and the header row');
select tests.clear_authentication();

-- All unfilled (February) -----------------------------------------------------------------------------
select tests.seed('feb1', tests.owner(), '2026-02-02 09:00 America/Toronto', '2026-02-05 09:00 America/Toronto');
select tests.seed('feb2', tests.owner(), '2026-02-02 10:00 America/Toronto', '2026-02-05 10:00 America/Toronto');
select tests.seed('feb3', tests.owner(), '2026-02-03 11:00 America/Toronto', '2026-02-06 11:00 America/Toronto');
select tests.authenticate_as(tests.owner());
select is(public.coverage_overview('2026-02-02 00:00 America/Toronto', '2026-02-04 00:00 America/Toronto') - 'period' - 'open_soon',
  '{"posted": 3, "accepted": 0, "filled_before_start": 0, "fill_rate": 0, "median_minutes_to_fill": null,
    "p90_minutes_to_fill": null, "late_clock_ins": {"count": 0, "shifts": []},
    "per_day": [{"day": "2026-02-02", "posted": 2, "filled": 0}, {"day": "2026-02-03", "posted": 1, "filled": 0}]}'::jsonb,
  'When nothing was accepted the fill rate is 0 and the times to fill are null');
select tests.clear_authentication();

-- A mix with known answers (January, EST) ----------------------------------------------------------------
-- jan0 at the period's first instant (counted), never accepted;
-- jan1 filled in 10 min, clocked in exactly 10 min after the start (on time);
-- jan2 filled in 20 min, clocked in 10 min 1 s after the start (late, 10 minutes);
-- jan3 filled in 30 min, never clocked in;
-- jan4 filled 120 min after posting, an hour after its start (not before start), clocked in 60 min late;
-- jan5 never accepted; before and after: outside the period. Fill minutes 10, 20, 30, 120: the median is
-- 25 and the continuous p90 is 30 + 0.7 * 90 = 93.
select tests.seed('jan0', tests.owner(), '2026-01-05 00:00 America/Toronto', '2026-01-09 09:00 America/Toronto');
select tests.seed('jan1', tests.owner(), '2026-01-05 10:00 America/Toronto', '2026-01-06 09:00 America/Toronto');
select tests.seed('jan2', tests.owner(), '2026-01-05 11:00 America/Toronto', '2026-01-06 09:00 America/Toronto');
select tests.seed('jan3', tests.owner(), '2026-01-06 08:00 America/Toronto', '2026-01-06 10:00 America/Toronto');
select tests.seed('jan4', tests.owner(), '2026-01-06 09:00 America/Toronto', '2026-01-06 10:00 America/Toronto');
select tests.seed('jan5', tests.owner(), '2026-01-07 12:00 America/Toronto', '2026-01-09 09:00 America/Toronto');
select tests.seed('before', tests.owner(), '2026-01-04 23:59:59 America/Toronto', '2026-01-09 09:00 America/Toronto');
select tests.seed('after', tests.owner(), '2026-01-08 00:00 America/Toronto', '2026-01-09 09:00 America/Toronto');
select tests.accept('jan1', tests.worker(), '2026-01-05 10:10 America/Toronto');
select tests.clock_in('jan1', '2026-01-06 09:10:00 America/Toronto');
select tests.accept('jan2', tests.worker(), '2026-01-05 11:20 America/Toronto');
select tests.clock_in('jan2', '2026-01-06 09:10:01 America/Toronto');
select tests.accept('jan3', tests.second_worker(), '2026-01-06 08:30 America/Toronto');
select tests.accept('jan4', tests.worker(), '2026-01-06 11:00 America/Toronto');
select tests.clock_in('jan4', '2026-01-06 11:00 America/Toronto');
select tests.accept('before', tests.worker(), '2026-01-05 09:00 America/Toronto');
-- Another company's shifts in the same days must not count for the owner.
select tests.seed('b_jan1', tests.other_company(), '2026-01-05 12:00 America/Toronto', '2026-01-06 09:00 America/Toronto');
select tests.seed('b_jan2', tests.other_company(), '2026-01-06 12:00 America/Toronto', '2026-01-07 09:00 America/Toronto');

select tests.authenticate_as(tests.owner());
create temporary table jan on commit drop as
  select public.coverage_overview('2026-01-05 00:00 America/Toronto', '2026-01-08 00:00 America/Toronto') as o;
select is((select o->'posted' from jan), '6'::jsonb, 'Posted counts the company''s shifts created in [from, to)');
select is((select o->'accepted' from jan), '4'::jsonb, 'Accepted counts every accepted shift of the period');
select is((select o->'filled_before_start' from jan), '3'::jsonb,
  'A shift accepted after its start is not filled before start');
select is((select (o->>'fill_rate')::numeric from jan), 0.5, 'The fill rate is filled before start over posted');
select is((select (o->>'median_minutes_to_fill')::numeric from jan), 25.0,
  'The median time to fill is over accepted shifts, from posting to acceptance');
select is((select (o->>'p90_minutes_to_fill')::numeric from jan), 93.0,
  'The p90 time to fill is the continuous 90th percentile');
select is((select o->'per_day' from jan),
  '[{"day": "2026-01-05", "posted": 3, "filled": 2}, {"day": "2026-01-06", "posted": 2, "filled": 1},
    {"day": "2026-01-07", "posted": 1, "filled": 0}]'::jsonb,
  'The per-day series counts each shift on its local posting date, filled meaning filled before start');
select is((select o->'late_clock_ins'->'count' from jan), '2'::jsonb,
  'Exactly 10 minutes after the start is on time; a second more is late');
select results_eq(
  $$ select (e->>'id')::uuid, (e->>'minutes_late')::integer, e->>'staff_name', e->>'starts_at', e->>'address'
     from jan, jsonb_array_elements(o->'late_clock_ins'->'shifts') e $$,
  $$ values (tests.shift('jan4'), 60, 'Wendy Worker, RN', '2026-01-06T10:00:00-05:00',
             '100 Queen Street West, Toronto, Ontario M5H 2N2, Canada'),
            (tests.shift('jan2'), 10, 'Wendy Worker, RN', '2026-01-06T09:00:00-05:00',
             '100 Queen Street West, Toronto, Ontario M5H 2N2, Canada') $$,
  'Late clock-ins are listed latest start first with minutes late, staff name and local start');

select tests.authenticate_as(tests.other_company());
select is(public.coverage_overview('2026-01-05 00:00 America/Toronto', '2026-01-08 00:00 America/Toronto')
            - 'period' - 'open_soon' - 'per_day',
  '{"posted": 2, "accepted": 0, "filled_before_start": 0, "fill_rate": 0, "median_minutes_to_fill": null,
    "p90_minutes_to_fill": null, "late_clock_ins": {"count": 0, "shifts": []}}'::jsonb,
  'Another company''s overview counts only its own shifts');
select tests.clear_authentication();

-- Daylight saving changes (America/Toronto) ---------------------------------------------------------------
-- Spring forward on 2026-03-08 (EST -5 to EDT -4) and fall back on 2026-11-01 (EDT -4 to EST -5): each
-- shift sits half an hour from a local midnight, where a fixed offset would put it on the wrong day.
select tests.seed('m1', tests.owner(), '2026-03-08 04:30Z', '2026-03-20 09:00Z');  -- Mar 7 23:30 EST
select tests.seed('m2', tests.owner(), '2026-03-08 05:30Z', '2026-03-20 09:00Z');  -- Mar 8 00:30 EST
select tests.seed('m3', tests.owner(), '2026-03-09 03:30Z', '2026-03-20 09:00Z');  -- Mar 8 23:30 EDT
select tests.seed('m4', tests.owner(), '2026-03-09 04:30Z', '2026-03-20 09:00Z');  -- Mar 9 00:30 EDT
select tests.accept('m3', tests.worker(), '2026-03-09 05:00Z');
select tests.seed('n1', tests.owner(), '2026-11-01 03:30Z', '2026-11-20 09:00Z');  -- Oct 31 23:30 EDT
select tests.seed('n2', tests.owner(), '2026-11-01 04:30Z', '2026-11-20 09:00Z');  -- Nov 1 00:30 EDT
select tests.seed('n3', tests.owner(), '2026-11-02 04:30Z', '2026-11-20 09:00Z');  -- Nov 1 23:30 EST
select tests.seed('n4', tests.owner(), '2026-11-02 05:30Z', '2026-11-20 09:00Z');  -- Nov 2 00:30 EST
select tests.accept('n3', tests.worker(), '2026-11-02 06:00Z');
select tests.accept('n4', tests.worker(), '2026-11-02 06:00Z');
select tests.authenticate_as(tests.owner());
select is(public.coverage_overview('2026-03-07 00:00 America/Toronto', '2026-03-10 00:00 America/Toronto') -> 'per_day',
  '[{"day": "2026-03-07", "posted": 1, "filled": 0}, {"day": "2026-03-08", "posted": 2, "filled": 1},
    {"day": "2026-03-09", "posted": 1, "filled": 0}]'::jsonb,
  'Across the spring-forward change the 23-hour day gets exactly its shifts');
select is(public.coverage_overview('2026-10-31 00:00 America/Toronto', '2026-11-03 00:00 America/Toronto') -> 'per_day',
  '[{"day": "2026-10-31", "posted": 1, "filled": 0}, {"day": "2026-11-01", "posted": 2, "filled": 1},
    {"day": "2026-11-02", "posted": 1, "filled": 1}]'::jsonb,
  'Across the fall-back change the 25-hour day gets exactly its shifts');
select is(jsonb_array_length(public.coverage_overview('2026-03-01 00:00 America/Toronto', '2026-04-01 00:00 America/Toronto') -> 'per_day'),
  31, 'A month across a daylight saving change has one entry per local day');

-- Open shifts starting soon ----------------------------------------------------------------------------------
select tests.clear_authentication();
select tests.seed('soon', tests.owner(), now() - interval '1 hour', now() + interval '2 hours');
select tests.seed('soon_taken', tests.owner(), now() - interval '1 hour', now() + interval '3 hours');
select tests.seed('tomorrow', tests.owner(), now() - interval '1 hour', now() + interval '25 hours');
select tests.seed('b_soon', tests.other_company(), now() - interval '1 hour', now() + interval '1 hour');
select tests.accept('soon_taken', tests.worker(), now());
select tests.authenticate_as(tests.owner());
select results_eq(
  $$ select (e->>'id')::uuid, e->>'address', e->>'skill'
     from jsonb_array_elements(public.coverage_overview('2026-01-01', '2026-01-02') -> 'open_soon') e $$,
  $$ values (tests.shift('soon'), '100 Queen Street West, Toronto, Ontario M5H 2N2, Canada', 'Personal care') $$,
  'Open soon lists only the company''s unaccepted shifts starting within 24 hours, whatever the period');

-- Guards ----------------------------------------------------------------------------------------------------
select throws_ok($$ select public.coverage_overview('2026-01-02', '2026-01-02') $$,
  'The end of the period must be after its start', 'An empty or reversed period is refused with a sentence');
select throws_ok($$ select public.coverage_overview('2025-01-01', '2026-01-03') $$,
  'The period can be at most 366 days long', 'A period longer than a year is refused with a sentence');
select lives_ok($$ select public.coverage_overview('2028-01-01 00:00 America/Toronto', '2029-01-01 00:00 America/Toronto') $$,
  'A whole leap year is an allowed period');
select tests.authenticate_as(tests.worker());
select throws_ok($$ select public.coverage_overview('2026-01-01', '2026-01-02') $$, '42501',
  'Only company accounts can see coverage insights', 'A worker cannot see coverage insights');
select tests.authenticate_as_anon();
select throws_ok($$ select public.coverage_overview('2026-01-01', '2026-01-02') $$, '42501', null,
  'anon cannot call coverage_overview');

-- Timeline ----------------------------------------------------------------------------------------------------
-- tl: posted by the owner to both workers, accepted 12 minutes later, clocked in 11 minutes late and
-- clocked out by the company. tl_on: clocked in exactly 10 minutes after the start. tl_gone: accepted a
-- day, an hour and five minutes after posting, then deleted: its timeline comes from the history alone.
select tests.clear_authentication();
select tests.seed('tl', tests.owner(), '2026-03-10 13:00Z', '2026-03-12 13:00Z');
select tests.accept('tl', tests.second_worker(), '2026-03-10 13:12Z');
select tests.clock_in('tl', '2026-03-12 13:11Z');
select tests.clock_out('tl', '2026-03-12 21:00Z', '8 hours', true);
select tests.seed('tl_on', tests.owner(), '2026-03-10 13:00Z', '2026-03-12 13:00Z');
select tests.accept('tl_on', tests.worker(), '2026-03-10 13:00:30Z');
select tests.clock_in('tl_on', '2026-03-12 13:10Z');
select tests.seed('tl_gone', tests.owner(), '2026-03-10 13:00Z', '2026-03-12 13:00Z');
select tests.accept('tl_gone', tests.worker(), '2026-03-11 14:05Z');
select tests.act_as(tests.owner());
delete from public.shifts where id = tests.shift('tl_gone');
select tests.clear_authentication();

select tests.authenticate_as(tests.owner());
select results_eq(
  $$ select kind, at, at_local, actor_name, detail from public.shift_timeline(tests.shift('tl')) $$,
  $$ values ('posted', '2026-03-10 13:00Z'::timestamptz, '2026-03-10T09:00:00-04:00', 'Owner Care', null::text),
            ('notified', '2026-03-10 13:00Z', '2026-03-10T09:00:00-04:00', null, '2 staff members notified'),
            ('accepted', '2026-03-10 13:12Z', '2026-03-10T09:12:00-04:00', 'Sam Second', '12 mins after posting'),
            ('clocked_in', '2026-03-12 13:11Z', '2026-03-12T09:11:00-04:00', 'Sam Second', '11 mins late'),
            ('clocked_out', '2026-03-12 21:00Z', '2026-03-12T17:00:00-04:00', 'Owner Care', 'Time done: 8 hours') $$,
  'The timeline lists posted, notified, accepted, clocked in and clocked out in order, in the company''s time zone');
select results_eq(
  $$ select kind, detail from public.shift_timeline(tests.shift('tl_on')) where kind in ('accepted', 'clocked_in') $$,
  $$ values ('accepted', 'less than 1 min after posting'), ('clocked_in', 'On time') $$,
  'A clock-in exactly 10 minutes after the start is on time; acceptance within a minute reads less than 1 min');
select results_eq(
  $$ select kind, actor_name, detail from public.shift_timeline(tests.shift('tl_gone')) $$,
  -- Wendy already held tl_on at that time, so the post notified only Sam: only eligible staff are.
  $$ values ('posted', 'Owner Care', null::text), ('notified', null, '1 staff member notified'),
            ('accepted', 'Wendy Worker, RN', '1 day 1 hr 5 mins after posting'),
            ('deleted', 'Owner Care', 'Status was Assigned') $$,
  'A deleted shift keeps its timeline, from the history alone, ending with the deletion');
-- The same steps for an agency that works in French (issue 29): its language, its words.
select tests.clear_authentication();
update public.companies set locale = 'fr-CA' where id = tests.owner();
select tests.authenticate_as(tests.owner());
select results_eq(
  $$ select kind, detail from public.shift_timeline(tests.shift('tl')) $$,
  $$ values ('posted', null::text), ('notified', '2 membres du personnel avisés'),
            ('accepted', '12 min après la publication'), ('clocked_in', '11 min de retard'),
            ('clocked_out', E'Temps effectué\u00a0: 8 h') $$,
  'A French agency reads its timeline in French, the hours done read back as « 8 h »');
select results_eq(
  $$ select kind, detail from public.shift_timeline(tests.shift('tl_gone')) where kind <> 'posted' $$,
  $$ values ('notified', '1 membre du personnel avisé'), ('accepted', '1 jour 1 h 5 min après la publication'),
            ('deleted', 'Le statut était Attribué') $$,
  'and a deleted shift''s, its status named in French');
select is((select detail from public.shift_timeline(tests.shift('tl_on')) where kind = 'clocked_in'), 'À l’heure',
  'On time is « À l’heure »');
select tests.clear_authentication();
update public.companies set locale = 'en' where id = tests.owner();
select tests.authenticate_as(tests.owner());
select is((select count(*) from public.shift_timeline(gen_random_uuid())), 0::bigint,
  'An unknown shift has an empty timeline');
select tests.authenticate_as(tests.other_company());
select is((select count(*) from public.shift_timeline(tests.shift('tl'))), 0::bigint,
  'Another company sees nothing of the owner''s shift timeline');
select tests.authenticate_as(tests.second_worker());
select is((select count(*) from public.shift_timeline(tests.shift('tl'))), 0::bigint,
  'Even the worker who did the shift gets no timeline');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.shift_timeline(gen_random_uuid()) $$, '42501', null,
  'anon cannot call shift_timeline');

-- Timesheet CSV (April, EDT) -------------------------------------------------------------------------------------
-- c1..c3 completed with text a spreadsheet would misread; c_open not clocked out; c_last starts late on the
-- period's last local day (already May 1 in UTC); c_may starts just after the period; b_apr is another
-- company's.
select tests.clear_authentication();
select tests.seed('c1', tests.owner(), '2026-04-01 12:00Z', '2026-04-10 09:00 America/Toronto',
                  street => 'Main Street, Unit 5', skill => 'Say "hi"', staff_type => '+PSW');
select tests.accept('c1', tests.worker(), '2026-04-01 12:30Z');
select tests.clock_in('c1', '2026-04-10 09:05 America/Toronto');
select tests.clock_out('c1', '2026-04-10 17:00 America/Toronto', '=HYPERLINK("http://x.example","y")');
select tests.seed('c2', tests.owner(), '2026-04-01 12:00Z', '2026-04-11 09:00 America/Toronto',
                  skill => E'Line one\nLine two', staff_type => '@admin');
select tests.accept('c2', tests.second_worker(), '2026-04-01 12:30Z');
select tests.clock_in('c2', '2026-04-11 09:00 America/Toronto');
select tests.clock_out('c2', '2026-04-11 17:00 America/Toronto', '-8 hours', true);
select tests.seed('c3', tests.owner(), '2026-04-01 12:00Z', '2026-04-12 09:00 America/Toronto',
                  skill => E'\r=cmd', staff_type => 'RPN');
select tests.accept('c3', tests.worker(), '2026-04-01 12:30Z');
select tests.clock_in('c3', '2026-04-12 09:00 America/Toronto');
select tests.clock_out('c3', '2026-04-12 17:00 America/Toronto', E'\t8 hours');
select tests.seed('c_open', tests.owner(), '2026-04-01 12:00Z', '2026-04-13 09:00 America/Toronto');
select tests.accept('c_open', tests.worker(), '2026-04-01 12:30Z');
select tests.clock_in('c_open', '2026-04-13 09:00 America/Toronto');
select tests.seed('c_last', tests.owner(), '2026-04-01 12:00Z', '2026-04-30 23:30 America/Toronto', hours => 1);
select tests.accept('c_last', tests.worker(), '2026-04-01 12:30Z');
select tests.clock_in('c_last', '2026-04-30 23:30 America/Toronto');
select tests.clock_out('c_last', '2026-05-01 00:30 America/Toronto', '1 hour');
select tests.seed('c_may', tests.owner(), '2026-04-01 12:00Z', '2026-05-01 00:30 America/Toronto', hours => 1);
select tests.accept('c_may', tests.worker(), '2026-04-01 12:30Z');
select tests.clock_in('c_may', '2026-05-01 00:30 America/Toronto');
select tests.clock_out('c_may', '2026-05-01 01:30 America/Toronto', '1 hour');
select tests.seed('b_apr', tests.other_company(), '2026-04-01 12:00Z', '2026-04-15 09:00 America/Toronto',
                  street => 'Other Street');
update public.shifts set accepted_by = tests.outsider(), accepted_at = '2026-04-01 12:30Z',
                         clocked_in_at = '2026-04-15 13:00Z', clocked_out_at = '2026-04-15 21:00Z', time_done = '8h'
where id = tests.shift('b_apr');

select tests.authenticate_as(tests.owner());
select is(public.timesheet_csv('2026-04-01', '2026-04-30'),
  E'\ufeffStaff name,Date,Location,Start,End,Clocked in,Clocked out,Hours done,Clocked hours,Hours check,Skill,Staff type\r\n'
  || E'"Wendy Worker, RN",2026-04-10,"100 Main Street, Unit 5, Toronto, Ontario M5H 2N2, Canada",'
  || E'2026-04-10T09:00:00-04:00,2026-04-10T17:00:00-04:00,2026-04-10T09:05:00-04:00,2026-04-10T17:00:00-04:00,'
  || E'"''=HYPERLINK(""http://x.example"",""y"")",7.92,Could not be compared with the clocked time,"Say ""hi""",''+PSW\r\n'
  || E'Sam Second,2026-04-11,"100 Queen Street West, Toronto, Ontario M5H 2N2, Canada",'
  || E'2026-04-11T09:00:00-04:00,2026-04-11T17:00:00-04:00,2026-04-11T09:00:00-04:00,2026-04-11T17:00:00-04:00,'
  || E'''-8 hours,8.00,Could not be compared with the clocked time,"Line one\nLine two",''@admin\r\n'
  || E'"Wendy Worker, RN",2026-04-12,"100 Queen Street West, Toronto, Ontario M5H 2N2, Canada",'
  || E'2026-04-12T09:00:00-04:00,2026-04-12T17:00:00-04:00,2026-04-12T09:00:00-04:00,2026-04-12T17:00:00-04:00,'
  || E'''\t8 hours,8.00,Could not be compared with the clocked time,"''\r=cmd",RPN\r\n'
  || E'"Wendy Worker, RN",2026-04-30,"100 Queen Street West, Toronto, Ontario M5H 2N2, Canada",'
  || E'2026-04-30T23:30:00-04:00,2026-05-01T00:30:00-04:00,2026-04-30T23:30:00-04:00,2026-05-01T00:30:00-04:00,'
  || E'1 hour,1.00,,Personal care,PSW\r\n',
  'The timesheet has a BOM, a header and one CRLF-ended row per completed shift of the local period, '
  'quoting commas, quotes and newlines and defusing leading = + - @ tab and CR');
select is(left(public.timesheet_csv('2026-04-01', '2026-04-30'), 1), E'\ufeff',
  'The timesheet starts with the UTF-8 byte order mark');
select is(public.timesheet_csv('2026-05-01', '2026-05-01'),
  E'\ufeffStaff name,Date,Location,Start,End,Clocked in,Clocked out,Hours done,Clocked hours,Hours check,Skill,Staff type\r\n'
  || E'"Wendy Worker, RN",2026-05-01,"100 Queen Street West, Toronto, Ontario M5H 2N2, Canada",'
  || E'2026-05-01T00:30:00-04:00,2026-05-01T01:30:00-04:00,2026-05-01T00:30:00-04:00,2026-05-01T01:30:00-04:00,'
  || E'1 hour,1.00,,Personal care,PSW\r\n',
  'A one-day period includes that local day''s completed shifts');
select is(position('Other Street' in public.timesheet_csv('2026-01-01', '2026-12-31')), 0,
  'Another company''s shifts never appear in the owner''s timesheet');
-- French column names on request (issue 29); the rows and the default are unchanged.
select is(public.timesheet_csv('2026-05-01', '2026-05-01', 'fr-CA'),
  E'\ufeffPersonnel,Date,Lieu,Début,Fin,Arrivée pointée,Départ pointé,Heures effectuées,Heures pointées,'
  || E'Vérification des heures,Compétence,Type de personnel\r\n'
  || E'"Wendy Worker, RN",2026-05-01,"100 Queen Street West, Toronto, Ontario M5H 2N2, Canada",'
  || E'2026-05-01T00:30:00-04:00,2026-05-01T01:30:00-04:00,2026-05-01T00:30:00-04:00,2026-05-01T01:30:00-04:00,'
  || E'1 hour,1.00,,Personal care,PSW\r\n',
  'With fr-CA the header row is in French and the rows are the same');
select is(public.timesheet_csv('2026-05-01', '2026-05-01', 'en'), public.timesheet_csv('2026-05-01', '2026-05-01'),
  'English column names, stable for software, are the default');
select throws_ok($$ select public.timesheet_csv('2026-05-01', '2026-05-01', 'de') $$,
  'Column headers are en or fr-CA', 'Column names in another language are refused with a sentence');

select tests.authenticate_as(tests.other_company());
select is(public.timesheet_csv('2026-04-01', '2026-04-30'),
  E'\ufeffStaff name,Date,Location,Start,End,Clocked in,Clocked out,Hours done,Clocked hours,Hours check,Skill,Staff type\r\n'
  || E'Former staff member,2026-04-15,"100 Other Street, Toronto, Ontario M5H 2N2, Canada",'
  || E'2026-04-15T09:00:00-04:00,2026-04-15T17:00:00-04:00,2026-04-15T09:00:00-04:00,2026-04-15T17:00:00-04:00,'
  || E'8h,8.00,,Personal care,PSW\r\n',
  'Acting as the other company, its timesheet holds only its own shift, and a worker it does not employ is unnamed');
select throws_ok($$ select public.timesheet_csv('2026-04-02', '2026-04-01') $$,
  'The end date must be on or after the start date', 'A reversed period is refused with a sentence');
select throws_ok($$ select public.timesheet_csv('2026-01-01', '2027-01-02') $$,
  'The period can be at most 366 days long', 'A period longer than a year is refused with a sentence');
select tests.authenticate_as(tests.worker());
select throws_ok($$ select public.timesheet_csv('2026-04-01', '2026-04-30') $$, '42501',
  'Only company accounts can export timesheets', 'A worker cannot export timesheets');
select tests.authenticate_as_anon();
select throws_ok($$ select public.timesheet_csv('2026-04-01', '2026-04-30') $$, '42501', null,
  'anon cannot call timesheet_csv');
select tests.clear_authentication();

select is(
  (select string_agg(format('%s: definer %s, anon %s, authenticated %s', p.proname, p.prosecdef,
                            has_function_privilege('anon', p.oid, 'execute'),
                            has_function_privilege('authenticated', p.oid, 'execute')), '; ' order by p.proname)
   from pg_proc p
   where p.pronamespace = 'public'::regnamespace and p.proname in ('shift_timeline', 'coverage_overview', 'timesheet_csv')),
  'coverage_overview: definer f, anon f, authenticated t; '
  'shift_timeline: definer f, anon f, authenticated t; '
  'timesheet_csv: definer f, anon f, authenticated t',
  'The three insight functions are security invoker and executable by authenticated only');

select * from finish();
rollback;
