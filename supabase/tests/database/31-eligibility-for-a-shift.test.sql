-- Eligibility for a shift over many workers (issue 28): private.eligibility_for, the one set-based
-- definition of the rules, against a crowd of workers that meets every reason alone and together.
-- It must agree row for row with the per-worker rules as they were written before it
-- (tests.reference_*, the previous private.eligibility_reasons and private.eligibility_flags with
-- their helpers, copied here as they stood in 20261129160000_no_shows.sql and
-- 20261126110000_staff_qualifications.sql), and the per-worker functions now restated on top of it
-- must agree with it. Then who may ask public.shift_eligibility.
begin;
\ir _helpers.psql
select plan(43);

update public.companies set premium = true where id in (tests.owner(), tests.other_company());

-- The previous per-worker rules, verbatim but for their helpers' bodies inlined --------------------
create function tests.reference_hours(p_shift public.shifts, p_staff_id uuid) returns numeric
language sql stable as $$
  with zone as (
    select coalesce((select c.time_zone from public.companies c where c.id = p_shift.company_id), 'America/Toronto') as tz
  ),
  week as (
    select (date_trunc('week', p_shift.starts_at at time zone zone.tz) at time zone zone.tz) as from_at,
           ((date_trunc('week', p_shift.starts_at at time zone zone.tz) + interval '7 days') at time zone zone.tz) as to_at
    from zone
  )
  select coalesce(sum(extract(epoch from (least(s.ends_at, week.to_at) - greatest(s.starts_at, week.from_at))) / 3600), 0)
  from public.shifts s, week
  where s.accepted_by = p_staff_id and s.company_id = p_shift.company_id and s.id <> p_shift.id
    and s.starts_at < week.to_at and s.ends_at > week.from_at;
$$;

create function tests.reference_reasons(p_shift public.shifts, p_staff_id uuid)
returns table (code text, reason text)
language plpgsql stable as $$
declare
  employment public.employments%rowtype;
  missing text;
  with_shift numeric;
  limit_hours numeric;
begin
  select * into employment from public.employments e
  where e.staff_id = p_staff_id and e.company_id = p_shift.company_id;
  if not found then
    return query select 'not_employed', 'Does not work for this agency';
  end if;
  if exists (select 1 from public.no_shows n where n.shift_id = p_shift.id and n.staff_id = p_staff_id) then
    return query select 'no_show', 'Was a no-show on this shift';
  end if;
  if exists (select 1 from public.shifts s
             where s.accepted_by = p_staff_id and s.clocked_out_at is null
               and s.starts_at < p_shift.ends_at and s.ends_at > p_shift.starts_at
               and s.id is distinct from p_shift.id) then
    return query select 'overlapping_shift', 'Already has another shift at this time';
  end if;
  if exists (
    select 1
    from public.staff_time_off t
    cross join lateral (
      select (t.starts_at at time zone t.time_zone) as local_start,
             (t.ends_at at time zone t.time_zone) as local_end,
             (p_shift.starts_at at time zone t.time_zone) as local_from
    ) l
    cross join lateral (
      select greatest(0, floor(extract(epoch from (l.local_from - l.local_end)) / 604800)::integer + 1) as k
    ) w
    cross join lateral (
      select ((l.local_start + w.k * interval '7 days') at time zone t.time_zone) as repeat_start,
             ((l.local_end + w.k * interval '7 days') at time zone t.time_zone) as repeat_end
    ) r
    where t.staff_id = p_staff_id
      and t.starts_at < p_shift.ends_at
      and (t.repeat_until is null or t.starts_at < t.repeat_until)
      and case
            when not t.repeats_weekly then t.ends_at > p_shift.starts_at
            else r.repeat_start < p_shift.ends_at and r.repeat_end > p_shift.starts_at
                 and (t.repeat_until is null or r.repeat_start < t.repeat_until)
          end) then
    return query select 'time_off', 'Has time off at this time';
  end if;
  if employment.staff_id is null then
    return;
  end if;

  if employment.staff_types <> '{}'
     and not p_shift.staff_type = any (employment.staff_types)
     and not exists (select 1 from public.staff_type_coverage sc
                     where sc.company_id = p_shift.company_id and sc.may_cover = p_shift.staff_type
                       and sc.staff_type = any (employment.staff_types)) then
    return query select 'staff_type', format('Is not recorded as a %s', p_shift.staff_type);
  end if;
  if employment.skills <> '{}' and not p_shift.skill = any (employment.skills) then
    return query select 'skill', format('Is not recorded as skilled in %s', lower(p_shift.skill));
  end if;

  select string_agg(r.credential_type, ', ' order by r.credential_type) into missing
  from public.staff_type_requirements r
  where r.company_id = p_shift.company_id and r.staff_type = p_shift.staff_type
    and not exists (
      select 1 from public.staff_credentials c
      where c.company_id = p_shift.company_id and c.staff_id = p_staff_id
        and c.credential_type = r.credential_type and c.verified_at is not null
        and (c.expires_on is null
             or c.expires_on >= (p_shift.ends_at at time zone coalesce(
                  (select co.time_zone from public.companies co where co.id = p_shift.company_id), 'America/Toronto'))::date)
    );
  if missing is not null then
    return query select 'credential', format('Has no verified, valid %s', missing);
  end if;

  if not p_shift.allow_overtime
     and (employment.staff_types <> '{}' or employment.skills <> '{}' or employment.languages <> '{}'
          or employment.max_weekly_hours is not null) then
    limit_hours := least(employment.max_weekly_hours, private.overtime_threshold(p_shift.country, p_shift.province));
    if limit_hours is not null then
      with_shift := tests.reference_hours(p_shift, p_staff_id)
                    + extract(epoch from (p_shift.ends_at - p_shift.starts_at)) / 3600;
      if with_shift > limit_hours then
        return query select 'over_hours',
          format('Would work %s hours that week, over %s', round(with_shift, 1)::text, round(limit_hours, 1)::text);
      end if;
    end if;
  end if;
