-- The staff app's home and My shifts screens in one request (issue 28's soak: a worker's home list
-- was two requests, the open shifts and their own, and the most frequent call of all). On a phone
-- one round trip instead of two; for the gateway and the database, one request's work instead of
-- two. The rows are the shifts_with_status view's, so a client also gets each shift's status.
create function public.my_shift_board(p_limit integer default 200)
returns setof public.shifts_with_status
language plpgsql
stable
-- Invoker: the open shifts come from public.my_open_shifts (which alone needs definer rights), and
-- every row is read through the view as the caller, so RLS decides what the caller sees.
security invoker
set search_path = ''
as $$
declare
  max_rows constant integer := least(greatest(coalesce(p_limit, 200), 1), 500);
begin
  -- The open shifts the caller may take, soonest first.
  return query
  select v.*
  from public.shifts_with_status v
  where v.id = any (array(select o.id from public.my_open_shifts(max_rows) o))
  order by v.starts_at, v.id;
  -- Then the caller's own shifts, newest first.
  return query
  select v.*
  from public.shifts_with_status v
  where v.accepted_by = (select auth.uid())
  order by v.starts_at desc, v.id
  limit max_rows;
end;
$$;

comment on function public.my_shift_board(integer) is
  'Staff app: what the home and My shifts screens show, in one request: first the open shifts the '
  'caller may take (public.my_open_shifts, soonest first), then the shifts the caller accepted '
  '(newest first), each part at most p_limit (1 to 500) rows of public.shifts_with_status. Security '
  'invoker: RLS decides which rows the caller reads.';

revoke all on function public.my_shift_board(integer) from public, anon, authenticated, service_role;
grant execute on function public.my_shift_board(integer) to authenticated;
