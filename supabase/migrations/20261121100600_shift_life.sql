-- Shift life: accept, clock in, clock out. Each is one atomic RPC that locks the shift row
-- (`for update`), so of two workers accepting at once the first wins and the second gets a plain
-- error; never two staff on one shift. They are security definer because no client role may
-- update shifts directly (the columns they write are not granted); each checks the caller itself.
-- Messages follow SPEC §4/§8 where SPEC has words for them.

create function public.accept_shift(shift_id uuid)
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
  if not found or not exists (select 1 from public.employments e
                              where e.staff_id = caller and e.company_id = shift.company_id) then
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

comment on function public.accept_shift(uuid) is
  'Staff app: accept a pending shift of one of the caller''s employers; the first caller wins. '
  'Security definer because shifts are not client-writable; the caller is checked inside.';

create function public.clock_in(shift_id uuid)
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

comment on function public.clock_in(uuid) is
  'Staff app: the accepting worker starts the shift; sets the worker on shift. Security definer '
  'because shifts and on_shift are not client-writable; the caller is checked inside.';

-- Shared by both clock-out paths: SPEC's In-progress rule, the non-empty time done, and the
-- worker's on-shift flag (still true if another of their shifts is in progress).
create function private.finish_shift(target_shift public.shifts, time_done text)
returns public.shifts
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  shift public.shifts%rowtype := target_shift;
begin
  if shift.clocked_in_at is null then
    raise exception 'Staff has not clocked in';
  end if;
  if shift.clocked_out_at is not null then
    raise exception 'Staff already clocked out';
  end if;
  if time_done is null or btrim(time_done) = '' then
    raise exception 'Time Done cannot be empty';
  end if;

  update public.shifts s set clocked_out_at = now(), time_done = btrim(finish_shift.time_done)
  where s.id = shift.id
  returning * into shift;

  update public.staff st
  set on_shift = exists (
    select 1 from public.shifts s
    where s.accepted_by = st.id and s.clocked_in_at is not null and s.clocked_out_at is null
  )
  where st.id = shift.accepted_by;
  return shift;
end;
$$;

comment on function private.finish_shift(public.shifts, text) is
  'Clocks a locked, in-progress shift out with the time done and updates the worker''s on-shift flag.';

create function public.clock_out(shift_id uuid, time_done text)
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
    raise exception 'Only staff accounts can clock out' using errcode = 'insufficient_privilege';
  end if;

  select * into shift from public.shifts s where s.id = clock_out.shift_id for update;
  if not found or shift.accepted_by is distinct from caller then
    raise exception 'Only the staff member who accepted this shift can clock out';
  end if;
  return private.finish_shift(shift, time_done);
end;
$$;

comment on function public.clock_out(uuid, text) is
  'Staff app: the accepting worker ends an in-progress shift with the time done. Security definer '
  'because shifts and on_shift are not client-writable; the caller is checked inside.';

create function public.clock_staff_out(shift_id uuid, time_done text)
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
  select * into shift from public.shifts s
  where s.id = clock_staff_out.shift_id and s.company_id = caller
  for update;
  if not found then
    raise exception 'Shift not found';
  end if;
  return private.finish_shift(shift, time_done);
end;
$$;

comment on function public.clock_staff_out(uuid, text) is
  'Dashboard: the owning company clocks the worker out of an in-progress shift (SPEC §4). '
  'Security definer because shifts and on_shift are not client-writable; ownership is checked inside.';

-- A deleted in-progress shift must not leave its worker marked on shift forever.
create function private.release_staff_of_deleted_shift()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if old.accepted_by is not null and old.clocked_in_at is not null and old.clocked_out_at is null then
    update public.staff st
    set on_shift = exists (
      select 1 from public.shifts s
      where s.accepted_by = st.id and s.id <> old.id
        and s.clocked_in_at is not null and s.clocked_out_at is null
    )
    where st.id = old.accepted_by;
  end if;
  return null;
end;
$$;

comment on function private.release_staff_of_deleted_shift() is
  'After an in-progress shift is deleted, recomputes its worker''s on-shift flag. Security definer '
  'because the deleting company cannot write staff rows.';

create trigger release_staff_on_delete
  after delete on public.shifts
  for each row execute function private.release_staff_of_deleted_shift();

revoke all on function public.accept_shift(uuid) from public, anon, authenticated, service_role;
revoke all on function public.clock_in(uuid) from public, anon, authenticated, service_role;
revoke all on function public.clock_out(uuid, text) from public, anon, authenticated, service_role;
revoke all on function public.clock_staff_out(uuid, text) from public, anon, authenticated, service_role;
revoke all on function private.finish_shift(public.shifts, text) from public, anon, authenticated, service_role;
revoke all on function private.release_staff_of_deleted_shift() from public, anon, authenticated, service_role;

grant execute on function public.accept_shift(uuid) to authenticated;
grant execute on function public.clock_in(uuid) to authenticated;
grant execute on function public.clock_out(uuid, text) to authenticated;
grant execute on function public.clock_staff_out(uuid, text) to authenticated;
