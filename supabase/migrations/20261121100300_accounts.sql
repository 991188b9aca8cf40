-- Accounts: sign-up creates the matching profile row in the same transaction as the auth user.
--
-- Sign-up metadata contract (auth.users.raw_user_meta_data, i.e. supabase.auth.signUp's
-- options.data):
--   account_type  'company' | 'staff'; missing means 'company' (the dashboard signs up companies);
--                 any other value rejects the sign-up.
--   staff only:   first_name, last_name, phone (non-digits are dropped; anything but 10 digits is
--                 stored as null), company_code (optional).
-- A staff sign-up with an unknown company code, or for a company at its free plan's staff limit,
-- still succeeds without an employment: losing the account over a typo would be worse, and the
-- staff app calls join_company afterwards, which reports the reason in a plain sentence.

create function private.handle_new_user()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  kind text := coalesce(nullif(btrim(meta ->> 'account_type'), ''), 'company');
  digits text;
  attempt integer := 0;
  violated text;
begin
  if kind = 'staff' then
    digits := regexp_replace(coalesce(meta ->> 'phone', ''), '[^0-9]', '', 'g');
    insert into public.staff (id, email, first_name, last_name, phone)
    values (new.id, coalesce(new.email, ''), coalesce(btrim(meta ->> 'first_name'), ''),
            coalesce(btrim(meta ->> 'last_name'), ''),
            case when char_length(digits) = 10 then digits end);

    if nullif(btrim(meta ->> 'company_code'), '') is not null then
      begin
        perform private.employ_staff(new.id, meta ->> 'company_code');
      exception when raise_exception then
        -- Unknown code or full free plan: keep the account; join_company explains later.
        null;
      end;
    end if;
  elsif kind = 'company' then
    loop
      attempt := attempt + 1;
      begin
        insert into public.companies (id, email, company_code)
        values (new.id, coalesce(new.email, ''), private.generate_company_code());
        exit;
      exception when unique_violation then
        get stacked diagnostics violated = constraint_name;
        if violated <> 'companies_company_code_key' or attempt >= 20 then
          raise;
        end if;
      end;
    end loop;
  else
    raise exception 'Account type must be company or staff';
  end if;
  return new;
end;
$$;

comment on function private.handle_new_user() is
  'Creates the companies or staff row for a new auth user from raw_user_meta_data.account_type. '
  'Security definer because GoTrue''s role (supabase_auth_admin) has no rights on public tables.';

revoke all on function private.handle_new_user() from public, anon, authenticated, service_role;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

-- Lets the dashboard refuse worker accounts at log-in (SPEC §6). Runs with the caller's rights:
-- each account can read its own companies or staff row.
create function public.account_type()
returns text
language sql
stable
security invoker
set search_path = ''
as $$
  select case
    when exists (select 1 from public.companies c where c.id = (select auth.uid())) then 'company'
    when exists (select 1 from public.staff s where s.id = (select auth.uid())) then 'staff'
  end;
$$;

comment on function public.account_type() is
  'The caller''s account type: ''company'', ''staff'', or null when the caller has no profile row. '
  'The dashboard signs out ''staff'' accounts at log-in.';

revoke all on function public.account_type() from public, anon, authenticated, service_role;
grant execute on function public.account_type() to authenticated;
