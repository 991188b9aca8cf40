-- The assistant's data tools (issue 19): counts by status, staff rankings, attendance, fill stats,
-- one staff member's record and plan usage, on a small history with known answers. The owner's zone
-- is America/Toronto; "now" is the p_now argument (March 10, 2026, noon unless a test moves it).
-- Another company's shifts, accepted by the owner's own worker, must never count for the owner; a
-- worker and anon are refused.
begin;
\ir _helpers.psql
\ir _shift_fixtures.psql
select plan(50);

-- Premium while seeding, so the free plan's 10 shifts do not get in the way (plan usage sets it back).
update public.companies set premium = true where id in (tests.owner(), tests.other_company());

-- The owner's shifts (posted, start; each accept is minutes after posting):
--   a1 Mar 2  Wendy, accepted in 10 min, clocked 9:05-17:05 (8 h)        Completed
--   a2 Mar 3  Sam, 30 min, clocked in 20 min late, out 17:00 (7 h 40)    Completed
--   a3 Mar 4  Wendy, 60 min, never clocked in                            Assigned, a no-show by Mar 10
--   a4 Mar 5  nobody                                                     Pending, expired by Mar 10
--   a5 Mar 12 Wendy, 20 min                                              Assigned, upcoming on Mar 10
--   a6 Mar 13 nobody                                                     Pending
--   a7 Mar 9  Sam, 15 min, clocked in exactly 10 min after the start     In-progress, on time
select tests.seed('a1', tests.owner(), '2026-03-01 09:00 America/Toronto', '2026-03-02 09:00 America/Toronto');
select tests.seed('a2', tests.owner(), '2026-03-01 10:00 America/Toronto', '2026-03-03 09:00 America/Toronto');
select tests.seed('a3', tests.owner(), '2026-03-02 09:00 America/Toronto', '2026-03-04 09:00 America/Toronto');
select tests.seed('a4', tests.owner(), '2026-03-02 12:00 America/Toronto', '2026-03-05 09:00 America/Toronto');
select tests.seed('a5', tests.owner(), '2026-03-09 09:00 America/Toronto', '2026-03-12 09:00 America/Toronto');
select tests.seed('a6', tests.owner(), '2026-03-09 10:00 America/Toronto', '2026-03-13 09:00 America/Toronto');
select tests.seed('a7', tests.owner(), '2026-03-08 09:00 America/Toronto', '2026-03-09 20:00 America/Toronto');
select tests.accept('a1', tests.worker(), '2026-03-01 09:10 America/Toronto');
select tests.clock_in('a1', '2026-03-02 09:05 America/Toronto');
select tests.clock_out('a1', '2026-03-02 17:05 America/Toronto', '8');
select tests.accept('a2', tests.second_worker(), '2026-03-01 10:30 America/Toronto');
select tests.clock_in('a2', '2026-03-03 09:20 America/Toronto');
select tests.clock_out('a2', '2026-03-03 17:00 America/Toronto', '7.5');
select tests.accept('a3', tests.worker(), '2026-03-02 10:00 America/Toronto');
select tests.accept('a5', tests.worker(), '2026-03-09 09:20 America/Toronto');
select tests.accept('a7', tests.second_worker(), '2026-03-08 09:15 America/Toronto');
select tests.clock_in('a7', '2026-03-09 20:10 America/Toronto');

-- Another company's shifts in the same days, one worked (late, long) by the owner's own Wendy.
select tests.seed('b1', tests.other_company(), '2026-03-01 09:00 America/Toronto', '2026-03-03 09:00 America/Toronto');
select tests.seed('b2', tests.other_company(), '2026-03-01 09:00 America/Toronto', '2026-03-03 10:00 America/Toronto',
                  hours => 12);
select tests.accept('b2', tests.worker(), '2026-03-01 09:01 America/Toronto');
select tests.clock_in('b2', '2026-03-03 10:45 America/Toronto');
select tests.clock_out('b2', '2026-03-03 22:00 America/Toronto', '11');

create temporary table instants (name text primary key, at timestamptz) on commit drop;
insert into instants values
  ('now', '2026-03-10 12:00 America/Toronto'),
  ('later', '2026-03-13 10:00 America/Toronto'),
  ('mar2', '2026-03-02 00:00 America/Toronto'),
  ('mar5', '2026-03-05 00:00 America/Toronto');
