-- The assistant's data tools (issue 19): the reads that PostgREST filters cannot do cheaply, so a
-- question about an agency with 100,000 shifts costs one small query rather than a download of every
-- shift. The lists (shifts by status, date, staff, address, skill; staff by name) stay PostgREST
-- queries in supabase/functions/assistant/tools; these functions count, rank and aggregate:
--   * public.assistant_shift_counts(from, before)            shifts by status;
--   * public.assistant_staff_ranking(metric, from, before, n) staff by accepted shifts, hours or speed;
--   * public.assistant_attendance(from, before, now, n, staff)  late clock-ins and no-shows, per staff member;
--   * public.assistant_fill_stats(from, before, now)         fill rate and time to fill;
--   * public.assistant_staff_summary(staff, from, before, now) one staff member's record;
--   * public.assistant_plan_usage(now)                       the free plan's limits and what is left;
--   * public.assistant_shift_json(shift)                     a shift as the tools return rows.
--
-- Rules shared by all of them:
--   * Periods are of START times, [p_from, p_before): from inclusive, before exclusive; either end may
--     be null (open). That includes fill stats: a period's "posted" shifts are the shifts that START in
--     it (what a scheduler means by "last month's shifts"; the same set every other tool lists), not
--     those created in it as in coverage_overview.
--   * Each call is planned for its own arguments (plan_cache_mode = force_custom_plan): PL/pgSQL
--     otherwise switches to a generic plan after a few calls, and once a few all-time questions
--     have run, that plan reads every shift of the company for a one-week question too (20 ms
--     instead of 0.5 ms at 100,000 shifts). Planning costs a fraction of a millisecond.
--   * "Now" is always the p_now argument, never the database's now(), so answers are reproducible
--     around a fixed instant in tests and a question asked at 23:59 is answered for that instant.
--   * Security invoker (except plan usage, see there): the caller's RLS bounds every read, and each
--     function also filters company_id = auth.uid() itself, which keeps the plans on the company's
--     indexes. A caller that is not a company (a worker) gets a plain error; anon cannot execute them.
--   * Lateness is the coverage overview's rule: clocked in more than 10 minutes after the start
--     (clocked_in_at - starts_at > 10 minutes; exactly 10 minutes is on time). A no-show is an
--     accepted shift that started before p_now and was never clocked in.
--   * Hours done are clocked hours (clocked_out_at - clocked_in_at) of completed shifts, not the
--     free-text time_done; minutes to fill are accepted_at - created_at.
--   * Staff names come through the caller's RLS, so a worker the company no longer employs shows as
--     'Former staff member' (as in the shift timeline).
--
-- Indexes: EXPLAIN at 100,000 shifts for one company puts every query on an existing index
-- ((company_id, starts_at) for periods, the partial index of late clock-ins, (accepted_by) for one
-- staff member) except the no-shows, which read every past shift of the company to find the few
-- accepted and never clocked in (36 ms). A partial index of the assigned shifts (accepted, not
-- clocked in: a small, moving set) makes that 3 ms.
create index shifts_company_id_assigned_idx on public.shifts (company_id, starts_at)
  where accepted_at is not null and clocked_in_at is null;

-- A shift as the tools return rows: the columns PostgREST's select in tools/shift-rows.ts reads, plus
-- the accepting staff member's name (null when the caller may not see them: a former employee).
create function public.assistant_shift_json(p_shift public.shifts)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_shift.id, 'staff_type', p_shift.staff_type, 'skill', p_shift.skill,
    'street_number', p_shift.street_number, 'street_name', p_shift.street_name, 'city', p_shift.city,
    'province', p_shift.province, 'postal_code', p_shift.postal_code, 'country', p_shift.country,
    'notes', p_shift.notes, 'starts_at', p_shift.starts_at, 'ends_at', p_shift.ends_at,
    'created_at', p_shift.created_at, 'accepted_by', p_shift.accepted_by, 'accepted_at', p_shift.accepted_at,
    'clocked_in_at', p_shift.clocked_in_at, 'clocked_out_at', p_shift.clocked_out_at,
    'staff', (select jsonb_build_object('id', st.id, 'first_name', st.first_name, 'last_name', st.last_name)
              from public.staff st where st.id = p_shift.accepted_by));
$$;

comment on function public.assistant_shift_json(public.shifts) is
  'A shift as the assistant''s tools return it (request, life and the accepting staff member''s name '
  'when the caller may see them), so the functions below and the PostgREST lists share one row shape.';

