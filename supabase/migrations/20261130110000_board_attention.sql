-- The board's Needs action view and time off on the board (issue 28, sections 5 and 1).
--
--   * Waves exhausted: a best-matches shift whose every wave has been sent, still open and not
--     started, needs the scheduler once 30 minutes have passed since its last wave, or at once when
--     it starts within 4 hours. The database decides the moment, in one place: the dispatch tick
--     that sends the last wave writes it on the shift (shifts.waves_exhausted_at). A column rather
--     than a view over shift_waves because the board keeps its rows live from Realtime's shifts
--     changes, which carry whole rows of the table: the tick's update that clears next_wave carries
--     the moment in the same change, with no second subscription or join. What stays for the board
--     is comparing that moment with its clock (time passes without any row changing) and checking
--     the shift is still open and not started.
--   * Time off on the board: the agency reads its current employees' time off that meets a period
--     (public.time_off_between), live because staff_time_off joins the realtime publication.

-- Waves exhausted ------------------------------------------------------------------------------------

alter table public.shifts add column waves_exhausted_at timestamptz;

comment on column public.shifts.waves_exhausted_at is
  'Best matches: when the shift, every wave sent and nobody accepting, needs the scheduler (the board''s '
  'Needs action): 30 minutes after its last wave, or 4 hours before its start if that is sooner, and '
  'never before that wave. Set by private.dispatch_tick with the last wave, cleared when someone '
  'accepts (not set again if they give it back). Written only by the database.';

-- When a shift whose last wave went out at p_sent_at needs the scheduler.
create function private.waves_exhausted_attention_at(p_sent_at timestamptz, p_starts_at timestamptz)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select greatest(p_sent_at, least(p_sent_at + interval '30 minutes', p_starts_at - interval '4 hours'));
$$;

comment on function private.waves_exhausted_attention_at(timestamptz, timestamptz) is
  'When a best-matches shift whose last wave was sent at p_sent_at needs the scheduler if still open: '
  '30 minutes later, or as soon as it starts within 4 hours.';

revoke all on function private.waves_exhausted_attention_at(timestamptz, timestamptz)
  from public, anon, authenticated, service_role;

-- The tick of 20261129110000_dispatch_waves.sql, with the moment written when the last wave goes out
-- (next_wave becomes null after a send). Unchanged otherwise.
create or replace function private.dispatch_tick(p_now timestamptz default now())
returns table (unfilled integer, waves integer, notified integer)
language plpgsql
set search_path = ''
as $$
declare
  v_unfilled integer;
  v_ids uuid[];
  v_waves smallint[];
  v_notified integer := 0;
begin
  -- Open shifts that reached their start: flagged once, at their start, and logged.
  with started as (
    select s.id from public.shifts s
    where s.accepted_at is null and s.unfilled_at is null and s.starts_at <= p_now
    order by s.starts_at
    limit 5000
    for update skip locked
  ),
  flagged as (
    update public.shifts s set unfilled_at = s.starts_at
    from started
    where s.id = started.id
    returning s.id, s.company_id, s.starts_at
  ),
  logged as (
    insert into public.shift_events (shift_id, company_id, event, occurred_at, details)
    select f.id, f.company_id, 'unfilled', f.starts_at, jsonb_build_object('noticed_at', p_now)
    from flagged f
    returning 1
  )
  select count(*)::integer into v_unfilled from logged;

  -- An ended shift is offered no more.
  update public.shifts s set next_wave = null, next_wave_at = null
  where s.id in (select e.id from public.shifts e
                 where e.next_wave is not null and e.accepted_at is null and e.next_wave_at <= p_now
                   and e.ends_at <= p_now
                 for update skip locked);

  -- Due waves of every agency, oldest first; a shift being accepted right now is skipped (locked),
  -- and once accepted it leaves the index this reads.
  select coalesce(array_agg(d.id order by d.next_wave_at, d.id), '{}'),
         coalesce(array_agg(d.next_wave order by d.next_wave_at, d.id), '{}')
  into v_ids, v_waves
  from (select s.id, s.next_wave, s.next_wave_at from public.shifts s
        where s.next_wave is not null and s.accepted_at is null and s.next_wave_at <= p_now
        order by s.next_wave_at
        limit 1000
        for update skip locked) d;

  if cardinality(v_ids) > 0 then
    v_notified := private.send_waves(v_ids, v_waves, p_now, true);
    update public.shifts s
    set next_wave = case when s.next_wave = 2 and s.allow_overtime then 3 end,
        next_wave_at = case when s.next_wave = 2 and s.allow_overtime
                            then greatest(p_now, s.starts_at - interval '4 hours') end,
        -- The wave just sent was the last one (the shares of the case above that leave no wave).
        waves_exhausted_at = case when s.next_wave = 2 and s.allow_overtime then null
                                  else private.waves_exhausted_attention_at(p_now, s.starts_at) end
    where s.id = any (v_ids);
  end if;

  return query select v_unfilled, cardinality(v_ids), v_notified;
end;
$$;

comment on function private.dispatch_tick(timestamptz) is
  'One pass of the dispatch schedule (pg_cron runs it every minute; tests pass p_now): flags open shifts '
  'that reached their start (unfilled_at, an unfilled event), then sends every due wave of every agency '
  'at once (private.send_waves, at most 1000 shifts a pass, the rest next minute) and schedules the next: '
  'wave 3 for a shift that allows overtime, at 4 hours before its start; after the last wave, writes '
  'when the shift needs the scheduler if still open (waves_exhausted_at). Accepted and ended shifts get '
  'no more waves. Returns what it did.';