grant select on instants to authenticated, anon;
create function tests.at(name text) returns timestamptz language sql stable as $$ select at from instants where instants.name = at.name $$;
grant execute on function tests.at(text) to authenticated, anon;

select tests.authenticate_as(tests.owner());

-- Shift counts --------------------------------------------------------------------------------------------
select results_eq($$ select * from public.assistant_shift_counts(null, null) $$,
  $$ values (2, 2, 1, 2, 7) $$,
  'Counts by status cover every shift of the company and none of another''s: 2 pending, 2 assigned, 1 in progress, 2 completed');
select results_eq($$ select * from public.assistant_shift_counts(tests.at('mar2'), tests.at('mar5')) $$,
  $$ values (0, 1, 0, 2, 3) $$,
  'A period counts the shifts starting in [from, before)');
select results_eq($$ select total from public.assistant_shift_counts(tests.at('mar5'), null) $$,
  $$ values (4) $$, 'An open end counts every later start, the from instant included');
select throws_ok($$ select * from public.assistant_shift_counts(tests.at('mar5'), tests.at('mar2')) $$, 'P0001',
  'The end of the period must be after its start', 'A period that ends before it starts is refused with a sentence');

-- Staff ranking ---------------------------------------------------------------------------------------------
select results_eq($$ select staff_name, value, shifts from public.assistant_staff_ranking('most_accepted', null, null) $$,
  $$ values ('Wendy Worker', 3::numeric, 3), ('Sam Second', 2::numeric, 2) $$,
  'most_accepted counts accepted shifts, not another company''s shift the same worker took');
select results_eq($$ select staff_name, value, shifts from public.assistant_staff_ranking('most_hours', null, null) $$,
  $$ values ('Wendy Worker', 8.00, 1), ('Sam Second', 7.67, 1) $$,
  'most_hours sums clocked hours of completed shifts (2 places), in progress and other companies left out');
select results_eq($$ select staff_name, value, shifts from public.assistant_staff_ranking('fastest_to_accept', null, null) $$,
  $$ values ('Wendy Worker', 20.0, 3), ('Sam Second', 22.5, 2) $$,
  'fastest_to_accept ranks the median minutes from posting to acceptance, lowest first');
select results_eq($$ select staff_name from public.assistant_staff_ranking('most_accepted', tests.at('mar2'), tests.at('mar5'), 1) $$,
  $$ values ('Wendy Worker') $$, 'A ranking keeps to the period and to the limit');
select is((select count(*)::integer from public.assistant_staff_ranking('most_hours', tests.at('mar5'), null)), 0,
  'Nobody completed a shift starting after March 5, so nobody ranks by hours');
select throws_ok($$ select * from public.assistant_staff_ranking('most_liked', null, null) $$, 'P0001',
  'The ranking must be most_accepted, most_hours or fastest_to_accept', 'An unknown metric is refused with a sentence');
select throws_ok($$ select * from public.assistant_staff_ranking('most_hours', null, null, 51) $$, 'P0001',
  'The number of staff to rank must be from 1 to 50', 'A ranking returns at most 50 staff');

-- Attendance -----------------------------------------------------------------------------------------------
create temporary table attendance_now on commit drop as
  select public.assistant_attendance(null, null, tests.at('now')) as a;
select is((select (a->>'late_total')::integer from attendance_now), 1,
  'One late clock-in: 20 minutes is late, exactly 10 is on time, another company''s late shift does not count');
select results_eq($$ select (l->'shift'->>'id')::uuid, (l->>'minutes_late')::integer, l->'shift'->'staff'->>'last_name'
                     from attendance_now, jsonb_array_elements(a->'late') l $$,
  $$ values (tests.shift('a2'), 20, 'Second') $$,
  'A late clock-in comes with the shift, its staff member and the minutes late');
select results_eq($$ select (n->>'id')::uuid from attendance_now, jsonb_array_elements(a->'no_shows') n $$,
  $$ values (tests.shift('a3')) $$,
  'A no-show is accepted, started before now and never clocked in; the upcoming a5 is not one yet');