-- Shift counts ------------------------------------------------------------------------------------------
create function public.assistant_shift_counts(p_from timestamptz, p_before timestamptz)
returns table (pending integer, assigned integer, in_progress integer, completed integer, total integer)
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  me constant uuid := (select auth.uid());
begin
  if not exists (select 1 from public.companies c where c.id = me) then
    raise exception 'Only company accounts can use the assistant' using errcode = 'insufficient_privilege';
  end if;
  if p_before <= p_from then
    raise exception 'The end of the period must be after its start';
  end if;

  return query
  select (count(*) filter (where s.accepted_at is null))::integer,
         (count(*) filter (where s.accepted_at is not null and s.clocked_in_at is null))::integer,
         (count(*) filter (where s.clocked_in_at is not null and s.clocked_out_at is null))::integer,
         (count(*) filter (where s.clocked_out_at is not null))::integer,
         count(*)::integer
  from public.shifts s
  where s.company_id = me
    and s.starts_at >= coalesce(p_from, '-infinity') and s.starts_at < coalesce(p_before, 'infinity');
end;
$$;

comment on function public.assistant_shift_counts(timestamptz, timestamptz) is
  'Assistant: the calling company''s shifts starting in [p_from, p_before) (null = open end) counted by '
  'status (SPEC §4) and in total. Security invoker: RLS applies.';

-- Staff ranking -----------------------------------------------------------------------------------------
-- Over the shifts starting in the period that someone accepted:
--   most_accepted      value = shifts accepted; shifts = the same;
--   most_hours         value = clocked hours of the completed ones (2 places); shifts = completed;
--   fastest_to_accept  value = median minutes from posting to acceptance (1 place), lowest first;
--                      shifts = accepted.
-- Ties are broken by name. Staff without a value (no completed shift for most_hours) are left out.
create function public.assistant_staff_ranking(p_metric text, p_from timestamptz, p_before timestamptz,
                                               p_limit integer default 10)
returns table (staff_id uuid, staff_name text, value numeric, shifts integer)
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  me constant uuid := (select auth.uid());
begin
  if not exists (select 1 from public.companies c where c.id = me) then
    raise exception 'Only company accounts can use the assistant' using errcode = 'insufficient_privilege';
  end if;
  if p_metric is null or p_metric not in ('most_accepted', 'most_hours', 'fastest_to_accept') then
    raise exception 'The ranking must be most_accepted, most_hours or fastest_to_accept';
  end if;
  if p_before <= p_from then
    raise exception 'The end of the period must be after its start';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 50 then
    raise exception 'The number of staff to rank must be from 1 to 50';
  end if;

  -- One aggregate per metric, so a ranking by count never sorts fill times it does not need.
  return query
  with accepted as (
    select s.accepted_by, s.created_at, s.accepted_at, s.clocked_in_at, s.clocked_out_at
    from public.shifts s
    where s.company_id = me and s.accepted_by is not null
      and s.starts_at >= coalesce(p_from, '-infinity') and s.starts_at < coalesce(p_before, 'infinity')
  ),
  scored as (
    select a.accepted_by,
           case p_metric
             when 'most_accepted' then count(*)::numeric
             when 'most_hours' then
               round((sum(pg_catalog.date_part('epoch', a.clocked_out_at - a.clocked_in_at)) / 3600)::numeric, 2)
           end as value,
           (case when p_metric = 'most_hours' then count(a.clocked_out_at) else count(*) end)::integer as shifts
    from accepted a
    where p_metric <> 'fastest_to_accept'
    group by a.accepted_by
    union all
    select a.accepted_by,
           round((percentile_cont(0.5) within group (
             order by pg_catalog.date_part('epoch', a.accepted_at - a.created_at) / 60))::numeric, 1),
           count(*)::integer
    from accepted a
    where p_metric = 'fastest_to_accept'
    group by a.accepted_by
  ),
  named as (
    select sc.accepted_by, sc.value, sc.shifts,
           coalesce(nullif(pg_catalog.btrim(st.first_name || ' ' || st.last_name), ''), 'Former staff member') as name
    from scored sc
    left join public.staff st on st.id = sc.accepted_by
    where sc.value is not null and sc.shifts > 0
  )
  select n.accepted_by, n.name, n.value, n.shifts
  from named n
  order by case when p_metric = 'fastest_to_accept' then n.value end asc,
           case when p_metric <> 'fastest_to_accept' then n.value end desc,
           n.name, n.accepted_by
  limit p_limit;
end;
$$;

