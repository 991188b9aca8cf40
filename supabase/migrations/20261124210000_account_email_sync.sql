-- Account email follows the sign-in email (issue 17). companies.email and staff.email are copied from
-- auth.users at sign-up; when Auth changes the address (an email change confirmed, or applied at once
-- without confirmations), the profile row must say the same, or the dashboard, staff lists and
-- support would keep showing an address the account no longer uses.

create function private.sync_account_email()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if new.email is null or new.email is not distinct from old.email then
    return null;
  end if;
  update public.companies set email = new.email where id = new.id and email is distinct from new.email;
  update public.staff set email = new.email where id = new.id and email is distinct from new.email;
  return null;
end;
$$;

comment on function private.sync_account_email() is
  'After Auth changes a user''s email, copies it to the companies or staff row. Security definer '
  'because GoTrue''s role (supabase_auth_admin) has no rights on public tables.';

revoke all on function private.sync_account_email() from public, anon, authenticated, service_role;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row execute function private.sync_account_email();
