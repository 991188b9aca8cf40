-- Attendance per staff member (issue 19). assistant_attendance listed at most p_limit late clock-ins
-- and no-shows with their totals, so "who was late most often?" and "how often was Amelia late?",
-- answered by counting the listed rows, went wrong beyond 25 rows (100,000 shifts: 25 said, 49 true).
-- It now also takes one staff member (p_staff_id: their rows and totals only) and returns, for
-- the whole period, each staff member's count of late clock-ins and no-shows (by_staff: the 10 with
-- the most, ties by name), counted in the database like the totals.
drop function public.assistant_attendance(timestamptz, timestamptz, timestamptz, integer);

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

revoke all on function public.assistant_attendance(timestamptz, timestamptz, timestamptz, integer, uuid)
  from public, anon, authenticated, service_role;
grant execute on function public.assistant_attendance(timestamptz, timestamptz, timestamptz, integer, uuid)
  to authenticated;
