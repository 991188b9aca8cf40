-- Employment guards on the shift RPCs. A worker who leaves a company (or is removed by it) must
-- not keep a hold on its shifts:
--   * leave_company releases the worker's accepted shifts of that company that have not started
--     (back to Pending, as remove_staff does) and is refused while they are clocked in to one;
--   * accept_shift and clock_in read the employment FOR SHARE. remove_staff and leave_company lock
--     it FOR UPDATE before releasing shifts, so an accept racing a removal either finishes first
--     (and its shift is then released) or waits and finds no employment; never an Assigned shift
--     held by someone the company no longer employs.

create or replace function public.accept_shift(shift_id uuid)
returns public.shifts
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  shift public.shifts%rowtype;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can accept shifts' using errcode = 'insufficient_privilege';
  end if;

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

  update public.shifts s set accepted_by = caller, accepted_at = now()
  where s.id = shift.id
  returning * into shift;
  return shift;
end;
$$;

create or replace function public.clock_in(shift_id uuid)
returns public.shifts
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  shift public.shifts%rowtype;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can clock in' using errcode = 'insufficient_privilege';
  end if;

  select * into shift from public.shifts s where s.id = clock_in.shift_id for update;
  if not found or shift.accepted_by is distinct from caller then
    raise exception 'Only the staff member who accepted this shift can clock in';
  end if;
  perform 1 from public.employments e
  where e.staff_id = caller and e.company_id = shift.company_id
  for share;
  if not found then
    raise exception 'You no longer work for this company';
  end if;
  if shift.clocked_in_at is not null then
    raise exception 'Staff already clocked in';
  end if;

  update public.shifts s set clocked_in_at = now()
  where s.id = shift.id
  returning * into shift;
  update public.staff s set on_shift = true where s.id = caller;
  return shift;
end;
$$;

-- Security definer now (was invoker): releasing the shifts writes columns no client role holds.
-- It only ever touches the caller's own employment and the caller's own accepted shifts.
create or replace function public.leave_company(company_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can leave a company' using errcode = 'insufficient_privilege';
  end if;

  perform 1 from public.employments e
  where e.company_id = leave_company.company_id and e.staff_id = caller
  for update;
  if not found then
    raise exception 'You do not work for this company';
  end if;

  perform 1 from public.shifts s
  where s.company_id = leave_company.company_id and s.accepted_by = caller and s.clocked_out_at is null
  for update;
  if exists (select 1 from public.shifts s
             where s.company_id = leave_company.company_id and s.accepted_by = caller
               and s.clocked_in_at is not null and s.clocked_out_at is null) then
    raise exception 'You are on a shift for this company. Clock out before leaving.';
  end if;

  update public.shifts s set accepted_by = null, accepted_at = null
  where s.company_id = leave_company.company_id and s.accepted_by = caller and s.clocked_in_at is null;

  delete from public.employments e where e.company_id = leave_company.company_id and e.staff_id = caller;
end;
$$;

comment on function public.leave_company(uuid) is
  'Staff app: stop working for a company. The caller''s accepted shifts of it that have not started '
  'go back to Pending; refused while clocked in to one. Security definer because it writes shifts; '
  'it only touches the caller''s own employment and shifts.';
