-- Two rules that hold for every agency, configured or not (issue 28), because they protect the
-- worker and the client:
--   * a worker never holds two overlapping shifts, at any agencies (their time is one);
--   * a worker never takes a shift inside their own time off.
-- This migration adds the worker's time off, one function that says whether a worker may take a
-- shift and why not (public.eligibility, the single source of truth that later rules join),
-- accept_shift asking it, and a trigger as the last word against any other writer.

-- Time off ------------------------------------------------------------------------------------

create table public.staff_time_off (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null default auth.uid() references public.staff (id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  repeats_weekly boolean not null default false,
  repeat_until timestamptz,
  -- Weekly time off repeats at the same wall-clock time in this zone (9 to 5 stays 9 to 5 across
  -- a daylight-saving change).
  time_zone text not null default 'America/Toronto',
  note text,
  created_at timestamptz not null default now(),
  constraint staff_time_off_ends_after_start check (ends_at > starts_at),
  constraint staff_time_off_weekly_within_a_week
    check (not repeats_weekly or ends_at - starts_at < interval '7 days'),
  constraint staff_time_off_until_only_when_weekly check (repeats_weekly or repeat_until is null),
  constraint staff_time_off_until_after_start check (repeat_until is null or repeat_until > starts_at),
  constraint staff_time_off_note_length check (char_length(note) <= 200)
);

comment on table public.staff_time_off is
  'Periods a worker marked as unavailable (one-off, or repeating weekly until repeat_until or for '
  'good). Written by the worker; read by the worker and by the agencies that employ them.';

create index staff_time_off_staff_id_starts_at_idx on public.staff_time_off (staff_id, starts_at);

create function private.validate_time_off_time_zone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from pg_catalog.pg_timezone_names where name = new.time_zone) then
    raise exception 'Unknown time zone: %', new.time_zone using errcode = 'check_violation';
  end if;
  return new;
end;
$$;

comment on function private.validate_time_off_time_zone() is
  'Rejects a time-off time zone that is not an IANA name known to the server.';

revoke all on function private.validate_time_off_time_zone() from public, anon, authenticated, service_role;

create trigger validate_time_zone
  before insert or update of time_zone on public.staff_time_off
  for each row execute function private.validate_time_off_time_zone();

alter table public.staff_time_off enable row level security;

create policy "Staff can view their own time off"
  on public.staff_time_off for select to authenticated
  using (staff_id = (select auth.uid()));

create policy "Staff can add their own time off"
  on public.staff_time_off for insert to authenticated
  with check (staff_id = (select auth.uid()) and exists (select 1 from public.staff s where s.id = (select auth.uid())));

create policy "Staff can change their own time off"
  on public.staff_time_off for update to authenticated
  using (staff_id = (select auth.uid()))
  with check (staff_id = (select auth.uid()));

create policy "Staff can delete their own time off"
  on public.staff_time_off for delete to authenticated
  using (staff_id = (select auth.uid()));

create policy "Companies can view the time off of the staff they employ"
  on public.staff_time_off for select to authenticated
  using (exists (
    select 1 from public.employments e
    where e.staff_id = staff_time_off.staff_id and e.company_id = (select auth.uid())
  ));

revoke all on table public.staff_time_off from anon, authenticated, service_role;
grant select, delete on table public.staff_time_off to authenticated;
grant insert (starts_at, ends_at, repeats_weekly, repeat_until, time_zone, note) on table public.staff_time_off to authenticated;
grant update (starts_at, ends_at, repeats_weekly, repeat_until, time_zone, note) on table public.staff_time_off to authenticated;
grant select, insert, update, delete on table public.staff_time_off to service_role;

-- The rules ----------------------------------------------------------------------------------