end;
$$;

create function tests.reference_flags(p_shift public.shifts, p_staff_id uuid) returns text[]
language sql stable as $$
  select case
    when p_shift.allow_overtime and exists (
      select 1
      from public.employments e
      cross join lateral (
        select tests.reference_hours(p_shift, p_staff_id)
                 + extract(epoch from (p_shift.ends_at - p_shift.starts_at)) / 3600 as with_shift,
               least(e.max_weekly_hours, private.overtime_threshold(p_shift.country, p_shift.province)) as limit_hours
      ) h
      where e.staff_id = p_staff_id and e.company_id = p_shift.company_id
        and (e.staff_types <> '{}' or e.skills <> '{}' or e.languages <> '{}' or e.max_weekly_hours is not null)
        and h.limit_hours is not null and h.with_shift > h.limit_hours
    ) then array['overtime']
    else '{}'::text[]
  end;
$$;

-- The crowd ---------------------------------------------------------------------------------------
create temporary table crowd (name text primary key, id uuid not null) on commit drop;
create temporary table ids (name text primary key, id uuid) on commit drop;
grant select on crowd, ids to authenticated, anon;
create function tests.w(p_name text) returns uuid language sql stable as $$ select id from crowd where name = p_name $$;
create function tests.shift(p_name text) returns uuid language sql stable as $$ select id from ids where name = p_name $$;
create function tests.shift_row(p_name text) returns public.shifts language sql stable as $$
  select s from public.shifts s where s.id = tests.shift(p_name)
$$;
-- Day d (0 = Monday) of the week three weeks ahead, at hour h, in Toronto.
create function tests.at(d integer, h numeric) returns timestamptz language sql stable as $$
  select (date_trunc('week', now() at time zone 'America/Toronto') + interval '21 days'
          + d * interval '1 day' + h * interval '1 hour') at time zone 'America/Toronto'
$$;
grant execute on all functions in schema tests to authenticated, anon;

-- A worker employed by the owner (and by the other company when asked), with a profile and the
-- credentials an RN shift needs unless told otherwise.
create function tests.hire(p_name text, p_types text[] default '{Registered Nurse}',
                           p_skills text[] default '{Medication administration}', p_max numeric default null,
                           p_credentials boolean default true, p_at_other boolean default false,
                           p_at_owner boolean default true) returns uuid
language plpgsql as $$
declare
  worker uuid := ('e3100000-0000-4000-8000-' || lpad((select count(*) + 1 from crowd)::text, 12, '0'))::uuid;
