-- Each person's language (issue 29): the agency user on companies, the worker on staff. The apps
-- read it after sign-in, apply it at once and follow it live (both tables are already in the
-- supabase_realtime publication), so switching on one device switches every open session.
--
-- Two values: 'en' and 'fr-CA' (BCP 47, as Intl and <html lang> take them). The person may update
-- only their own row's locale (the existing "own profile" update policies and a column grant); the
-- row starts in the language the person signed up in when the sign-up metadata names one, so a
-- visitor who chose Français on the sign-up page is not switched back to English after it.

alter table public.companies
  add column locale text not null default 'en',
  add constraint companies_locale_option check (locale in ('en', 'fr-CA'));
comment on column public.companies.locale is
  'The agency user''s language for the dashboard (and, later, emails): ''en'' or ''fr-CA''. Updatable by the company itself.';

alter table public.staff
  add column locale text not null default 'en',
  add constraint staff_locale_option check (locale in ('en', 'fr-CA'));
comment on column public.staff.locale is
  'The worker''s language for the staff app (and, later, pushes): ''en'' or ''fr-CA''. Updatable by the worker.';

grant update (locale) on table public.companies to authenticated;
grant update (locale) on table public.staff to authenticated;

-- The sign-up trigger (private.handle_new_user) creates these rows; rather than restate it, a
-- before-insert trigger on each table takes the language from the new user's metadata.
create function private.locale_from_sign_up()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  chosen text;
begin
  select u.raw_user_meta_data ->> 'locale' into chosen from auth.users u where u.id = new.id;
  if chosen in ('en', 'fr-CA') then
    new.locale := chosen;
  end if;
  return new;
end;
$$;
comment on function private.locale_from_sign_up() is
  'Starts a new companies or staff row in the language named by the sign-up metadata (''en'' or ''fr-CA''), else English. Security definer: it reads auth.users, which the inserting role (GoTrue''s, or the service role) may not.';
revoke execute on function private.locale_from_sign_up() from public, anon, authenticated;

create trigger companies_locale_from_sign_up before insert on public.companies
  for each row execute function private.locale_from_sign_up();
create trigger staff_locale_from_sign_up before insert on public.staff
  for each row execute function private.locale_from_sign_up();