-- Whether [p_from, p_to) meets any of the worker's time off. A weekly period meets it when one of
-- its repeats (same weekday and wall-clock time in its zone, from the first one until
-- repeat_until) overlaps: the first repeat that ends after p_from is the only one to look at,
-- since repeats are a week apart and each lasts less than a week.
create function private.time_off_overlaps(p_staff_id uuid, p_from timestamptz, p_to timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1
    from public.staff_time_off t
    cross join lateral (
      select (t.starts_at at time zone t.time_zone) as local_start,
             (t.ends_at at time zone t.time_zone) as local_end,
             (p_from at time zone t.time_zone) as local_from
    ) l
    cross join lateral (
      select greatest(0, floor(extract(epoch from (l.local_from - l.local_end)) / 604800)::integer + 1) as k
    ) w
    cross join lateral (
      select ((l.local_start + w.k * interval '7 days') at time zone t.time_zone) as repeat_start,
             ((l.local_end + w.k * interval '7 days') at time zone t.time_zone) as repeat_end
    ) r
    where t.staff_id = p_staff_id
      and t.starts_at < p_to
      and (t.repeat_until is null or t.starts_at < t.repeat_until)
      and case
            when not t.repeats_weekly then t.ends_at > p_from
            else r.repeat_start < p_to and r.repeat_end > p_from
                 and (t.repeat_until is null or r.repeat_start < t.repeat_until)
          end
  );
$$;

comment on function private.time_off_overlaps(uuid, timestamptz, timestamptz) is
  'Whether a worker''s time off (one-off or weekly) meets the period [p_from, p_to).';

-- A shift the worker holds (accepted, not clocked out) at any agency that overlaps the period.
create function private.holds_overlapping_shift(
  p_staff_id uuid, p_from timestamptz, p_to timestamptz, p_except uuid default null
)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.shifts s
    where s.accepted_by = p_staff_id
      and s.clocked_out_at is null
      and s.starts_at < p_to and s.ends_at > p_from
      and s.id is distinct from p_except
  );
$$;

comment on function private.holds_overlapping_shift(uuid, timestamptz, timestamptz, uuid) is
  'Whether the worker holds a shift (any agency, not clocked out) overlapping [p_from, p_to).';

revoke all on function private.time_off_overlaps(uuid, timestamptz, timestamptz) from public, anon, authenticated, service_role;
revoke all on function private.holds_overlapping_shift(uuid, timestamptz, timestamptz, uuid) from public, anon, authenticated, service_role;

create index shifts_accepted_by_starts_at_idx on public.shifts (accepted_by, starts_at)
  where accepted_by is not null and clocked_out_at is null;

-- Eligibility --------------------------------------------------------------------------------

