-- Tutorial (issue 10): the dashboard offers its walk-through once, on a company's first visit after
-- onboarding. The "once" is remembered per company, in the database, so a second browser or device
-- does not offer it again.
--   * companies.tutorial_seen_at: when the tutorial was first offered; null until then.
--   * public.mark_tutorial_seen(): the dashboard's one way to set it. It sets the caller's own row to
--     now() only while it is still null and says whether this call did it, so of two tabs opening
--     the dashboard together exactly one offers the tutorial.
-- The RPC is security invoker, so authenticated holds a column-level UPDATE grant on the column; a
-- trigger keeps direct updates honest: the column can only go from null to the current time.

alter table public.companies add column tutorial_seen_at timestamptz;

comment on column public.companies.tutorial_seen_at is
  'When the dashboard first offered this company its tutorial (null: not yet). Set once, to now(), '
  'through public.mark_tutorial_seen().';

grant update (tutorial_seen_at) on table public.companies to authenticated;

-- A company may only record "seen now", once. The service role and the superuser (support, test
-- fixtures) may set or clear it freely.
create function private.guard_tutorial_seen()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if current_setting('role', true) not in ('authenticated', 'anon')
     or new.tutorial_seen_at is not distinct from old.tutorial_seen_at then
    return new;
  end if;
  if old.tutorial_seen_at is not null then
    raise exception 'The tutorial has already been marked as seen' using errcode = 'check_violation';
  end if;
  if new.tutorial_seen_at is distinct from now() then
    raise exception 'The tutorial can only be marked as seen at the current time' using errcode = 'check_violation';
  end if;
  return new;
end;
$$;

comment on function private.guard_tutorial_seen() is
  'Lets a company set companies.tutorial_seen_at only from null to now(), so the first-visit record '
  'cannot be back-dated, moved or cleared by the dashboard.';

revoke all on function private.guard_tutorial_seen() from public, anon, authenticated, service_role;

create trigger guard_tutorial_seen
  before update of tutorial_seen_at on public.companies
  for each row execute function private.guard_tutorial_seen();

create function public.mark_tutorial_seen()
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  with marked as (
    update public.companies c
    set tutorial_seen_at = now()
    where c.id = (select auth.uid()) and c.tutorial_seen_at is null
    returning 1
  )
  select exists (select 1 from marked)
$$;

comment on function public.mark_tutorial_seen() is
  'Records that the dashboard offered the calling company its tutorial. Returns true when this call '
  'recorded it (the first visit: offer the tutorial), false when it was already seen or the caller '
  'has no company row. Security invoker: RLS limits it to the caller''s own row.';

revoke all on function public.mark_tutorial_seen() from public, anon, authenticated, service_role;
grant execute on function public.mark_tutorial_seen() to authenticated;
