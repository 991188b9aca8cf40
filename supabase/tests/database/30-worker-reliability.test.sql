-- Reliability per worker and agency (issue 28, part 4): accepted, completed, late, no-shows and
-- cancellations within 24 h of the start, counted at one agency only, with the 0..1 score the first
-- wave ranks by (private.worker_reliability). Who may read it (the agency, for the staff it employs),
-- the score's formula at its edges, and a release by the agency not counting against the worker.
begin;
\ir _helpers.psql
select plan(16);

update public.companies set premium = true where id in (tests.owner(), tests.other_company());

-- The worker also works for the other company.
select tests.authenticate_as(tests.worker());
select public.join_company('TsB2');
select tests.clear_authentication();

-- A shift of `company` starting `starts` from now (negative: past), 8 hours, accepted two days
-- before; with `clock_in_late` minutes it was worked (clocked in that late, and out at its end).
create function tests.worked(company uuid, holder uuid, starts interval, clock_in_late integer default null)
returns uuid
language plpgsql as $$
declare
  new_id uuid := tests.create_shift(company);
begin
  update public.shifts set starts_at = now() + starts, ends_at = now() + starts + interval '8 hours',
                           accepted_by = holder, accepted_at = now() + starts - interval '2 days'
  where id = new_id;
  if clock_in_late is not null then
    update public.shifts set clocked_in_at = starts_at + make_interval(mins => clock_in_late) where id = new_id;
    update public.shifts set clocked_out_at = ends_at, time_done = '8' where id = new_id;
  end if;
  return new_id;
end;
$$;

-- At the owner: three shifts worked (one 20 minutes late), one no-show, two given back (one 5 hours
-- before its start, one 3 days before), and one that ended unworked.
select tests.worked(tests.owner(), tests.worker(), interval '-10 days', 0);
select tests.worked(tests.owner(), tests.worker(), interval '-8 days', 20);
select tests.worked(tests.owner(), tests.worker(), interval '-6 days', 5);
select private.repost_no_show(tests.worked(tests.owner(), tests.worker(), interval '-4 days'), tests.owner(),
                              now() - interval '4 days' + interval '20 minutes');
select tests.worked(tests.owner(), tests.worker(), interval '5 hours');
select tests.worked(tests.owner(), tests.worker(), interval '3 days');
-- Ended three days ago, never worked, never re-posted: leaving releases it too, but that is no cancellation.
select tests.worked(tests.owner(), tests.worker(), interval '-3 days');
select tests.authenticate_as(tests.worker());
select public.leave_company(tests.owner());
select public.join_company('TsA1');
-- At the other company: one shift worked.
select tests.clear_authentication();
select tests.worked(tests.other_company(), tests.worker(), interval '-2 days', 0);

select tests.authenticate_as(tests.owner());
select is(
  (select row(r.accepted, r.completed, r.late, r.no_shows, r.late_cancellations, r.score)::text
   from public.staff_reliability() r where r.staff_id = tests.worker()),
  row(7, 3, 1, 1, 1, 0.586)::text,
  'The owner sees 7 accepted, 3 completed, 1 late, 1 no-show, 1 late cancellation (not the ended shift) and the score (3 - 0.5 + 1.6) / (3 + 1 + 1 + 2)');
select is(
  (select row(r.accepted, r.completed, r.late, r.no_shows, r.late_cancellations, r.score)::text
   from public.staff_reliability() r where r.staff_id = tests.second_worker()),
  row(0, 0, 0, 0, 0, 0.800)::text, 'A worker with no record starts at 0.8');
select is((select count(*)::integer from public.staff_reliability()), 2, 'One row per worker the agency employs');
select is((select array_agg(r.staff_id) from public.staff_reliability(tests.worker()) r), array[tests.worker()],
  'Asked about one worker, it answers for that worker alone');
select is((select count(*)::integer from public.staff_reliability(tests.outsider())), 0,
  'A worker the agency does not employ has no row');

select tests.authenticate_as(tests.other_company());
select is(
  (select row(r.accepted, r.completed, r.late, r.no_shows, r.late_cancellations)::text
   from public.staff_reliability() r where r.staff_id = tests.worker()),
  row(1, 1, 0, 0, 0)::text, 'The other agency sees only what the worker did for it');

select tests.authenticate_as(tests.worker());
select throws_ok($$ select * from public.staff_reliability() $$, '42501',
  'Only company accounts can see staff reliability', 'A worker cannot read reliability');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.staff_reliability() $$, '42501', null, 'anon cannot read reliability');
select tests.authenticate_as_service_role();
select throws_ok($$ select * from public.staff_reliability() $$, '42501', null,
  'The service role has no company and no grant');
select tests.clear_authentication();

-- The measure the first wave ranks by.
select is(private.worker_reliability(tests.owner(), tests.worker()), 0.586, 'worker_reliability is the same score');
select is(private.worker_reliability(tests.owner(), tests.second_worker()), null,
  'A worker with no known outcome at the agency is unknown to the ranking (null), not 0.8');
select is(private.reliability_score(10, 0, 0, 0), 0.967, 'Ten shifts on time: (10 + 1.6) / 12');
select is(private.reliability_score(0, 0, 1, 0), 0.533, 'A newcomer''s first no-show: 1.6 / 3');
select is(private.reliability_score(2, 5, 0, 0), 0.650, 'Late counts at most once per completed shift: (2 - 1 + 1.6) / 4');
select is(private.reliability_score(0, 0, 50, 50), 0.016, 'The score never goes below 0');

-- The agency removing a worker releases their shifts, but that is not the worker cancelling.
select tests.worked(tests.owner(), tests.second_worker(), interval '2 hours');
select tests.authenticate_as(tests.owner());
select public.remove_staff(tests.second_worker());
select is((select e.details ->> 'by' from public.shift_events e
           where e.event = 'released' and e.details ->> 'staff_id' = tests.second_worker()::text),
  'company', 'A release by the agency is recorded as the agency''s');

select * from finish();
rollback;