begin
  perform tests.create_user(worker, p_name || '@crowd.example',
    jsonb_build_object('account_type', 'staff', 'first_name', initcap(p_name), 'last_name', 'Crowd'));
  insert into crowd values (p_name, worker);
  if p_at_owner then
    insert into public.employments (staff_id, company_id, staff_types, skills, max_weekly_hours)
    values (worker, tests.owner(), p_types, p_skills, p_max);
  end if;
  if p_at_other then
    insert into public.employments (staff_id, company_id) values (worker, tests.other_company());
  end if;
  if p_credentials and p_at_owner then
    insert into public.staff_credentials (company_id, staff_id, credential_type, expires_on, verified_at, verified_by)
    values (tests.owner(), worker, 'CPR/First aid', current_date + 400, now(), 'Dana'),
           (tests.owner(), worker, 'Nursing licence', null, now(), 'Dana');
  end if;
  return worker;
end;
$$;

-- A shift of `company` held by `worker`, day d from hour h for `hours`; clocked out when `done`.
create function tests.hold(worker uuid, company uuid, d integer, h numeric, hours numeric, done boolean default false)
returns void language plpgsql as $$
declare
  held uuid := tests.create_shift(company);
begin
  update public.shifts set starts_at = tests.at(d, h), ends_at = tests.at(d, h + hours) where id = held;
  update public.shifts set accepted_by = worker, accepted_at = now() - interval '1 day' where id = held;
  if done then
    update public.shifts set clocked_in_at = tests.at(d, h), clocked_out_at = tests.at(d, h + hours), time_done = '4:00'
    where id = held;
  end if;
end;
$$;

-- 40 hours at the owner that week, on the days around the Wednesday shift.
create function tests.full_week(worker uuid) returns void language sql as $$
  select tests.hold(worker, tests.owner(), d, 8, 10) from unnest(array[0, 1, 3, 4]) as d
$$;

-- The shifts asked about: an RN shift, Wednesday 09:00 to 17:00 three weeks ahead, and the same
-- hours on a shift that allows overtime.
insert into ids select 'rn', tests.create_shift(tests.owner());
insert into ids select 'rn_overtime', tests.create_shift(tests.owner());
update public.shifts set staff_type = 'Registered Nurse', skill = 'Medication administration',
                         starts_at = tests.at(2, 9), ends_at = tests.at(2, 17),
                         allow_overtime = (id = tests.shift('rn_overtime'))
where id in (tests.shift('rn'), tests.shift('rn_overtime'));
insert into public.staff_type_requirements (company_id, staff_type, credential_type)
values (tests.owner(), 'Registered Nurse', 'CPR/First aid'), (tests.owner(), 'Registered Nurse', 'Nursing licence');
insert into public.staff_type_coverage (company_id, staff_type, may_cover)
values (tests.owner(), 'Nurse Practitioner', 'Registered Nurse');

select tests.hire('ok');
select tests.hire('bare', '{}', '{}');
select tests.hire('bare_uncredentialed', '{}', '{}', p_credentials => false);
select tests.hire('no_show');
insert into public.no_shows (shift_id, company_id, staff_id, shift_starts_at, automatic)
values (tests.shift('rn'), tests.owner(), tests.w('no_show'), tests.at(2, 9), true);
select tests.hire('overlap', p_at_other => true);
select tests.hold(tests.w('overlap'), tests.other_company(), 2, 12, 4);
select tests.hire('overlap_done', '{}', '{}');
select tests.hold(tests.w('overlap_done'), tests.owner(), 2, 6, 4, done => true);
select tests.hire('time_off');
insert into public.staff_time_off (staff_id, starts_at, ends_at) values (tests.w('time_off'), tests.at(2, 0), tests.at(3, 0));
select tests.hire('weekly');
insert into public.staff_time_off (staff_id, starts_at, ends_at, repeats_weekly)
values (tests.w('weekly'), tests.at(-19, 8), tests.at(-19, 12), true);
select tests.hire('weekly_ended');
insert into public.staff_time_off (staff_id, starts_at, ends_at, repeats_weekly, repeat_until)
values (tests.w('weekly_ended'), tests.at(-19, 8), tests.at(-19, 12), true, tests.at(-7, 0));
select tests.hire('psw', '{Personal Support Worker}');
select tests.hire('practitioner', '{Nurse Practitioner}');
select tests.hire('wrong_skill', p_skills => '{Personal care}');
select tests.hire('expired');
update public.staff_credentials set expires_on = (tests.at(2, 9) at time zone 'America/Toronto')::date - 1
where staff_id = tests.w('expired') and credential_type = 'CPR/First aid';
select tests.hire('unverified');
update public.staff_credentials set verified_at = null, verified_by = null
where staff_id = tests.w('unverified') and credential_type = 'Nursing licence';
select tests.hire('uncredentialed', p_credentials => false);
select tests.hire('full_week');
select tests.full_week(tests.w('full_week'));
select tests.hire('low_max', p_max => 6);
select tests.hire('full_week_bare', '{}', '{}');
select tests.full_week(tests.w('full_week_bare'));
select tests.hire('everything', '{Personal Support Worker}', '{Companionship}', p_credentials => false, p_at_other => true);
insert into public.no_shows (shift_id, company_id, staff_id, shift_starts_at, automatic)
values (tests.shift('rn'), tests.owner(), tests.w('everything'), tests.at(2, 9), true);
select tests.hold(tests.w('everything'), tests.other_company(), 2, 12, 4);
insert into public.staff_time_off (staff_id, starts_at, ends_at) values (tests.w('everything'), tests.at(2, 0), tests.at(3, 0));
select tests.full_week(tests.w('everything'));
select tests.hire('stranger', p_at_owner => false, p_at_other => true);
select tests.hold(tests.w('stranger'), tests.other_company(), 2, 12, 4);
insert into public.staff_time_off (staff_id, starts_at, ends_at) values (tests.w('stranger'), tests.at(2, 0), tests.at(3, 0));
insert into crowd values ('outsider', tests.outsider()), ('worker', tests.worker()), ('second_worker', tests.second_worker());

