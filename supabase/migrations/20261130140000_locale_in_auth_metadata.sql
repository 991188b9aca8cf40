-- The auth emails in each person's language (issue 29). Auth renders its emails from templates that
-- see only the user (hosted Supabase gives them user_metadata as .Data), not public tables, so the
-- templates branch on user_metadata.locale. The preference itself lives in companies.locale /
-- staff.locale (the apps save it there; RLS and a column grant guard it); this keeps the metadata
-- equal to it.
--
-- A trigger rather than the apps also calling auth.updateUser({ data: { locale } }): one write that
-- cannot half-succeed, whatever changes the column (either app, another session, SQL, an API
-- client), and nothing else in the metadata is touched. The metadata stays writable by its user, as
-- all user_metadata is: someone who writes another locale there only changes the language of their
-- own emails, and their next change of preference writes it back.

create function private.locale_to_auth_metadata()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update auth.users u
     set raw_user_meta_data = coalesce(u.raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('locale', new.locale)
   where u.id = new.id
     and (u.raw_user_meta_data ->> 'locale') is distinct from new.locale;
  return null;
end;
$$;
comment on function private.locale_to_auth_metadata() is
  'Copies a changed companies.locale or staff.locale into the person''s auth user_metadata.locale, which the auth email templates branch on. Security definer: it writes auth.users, which the updating role (the person themself) may not.';
revoke execute on function private.locale_to_auth_metadata() from public, anon, authenticated;

create trigger companies_locale_to_auth_metadata after update of locale on public.companies
  for each row when (old.locale is distinct from new.locale)
  execute function private.locale_to_auth_metadata();
create trigger staff_locale_to_auth_metadata after update of locale on public.staff
  for each row when (old.locale is distinct from new.locale)
  execute function private.locale_to_auth_metadata();

-- People who changed their language before this migration: their metadata follows now.
update auth.users u
   set raw_user_meta_data = coalesce(u.raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('locale', p.locale)
  from (select id, locale from public.companies union all select id, locale from public.staff) p
 where p.id = u.id
   and (u.raw_user_meta_data ->> 'locale') is distinct from p.locale
   and not (p.locale = 'en' and u.raw_user_meta_data ->> 'locale' is null);
