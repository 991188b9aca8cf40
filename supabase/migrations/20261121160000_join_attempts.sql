-- Join attempts (hardening): a company code is only 4 characters, and joining a company shows the
-- worker that company's shift addresses, so guessing codes must be slow. Every attempt to join by
-- code is logged, and join_company refuses once a worker, or a client address across workers, has
-- had 10 wrong codes in the last hour. A company can also remove a staff member.
--
--   * public.join_attempts: one row per attempt (worker, SHA-256 of the code tried, the company it
--     matched or null, client address when known, time). RLS on and no policy; only the service
--     role may read it (support, audits), nobody may change it.
--   * public.join_company(code): limited as above. A wrong code is logged and answered with null
--     rather than an exception: an exception would roll the log row back with the rest of the
--     request (PostgREST runs each request in one transaction), and the limit would count nothing.
--     The staff app shows 'No company found with that code' for a null result. The limit itself is
--     an exception with SQLSTATE PT429 (HTTP 429 through PostgREST).
--   * private.handle_new_user(): a staff sign-up with a company code counts as an attempt too (no
--     client address: GoTrue, not PostgREST, runs that transaction). It adds one guess per new
--     account, and Auth rate-limits sign-ups per address.
--   * public.remove_staff(staff_id): the company ends an employment. The worker then no longer sees
--     the company's shifts (the shifts policy goes through employments). Their accepted shifts that
--     have not started (Assigned) go back to Pending so another worker can take them; a worker who
--     is clocked in (In-progress) cannot be removed until the company clocks them out, so nobody is
--     left on a shift nobody can close; Completed shifts keep the worker as the history of who did them.
-- The company sees who joined and when through company_staff.added_at (already there).

create table public.join_attempts (
  id bigint generated always as identity primary key,
  staff_id uuid not null,
  code_sha256 bytea not null,
  company_id uuid,
  succeeded boolean not null,
  client_ip inet,
  via text not null,
  attempted_at timestamptz not null default now(),
  constraint join_attempts_success_has_company check (succeeded = (company_id is not null)),
  constraint join_attempts_via_option check (via in ('join_company', 'sign_up'))
);

alter table public.join_attempts enable row level security;

comment on table public.join_attempts is
  'Every attempt to join a company by code: worker, SHA-256 of the trimmed code, the company it '
  'matched (null: wrong code), client address when known, time. Read by the join limit and the '
  'service role only. staff_id and company_id carry no foreign key so the log outlives accounts.';
comment on column public.join_attempts.code_sha256 is
  'Hash of the code tried, to see one code guessed across workers without keeping codes in clear. '
  'A 4-character code''s hash can be reversed by brute force, so the grants are what protect it.';
comment on column public.join_attempts.client_ip is
  'First x-forwarded-for address of the API request (see private.request_client_ip); null for '
  'sign-ups and direct database sessions.';

-- The two limit queries: a worker's recent failures and an address's recent failures.
create index join_attempts_staff_failures_idx on public.join_attempts (staff_id, attempted_at)
  where not succeeded;
create index join_attempts_ip_failures_idx on public.join_attempts (client_ip, attempted_at)
  where not succeeded and client_ip is not null;

revoke all on table public.join_attempts from anon, authenticated, service_role;
revoke all on sequence public.join_attempts_id_seq from anon, authenticated, service_role;
grant select on table public.join_attempts to service_role;

-- Append-only, like the shift history: the limit must not be reset by editing the log.
create function private.forbid_join_attempt_changes()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  raise exception 'The join attempt log is append-only' using errcode = 'insufficient_privilege';
end;
$$;

comment on function private.forbid_join_attempt_changes() is
  'Refuses any update, delete or truncate of public.join_attempts.';

create trigger forbid_changes
  before update or delete on public.join_attempts
  for each row execute function private.forbid_join_attempt_changes();

create trigger forbid_truncate
  before truncate on public.join_attempts
  for each statement execute function private.forbid_join_attempt_changes();

revoke all on function private.forbid_join_attempt_changes() from public, anon, authenticated, service_role;

