-- What the staff app (issue 18) reads beyond what the simulator needed:
--   * my_employers also returns each employer's time zone: a worker shows a shift's times in the
--     zone of the agency that posted it, and workers cannot read companies directly. Its return
--     type changes, so the function is dropped and created again (same name, no arguments).
--   * notifications join the supabase_realtime publication, so an open app's unread badge and list
--     follow a new post live (each worker receives only their own rows: the select policy applies
--     to every subscriber).

drop function public.my_employers();

create function public.my_employers()
returns table (company_id uuid, company_name text, added_at timestamptz, time_zone text)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, coalesce(c.company_name, 'User'), e.added_at, c.time_zone
  from public.employments e
  join public.companies c on c.id = e.company_id
  where e.staff_id = (select auth.uid())
  order by e.added_at;
$$;

comment on function public.my_employers() is
  'Staff app: the caller''s employers with their names and time zones. Security definer because '
  'workers cannot read companies; returns only the caller''s own employments.';

revoke all on function public.my_employers() from public, anon, authenticated, service_role;
grant execute on function public.my_employers() to authenticated;

alter publication supabase_realtime add table public.notifications;
