-- The staff app's open-shift list (public.my_open_shifts): a worker is offered only the open,
-- not-ended shifts of their own agencies that they may take by accept_shift's rules. Who sees what
-- (a worker of two agencies, a colleague, a worker of none, an agency, anon), soonest first and
-- capped; a shift overlapping one they hold at another agency, or inside their one-off or weekly
-- time off, is left out, and comes back once the time is free again (time off deleted, the held
-- shift completed); a colleague's shift given back is offered again. The list always agrees with
-- public.eligibility, and accept_shift refuses what it leaves out.
begin;
\ir _helpers.psql
select plan(23);

update public.companies set premium = true where id in (tests.owner(), tests.other_company());

-- A third agency the worker does not work for.
create function tests.third_company() returns uuid language sql immutable as $$ select 'e1000000-0000-4000-8000-000000000001'::uuid $$;
select tests.create_user(tests.third_company(), 'third@test.example', '{"account_type":"company"}');
update public.companies set company_code = 'TsC3', premium = true where id = tests.third_company();

-- The worker works for the owner and the other company; the colleague for the owner only.
select tests.authenticate_as(tests.worker());
select public.join_company('TsB2');
select tests.clear_authentication();

create temporary table ids (name text primary key, id uuid) on commit drop;
grant select on ids to authenticated, anon, service_role;
create function tests.shift(name text) returns uuid language sql stable as $$ select id from ids where ids.name = shift.name $$;
-- A shift `name` of `company` from `day` days after today's midnight in Toronto, `from_hour` to `to_hour`.
create function tests.post(name text, company uuid, day integer, from_hour integer, to_hour integer) returns void
language sql as $$
  insert into ids select name, tests.create_shift(company);
  update public.shifts
  set starts_at = (date_trunc('day', now() at time zone 'America/Toronto') + make_interval(days => day, hours => from_hour)) at time zone 'America/Toronto',
      ends_at = (date_trunc('day', now() at time zone 'America/Toronto') + make_interval(days => day, hours => to_hour)) at time zone 'America/Toronto'
  where id = (select id from ids where ids.name = post.name);
$$;
-- The caller's open-shift list, by fixture name, in the order it comes.
create function tests.offered(p_limit integer default 200) returns text[] language sql as $$
  select coalesce(array_agg(i.name order by o.ordinality), '{}')
  from public.my_open_shifts(p_limit) with ordinality o
  join ids i on i.id = o.id
$$;
grant execute on function tests.shift(text), tests.offered(integer) to authenticated, anon;

select tests.post('a_d1', tests.owner(), 1, 9, 17);
select tests.post('b_d1_evening', tests.other_company(), 1, 16, 22);
select tests.post('a_d2', tests.owner(), 2, 9, 17);
select tests.post('b_d3', tests.other_company(), 3, 9, 17);
select tests.post('a_d9', tests.owner(), 9, 9, 17);
select tests.post('c_d1', tests.third_company(), 1, 9, 17);
select tests.post('a_taken', tests.owner(), 4, 9, 17);
select tests.post('a_ended', tests.owner(), 0, 0, 1);
update public.shifts set starts_at = now() - interval '3 hours', ends_at = now() - interval '1 hour'
where id = tests.shift('a_ended');

select tests.authenticate_as(tests.second_worker());
select public.accept_shift(tests.shift('a_taken'));

-- Who sees what --------------------------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select is(tests.offered(),
  array['a_d1', 'b_d1_evening', 'a_d2', 'b_d3', 'a_d9'],
  'A worker of two agencies is offered the open shifts of both, soonest first: never another agency''s, a taken or an ended one');
select is(tests.offered(2), array['a_d1', 'b_d1_evening'], 'p_limit caps the list at the soonest ones');
select is(tests.offered(0), array['a_d1'], 'A limit below one still gives the soonest shift');

select tests.authenticate_as(tests.second_worker());
select is(tests.offered(), array['a_d1', 'a_d2', 'a_d9'],
  'A colleague of one agency is offered only its open shifts (not the one they took: that is theirs, not open)');

select tests.authenticate_as(tests.outsider());
select is(tests.offered(), '{}'::text[], 'A worker of no agency is offered nothing');

select tests.authenticate_as(tests.owner());
select is(tests.offered(), '{}'::text[], 'An agency account is offered nothing (it is nobody''s worker)');

select tests.authenticate_as_anon();
select throws_ok($$ select * from public.my_open_shifts() $$, '42501', null, 'anon cannot ask for open shifts');

select tests.authenticate_as_service_role();
select throws_ok($$ select * from public.my_open_shifts() $$, '42501', null,
  'The service role cannot either: the list is about the caller as a worker');

