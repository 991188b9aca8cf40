-- Who can cover a shift (issue 28, the assistant's who_can_cover tool): for one shift of the calling
-- agency, every worker it employs, eligible or not by the rules of public.eligibility, with
--   * a rank for the eligible ones (private.cover_rank, below: the one place the ordering lives, so
--     the dispatch waves can rank by the same function later);
--   * each reason a worker may not take it, as eligibility words it, with dates in the agency's zone
--     where eligibility's sentence has none ("CPR/First aid expired Nov 15", "Has time off Nov 19
--     to Nov 20");
--   * the near misses: the ineligible workers with the fewest reasons (one, usually), the workers a
--     scheduler can most easily make eligible;
--   * how many workers each reason stops, for "No one is eligible: 3 have time off, …".
--
-- Security definer, because the rules live in the private schema (which no API role may use) and
-- the overlap rule reads the worker's shifts at every agency. It answers only a company account,
-- only about its own shifts ("Shift not found" otherwise, as eligibility says) and only about the
-- workers it employs; what it returns about another agency is at most the sentence "Already has
-- another shift at this time", which names neither the agency nor its shift. "Now" is p_now, never
-- now(), as in every assistant_* function (20261125110000_assistant_tools.sql).

-- Same address ---------------------------------------------------------------------------------------
-- Two shifts at one address: the same street number and the same postal code (spaces and case aside),
-- or the same street name and city. Either spelling of a street ("Queen St W", "Queen Street West")
-- is then one place when the postal code agrees.
create function private.same_address(p_a public.shifts, p_b public.shifts)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select lower(btrim(p_a.street_number)) = lower(btrim(p_b.street_number))
     and (upper(replace(p_a.postal_code, ' ', '')) = upper(replace(p_b.postal_code, ' ', ''))
          or (lower(btrim(p_a.street_name)) = lower(btrim(p_b.street_name))
              and lower(btrim(p_a.city)) = lower(btrim(p_b.city))));
$$;

comment on function private.same_address(public.shifts, public.shifts) is
  'Whether two shifts are at the same address: same street number, and the same postal code or the '
  'same street name and city (case and spaces aside).';

-- The ranking ---------------------------------------------------------------------------------------
-- The order in which a scheduler would call the workers of p_staff_ids for p_shift, best first:
--   1. worked at this address before (clocked in to an earlier shift there, for this agency): they
--      know the client and the way in;
--   2. nearest: the distance from this shift to where they last worked for this agency (their most
--      recent clocked-in shift before p_now with coordinates). Workers have no home address in
--      CareCover, so that place is the best known; those with none come after those with one;
--   3. fewest hours already held at this agency in the shift's week (private.weekly_hours_held):
--      spreads the work and keeps people away from overtime;
--   4. name: last name, then first name (as the Staff List sorts), then id.
-- Eligibility is not decided here: callers pass the workers they mean (the eligible ones, or the
-- near misses). One function for the whole ordering, so another ranking (the dispatch waves) can
-- reuse it or replace it in one place.
create function private.cover_rank(p_shift public.shifts, p_staff_ids uuid[], p_now timestamptz)
returns table (staff_id uuid, rank integer, worked_here boolean, distance_m integer, week_hours numeric)
language sql
stable
set search_path = ''
as $$
  with candidates as (
    select distinct u.id as staff_id from unnest(p_staff_ids) as u (id)
  ),
  facts as (
    select c.staff_id,
           exists (
             select 1 from public.shifts s
             where s.company_id = p_shift.company_id and s.accepted_by = c.staff_id and s.id <> p_shift.id
               and s.clocked_in_at is not null and s.starts_at < p_now
               and private.same_address(s, p_shift)
           ) as worked_here,
           (select private.great_circle_m(p_shift.latitude, p_shift.longitude, s.latitude, s.longitude)
            from public.shifts s
            where s.company_id = p_shift.company_id and s.accepted_by = c.staff_id and s.id <> p_shift.id
              and s.clocked_in_at is not null and s.starts_at < p_now and s.latitude is not null
            order by s.starts_at desc, s.id
            limit 1) as distance_m,
           round(private.weekly_hours_held(p_shift, c.staff_id), 2) as week_hours
    from candidates c
  )
  select f.staff_id,
         (row_number() over (order by f.worked_here desc, f.distance_m asc nulls last, f.week_hours asc,
                                      lower(st.last_name), lower(st.first_name), f.staff_id))::integer,
         f.worked_here, f.distance_m, f.week_hours
  from facts f
  join public.staff st on st.id = f.staff_id;
$$;

comment on function private.cover_rank(public.shifts, uuid[], timestamptz) is
  'The cover ranking of the given workers for a shift, 1 = call first: worked at this address before, '
  'then nearest to where they last worked for the agency, then fewest hours held that week, then name. '
  'With the facts it ranks by. The one definition of the ordering (the assistant''s who_can_cover).';

-- "Nov 15", or "Nov 15, 2025" when the year is not the shift's.
create function private.cover_date(p_day date, p_year double precision)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when extract(year from p_day) = p_year then to_char(p_day, 'Mon FMDD')
              else to_char(p_day, 'Mon FMDD, YYYY') end;
$$;

comment on function private.cover_date(date, double precision) is
  'A day as the assistant''s reasons write it: "Nov 15", with ", 2025" when the year is not p_year.';

-- "a PSW", "an RPN", "an RN", "a Registered Nurse", "an LPN": initials by how their first letter is
-- said, words by their first letter.
create function private.indefinite_article(p_noun text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when p_noun ~ '^[A-Z0-9]{2,}$' then case when left(p_noun, 1) = any ('{A,E,F,H,I,L,M,N,O,R,S,X,8}') then 'an' else 'a' end
    when p_noun ~* '^[aeiou]' then 'an'
    else 'a'
  end;
$$;

comment on function private.indefinite_article(text) is
  'The article a staff type takes in a sentence: "an RPN", "a PSW", "an Occupational therapist".';

-- Reasons with dates -----------------------------------------------------------------------------------
-- private.eligibility_reasons, with its two sentences that can say more made specific:
--   credential: one sentence per required credential the worker lacks, from this agency's record of
--     it: "CPR/First aid expired Nov 15" (before p_now), "CPR/First aid expires Nov 20, before this
--     shift", "CPR/First aid is not verified", "Has no CPR/First aid on record". The requirement is
--     eligibility's (verified, valid until the shift's last day in the agency's zone); should a later
--     rule change it, eligibility's own sentence is kept whenever these find nothing to say;
--   time_off: the one-off time off it meets, with its dates ("Has time off Nov 19 to Nov 20", "Has time
--     off on Nov 19"); weekly time off stays eligibility's sentence. Never the worker's note;
--   staff_type: with the article the type takes ("Is not recorded as an RPN").
-- Every other reason is eligibility's sentence, unchanged. Dates are in the agency's zone, with the
-- year when it is not the shift's.
create function private.cover_reasons(p_shift public.shifts, p_staff_id uuid, p_now timestamptz)
returns table (code text, reason text)
language plpgsql
stable
set search_path = ''
as $$
declare
  tz constant text := coalesce((select c.time_zone from public.companies c where c.id = p_shift.company_id),
                               'America/Toronto');
  shift_year constant double precision := extract(year from p_shift.starts_at at time zone tz);
  last_day constant date := (p_shift.ends_at at time zone tz)::date;
  today constant date := (p_now at time zone tz)::date;
  item record;
  detail record;
  said boolean;
begin
  for item in select r.code, r.reason from private.eligibility_reasons(p_shift, p_staff_id) r loop
    said := false;
    if item.code = 'credential' then
      for detail in
        select req.credential_type, best.expires_on, best.verified_at
        from public.staff_type_requirements req
        left join lateral (
          select c.expires_on, c.verified_at
          from public.staff_credentials c
          where c.company_id = p_shift.company_id and c.staff_id = p_staff_id
            and c.credential_type = req.credential_type
          order by (c.verified_at is not null) desc, c.expires_on desc nulls first, c.created_at desc
          limit 1
        ) best on true
        where req.company_id = p_shift.company_id and req.staff_type = p_shift.staff_type
          and not exists (
            select 1 from public.staff_credentials c
            where c.company_id = p_shift.company_id and c.staff_id = p_staff_id
              and c.credential_type = req.credential_type and c.verified_at is not null
              and (c.expires_on is null or c.expires_on >= last_day)
          )
        order by req.credential_type
      loop
        said := true;
        return query select 'credential'::text,
          case
            when detail.expires_on is null and detail.verified_at is null and not exists (
                   select 1 from public.staff_credentials c
                   where c.company_id = p_shift.company_id and c.staff_id = p_staff_id
                     and c.credential_type = detail.credential_type)
              then format('Has no %s on record', detail.credential_type)
            when detail.expires_on is not null and detail.expires_on < today
              then format('%s expired %s', detail.credential_type, private.cover_date(detail.expires_on, shift_year))
            when detail.expires_on is not null and detail.expires_on < last_day
              then format('%s expires %s, before this shift', detail.credential_type,
                          private.cover_date(detail.expires_on, shift_year))
            else format('%s is not verified', detail.credential_type)
          end;
      end loop;
    elsif item.code = 'staff_type' then
      -- Eligibility writes "a" before every type; "an RPN" reads right.
      said := true;
      return query select 'staff_type'::text,
        format('Is not recorded as %s %s', private.indefinite_article(p_shift.staff_type), p_shift.staff_type);
    elsif item.code = 'time_off' then
      for detail in
        select t.starts_at, t.ends_at
        from public.staff_time_off t
        where t.staff_id = p_staff_id and not t.repeats_weekly
          and t.starts_at < p_shift.ends_at and t.ends_at > p_shift.starts_at
        order by t.starts_at, t.id
        limit 1
      loop
        said := true;
        return query select 'time_off'::text,
          case
            when (detail.starts_at at time zone tz)::date = ((detail.ends_at - interval '1 second') at time zone tz)::date
              then format('Has time off on %s', private.cover_date((detail.starts_at at time zone tz)::date, shift_year))
            else format('Has time off %s to %s',
                        private.cover_date((detail.starts_at at time zone tz)::date, shift_year),
                        private.cover_date(((detail.ends_at - interval '1 second') at time zone tz)::date, shift_year))
          end;
      end loop;
    end if;
    if not said then
      return query select item.code, item.reason;
    end if;
  end loop;
end;
$$;

comment on function private.cover_reasons(public.shifts, uuid, timestamptz) is
  'private.eligibility_reasons with dates where a sentence can carry them (in the agency''s zone): one '
  'sentence per missing credential (expired, expiring before the shift, not verified, none on record) and '
  'the dates of a one-off time off; every other reason as eligibility words it.';

revoke all on function private.same_address(public.shifts, public.shifts),
  private.cover_rank(public.shifts, uuid[], timestamptz),
  private.cover_reasons(public.shifts, uuid, timestamptz),
  private.cover_date(date, double precision),
  private.indefinite_article(text)
  from public, anon, authenticated, service_role;

-- The assistant's read ---------------------------------------------------------------------------------
-- Result (jsonb):
--   shift             the shift as public.assistant_shift_json gives it (its holder's name only while
--                     the agency employs them, as RLS would show it);
--   eligible_total    how many employed workers may take it; the shift's holder is never a candidate;
--   eligible          the first p_limit of them by private.cover_rank: staff {id, name}, rank,
--                     worked_here, distance_km (1 place, null when unknown), week_hours, flags
--                     (eligibility's: 'overtime' on a shift that allows it);
--   ineligible_total  the others;
--   near_misses       up to 5 ineligible workers with the fewest reasons (near_miss_reasons of them),
--                     those whose reasons stop the fewest others first, then in cover order: staff,
--                     reason_codes, reasons;
--   near_miss_total   how many have that fewest number;
--   reason_counts     each reason code with the workers it stops and one of its sentences, commonest
--                     first: what stops the others;
--   asked             with p_staff_id: that worker's own answer (eligible, rank, reasons, flags,
--                     holds_shift when they are the one holding it), however far down the list.
create function public.assistant_who_can_cover(p_shift_id uuid, p_now timestamptz, p_staff_id uuid default null,
                                               p_limit integer default 10)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  me constant uuid := (select auth.uid());
  shift public.shifts%rowtype;
  result jsonb;
begin
  if me is null or not exists (select 1 from public.companies c where c.id = me) then
    raise exception 'Only company accounts can use the assistant' using errcode = 'insufficient_privilege';
  end if;
  if p_now is null then
    raise exception 'The current time is required';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 50 then
    raise exception 'The number of staff to list must be from 1 to 50';
  end if;
  select * into shift from public.shifts s where s.id = p_shift_id and s.company_id = me;
  if not found then
    raise exception 'Shift not found' using errcode = 'no_data_found';
  end if;
  if p_staff_id is not null
     and not exists (select 1 from public.employments e where e.company_id = me and e.staff_id = p_staff_id) then
    raise exception 'No staff member with this id works for you' using errcode = 'no_data_found';
  end if;

  -- One statement: each employed worker judged once (their reasons), then ranked and summed up.
  with judged as materialized (
    select e.staff_id,
           coalesce(nullif(btrim(st.first_name || ' ' || st.last_name), ''), 'Staff member') as name,
           coalesce(r.codes, '{}') as codes, coalesce(r.reasons, '{}') as reasons
    from public.employments e
    join public.staff st on st.id = e.staff_id
    cross join lateral (
      select array_agg(x.code order by x.n) as codes, array_agg(x.reason order by x.n) as reasons
      from private.cover_reasons(shift, e.staff_id, p_now) with ordinality as x (code, reason, n)
    ) r
    where e.company_id = me and e.staff_id is distinct from shift.accepted_by
  ),
  eligible as (
    select j.staff_id, j.name, r.rank, r.worked_here, r.distance_m, r.week_hours
    from judged j
    join private.cover_rank(shift, (select array_agg(x.staff_id) from judged x where x.codes = '{}'), p_now) r
      on r.staff_id = j.staff_id
  ),
  fewest as (
    select min(cardinality(j.codes)) as n from judged j where j.codes <> '{}'
  ),
  stops as (
    select c.code, count(distinct j.staff_id)::integer as workers, min(c.reason) as example
    from judged j
    cross join lateral unnest(j.codes, j.reasons) as c (code, reason)
    group by c.code
  ),
  -- The near misses, those whose reasons are rarest first: a reason that stops nearly everyone (no one
  -- else is recorded as a CYW) says less about each of them than the one CYW's time off.
  near as (
    select j.staff_id, j.name, j.codes, j.reasons, r.rank,
           (select sum(st.workers) from unnest(j.codes) as c (code) join stops st on st.code = c.code) as rarity
    from judged j
    join private.cover_rank(shift, (select array_agg(x.staff_id) from judged x, fewest y
                                    where x.codes <> '{}' and cardinality(x.codes) = y.n), p_now) r
      on r.staff_id = j.staff_id
  )
  select jsonb_build_object(
    'shift', public.assistant_shift_json(shift)
             || case when shift.accepted_by is not null
                          and not exists (select 1 from public.employments e
                                          where e.company_id = me and e.staff_id = shift.accepted_by)
                     then jsonb_build_object('staff', null) else '{}'::jsonb end,
    'eligible_total', (select count(*)::integer from eligible),
    'eligible', (select coalesce(jsonb_agg(jsonb_build_object(
                          'staff', jsonb_build_object('id', el.staff_id, 'name', el.name),
                          'rank', el.rank, 'worked_here', el.worked_here,
                          'distance_km', round(el.distance_m / 1000.0, 1), 'week_hours', el.week_hours,
                          'flags', to_jsonb(private.eligibility_flags(shift, el.staff_id)))
                        order by el.rank), '[]'::jsonb)
                 from (select * from eligible order by rank limit p_limit) el),
    'ineligible_total', (select count(*)::integer from judged j where j.codes <> '{}'),
    'near_misses', (select coalesce(jsonb_agg(jsonb_build_object(
                             'staff', jsonb_build_object('id', n.staff_id, 'name', n.name),
                             'reason_codes', to_jsonb(n.codes), 'reasons', to_jsonb(n.reasons))
                           order by n.rarity, n.rank), '[]'::jsonb)
                    from (select * from near order by rarity, rank limit 5) n),
    'near_miss_total', (select count(*)::integer from near),
    'near_miss_reasons', (select f.n from fewest f),
    'reason_counts', (select coalesce(jsonb_agg(jsonb_build_object('code', s.code, 'workers', s.workers,
                                                                   'example', s.example)
                                                order by s.workers desc, s.code), '[]'::jsonb)
                      from stops s),
    'asked', case when p_staff_id is null then null
                  when p_staff_id = shift.accepted_by then
                    (select jsonb_build_object('staff', jsonb_build_object(
                              'id', st.id,
                              'name', coalesce(nullif(btrim(st.first_name || ' ' || st.last_name), ''), 'Staff member')),
                              'holds_shift', true, 'eligible', false, 'rank', null,
                              'reason_codes', '[]'::jsonb, 'reasons', '[]'::jsonb, 'flags', '[]'::jsonb)
                     from public.staff st where st.id = p_staff_id)
                  else
                    (select jsonb_build_object('staff', jsonb_build_object('id', j.staff_id, 'name', j.name),
                              'holds_shift', false, 'eligible', j.codes = '{}',
                              'rank', (select el.rank from eligible el where el.staff_id = j.staff_id),
                              'reason_codes', to_jsonb(j.codes), 'reasons', to_jsonb(j.reasons),
                              'flags', to_jsonb(case when j.codes = '{}'
                                                     then private.eligibility_flags(shift, j.staff_id)
                                                     else '{}'::text[] end))
                     from judged j where j.staff_id = p_staff_id)
             end)
  into result;
  return result;
end;
$$;

comment on function public.assistant_who_can_cover(uuid, timestamptz, uuid, integer) is
  'Assistant: who can cover one of the calling company''s shifts: the eligible workers it employs ranked by '
  'private.cover_rank (at most p_limit, 1 to 50), the near misses (fewest reasons) with their reasons in '
  'plain sentences dated in the agency''s zone, how many workers each reason stops, and with p_staff_id '
  'that worker''s own answer. The shift''s holder is never a candidate. Security definer because the '
  'eligibility rules and the ranking live in the private schema and the overlap rule reads the worker''s '
  'shifts at every agency; it answers only a company about its own shifts and staff, and says of another '
  'agency at most that a worker has another shift at that time.';

revoke all on function public.assistant_who_can_cover(uuid, timestamptz, uuid, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.assistant_who_can_cover(uuid, timestamptz, uuid, integer) to authenticated;