-- Reasons are codes (for the apps to say in the reader's language and person) with a sentence a
-- scheduler can read. They never name another agency or its shift: the worker's time is theirs.
create function private.eligibility_reasons(p_shift public.shifts, p_staff_id uuid)
returns table (code text, reason text)
language sql
stable
set search_path = ''
as $$
  select v.code, v.reason
  from (values
    (1, 'not_employed', 'Does not work for this agency',
        not exists (select 1 from public.employments e
                    where e.staff_id = p_staff_id and e.company_id = p_shift.company_id)),
    (2, 'overlapping_shift', 'Already has another shift at this time',
        private.holds_overlapping_shift(p_staff_id, p_shift.starts_at, p_shift.ends_at, p_shift.id)),
    (3, 'time_off', 'Has time off at this time',
        private.time_off_overlaps(p_staff_id, p_shift.starts_at, p_shift.ends_at))
  ) as v (rank, code, reason, applies)
  where v.applies
  order by v.rank;
$$;

comment on function private.eligibility_reasons(public.shifts, uuid) is
  'Every reason a worker may not take a shift, as (code, sentence), most basic first: the rules '
  'public.eligibility reports and accept_shift enforces.';

revoke all on function private.eligibility_reasons(public.shifts, uuid) from public, anon, authenticated, service_role;

create function public.eligibility(p_shift_id uuid, p_staff_id uuid default null)
returns table (eligible boolean, reason_codes text[], reasons text[])
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me constant uuid := (select auth.uid());
  worker uuid := coalesce(p_staff_id, me);
  shift public.shifts%rowtype;
begin
  select * into shift from public.shifts s where s.id = p_shift_id;
  -- The shift's agency asks about anyone; a worker asks about themself and a shift they can see.
  if not found
     or not (shift.company_id = me
             or (worker = me and exists (select 1 from public.employments e
                                         where e.staff_id = me and e.company_id = shift.company_id))) then
    raise exception 'Shift not found' using errcode = 'no_data_found';
  end if;
  if not exists (select 1 from public.staff s where s.id = worker) then
    raise exception 'Staff member not found' using errcode = 'no_data_found';
  end if;

  return query
    select count(*) = 0, coalesce(array_agg(r.code), '{}'), coalesce(array_agg(r.reason), '{}')
    from private.eligibility_reasons(shift, worker) r;
end;
$$;

comment on function public.eligibility(uuid, uuid) is
  'Whether a worker may take a shift, with every reason that applies (codes and sentences), in '
  'the order accept_shift reports them. Asked by the shift''s agency (any worker) or by a worker '
  '(themself). Security definer because the overlap rule reads the worker''s shifts at every agency.';

revoke all on function public.eligibility(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.eligibility(uuid, uuid) to authenticated;

-- accept_shift asks the rules ----------------------------------------------------------------

create or replace function public.accept_shift(shift_id uuid)
returns public.shifts
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  shift public.shifts%rowtype;
  first_code text;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can accept shifts' using errcode = 'insufficient_privilege';
  end if;

  -- One accept at a time per worker: two overlapping shifts accepted at once must not both pass
  -- the overlap check (the double-booking trigger would refuse the second less kindly).
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('accept_shift:' || caller::text, 0));

  select * into shift from public.shifts s where s.id = accept_shift.shift_id for update;
  -- Shifts of companies the worker does not work for are reported as missing, not as forbidden.
  if not found then
    raise exception 'Shift not found';
  end if;
  perform 1 from public.employments e
  where e.staff_id = caller and e.company_id = shift.company_id
  for share;
  if not found then
    raise exception 'Shift not found';
  end if;

  if shift.accepted_at is not null then
    if shift.accepted_by = caller then
      raise exception 'You have already accepted this shift';
    end if;
    raise exception 'This shift has already been accepted by another staff member';
  end if;
  if shift.ends_at <= now() then
    raise exception 'This shift has already ended';
  end if;

  select r.code into first_code from private.eligibility_reasons(shift, caller) r limit 1;
  if first_code = 'overlapping_shift' then
    raise exception 'You already have another shift at this time'
      using hint = 'overlapping_shift';
  elsif first_code = 'time_off' then
    raise exception 'This shift is during your time off'
      using hint = 'time_off';
  elsif first_code is not null then
    raise exception 'Shift not found';
  end if;

  update public.shifts s set accepted_by = caller, accepted_at = now()
  where s.id = shift.id
  returning * into shift;
  return shift;
end;
$$;

comment on function public.accept_shift(uuid) is
  'Staff app: accept a pending shift of one of the caller''s employers; the first caller wins. '
  'Refused when the worker already holds an overlapping shift (any agency) or is on time off '
  '(public.eligibility; the hint carries the reason''s code). Security definer because shifts are '
  'not client-writable; the caller is checked inside.';

-- Whoever writes (accept_shift, the service role, a later dispatch), a worker never comes to hold
-- two overlapping shifts. A trigger, not an exclusion constraint: a database that already holds
-- such a pair (written before this rule) keeps it readable and workable, and only new holdings are
-- checked. Completed shifts no longer hold the worker (a shift clocked out early frees its time).
create function private.refuse_double_booking()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.accepted_by is null or new.clocked_out_at is not null then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.accepted_by is not distinct from old.accepted_by
     and new.starts_at = old.starts_at and new.ends_at = old.ends_at
     and old.clocked_out_at is null then
    return new;
  end if;
  -- The same lock accept_shift takes: two holdings of one worker are checked one after the other.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('accept_shift:' || new.accepted_by::text, 0));
  if private.holds_overlapping_shift(new.accepted_by, new.starts_at, new.ends_at, new.id) then
    raise exception 'This staff member already has another shift at this time'
      using errcode = 'exclusion_violation', hint = 'overlapping_shift';
  end if;
  return new;
end;
$$;

comment on function private.refuse_double_booking() is
  'Refuses a shift holding (accept, or a changed time of a held shift) that overlaps another '
  'shift the same worker holds at any agency.';

revoke all on function private.refuse_double_booking() from public, anon, authenticated, service_role;

create trigger refuse_double_booking
  before insert or update of accepted_by, starts_at, ends_at, clocked_out_at on public.shifts
  for each row execute function private.refuse_double_booking();
