-- The eligibility helpers on the hottest paths keep their plans (20261206090000): the overlap and
-- time-off helpers use their kept generic plan for a few workers and plan for the call above
-- private.few_workers(); overtime_threshold and is_offered are PL/pgSQL. Their answers must not
-- depend on which path answered, and the plan mode they pick must not outlive the call.
begin;
\ir _helpers.psql
select plan(14);

create temporary table ids (name text primary key, id uuid) on commit drop;
insert into ids values ('held', tests.create_shift(tests.owner(), interval '1 day'));
update public.shifts set accepted_by = tests.worker(), accepted_at = now() where id = (select id from ids where name = 'held');
insert into public.staff_time_off (staff_id, starts_at, ends_at)
values (tests.second_worker(), now() + interval '3 days', now() + interval '4 days');

-- Many strangers and the two workers: more than private.few_workers(), so planned for the call.
create temporary table many on commit drop as
select array(select gen_random_uuid() from generate_series(1, private.few_workers() + 10))
       || array[tests.worker(), tests.second_worker()] as ids;

set plan_cache_mode = auto;

select is(
  (select array_agg(h) from private.overlapping_shift_holders(array[tests.worker()], now() + interval '1 day 1 hour',
                                                              now() + interval '1 day 2 hours') h),
  array[tests.worker()],
  'One worker (the kept generic plan): the holder of an overlapping shift is found');
select is(
  (select array_agg(h) from private.overlapping_shift_holders((select ids from many), now() + interval '1 day 1 hour',
                                                              now() + interval '1 day 2 hours') h),
  array[tests.worker()],
  'Many workers (planned for the call): the same holder, and only them');
select is(
  (select count(*)::integer from private.overlapping_shift_holders(array[tests.worker()], now() + interval '2 days',
                                                                   now() + interval '2 days 1 hour')),
  0,
  'A period the shift does not meet has no holder');
select is(
  (select count(*)::integer from private.overlapping_shift_holders(array[tests.worker()], now() + interval '1 day 1 hour',
                                                                   now() + interval '1 day 2 hours',
                                                                   (select id from ids where name = 'held'))),
  0,
  'The shift excepted is not counted against its own holder');
select is(current_setting('plan_cache_mode'), 'auto', 'The plan mode the helper picked ends with the call');

select is(
  (select array_agg(h) from private.time_off_holders(array[tests.second_worker()], now() + interval '3 days 1 hour',
                                                     now() + interval '3 days 2 hours') h),
  array[tests.second_worker()],
  'One worker: time off meeting the period is found');
select is(
  (select array_agg(h) from private.time_off_holders((select ids from many), now() + interval '3 days 1 hour',
                                                     now() + interval '3 days 2 hours') h),
  array[tests.second_worker()],
  'Many workers: the same worker, and only them');
select is(current_setting('plan_cache_mode'), 'auto', 'and the plan mode is the caller''s again');

-- The kept plan is used again and again: the same answer on every call of a connection.
select is(
  (select count(*)::integer from generate_series(1, 8) i
   cross join lateral private.overlapping_shift_holders(array[tests.worker()], now() + interval '1 day 1 hour',
                                                        now() + interval '1 day 2 hours') h),
  8,
  'Eight calls in a row, eight answers');

select is(private.overtime_threshold('Canada', 'ON'), 44::numeric, 'Ontario by code: 44 hours');
select is(private.overtime_threshold('canada', ' Quebec '), 40::numeric, 'Quebec by name, any case and spaces: 40 hours');
select is(private.overtime_threshold('Nowhere', 'ON'), null::numeric, 'An unknown country has no threshold');

insert into ids values ('open', tests.create_shift(tests.owner(), interval '2 days'));
update public.shifts set dispatch_mode = 'best_matches', next_wave = 2, next_wave_at = now() + interval '10 minutes'
where id = (select id from ids where name = 'open');
select is(private.is_offered((select s from public.shifts s join ids on ids.id = s.id and ids.name = 'open'),
                             tests.outsider()),
  false, 'A best-matches shift with waves to come is not offered to a worker no wave reached');
update public.shifts set dispatch_mode = 'everyone' where id = (select id from ids where name = 'open');
select is(private.is_offered((select s from public.shifts s join ids on ids.id = s.id and ids.name = 'open'),
                             tests.outsider()),
  true, 'In everyone mode it is offered to all');

select * from finish();
rollback;