-- A shift the worker holds hides the overlapping ones ----------------------------------------------
select tests.authenticate_as(tests.worker());
select lives_ok($$ select public.accept_shift(tests.shift('a_d1')) $$, 'The worker accepts the day shift of day 1');
select is(tests.offered(), array['a_d2', 'b_d3', 'a_d9'],
  'The other agency''s evening shift that day, which overlaps it, is no longer offered (nor, of course, the one taken)');
select tests.authenticate_as(tests.second_worker());
select is(tests.offered(), array['a_d2', 'a_d9'], 'The colleague''s list is not changed by the worker''s holdings');

-- Time off hides the shifts inside it ------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
insert into public.staff_time_off (starts_at, ends_at, note)
select (date_trunc('day', now() at time zone 'America/Toronto') + interval '3 days') at time zone 'America/Toronto',
       (date_trunc('day', now() at time zone 'America/Toronto') + interval '4 days') at time zone 'America/Toronto', 'Dentist';
select is(tests.offered(), array['a_d2', 'a_d9'], 'A one-off day off hides the shift that day');

-- Every week on day 2's weekday, 08:00–12:00 Toronto, for good.
insert into public.staff_time_off (starts_at, ends_at, repeats_weekly, time_zone)
select (date_trunc('day', now() at time zone 'America/Toronto') + interval '2 days 8 hours') at time zone 'America/Toronto',
       (date_trunc('day', now() at time zone 'America/Toronto') + interval '2 days 12 hours') at time zone 'America/Toronto',
       true, 'America/Toronto';
select is(tests.offered(), '{}'::text[], 'A weekly morning off hides the shifts that meet it, this week (day 2) and the next (day 9)');

update public.staff_time_off set repeat_until = starts_at + interval '1 day' where repeats_weekly;
select is(tests.offered(), array['a_d9'], 'Once the weekly period stops after its first week, day 9''s shift is offered again');

-- Free again: the shifts come back -----------------------------------------------------------------------
delete from public.staff_time_off where note = 'Dentist';
select is(tests.offered(), array['b_d3', 'a_d9'], 'Deleting the day off brings its shift back');
delete from public.staff_time_off;
select is(tests.offered(), array['a_d2', 'b_d3', 'a_d9'], 'Deleting the weekly period brings day 2''s back');

-- The held shift completed early frees its hours.
select tests.clear_authentication();
update public.shifts set clocked_in_at = starts_at, clocked_out_at = starts_at + interval '1 hour', time_done = '1h'
where id = tests.shift('a_d1');
select tests.authenticate_as(tests.worker());
select is(tests.offered(), array['b_d1_evening', 'a_d2', 'b_d3', 'a_d9'],
  'Once the held shift is completed, the evening shift that overlapped it is offered again');

-- A shift the colleague gives back (leaving the agency) is open again, for the worker too.
select tests.authenticate_as(tests.second_worker());
select lives_ok($$ select public.leave_company(tests.owner()) $$, 'The colleague leaves the agency, giving back their shift');
select tests.authenticate_as(tests.worker());
select is(tests.offered(), array['b_d1_evening', 'a_d2', 'b_d3', 'a_taken', 'a_d9'],
  'A shift given back is offered again');

-- The list and eligibility never disagree ------------------------------------------------------------
select tests.authenticate_as(tests.worker());
insert into public.staff_time_off (starts_at, ends_at, repeats_weekly)
select (date_trunc('day', now() at time zone 'America/Toronto') + interval '2 days 16 hours') at time zone 'America/Toronto',
       (date_trunc('day', now() at time zone 'America/Toronto') + interval '2 days 18 hours') at time zone 'America/Toronto', true;
select lives_ok($$ select public.accept_shift(tests.shift('b_d3')) $$, 'The worker accepts day 3''s shift');
select is(
  array(select i.name from ids i join public.shifts s on s.id = i.id
        where s.accepted_at is null and s.ends_at > now() and s.company_id in (tests.owner(), tests.other_company())
          and (select e.eligible from public.eligibility(s.id) e)
        order by s.starts_at, s.id),
  tests.offered(),
  'The worker is offered exactly the open shifts public.eligibility says they may take');
select is(tests.offered(), array['b_d1_evening', 'a_taken'],
  'Here: day 2''s and day 9''s meet the weekly evening off; day 3''s is theirs now');

-- accept_shift refuses what the list leaves out, in the same words as before ------------------------
select throws_ok($$ select public.accept_shift(tests.shift('a_d2')) $$, 'P0001', 'This shift is during your time off',
  'A shift the list leaves out for time off is refused for it');

select * from finish();
rollback;