revoke all on function private.dispatch_tick(timestamptz) from public, anon, authenticated, service_role;

-- "Nobody accepted" stops being true at the first accept; giving the shift back later does not make
-- it true again, so the mark goes for good.
create function private.clear_waves_exhausted()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.waves_exhausted_at := null;
  return new;
end;
$$;

comment on function private.clear_waves_exhausted() is
  'Before a shift is accepted: clears waves_exhausted_at (someone accepted).';

revoke all on function private.clear_waves_exhausted() from public, anon, authenticated, service_role;

create trigger clear_waves_exhausted
  before update of accepted_at on public.shifts
  for each row when (new.accepted_at is not null and new.waves_exhausted_at is not null)
  execute function private.clear_waves_exhausted();

-- Best-matches shifts whose waves were all sent before this ships, never accepted.
update public.shifts s
set waves_exhausted_at = private.waves_exhausted_attention_at(w.last_sent_at, s.starts_at)
from (select sw.shift_id, max(sw.sent_at) as last_sent_at from public.shift_waves sw group by sw.shift_id) w
where w.shift_id = s.id and s.dispatch_mode = 'best_matches' and s.next_wave is null
  and s.accepted_at is null and s.starts_at > now()
  and not exists (select 1 from public.shift_events e where e.shift_id = s.id and e.event = 'accepted');

-- The views list s.* as it was when created, so they are rebuilt to carry the new column
-- (as in 20261129160000_no_shows.sql).
drop view public.unfilled_shifts;
drop view public.shifts_with_status;
create view public.shifts_with_status
with (security_invoker = true)
as
select s.*,
       public.shift_status(s) as status,
       (extract(epoch from (s.ends_at - s.starts_at)) / 60)::integer as duration_minutes
from public.shifts s;

comment on view public.shifts_with_status is
  'Shifts with their derived status and duration in minutes (days/hours/minutes derive from it). '
  'security_invoker, so the shifts policies of the caller apply.';

revoke all on table public.shifts_with_status from anon, authenticated, service_role;
grant select on table public.shifts_with_status to authenticated, service_role;

create view public.unfilled_shifts
with (security_invoker = true)
as
select s.*
from public.shifts_with_status s
where s.unfilled_at is not null and s.accepted_at is null;

comment on view public.unfilled_shifts is
  'Open shifts that reached their start with nobody assigned (flagged by the dispatch schedule), still '
  'open; SPEC''s statuses are unchanged (they are Pending). security_invoker, so the shifts policies apply.';

revoke all on table public.unfilled_shifts from anon, authenticated, service_role;
grant select on table public.unfilled_shifts to authenticated, service_role;

-- Time off on the board ---------------------------------------------------------------------------------

-- The board follows its workers' time off live. Realtime applies the table's select policies per
-- subscriber: a worker's own rows, an agency's current employees' rows.
alter publication supabase_realtime add table public.staff_time_off;

create function public.time_off_between(p_from timestamptz, p_to timestamptz)
returns table (
  id uuid,
  staff_id uuid,
  first_name text,
  last_name text,
  starts_at timestamptz,
  ends_at timestamptz,
  repeats_weekly boolean,
  repeat_until timestamptz,
  time_zone text,
  note text,
  next_starts_at timestamptz,
  next_ends_at timestamptz
)
language sql
stable
security invoker
set search_path = ''
as $$
  -- A weekly period meets [p_from, p_to) when one of its repeats does, read as
  -- private.time_off_overlaps reads it (same weekday and wall-clock hours in its zone, until
  -- repeat_until): the first repeat that ends after p_from is the one to look at.
  select t.id, t.staff_id, st.first_name, st.last_name, t.starts_at, t.ends_at, t.repeats_weekly,
         t.repeat_until, t.time_zone, t.note,
         case when t.repeats_weekly then r.repeat_start else t.starts_at end,
         case when t.repeats_weekly then r.repeat_end else t.ends_at end
  from public.staff_time_off t
  join public.employments e on e.staff_id = t.staff_id and e.company_id = (select auth.uid())
  join public.staff st on st.id = t.staff_id
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
  where p_to > p_from
    and p_to - p_from <= interval '31 days'
    and t.starts_at < p_to
    and (t.repeat_until is null or t.starts_at < t.repeat_until)
    and case
          when not t.repeats_weekly then t.ends_at > p_from
          else r.repeat_start < p_to and r.repeat_end > p_from
               and (t.repeat_until is null or r.repeat_start < t.repeat_until)
        end
  order by 11, st.first_name, st.last_name, t.id;
$$;

comment on function public.time_off_between(timestamptz, timestamptz) is
  'The board: time off of the caller''s current employees (an agency; anyone else gets none) that meets '
  '[p_from, p_to) (at most 31 days), each with its worker''s name and, in next_starts_at/next_ends_at, '
  'the repeat that meets the period (a one-off period: itself). Security invoker: the staff and time-off '
  'policies apply as well.';

revoke all on function public.time_off_between(timestamptz, timestamptz) from public, anon, authenticated, service_role;
grant execute on function public.time_off_between(timestamptz, timestamptz) to authenticated;