select is((public.assistant_attendance(null, null, tests.at('later'))->>'no_show_total')::integer, 2,
  'With now on March 13, a5 (March 12) has become a no-show too: p_now, not the clock, decides');
select is(jsonb_array_length(public.assistant_attendance(tests.at('mar5'), null, tests.at('now'))->'late'), 0,
  'Attendance keeps to the shifts starting in the period');
select ok(not (public.assistant_attendance(null, null, tests.at('now'))->'late'->0->'shift' ? 'company_id'),
  'Shift rows carry no owner id');
select results_eq($$ select b->'staff'->>'id', (b->>'late')::integer, (b->>'no_shows')::integer
                     from jsonb_array_elements(public.assistant_attendance(null, null, tests.at('later'))->'by_staff') b $$,
  $$ values (tests.worker()::text, 0, 2), (tests.second_worker()::text, 1, 0) $$,
  'by_staff counts each staff member''s late clock-ins and no-shows, most first');
select is((select (a->>'no_show_total')::integer
           from (select public.assistant_attendance(null, null, tests.at('later'), 25, tests.second_worker()) a) x), 0,
  'Attendance of one staff member counts only their shifts');
select is((select (a->>'late_total')::integer
           from (select public.assistant_attendance(null, null, tests.at('later'), 25, tests.second_worker()) a) x), 1,
  'and their late clock-ins');

-- Fill stats ------------------------------------------------------------------------------------------------
select results_eq($$ select * from public.assistant_fill_stats(null, null, tests.at('now')) $$,
  $$ values (7, 5, 0.7143, 20.0, 27.0, 1) $$,
  'Fill stats: 7 posted, 5 filled (rate 0.7143), median 20 and average 27 minutes to fill, 1 expired unfilled');
select results_eq($$ select posted, filled, expired_unfilled from public.assistant_fill_stats(tests.at('mar2'), tests.at('mar5'), tests.at('now')) $$,
  $$ values (3, 3, 0) $$, 'Posted means starting in the period: a1, a2 and a3 start March 2 to 4');
select results_eq($$ select expired_unfilled from public.assistant_fill_stats(null, null, tests.at('later')) $$,
  $$ values (2) $$, 'With now on March 13 at 10:00, a6 (9:00) has expired unfilled too');
select results_eq($$ select posted, fill_rate, median_minutes_to_fill from public.assistant_fill_stats(tests.at('later'), null, tests.at('now')) $$,
  $$ values (0, null::numeric, null::numeric) $$, 'Nothing posted: the rate and times are null');

-- One staff member ------------------------------------------------------------------------------------------
create temporary table wendy on commit drop as
  select public.assistant_staff_summary(tests.worker(), null, null, tests.at('now')) as s;
select is((select s->'staff' from wendy),
  jsonb_build_object('id', tests.worker(), 'first_name', 'Wendy', 'last_name', 'Worker',
                     'email', 'worker@test.example', 'phone', '4165550101', 'on_shift', false),
  'The profile has names and contact details, never the push token or the employment time');
select is((select (s->>'shifts_accepted')::integer from wendy), 3, 'Shifts accepted for this company only');
select is((select (s->>'shifts_completed')::integer from wendy), 1, 'Shifts completed');
select is((select (s->>'hours_done')::numeric from wendy), 8.00, 'Hours done are clocked hours, not another company''s');
select is((select (s->'last_shift'->>'id')::uuid from wendy), tests.shift('a1'),
  'The last shift is the latest one clocked in to before now (the no-show a3 is not)');
select results_eq($$ select (u->>'id')::uuid from wendy, jsonb_array_elements(s->'upcoming') u $$,
  $$ values (tests.shift('a5')) $$, 'Upcoming lists accepted shifts starting after now');
select results_eq($$ select (x->>'id')::uuid from wendy, jsonb_array_elements(s->'shifts') x $$,
  $$ values (tests.shift('a1')), (tests.shift('a3')) $$,
  'Without a period, the most recent shifts before now, soonest first');
select is((public.assistant_staff_summary(tests.worker(), tests.at('mar2'), tests.at('mar5'), tests.at('now'))->>'shifts_accepted')::integer,
  2, 'A period bounds the counts');
