-- The staff app's open-shift list offers only shifts the worker can take (issue 28). Until now the
-- app selected open shifts straight from public.shifts (RLS: every open shift of the worker's
-- agencies), so a worker saw, and was refused, shifts that overlap one they hold elsewhere or fall
-- in their time off. The database now decides, with the same rules accept_shift enforces
-- (private.eligibility_reasons), so the list and the refusal can never disagree and a rule added
-- there later reaches the list without touching the app.

-- The rules, unchanged (same codes, sentences and order), now in PL/pgSQL. As an SQL function,
-- every call started a new executor for its body, which set up the two rule helpers it calls
-- (parsed and planned again) each time: about 1.5 ms a call, unnoticed in one accept_shift but half
-- a second for a list of 300 open shifts. PL/pgSQL keeps those plans for the session (~0.07 ms).
create or replace function private.eligibility_reasons(p_shift public.shifts, p_staff_id uuid)
returns table (code text, reason text)
language plpgsql
stable
set search_path = ''
as $$
begin
  if not exists (select 1 from public.employments e
                 where e.staff_id = p_staff_id and e.company_id = p_shift.company_id) then
    return query select 'not_employed', 'Does not work for this agency';
  end if;
  if private.holds_overlapping_shift(p_staff_id, p_shift.starts_at, p_shift.ends_at, p_shift.id) then
    return query select 'overlapping_shift', 'Already has another shift at this time';
  end if;
  if private.time_off_overlaps(p_staff_id, p_shift.starts_at, p_shift.ends_at) then
    return query select 'time_off', 'Has time off at this time';
  end if;
end;
$$;

-- Open shifts are found by agency and end time: an agency's shifts nobody took stay Pending for
-- good, so (company_id, starts_at) would walk every unfilled shift of the past to reach the few
-- that have not ended. This partial index reaches exactly the not-ended ones.
create index shifts_company_id_open_ends_at_idx on public.shifts (company_id, ends_at)
  where accepted_at is null;

create function public.my_open_shifts(p_limit integer default 200)
returns setof public.shifts
language sql
stable
security definer
set search_path = ''
as $$
  select s.*
  from public.employments e
  join public.shifts s on s.company_id = e.company_id
  where e.staff_id = (select auth.uid())
    and s.accepted_at is null
    and s.ends_at > now()
    and not exists (select 1 from private.eligibility_reasons(s, e.staff_id))
  order by s.starts_at, s.id
  limit least(greatest(coalesce(p_limit, 200), 1), 500);
$$;

comment on function public.my_open_shifts(integer) is
  'Staff app: the open shifts (not accepted, not ended) of the caller''s agencies that the caller may '
  'take by the rules accept_shift enforces (private.eligibility_reasons: no overlap with a shift they '
  'hold at any agency, not in their time off), soonest first, at most p_limit (1 to 500). Security '
  'definer because those rules read the caller''s shifts at every agency and live in the private '
  'schema API roles cannot use; it returns only the caller''s own agencies'' open shifts, which RLS '
  'already lets them read.';

revoke all on function public.my_open_shifts(integer) from public, anon, authenticated, service_role;
grant execute on function public.my_open_shifts(integer) to authenticated;