comment on function public.assistant_staff_ranking(text, timestamptz, timestamptz, integer) is
  'Assistant: the calling company''s staff ranked over shifts starting in [p_from, p_before) by '
  'most_accepted (shifts), most_hours (clocked hours of completed shifts) or fastest_to_accept (median '
  'minutes from posting to acceptance, lowest first); at most p_limit (1 to 50) rows. Security invoker.';

-- Attendance --------------------------------------------------------------------------------------------
-- Late clock-ins and no-shows among the shifts starting in the period (of one staff member when
-- p_staff_id is given), most recent start first, at most p_limit of each; the totals and by_staff
-- (each staff member's counts, the 10 with the most) count them all, so "who was late most often"
-- never counts a capped list.
create function public.assistant_attendance(p_from timestamptz, p_before timestamptz, p_now timestamptz,
                                            p_limit integer default 25, p_staff_id uuid default null)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  me constant uuid := (select auth.uid());
  result jsonb;
begin
  if not exists (select 1 from public.companies c where c.id = me) then
    raise exception 'Only company accounts can use the assistant' using errcode = 'insufficient_privilege';
  end if;
  if p_now is null then
    raise exception 'The current time is required';
  end if;
  if p_before <= p_from then
    raise exception 'The end of the period must be after its start';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 50 then
    raise exception 'The number of shifts to list must be from 1 to 50';
  end if;

  with late as (
    -- The late-clock-in condition in this exact form matches the partial index of late shifts.
    select s as shift, s.starts_at, s.id, s.accepted_by,
           floor(pg_catalog.date_part('epoch', s.clocked_in_at - s.starts_at) / 60)::integer as minutes_late
    from public.shifts s
    where s.company_id = me and s.clocked_in_at - s.starts_at > interval '10 minutes'
      and s.starts_at >= coalesce(p_from, '-infinity') and s.starts_at < coalesce(p_before, 'infinity')
      and (p_staff_id is null or s.accepted_by = p_staff_id)
  ),
  no_shows as (
    select s as shift, s.starts_at, s.id, s.accepted_by
    from public.shifts s
    where s.company_id = me and s.accepted_at is not null and s.clocked_in_at is null and s.starts_at < p_now
      and s.starts_at >= coalesce(p_from, '-infinity') and s.starts_at < coalesce(p_before, 'infinity')
      and (p_staff_id is null or s.accepted_by = p_staff_id)
  ),
  per_staff as (
    select x.accepted_by, count(*) filter (where x.is_late) as late, count(*) filter (where not x.is_late) as no_shows
    from (select accepted_by, true as is_late from late union all select accepted_by, false from no_shows) x
    where x.accepted_by is not null
    group by x.accepted_by
  ),
  named as (
    select p.accepted_by, p.late, p.no_shows,
           coalesce(nullif(pg_catalog.btrim(st.first_name || ' ' || st.last_name), ''), 'Former staff member') as name
    from per_staff p
    left join public.staff st on st.id = p.accepted_by
  )
  select jsonb_build_object(
    'late_total', (select count(*) from late),
    'late', (select coalesce(jsonb_agg(jsonb_build_object('shift', public.assistant_shift_json(l.shift),
                                                          'minutes_late', l.minutes_late)
                                       order by l.starts_at desc, l.id), '[]'::jsonb)
             from (select * from late order by starts_at desc, id limit p_limit) l),
    'no_show_total', (select count(*) from no_shows),
    'no_shows', (select coalesce(jsonb_agg(public.assistant_shift_json(n.shift) order by n.starts_at desc, n.id),
                                 '[]'::jsonb)
                 from (select * from no_shows order by starts_at desc, id limit p_limit) n),
    'by_staff', (select coalesce(jsonb_agg(jsonb_build_object('staff', jsonb_build_object('id', b.accepted_by,
                                                                                          'name', b.name),
                                                              'late', b.late, 'no_shows', b.no_shows)
                                           order by b.late + b.no_shows desc, b.name, b.accepted_by), '[]'::jsonb)
                 from (select * from named order by late + no_shows desc, name, accepted_by limit 10) b))
  into result;
  return result;
end;
$$;

comment on function public.assistant_attendance(timestamptz, timestamptz, timestamptz, integer, uuid) is
  'Assistant: among the calling company''s shifts starting in [p_from, p_before) (of one staff member when '
  'p_staff_id is given), the late clock-ins (more than 10 minutes after the start, with minutes late) and the '
  'no-shows (accepted, started before p_now, never clocked in), most recent first, at most p_limit of each, '
  'with their totals, and the 10 staff members with the most of both (by_staff). Security invoker.';

-- Fill stats --------------------------------------------------------------------------------------------
-- posted: shifts STARTING in the period (see the header); filled: those accepted (at any time);
-- fill_rate = filled / posted (4 places, null when none); minutes to fill over the filled ones
-- (accepted_at - created_at, 1 place); expired_unfilled: never accepted and started before p_now.
create function public.assistant_fill_stats(p_from timestamptz, p_before timestamptz, p_now timestamptz)
returns table (posted integer, filled integer, fill_rate numeric, median_minutes_to_fill numeric,
               average_minutes_to_fill numeric, expired_unfilled integer)
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  me constant uuid := (select auth.uid());
begin
  if not exists (select 1 from public.companies c where c.id = me) then
    raise exception 'Only company accounts can use the assistant' using errcode = 'insufficient_privilege';
  end if;
  if p_now is null then
    raise exception 'The current time is required';
  end if;
  if p_before <= p_from then
    raise exception 'The end of the period must be after its start';
  end if;

  return query
  with period as (
    select s.created_at, s.starts_at, s.accepted_at,
           case when s.accepted_at is not null
                then pg_catalog.date_part('epoch', s.accepted_at - s.created_at) / 60 end as minutes
    from public.shifts s
    where s.company_id = me
      and s.starts_at >= coalesce(p_from, '-infinity') and s.starts_at < coalesce(p_before, 'infinity')
  )
  select count(*)::integer,
         count(p.accepted_at)::integer,
         case when count(*) > 0 then round(count(p.accepted_at)::numeric / count(*), 4) end,
         round((percentile_cont(0.5) within group (order by p.minutes))::numeric, 1),
         round(avg(p.minutes)::numeric, 1),
         (count(*) filter (where p.accepted_at is null and p.starts_at < p_now))::integer
  from period p;
end;
$$;

comment on function public.assistant_fill_stats(timestamptz, timestamptz, timestamptz) is
  'Assistant: of the calling company''s shifts STARTING in [p_from, p_before): posted, filled (accepted), '
  'fill_rate, median and average minutes from posting to acceptance, and expired_unfilled (never accepted, '
  'started before p_now). Security invoker: RLS applies.';

-- One staff member --------------------------------------------------------------------------------------
-- Counts over the shifts they accepted starting in the period (ever when both ends are null); the last
-- shift they clocked in to before p_now (whatever the period); up to 10 accepted shifts starting at or
-- after p_now, soonest first; and their shifts in the period (at most 25, soonest first) or, without a
-- period, the 10 most recent starting before p_now (returned soonest first).
create function public.assistant_staff_summary(p_staff_id uuid, p_from timestamptz, p_before timestamptz,
                                               p_now timestamptz)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  me constant uuid := (select auth.uid());
  has_period constant boolean := p_from is not null or p_before is not null;
  person jsonb;
  result jsonb;
begin
  if not exists (select 1 from public.companies c where c.id = me) then
    raise exception 'Only company accounts can use the assistant' using errcode = 'insufficient_privilege';
  end if;
  if p_now is null then
    raise exception 'The current time is required';
  end if;
  if p_before <= p_from then
    raise exception 'The end of the period must be after its start';
  end if;

  select jsonb_build_object('id', st.id, 'first_name', st.first_name, 'last_name', st.last_name,
                            'email', st.email, 'phone', st.phone, 'on_shift', st.on_shift)
  into person
  from public.staff st
  join public.employments e on e.staff_id = st.id and e.company_id = me
  where st.id = p_staff_id;
  if person is null then
    raise exception 'No staff member with this id works for you' using errcode = 'no_data_found';
  end if;

  with theirs as (
    select s from public.shifts s where s.company_id = me and s.accepted_by = p_staff_id
  ),
  in_period as (
    select t.s from theirs t
    where (t.s).starts_at >= coalesce(p_from, '-infinity') and (t.s).starts_at < coalesce(p_before, 'infinity')
  )
  select jsonb_build_object(
    'staff', person,
    'shifts_accepted', (select count(*) from in_period),
    'shifts_completed', (select count(*) from in_period p where (p.s).clocked_out_at is not null),
    'hours_done', (select coalesce(round((sum(pg_catalog.date_part('epoch', (p.s).clocked_out_at - (p.s).clocked_in_at))
                                          / 3600)::numeric, 2), 0)
                   from in_period p where (p.s).clocked_out_at is not null),
    'last_shift', (select public.assistant_shift_json(t.s) from theirs t
                   where (t.s).clocked_in_at is not null and (t.s).starts_at < p_now
                   order by (t.s).starts_at desc, (t.s).id limit 1),
    'upcoming', (select coalesce(jsonb_agg(public.assistant_shift_json(u.s) order by (u.s).starts_at, (u.s).id), '[]'::jsonb)
                 from (select t.s from theirs t where (t.s).starts_at >= p_now
                       order by (t.s).starts_at, (t.s).id limit 10) u),
    'shifts', case when has_period then
                (select coalesce(jsonb_agg(public.assistant_shift_json(p.s) order by (p.s).starts_at, (p.s).id), '[]'::jsonb)
                 from (select i.s from in_period i order by (i.s).starts_at, (i.s).id limit 25) p)
              else
                (select coalesce(jsonb_agg(public.assistant_shift_json(r.s) order by (r.s).starts_at, (r.s).id), '[]'::jsonb)
                 from (select t.s from theirs t where (t.s).starts_at < p_now
                       order by (t.s).starts_at desc, (t.s).id limit 10) r)
              end)
  into result;
  return result;
end;
$$;

comment on function public.assistant_staff_summary(uuid, timestamptz, timestamptz, timestamptz) is
  'Assistant: one staff member the calling company employs: profile (no push token), shifts accepted and '
  'completed and clocked hours in [p_from, p_before) (ever when open), the last shift clocked in to before '
  'p_now, up to 10 upcoming and the period''s shifts (or the 10 most recent). Raises no_data_found for '
  'anyone the company does not employ. Security invoker: RLS applies.';

-- Plan usage --------------------------------------------------------------------------------------------
-- The free plan's limits are enforced where they are counted: 10 shifts in private.check_shift_post
-- (companies.free_shifts_used), 30 staff in private.employ_staff (employments), the questions in
-- public.use_assistant_question (ai_usage, per calendar month of the company's zone). Security definer
-- because ai_usage is readable by the service role only (a company must not see or reset other rows);
-- it takes no id and reads only the caller's own company.
create function public.assistant_plan_usage(p_now timestamptz)
returns table (premium boolean, shifts_used integer, shift_limit integer, staff_count integer,
               staff_limit integer, questions_left integer)
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  me constant uuid := (select auth.uid());
  company public.companies%rowtype;
begin
  select * into company from public.companies c where c.id = me;
  if me is null or not found then
    raise exception 'Only company accounts can use the assistant' using errcode = 'insufficient_privilege';
  end if;
  if p_now is null then
    raise exception 'The current time is required';
  end if;

  return query
  select company.premium,
         company.free_shifts_used,
         case when company.premium then null else 10 end,
         (select count(*)::integer from public.employments e where e.company_id = me),
         case when company.premium then null else 30 end,
         -- The panel's own count (20261125110100_assistant_questions_left.sql), as of p_now.
         public.assistant_questions_left(p_now);
end;
$$;

comment on function public.assistant_plan_usage(timestamptz) is
  'Assistant: the calling company''s plan: premium, shifts used of the free plan''s 10, staff employed of '
  'its 30, and assistant questions left in p_now''s calendar month (limits null on premium). Security '
  'definer because ai_usage is service-role only; it reads only the caller''s own company.';

revoke all on function public.assistant_shift_json(public.shifts) from public, anon, authenticated, service_role;
revoke all on function public.assistant_shift_counts(timestamptz, timestamptz) from public, anon, authenticated, service_role;
revoke all on function public.assistant_staff_ranking(text, timestamptz, timestamptz, integer)
  from public, anon, authenticated, service_role;
revoke all on function public.assistant_attendance(timestamptz, timestamptz, timestamptz, integer, uuid)
  from public, anon, authenticated, service_role;
revoke all on function public.assistant_fill_stats(timestamptz, timestamptz, timestamptz)
  from public, anon, authenticated, service_role;
revoke all on function public.assistant_staff_summary(uuid, timestamptz, timestamptz, timestamptz)
  from public, anon, authenticated, service_role;
revoke all on function public.assistant_plan_usage(timestamptz) from public, anon, authenticated, service_role;

grant execute on function public.assistant_shift_json(public.shifts) to authenticated;
grant execute on function public.assistant_shift_counts(timestamptz, timestamptz) to authenticated;
grant execute on function public.assistant_staff_ranking(text, timestamptz, timestamptz, integer) to authenticated;
grant execute on function public.assistant_attendance(timestamptz, timestamptz, timestamptz, integer, uuid) to authenticated;
grant execute on function public.assistant_fill_stats(timestamptz, timestamptz, timestamptz) to authenticated;
grant execute on function public.assistant_staff_summary(uuid, timestamptz, timestamptz, timestamptz) to authenticated;
grant execute on function public.assistant_plan_usage(timestamptz) to authenticated;