-- Client address --------------------------------------------------------------------------------------
-- PostgREST puts the request headers in request.headers. Hosted Supabase's gateway appends the
-- caller's address to x-forwarded-for, and its first entry is the client as the edge saw it; the
-- local gateway does the same. A client can prepend its own entry, so the per-address limit is a
-- second layer only: a forged address escapes it, but never the per-worker limit, and every new
-- worker costs a sign-up, which Auth limits by the real address. Taking the last entry instead
-- would be unforgeable locally but could be a shared proxy address in hosted set-ups, locking
-- everyone out together, which is worse than a bypassable extra limit.
create function private.request_client_ip()
returns inet
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  forwarded text;
begin
  forwarded := nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for';
  return nullif(btrim(split_part(forwarded, ',', 1)), '')::inet;
exception when invalid_text_representation then
  -- Not JSON, or not an address: treat as unknown rather than fail the request.
  return null;
end;
$$;

comment on function private.request_client_ip() is
  'The API caller''s address: the first x-forwarded-for entry of PostgREST''s request.headers, or '
  'null when absent or not an address. Used only for the per-address join limit.';

revoke all on function private.request_client_ip() from public, anon, authenticated, service_role;

-- Logging ------------------------------------------------------------------------------------------
create function private.record_join_attempt(
  target_staff_id uuid, code text, matched_company_id uuid, client_ip inet, via text
)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into public.join_attempts (staff_id, code_sha256, company_id, succeeded, client_ip, via)
  values (target_staff_id, extensions.digest(coalesce(btrim(code), ''), 'sha256'), matched_company_id,
          matched_company_id is not null, client_ip, via);
$$;

comment on function private.record_join_attempt(uuid, text, uuid, inet, text) is
  'Appends one row to public.join_attempts. Security invoker: only the security definer join paths '
  '(join_company, the sign-up trigger) call it; no API role may write the log.';

revoke all on function private.record_join_attempt(uuid, text, uuid, inet, text)
  from public, anon, authenticated, service_role;

-- Limit ----------------------------------------------------------------------------------------------
create function private.join_failure_limit()
returns integer
language sql
immutable
security invoker
set search_path = ''
as $$
  select 10;
$$;

comment on function private.join_failure_limit() is
  'Wrong company codes allowed per worker, and per client address, in any hour (10). The only copy.';

revoke all on function private.join_failure_limit() from public, anon, authenticated, service_role;

-- Serialises the attempts of one worker and of one address (transaction-scoped advisory locks, taken
-- in a fixed order), so a burst of parallel requests cannot all pass the count before any is logged.
-- Raises once the worker or the address has reached the limit. A loopback address has no per-address
-- limit: behind a real gateway no client is loopback, and on a local stack every client (the demo,
-- the tests, the staff simulator) is, so one shared address would lock them all out together.
create function private.check_join_limit(target_staff_id uuid, client_ip inet)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  failure_limit constant integer := private.join_failure_limit();
  limit_address constant boolean := client_ip is not null
    and not (client_ip <<= inet '127.0.0.0/8' or client_ip = inet '::1' or client_ip <<= inet '::ffff:127.0.0.0/104');
begin
  perform pg_advisory_xact_lock(hashtextextended('join_attempts:staff:' || target_staff_id::text, 0));
  if limit_address then
    perform pg_advisory_xact_lock(hashtextextended('join_attempts:ip:' || host(client_ip), 0));
  end if;

  if (select count(*) from public.join_attempts a
      where a.staff_id = target_staff_id and not a.succeeded
        and a.attempted_at > now() - interval '1 hour') >= failure_limit
     or (limit_address
         and (select count(*) from public.join_attempts a
              where a.client_ip = check_join_limit.client_ip and not a.succeeded
                and a.attempted_at > now() - interval '1 hour') >= failure_limit) then
    raise exception 'Too many incorrect company codes. Try again in an hour.'
      using errcode = 'PT429';
  end if;
end;
$$;

comment on function private.check_join_limit(uuid, inet) is
  'Locks the worker''s and the address''s join attempts and raises (SQLSTATE PT429, HTTP 429) when '
  'either had 10 wrong codes in the last hour (no per-address limit for loopback addresses). Security invoker: only join_company (security definer) '
  'calls it, as the log is not client-readable.';

revoke all on function private.check_join_limit(uuid, inet) from public, anon, authenticated, service_role;

