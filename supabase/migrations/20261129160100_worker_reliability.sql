-- Reliability per worker and agency (issue 28, part 4): what a scheduler sees on Staff List and the
-- worker's page, and the score the first wave of a dispatch ranks by.
--
-- Counted per agency (one agency never sees how a worker behaves at another) from the shifts the
-- worker holds or held there, as the Staff Shifts table and the assistant count them, plus what left
-- their hands: the no-show records and the 'released' steps of the history
-- (20261129160000_no_shows.sql). A deleted shift no longer counts.
--   accepted            shifts of this agency the worker accepted: those they hold or held to the
--                       end, those re-posted as no-shows and those they gave back
--   completed           shifts of this agency they clocked out of (or were clocked out of)
--   late                clock-ins more than 10 minutes after the start (the "Late" rule)
--   no_shows            no-show records (public.no_shows)
--   late_cancellations  shifts they gave back themselves less than 24 hours before the start
--
-- The score (0..1) is a Bayesian average over the shifts whose outcome is known: a completed shift
-- counts 1, or 0.5 if its clock-in was late; a no-show or a late cancellation counts 0. Two
-- imaginary shifts worth 0.8 each start every worker at 0.8, so a newcomer ranks below a proven
-- worker and above one who missed shifts, and one event does not swing a short record:
--   score = (completed - 0.5 * min(late, completed) + 1.6) / (completed + no_shows + late_cancellations + 2)

create function private.reliability_score(p_completed integer, p_late integer, p_no_shows integer,
                                          p_late_cancellations integer)
returns numeric
language sql
immutable
parallel safe
set search_path = ''
as $$
  select round(
    (greatest(p_completed, 0) - 0.5 * least(greatest(p_late, 0), greatest(p_completed, 0)) + 1.6)
    / (greatest(p_completed, 0) + greatest(p_no_shows, 0) + greatest(p_late_cancellations, 0) + 2), 3)
$$;

comment on function private.reliability_score(integer, integer, integer, integer) is
  'A worker''s reliability from 0 to 1: (completed - 0.5 x late completed + 1.6) / (completed + '
  'no-shows + late cancellations + 2), a Bayesian average starting every worker at 0.8.';

create function private.reliability_counts(p_company_id uuid, p_staff_ids uuid[] default null)
returns table (staff_id uuid, accepted integer, completed integer, late integer, no_shows integer,
               late_cancellations integer, score numeric)
language sql
stable
set search_path = ''
as $$
  with workers as (
    select e.staff_id
    from public.employments e
    where e.company_id = p_company_id and (p_staff_ids is null or e.staff_id = any (p_staff_ids))
  ),
  held as (
    select s.accepted_by as staff_id,
           count(*)::integer as held,
           count(*) filter (where s.clocked_out_at is not null)::integer as completed,
           count(*) filter (where s.clocked_in_at > s.starts_at + interval '10 minutes')::integer as late
    from public.shifts s
    where s.company_id = p_company_id and s.accepted_by = any (array(select w.staff_id from workers w))
    group by s.accepted_by
  ),
  given_back as (
    select ev.details ->> 'staff_id' as staff_key,
           count(*)::integer as released,
           -- Given back by the worker within 24 hours of the start and before the end (leaving an
           -- agency also releases shifts that ended unworked: those are not cancellations).
           count(*) filter (where ev.details ->> 'by' = 'staff'
                              and ev.occurred_at > (ev.details ->> 'starts_at')::timestamptz - interval '24 hours'
                              and ev.occurred_at < (ev.details ->> 'ends_at')::timestamptz
                           )::integer as late_cancellations
    from public.shift_events ev
    where ev.company_id = p_company_id and ev.details ? 'staff_id' and ev.event = 'released'
      and (p_staff_ids is null or (ev.details ->> 'staff_id') = any (p_staff_ids::text[]))
    group by ev.details ->> 'staff_id'
  ),
  missed as (
    select n.staff_id, count(*)::integer as no_shows
    from public.no_shows n
    where n.company_id = p_company_id and (p_staff_ids is null or n.staff_id = any (p_staff_ids))
    group by n.staff_id
  )
  select w.staff_id,
         coalesce(h.held, 0) + coalesce(g.released, 0) + coalesce(m.no_shows, 0),
         coalesce(h.completed, 0), coalesce(h.late, 0), coalesce(m.no_shows, 0), coalesce(g.late_cancellations, 0),
         private.reliability_score(coalesce(h.completed, 0), coalesce(h.late, 0), coalesce(m.no_shows, 0),
                                   coalesce(g.late_cancellations, 0))
  from workers w
  left join held h on h.staff_id = w.staff_id
  left join given_back g on g.staff_key = w.staff_id::text
  left join missed m on m.staff_id = w.staff_id
