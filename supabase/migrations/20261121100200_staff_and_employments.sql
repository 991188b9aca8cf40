-- Staff (workers using the mobile app) and their employments. The spec's "employer array" on the
-- worker document becomes one employments row per (staff, company) with the time the worker joined.
-- A company reads only the staff it employs; a worker reads and edits only their own profile.
-- Joining goes through an RPC with the company code (the worker cannot read companies) and is
-- limited to 30 staff on the free plan.

create table public.staff (
  id uuid primary key references auth.users (id) on delete cascade,
  first_name text not null default '',
  last_name text not null default '',
  email text not null,
  phone text,
  push_token text,
  on_shift boolean not null default false,
  has_unread_notifications boolean not null default false,
  created_at timestamptz not null default now(),
  constraint staff_phone_ten_digits check (phone ~ '^[0-9]{10}$')
);

alter table public.staff enable row level security;

comment on table public.staff is
  'Worker accounts (id = auth user id) created by the sign-up trigger. on_shift and '
  'has_unread_notifications are maintained by the database (clock in/out, notifications).';

create table public.employments (
  staff_id uuid not null references public.staff (id) on delete cascade,
  company_id uuid not null references public.companies (id) on delete cascade,
  added_at timestamptz not null default now(),
  primary key (staff_id, company_id)
);

alter table public.employments enable row level security;

comment on table public.employments is
  'Which companies a worker works for (replaces the spec''s employer array); written only by '
  'join_company, leave_company and the sign-up trigger.';

-- The primary key serves the worker side (staff_id first); the dashboard's staff list and the
-- staff policy filter on company_id.
create index employments_company_id_added_at_idx on public.employments (company_id, added_at desc, staff_id);

-- Policies ----------------------------------------------------------------------------------------
create policy "Staff can view their own profile"
  on public.staff for select
  to authenticated
  using (id = (select auth.uid()));

create policy "Companies can view the staff they employ"
  on public.staff for select
  to authenticated
  using (
    exists (
      select 1 from public.employments e
      where e.staff_id = staff.id and e.company_id = (select auth.uid())
    )
  );

create policy "Staff can update their own profile"
  on public.staff for update
  to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

create policy "Companies can view their own employments"
  on public.employments for select
  to authenticated
  using (company_id = (select auth.uid()));

create policy "Staff can view their own employments"
  on public.employments for select
  to authenticated
  using (staff_id = (select auth.uid()));

create policy "Staff can leave their employers"
  on public.employments for delete
  to authenticated
  using (staff_id = (select auth.uid()));

-- Grants ------------------------------------------------------------------------------------------
revoke all on table public.staff from anon, authenticated, service_role;
grant select on table public.staff to authenticated;
grant update (first_name, last_name, phone, push_token) on table public.staff to authenticated;
grant select, insert, update, delete on table public.staff to service_role;

revoke all on table public.employments from anon, authenticated, service_role;
grant select, delete on table public.employments to authenticated;
grant select, insert, update, delete on table public.employments to service_role;

-- The dashboard's staff list: the employed staff with the time each joined, one row per
-- employment. security_invoker keeps the caller's RLS on both tables.
create view public.company_staff
with (security_invoker = true)
as
select e.company_id, e.added_at, s.id, s.first_name, s.last_name, s.email, s.phone, s.on_shift,
       s.has_unread_notifications, s.created_at
from public.employments e
join public.staff s on s.id = e.staff_id;

comment on view public.company_staff is
  'Staff list for the dashboard: each employed worker with the employment''s added_at. Runs with the '
  'caller''s privileges, so a company sees only its own staff.';

revoke all on table public.company_staff from anon, authenticated, service_role;
grant select on table public.company_staff to authenticated, service_role;

-- Joining ------------------------------------------------------------------------------------------
-- Shared by join_company and the sign-up trigger. Security definer: a worker cannot read companies
-- (to look up the code or the plan) nor insert employments. Locks the company row so concurrent
-- joins cannot both take the 30th place.
create function private.employ_staff(target_staff_id uuid, code text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  company public.companies%rowtype;
  staff_count integer;
begin
  select * into company
  from public.companies c
  where c.company_code = btrim(code)
  for update;

  if not found then
    raise exception 'No company found with that code';
  end if;

  if exists (select 1 from public.employments e
             where e.staff_id = target_staff_id and e.company_id = company.id) then
    return company.id;
  end if;

  if not company.premium then
    select count(*) into staff_count from public.employments e where e.company_id = company.id;
    if staff_count >= 30 then
      raise exception 'This company has reached the free plan limit of 30 staff';
    end if;
  end if;

  insert into public.employments (staff_id, company_id) values (target_staff_id, company.id);
  return company.id;
end;
$$;

comment on function private.employ_staff(uuid, text) is
  'Adds an employment for a worker by company code, enforcing the free plan''s 30-staff limit. '
  'Security definer because workers cannot read companies or insert employments.';

revoke all on function private.employ_staff(uuid, text) from public, anon, authenticated, service_role;

create function public.join_company(code text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can join a company' using errcode = 'insufficient_privilege';
  end if;
  return private.employ_staff(caller, code);
end;
$$;

comment on function public.join_company(text) is
  'Staff app: join the company whose code is given; returns the company id. Joining twice is a no-op. '
  'Security definer because it calls private.employ_staff, which the worker cannot run directly.';

revoke all on function public.join_company(text) from public, anon, authenticated, service_role;
grant execute on function public.join_company(text) to authenticated;

create function public.leave_company(company_id uuid)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  delete from public.employments e
  where e.company_id = leave_company.company_id and e.staff_id = (select auth.uid());
  if not found then
    raise exception 'You do not work for this company';
  end if;
end;
$$;

comment on function public.leave_company(uuid) is
  'Staff app: stop working for a company. Runs with the caller''s privileges, so RLS limits it to '
  'the caller''s own employments.';

revoke all on function public.leave_company(uuid) from public, anon, authenticated, service_role;
grant execute on function public.leave_company(uuid) to authenticated;

-- The staff app needs its employers' names, but workers must not read the companies table (plan,
-- billing ids, code). Security definer, limited to the caller's own employments.
create function public.my_employers()
returns table (company_id uuid, company_name text, added_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, coalesce(c.company_name, 'User'), e.added_at
  from public.employments e
  join public.companies c on c.id = e.company_id
  where e.staff_id = (select auth.uid())
  order by e.added_at;
$$;

comment on function public.my_employers() is
  'Staff app: the caller''s employers with their names. Security definer because workers cannot '
  'read companies; returns only the caller''s own employments.';

revoke all on function public.my_employers() from public, anon, authenticated, service_role;
grant execute on function public.my_employers() to authenticated;

alter publication supabase_realtime add table public.staff, public.employments;