create function tests.codes(p_shift text, p_worker text) returns text[] language sql stable as $$
  select e.reason_codes from private.eligibility_for(tests.shift_row(p_shift), array[tests.w(p_worker)]) e
$$;
create function tests.sentences(p_shift text, p_worker text) returns text[] language sql stable as $$
  select e.reasons from private.eligibility_for(tests.shift_row(p_shift), array[tests.w(p_worker)]) e
$$;
create function tests.flags(p_shift text, p_worker text) returns text[] language sql stable as $$
  select e.flags from private.eligibility_for(tests.shift_row(p_shift), array[tests.w(p_worker)]) e
$$;

-- Every reason alone, and all of them together ----------------------------------------------------
select is(tests.codes('rn', 'ok'), '{}'::text[], 'A recorded RN with the skill and valid credentials may take the RN shift');
select is(tests.codes('rn', 'bare'), '{}'::text[], 'A worker with nothing recorded but the credentials may take it');
select is(tests.codes('rn', 'bare_uncredentialed'), '{credential}'::text[],
  'but the staff type''s required credentials hold for every worker, recorded or not');
select is(tests.codes('rn', 'outsider'), '{not_employed}'::text[], 'A worker the agency does not employ: not_employed');
select is(tests.codes('rn', 'no_show'), '{no_show}'::text[], 'The no-show of this shift: no_show');
select is(tests.codes('rn', 'overlap'), '{overlapping_shift}'::text[],
  'A shift held at another agency at the same hours: overlapping_shift');
select is(tests.codes('rn', 'overlap_done'), '{}'::text[], 'An overlapping shift already clocked out does not stop the worker');
select is(tests.codes('rn', 'time_off'), '{time_off}'::text[], 'One-off time off over the shift: time_off');
select is(tests.codes('rn', 'weekly'), '{time_off}'::text[], 'Weekly time off that recurs over the shift: time_off');
select is(tests.codes('rn', 'weekly_ended'), '{}'::text[], 'Weekly time off that stopped repeating does not stop the worker');
select is(tests.codes('rn', 'psw'), '{staff_type}'::text[], 'A recorded PSW: staff_type');
select is(tests.codes('rn', 'practitioner'), '{}'::text[], 'A type the agency lets cover RN shifts may take it');
select is(tests.codes('rn', 'wrong_skill'), '{skill}'::text[], 'An RN without the shift''s skill: skill');
select is(tests.codes('rn', 'expired'), '{credential}'::text[], 'A credential expiring before the shift''s day: credential');
select is(tests.sentences('rn', 'expired'), '{"Has no verified, valid CPR/First aid"}'::text[],
  'and the sentence names only the credential that is missing');
select is(tests.sentences('rn', 'unverified'), '{"Has no verified, valid Nursing licence"}'::text[],
  'An unverified licence is missing too');
select is(tests.sentences('rn', 'uncredentialed'), '{"Has no verified, valid CPR/First aid, Nursing licence"}'::text[],
  'With none, every required credential is named, in order');
select is(tests.sentences('rn', 'full_week'), '{"Would work 48.0 hours that week, over 44.0"}'::text[],
  '40 hours held that week and an 8-hour shift in Ontario: over_hours, with the hours');