$$;

comment on function private.reliability_counts(uuid, uuid[]) is
  'Per worker the agency employs (or those of p_staff_ids): shifts accepted, completed, late '
  'clock-ins, no-shows and cancellations within 24 h of the start at this agency, with the score of '
  'private.reliability_score.';

-- The first wave ranks by this, replacing the placeholder of 20261129110000_dispatch_waves.sql: null
-- when the worker has no shift with a known outcome at the agency yet, so the ranking can tell
-- "unknown" from a score; otherwise the score above.
create or replace function private.worker_reliability(p_company_id uuid, p_staff_id uuid)
returns numeric
language sql
stable
set search_path = ''
as $$
  select case when r.completed + r.no_shows + r.late_cancellations > 0 then r.score end
  from private.reliability_counts(p_company_id, array[p_staff_id]) r
$$;

comment on function private.worker_reliability(uuid, uuid) is
  'A worker''s reliability at an agency, 0 to 1 (private.reliability_score over '
  'private.reliability_counts), or null while none of their shifts there has a known outcome '
  '(completed, no-show, cancelled within 24 h): the wave ranking''s measure.';

revoke all on function private.reliability_score(integer, integer, integer, integer),
  private.reliability_counts(uuid, uuid[]), private.worker_reliability(uuid, uuid)
  from public, anon, authenticated, service_role;

create function public.staff_reliability(p_staff_id uuid default null)
returns table (staff_id uuid, accepted integer, completed integer, late integer, no_shows integer,
               late_cancellations integer, score numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me constant uuid := (select auth.uid());
begin
  if not exists (select 1 from public.companies c where c.id = me) then
    raise exception 'Only company accounts can see staff reliability' using errcode = 'insufficient_privilege';
  end if;
  return query
    select r.* from private.reliability_counts(me, case when p_staff_id is null then null else array[p_staff_id] end) r
    order by r.staff_id;
end;
$$;

comment on function public.staff_reliability(uuid) is
  'Dashboard: reliability of the staff the calling agency employs (or of one of them): shifts '
  'accepted, completed, late, no-shows, cancellations within 24 h of the start, and the 0..1 score, '
  'all at this agency only. Security definer because the counting lives in the private schema; it '
  'only ever reads the caller''s own agency.';

revoke all on function public.staff_reliability(uuid) from public, anon, authenticated, service_role;
grant execute on function public.staff_reliability(uuid) to authenticated;

-- The timeline's reason for a best match names the score for what it now is (it was a share of
-- completed shifts in the placeholder's words).
create or replace function private.match_reason(p_worked_here_before boolean, p_distance_m integer, p_reliability numeric)
returns text
language sql
immutable
set search_path = ''
as $$
  select concat_ws('; ',
    case when p_worked_here_before then 'worked at this address before' end,
    case
      when p_distance_m is null then 'distance unknown'
      when p_distance_m < 1000 then p_distance_m || ' m from where they last clocked in'
      else to_char(p_distance_m / 1000.0, 'FM999990.0') || ' km from where they last clocked in'
    end,
    case
      when p_reliability is null then 'no past shifts here yet'
      else 'reliability ' || round(p_reliability * 100) || '% here'
    end);
$$;

comment on function private.match_reason(boolean, integer, numeric) is
  'Why a worker was among the best matches, from the facts the ranking used (reliability as on Staff '
  'List), as the timeline shows it.';

-- The ranking counts a worker with no record at the score every worker starts from (0.8), so a
-- newcomer ranks above a worker whose record is worse than that, and below one whose is better.
create or replace function private.dispatch_score(p_worked_here_before boolean, p_distance_m integer, p_reliability numeric)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select round(
    3 * (coalesce(p_worked_here_before, false))::integer
    + 2 * case when p_distance_m is null then 0 else 10000.0 / (10000 + greatest(p_distance_m, 0)) end
    + coalesce(p_reliability, 0.8), 3);
$$;

comment on function private.dispatch_score(boolean, integer, numeric) is
  'The best-matches ranking, one SQL expression (higher is better): 3 × worked at this address before '
  '+ 2 × 10 km / (10 km + distance from where they last clocked in; 0 when unknown) + reliability (0 to 1, '
  'private.worker_reliability; 0.8, where every worker starts, when unknown). Ties go by staff id so a '
  'ranking is always the same.';