select is(jsonb_array_length(public.assistant_staff_summary(tests.worker(), null, null, tests.at('later'))->'upcoming'), 0,
  'With now on March 13, a5 is no longer upcoming');
select throws_ok($$ select public.assistant_staff_summary(tests.outsider(), null, null, tests.at('now')) $$, 'P0002',
  'No staff member with this id works for you', 'A worker the company does not employ is not found');

-- Plan usage ------------------------------------------------------------------------------------------------
select tests.clear_authentication();
update public.companies set premium = false, free_shifts_used = 4 where id = tests.owner();
insert into public.ai_usage (company_id, month, questions) values (tests.owner(), '2026-03-01', 3);
select tests.authenticate_as(tests.owner());
select results_eq($$ select * from public.assistant_plan_usage(tests.at('now')) $$,
  $$ values (false, 4, 10, 2, 30, 22) $$,
  'Free plan: 4 of 10 shifts, 2 of 30 staff, 22 of 25 questions left in March');
select results_eq($$ select questions_left from public.assistant_plan_usage('2026-04-01 00:00 America/Toronto') $$,
  $$ values (25) $$, 'A new month in the company''s zone starts with every question: p_now picks the month');
select results_eq($$ select questions_left from public.assistant_plan_usage('2026-04-01 03:59Z') $$,
  $$ values (22) $$, 'The month is the company''s: 23:59 on March 31 in Toronto is still March');
select results_eq($$ select * from public.assistant_plan_usage(tests.at('now')) $$,
  $$ values (false, 4, 10, 2, 30, 22) $$, 'Plan usage reads only the caller''s own company');
select tests.clear_authentication();
update public.companies set premium = true where id = tests.owner();
select tests.authenticate_as(tests.owner());
select results_eq($$ select premium, shift_limit, staff_limit, questions_left from public.assistant_plan_usage(tests.at('now')) $$,
  $$ values (true, null::integer, null::integer, null::integer) $$, 'Premium has no limits');

-- Another company ---------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.other_company());
select results_eq($$ select * from public.assistant_shift_counts(null, null) $$,
  $$ values (1, 0, 0, 1, 2) $$, 'Another company counts only its own two shifts');
select results_eq($$ select staff_name from public.assistant_staff_ranking('most_accepted', null, null) $$,
  $$ values ('Former staff member') $$,
  'A worker the company does not employ is ranked without a name: it cannot read their profile');
select throws_ok($$ select public.assistant_staff_summary(tests.worker(), null, null, tests.at('now')) $$, 'P0002',
  'No staff member with this id works for you', 'Another company cannot read the owner''s worker''s record');

-- Workers and anon ---------------------------------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select throws_ok($$ select * from public.assistant_shift_counts(null, null) $$, '42501',
  'Only company accounts can use the assistant', 'A worker cannot count shifts');
select throws_ok($$ select * from public.assistant_staff_ranking('most_accepted', null, null) $$, '42501',
  'Only company accounts can use the assistant', 'A worker cannot rank staff');
select throws_ok($$ select public.assistant_attendance(null, null, tests.at('now')) $$, '42501',
  'Only company accounts can use the assistant', 'A worker cannot read attendance');
select throws_ok($$ select * from public.assistant_fill_stats(null, null, tests.at('now')) $$, '42501',
  'Only company accounts can use the assistant', 'A worker cannot read fill stats');
select throws_ok($$ select public.assistant_staff_summary(tests.worker(), null, null, tests.at('now')) $$, '42501',
  'Only company accounts can use the assistant', 'A worker cannot read a staff record, even their own');
select throws_ok($$ select * from public.assistant_plan_usage(tests.at('now')) $$, '42501',
  'Only company accounts can use the assistant', 'A worker cannot read a plan');

select tests.authenticate_as_anon();
select throws_ok($$ select * from public.assistant_shift_counts(null, null) $$, '42501', null,
  'anon cannot execute the assistant''s functions');
select throws_ok($$ select * from public.assistant_plan_usage(now()) $$, '42501', null,
  'anon cannot execute plan usage, the one security definer among them');
select tests.clear_authentication();

select * from finish();
rollback;