select is(tests.sentences('rn', 'low_max'), '{"Would work 8.0 hours that week, over 6.0"}'::text[],
  'A worker''s own maximum counts when it is lower than the threshold');
select is(tests.codes('rn', 'full_week_bare'), '{}'::text[], 'Hours are checked only for a worker with a recorded profile');
select is(tests.codes('rn', 'everything'),
  '{no_show,overlapping_shift,time_off,staff_type,skill,credential,over_hours}'::text[],
  'Every reason at once, most basic first');
select is(tests.codes('rn', 'stranger'), '{not_employed,overlapping_shift,time_off}'::text[],
  'Someone the agency does not employ is judged only on the rules that hold for everyone');
select is(tests.codes('rn_overtime', 'full_week') || tests.flags('rn_overtime', 'full_week'), '{overtime}'::text[],
  'On a shift that allows overtime, the hours flag the worker instead of refusing them');
select is(tests.flags('rn_overtime', 'low_max'), '{overtime}'::text[], 'including over their own maximum');
select is(tests.flags('rn_overtime', 'full_week_bare'), '{}'::text[], 'Nobody unrecorded is flagged');
select is(tests.codes('rn_overtime', 'everything'), '{overlapping_shift,time_off,staff_type,skill,credential}'::text[],
  'The no-show of one shift may take another; the overtime shift drops over_hours alone');

-- Row for row with the previous per-worker rules ---------------------------------------------------
create function tests.set_based(p_shift text) returns table (staff_id uuid, codes text[], reasons text[], flags text[])
language sql stable as $$
  select e.staff_id, e.reason_codes, e.reasons, e.flags
  from private.eligibility_for(tests.shift_row(p_shift), array(select id from crowd)) e
$$;
create function tests.reference(p_shift text) returns table (staff_id uuid, codes text[], reasons text[], flags text[])
language sql stable as $$
  select c.id, coalesce(r.codes, '{}'), coalesce(r.reasons, '{}'), tests.reference_flags(tests.shift_row(p_shift), c.id)
  from crowd c
  cross join lateral (
    select array_agg(x.code order by x.n) as codes, array_agg(x.reason order by x.n) as reasons
    from tests.reference_reasons(tests.shift_row(p_shift), c.id) with ordinality as x (code, reason, n)
  ) r
$$;
select set_eq($$ select * from tests.set_based('rn') $$, $$ select * from tests.reference('rn') $$,
  'For the whole crowd, eligibility_for gives exactly the previous rules'' codes, sentences, order and flags');
select set_eq($$ select * from tests.set_based('rn_overtime') $$, $$ select * from tests.reference('rn_overtime') $$,
  'and so on a shift that allows overtime');
select is((select count(*)::integer from tests.set_based('rn')), (select count(*)::integer from crowd),
  'One row per worker asked about, employed or not');
select set_eq($$ select e.staff_id, e.reason_codes, e.reasons, e.flags from private.eligibility_for(tests.shift_row('rn')) e $$,
  $$ select * from tests.set_based('rn') s where exists (select 1 from public.employments e
                                                          where e.staff_id = s.staff_id and e.company_id = tests.owner()) $$,
  'Asked about nobody in particular, it answers for every worker of the agency, the same');
select set_eq($$ select e.staff_id, e.reason_codes, e.reasons, e.flags from private.eligibility_for(tests.shift_row('rn_overtime')) e $$,
  $$ select * from tests.set_based('rn_overtime') s where exists (select 1 from public.employments e
                                                                   where e.staff_id = s.staff_id and e.company_id = tests.owner()) $$,
  'also on the overtime shift');

-- The per-worker functions are the set-based one, one worker at a time ---------------------------
select set_eq(
  $$ select c.id, coalesce((select array_agg(r.code) from private.eligibility_reasons(tests.shift_row('rn'), c.id) r), '{}') as codes,
            coalesce((select array_agg(r.reason) from private.eligibility_reasons(tests.shift_row('rn'), c.id) r), '{}') as reasons,
            private.eligibility_flags(tests.shift_row('rn'), c.id) as flags
     from crowd c $$,
  $$ select * from tests.set_based('rn') $$,
  'private.eligibility_reasons and private.eligibility_flags answer as eligibility_for does');
select set_eq(
  $$ select c.id, private.eligibility_flags(tests.shift_row('rn_overtime'), c.id) from crowd c $$,
  $$ select s.staff_id, s.flags from tests.set_based('rn_overtime') s $$,
  'and so do the flags on the overtime shift');