-- Joining ----------------------------------------------------------------------------------------------
create or replace function public.join_company(code text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  client_ip constant inet := private.request_client_ip();
  matched uuid;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can join a company' using errcode = 'insufficient_privilege';
  end if;
  perform private.check_join_limit(caller, client_ip);

  select c.id into matched from public.companies c where c.company_code = btrim(code);
  if matched is null then
    -- Returned, not raised: an exception would roll this log row back (see the header).
    perform private.record_join_attempt(caller, code, null, client_ip, 'join_company');
    return null;
  end if;

  -- The free plan's staff limit still raises here; a right code is no guess, so nothing is counted.
  matched := private.employ_staff(caller, code);
  perform private.record_join_attempt(caller, code, matched, client_ip, 'join_company');
  return matched;
end;
$$;

comment on function public.join_company(text) is
  'Staff app: join the company whose code is given; returns its id, or null when no company has '
  'that code (show ''No company found with that code''). Joining twice is a no-op. Every attempt is '
  'logged in join_attempts; after 10 wrong codes in an hour per worker or per client address it '
  'raises ''Too many incorrect company codes. Try again in an hour.'' (SQLSTATE PT429). Security '
  'definer because workers cannot read companies, insert employments or write the log.';

-- Sign-up: the same body as in the accounts migration, plus logging the code as an attempt.
create or replace function private.handle_new_user()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  kind text := coalesce(nullif(btrim(meta ->> 'account_type'), ''), 'company');
  code text := nullif(btrim(meta ->> 'company_code'), '');
  digits text;
  attempt integer := 0;
  violated text;
  matched uuid;
begin
  if kind = 'staff' then
    digits := regexp_replace(coalesce(meta ->> 'phone', ''), '[^0-9]', '', 'g');
    insert into public.staff (id, email, first_name, last_name, phone)
    values (new.id, coalesce(new.email, ''), coalesce(btrim(meta ->> 'first_name'), ''),
            coalesce(btrim(meta ->> 'last_name'), ''),
            case when char_length(digits) = 10 then digits end);

    if code is not null then
      select c.id into matched from public.companies c where c.company_code = code;
      perform private.record_join_attempt(new.id, code, matched, null, 'sign_up');
      if matched is not null then
        begin
          perform private.employ_staff(new.id, code);
        exception when raise_exception then
          -- Full free plan: keep the account; join_company explains later.
          null;
        end;
      end if;
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
  'Creates the companies or staff row for a new auth user from raw_user_meta_data.account_type; a '
  'staff sign-up''s company code is logged in join_attempts and joins that company when it can. '
  'Security definer because GoTrue''s role (supabase_auth_admin) has no rights on public tables.';

-- Removing staff -------------------------------------------------------------------------------------
create function public.remove_staff(staff_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null or not exists (select 1 from public.companies c where c.id = caller) then
    raise exception 'Only company accounts can remove staff' using errcode = 'insufficient_privilege';
  end if;

  perform 1 from public.employments e
  where e.company_id = caller and e.staff_id = remove_staff.staff_id
  for update;
  if not found then
    raise exception 'This staff member does not work for your company';
  end if;

  -- Lock the worker's open shifts of this company first, so they cannot clock in between the check
  -- and the release below.
  perform 1 from public.shifts s
  where s.company_id = caller and s.accepted_by = remove_staff.staff_id and s.clocked_out_at is null
  for update;
  if exists (select 1 from public.shifts s
             where s.company_id = caller and s.accepted_by = remove_staff.staff_id
               and s.clocked_in_at is not null and s.clocked_out_at is null) then
    raise exception 'This staff member is on a shift. Clock them out before removing them.';
  end if;

  update public.shifts s set accepted_by = null, accepted_at = null
  where s.company_id = caller and s.accepted_by = remove_staff.staff_id and s.clocked_in_at is null;

  delete from public.employments e where e.company_id = caller and e.staff_id = remove_staff.staff_id;
end;
$$;

comment on function public.remove_staff(uuid) is
  'Dashboard: the calling company stops employing a worker. Their Assigned shifts of the company go '
  'back to Pending; refused while they are clocked in to one. Security definer because companies '
  'cannot delete employments or write shifts; it only ever touches the caller''s own company.';

revoke all on function public.remove_staff(uuid) from public, anon, authenticated, service_role;
grant execute on function public.remove_staff(uuid) to authenticated;