select set_eq(
  $$ select c.id, private.holds_overlapping_shift(c.id, s.starts_at, s.ends_at, s.id) as overlap,
            private.time_off_overlaps(c.id, s.starts_at, s.ends_at) as time_off, private.weekly_hours_held(s, c.id) as hours
     from crowd c, tests.shift_row('rn') s $$,
  $$ select c.id, 'overlapping_shift' = any (r.codes) as overlap, 'time_off' = any (r.codes) as time_off,
            tests.reference_hours(s, c.id) as hours
     from crowd c cross join tests.shift_row('rn') s cross join lateral (select codes from tests.reference('rn') f where f.staff_id = c.id) r $$,
  'The one-worker helpers (overlap, time off, hours) agree with their set-based forms');

-- One worker over many shifts: private.eligibility_codes_by_shift, the home list's form ----------
-- The same rules written for the other access path: for every worker of the crowd and every shift
-- the fixture holds (the two asked about, a PSW shift, a shift of the other agency, and every shift
-- held above), its codes are eligibility_for's, in order.
insert into ids select 'psw_shift', tests.create_shift(tests.owner());
update public.shifts set staff_type = 'Personal Support Worker', skill = 'Companionship',
                         starts_at = tests.at(4, 9), ends_at = tests.at(4, 12)
where id = tests.shift('psw_shift');
insert into ids select 'other_shift', tests.create_shift(tests.other_company());
update public.shifts set starts_at = tests.at(2, 13), ends_at = tests.at(2, 15) where id = tests.shift('other_shift');
create temporary table every_shift on commit drop as
  select s.id from public.shifts s where s.company_id in (tests.owner(), tests.other_company());
create function tests.by_worker() returns table (staff_id uuid, shift_id uuid, codes text[])
language sql stable as $$
  select c.id, v.shift_id, v.reason_codes
  from crowd c
  cross join lateral private.eligibility_codes_by_shift(c.id, array(select id from every_shift)) v
$$;
create function tests.by_shift() returns table (staff_id uuid, shift_id uuid, codes text[])
language sql stable as $$
  select e.staff_id, s.id, e.reason_codes
  from public.shifts s
  cross join lateral private.eligibility_for(s, array(select id from crowd)) e
  where s.id in (select id from every_shift)
$$;
select cmp_ok((select count(*)::integer from every_shift), '>=', 20, 'The fixture holds shifts enough to compare on');
select set_eq($$ select * from tests.by_worker() $$, $$ select * from tests.by_shift() $$,
  'For every worker and every shift, eligibility_codes_by_shift gives eligibility_for''s codes, in order');
select ok((select count(distinct code)::integer from tests.by_worker() v, unnest(v.codes) code) = 8,
  'and the comparison meets all eight reasons');
select is((select count(*)::integer from private.eligibility_codes_by_shift(tests.w('ok'),
             array[tests.shift('rn'), tests.shift('rn'), null, extensions.gen_random_uuid()])), 1,
  'A shift asked about twice is answered once; a missing shift or a null is not answered');

-- Who may ask: public.shift_eligibility -------------------------------------------------------------
create temporary table agency_view on commit drop as
  select e.staff_id, e.reason_codes, e.reasons, e.flags from private.eligibility_for(tests.shift_row('rn')) e;
grant select on agency_view to authenticated;
select tests.authenticate_as(tests.owner());
select set_eq($$ select staff_id, reason_codes, reasons, flags from public.shift_eligibility(tests.shift('rn')) $$,
  $$ select * from agency_view $$,
  'The agency gets every worker it employs, with their reasons and flags');
select is((select count(*)::integer from public.shift_eligibility(tests.shift('rn')) e
           where e.eligible <> (cardinality(e.reason_codes) = 0)), 0,
  'eligible means no reason');
select tests.authenticate_as(tests.other_company());
select throws_ok($$ select * from public.shift_eligibility(tests.shift('rn')) $$, 'P0002', 'Shift not found',
  'Another agency is told the shift does not exist');
select tests.authenticate_as(tests.w('ok'));
select throws_ok($$ select * from public.shift_eligibility(tests.shift('rn')) $$, 'P0002', 'Shift not found',
  'So is a worker of the agency');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.shift_eligibility(tests.shift('rn')) $$, '42501', null,
  'anon cannot call it at all');
select tests.clear_authentication();

select * from finish();
rollback;
