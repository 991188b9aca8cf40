-- Staff invites (issue 30): an agency invites workers by email, from Staff List. The invited worker
-- follows the emailed link into CareCover Staff, chooses a password and is employed by the agency,
-- without typing the company code, which stays the other way in.
--
--   * public.staff_invites: one row per invitation (company, address lower-cased, who invited,
--     when it was created and last sent, when it expires, pending / joined / revoked, the invited
--     person's auth user id once known). One pending row per company and address: inviting again
--     re-sends the same invitation. Agencies read their own rows (not the auth ids); workers read
--     none. Nobody writes it directly: the RPCs below do, and the invite-workers edge function
--     records with the service role what only Auth knows (the auth user id, an email that could
--     not be sent).
--   * The free plan's staff limit now counts pending, unexpired invitations as well as employments,
--     in one place (private.staff_places_taken) that both ways in use: joining with the company code
--     and inviting. private.employ_staff_at is the one rule for adding an employment; employ_staff
--     (the code path) looks the code up and calls it, and so does accepting an invitation. Either
--     way, the worker's own pending invitation to that company is then marked joined, so it stops
--     holding a second place.
--   * public.invite_staff(emails, names): the agency records invitations, address by address:
--     invalid, already on its staff, an agency's address, re-sent, invited, or over the plan limit.
--     Called by the edge function with the agency's own JWT, which then has Auth send the emails.
--   * public.revoke_staff_invite(invite_id): the agency withdraws a pending invitation.
--   * public.claim_staff_invites(): the signed-in worker accepts every pending invitation to their
--     confirmed email address. The company comes from the invitation rows matched by the address
--     Auth confirmed, never from the browser.

create table public.staff_invites (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  email text not null,
  name text,
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  sent_at timestamptz not null default now(),
  send_count integer not null default 1,
  expires_at timestamptz not null,
  status text not null default 'pending',
  auth_user_id uuid references auth.users (id) on delete set null,
  joined_at timestamptz,
  revoked_at timestamptz,
  -- GoTrue's address rule (checkmail), lower-cased, with a dot in the domain: the same rule as
  -- supabase/functions/_shared/invite-emails.ts, so nothing the function accepts is refused here.
  constraint staff_invites_email_format check (
    email = lower(email) and char_length(email) <= 254
    and email ~ '^[a-z0-9.!#$%&''*+/=?^_`{|}~-]{1,64}@[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$'),
  constraint staff_invites_name_length check (name is null or char_length(name) between 1 and 100),
  constraint staff_invites_status_option check (status in ('pending', 'joined', 'revoked')),
  constraint staff_invites_send_count_positive check (send_count >= 1),
  constraint staff_invites_joined_at check ((status = 'joined') = (joined_at is not null)),
  constraint staff_invites_revoked_at check ((status = 'revoked') = (revoked_at is not null))
);

alter table public.staff_invites enable row level security;

comment on table public.staff_invites is
  'Invitations of workers by email (issue 30): pending until the worker accepts in CareCover Staff '
  '(joined) or the agency withdraws it (revoked). Pending, unexpired rows count toward the free plan''s '
  'staff limit. Written only by invite_staff, revoke_staff_invite, private.employ_staff_at and the '
  'invite-workers function (service role).';
comment on column public.staff_invites.email is 'The invited address, trimmed and lower-cased.';
comment on column public.staff_invites.name is 'The name the agency pasted with the address ("Name <email>"), if any.';
comment on column public.staff_invites.sent_at is 'When the invitation was last sent (created or re-sent).';
comment on column public.staff_invites.expires_at is
  'Seven days after it was last sent (private.staff_invite_lifetime); an expired invitation neither '
  'holds a place nor can be accepted, and sending it again renews it.';
comment on column public.staff_invites.auth_user_id is
  'The invited person''s auth user, once Auth has created or named it (the invite-workers function, '
  'or acceptance). Not readable by agencies.';

-- One pending invitation per company and address; joined and revoked rows stay as history.
create unique index staff_invites_one_pending_idx on public.staff_invites (company_id, email)
  where status = 'pending';
-- Acceptance finds a worker's invitations by address.
create index staff_invites_pending_email_idx on public.staff_invites (email) where status = 'pending';
-- The agency's policy and its list filter on company_id.
create index staff_invites_company_id_created_at_idx on public.staff_invites (company_id, created_at desc);
-- An invitation to an agency's own address is refused by address; companies.email had no index.
create index companies_email_lower_idx on public.companies (lower(email));

create policy "Companies can view their own staff invites"
  on public.staff_invites for select
  to authenticated
  using (company_id = (select auth.uid()));

revoke all on table public.staff_invites from anon, authenticated, service_role;
grant select (id, company_id, email, name, created_at, sent_at, send_count, expires_at, status, joined_at,
              revoked_at)
  on table public.staff_invites to authenticated;
grant select, insert, update, delete on table public.staff_invites to service_role;

alter publication supabase_realtime add table public.staff_invites;

-- Constants ------------------------------------------------------------------------------------------
create function private.free_staff_limit()
returns integer
language sql
immutable
security invoker
set search_path = ''
as $$
  select 30;
$$;

comment on function private.free_staff_limit() is
  'Frontline staff a free-plan company may have (SPEC §9: onboarding of up to 30), pending invitations '
  'included. Used by private.employ_staff_at and public.invite_staff.';

revoke all on function private.free_staff_limit() from public, anon, authenticated, service_role;

create function private.staff_invite_lifetime()
returns interval
language sql
immutable
security invoker
set search_path = ''
as $$
  select interval '7 days';
$$;

comment on function private.staff_invite_lifetime() is
  'How long an invitation holds a place and can be accepted after it was last sent (7 days). The '
  'emailed link itself expires sooner (Auth''s otp_expiry); sending the invitation again issues a new one.';

revoke all on function private.staff_invite_lifetime() from public, anon, authenticated, service_role;

create function private.staff_invite_batch_limit()
returns integer
language sql
immutable
security invoker
set search_path = ''
as $$
  select 50;
$$;

comment on function private.staff_invite_batch_limit() is
  'Addresses one invite_staff call may take (50), as MAX_INVITES_PER_CALL in the invite-workers function.';

revoke all on function private.staff_invite_batch_limit() from public, anon, authenticated, service_role;

create function private.is_invitable_email(address text)
returns boolean
language sql
immutable
security invoker
set search_path = ''
as $$
  select address is not null and address = lower(address) and char_length(address) <= 254
    and address ~ '^[a-z0-9.!#$%&''*+/=?^_`{|}~-]{1,64}@[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$';
$$;

comment on function private.is_invitable_email(text) is
  'Whether a normalised address passes staff_invites_email_format, so invite_staff can answer '
  '''invalid'' for it instead of failing the whole call.';

revoke all on function private.is_invitable_email(text) from public, anon, authenticated, service_role;

-- Places -----------------------------------------------------------------------------------------------
create function private.staff_places_taken(target_company_id uuid, except_email text)
returns integer
language sql
stable
security invoker
set search_path = ''
as $$
  select (select count(*) from public.employments e where e.company_id = target_company_id)::integer
       + (select count(*) from public.staff_invites i
          where i.company_id = target_company_id and i.status = 'pending' and i.expires_at > now()
            and i.email is distinct from except_email)::integer;
$$;

comment on function private.staff_places_taken(uuid, text) is
  'Places of a company''s staff limit in use: its employments plus its pending, unexpired invitations, '
  'leaving out the invitations to except_email (the worker now joining, whose own invitation must not '
  'count twice). The only count of the limit. Security invoker: only security definer callers use it.';

revoke all on function private.staff_places_taken(uuid, text) from public, anon, authenticated, service_role;

-- Employing ----------------------------------------------------------------------------------------------
-- Security definer because workers cannot read companies or insert employments. Locks the company
-- row first (as invite_staff, revoke_staff_invite and claim_staff_invites do before they touch
-- invitations), so concurrent joins and invitations cannot both take the last place.
create function private.employ_staff_at(target_staff_id uuid, target_company_id uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  company public.companies%rowtype;
  worker_email text;
begin
  select * into company from public.companies c where c.id = target_company_id for update;
  if not found then
    raise exception 'No company found with that code';
  end if;
  select lower(u.email) into worker_email from auth.users u where u.id = target_staff_id;

  if not exists (select 1 from public.employments e
                 where e.staff_id = target_staff_id and e.company_id = company.id) then
    if not company.premium
       and private.staff_places_taken(company.id, worker_email) >= private.free_staff_limit() then
      raise exception 'This company has reached the free plan limit of % staff', private.free_staff_limit();
    end if;
    insert into public.employments (staff_id, company_id) values (target_staff_id, company.id);
  end if;

  -- Whichever way the worker came in, their invitation to this company is now fulfilled.
  update public.staff_invites i
  set status = 'joined', joined_at = now(), auth_user_id = target_staff_id
  where i.company_id = company.id and i.status = 'pending' and i.email = worker_email;
  return company.id;
end;
$$;

comment on function private.employ_staff_at(uuid, uuid) is
  'The one rule for adding an employment: a no-op when already employed, else refused when a free-plan '
  'company has no place left (private.staff_places_taken); then marks the worker''s pending invitation '
  'to the company joined. Used by the company code path (employ_staff) and by claim_staff_invites. '
  'Security definer because workers cannot read companies or write employments and invitations.';

revoke all on function private.employ_staff_at(uuid, uuid) from public, anon, authenticated, service_role;

create or replace function private.employ_staff(target_staff_id uuid, code text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  matched uuid;
begin
  select c.id into matched from public.companies c where c.company_code = btrim(code);
  if matched is null then
    raise exception 'No company found with that code';
  end if;
  return private.employ_staff_at(target_staff_id, matched);
end;
$$;

comment on function private.employ_staff(uuid, text) is
  'Adds an employment for a worker by company code through private.employ_staff_at (the free plan''s '
  'staff limit, invitations included). Security definer because workers cannot read companies.';

-- Inviting -------------------------------------------------------------------------------------------------
create function public.invite_staff(emails text[], names text[] default null)
returns table (email text, outcome text, invite_id uuid)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller constant uuid := (select auth.uid());
  company public.companies%rowtype;
  cap constant integer := private.free_staff_limit();
  places integer;
  entry record;
  address text;
  given_name text;
  pending public.staff_invites%rowtype;
  seen text[] := '{}';
begin
  select * into company from public.companies c where c.id = caller for update;
  if caller is null or not found then
    raise exception 'Only company accounts can invite staff' using errcode = 'insufficient_privilege';
  end if;
  if coalesce(cardinality(emails), 0) = 0 then
    raise exception 'Give at least one email address to invite' using errcode = 'invalid_parameter_value';
  end if;
  if cardinality(emails) > private.staff_invite_batch_limit() then
    raise exception 'Invite at most % addresses at a time', private.staff_invite_batch_limit()
      using errcode = 'invalid_parameter_value';
  end if;
  places := private.staff_places_taken(company.id, null);

  for entry in
    select u.raw, (names)[u.n] as raw_name from unnest(emails) with ordinality as u (raw, n) order by u.n
  loop
    address := lower(btrim(coalesce(entry.raw, '')));
    -- Each address is answered once, however often it was pasted.
    continue when address = any (seen);
    seen := seen || address;
    email := address;
    invite_id := null;
    given_name := nullif(left(btrim(regexp_replace(coalesce(entry.raw_name, ''), '[[:cntrl:]]', ' ', 'g')), 100), '');

    if not private.is_invitable_email(address) then
      outcome := 'invalid';
    elsif exists (select 1 from public.employments e join public.staff s on s.id = e.staff_id
                  where e.company_id = company.id and lower(s.email) = address) then
      outcome := 'already_staff';
    elsif exists (select 1 from public.companies c where lower(c.email) = address) then
      -- An agency account cannot work for an agency; inviting it would only hold a place.
      outcome := 'not_a_worker';
    else
      select * into pending from public.staff_invites i
      where i.company_id = company.id and i.email = address and i.status = 'pending'
      for update;
      if found and pending.expires_at > now() then
        update public.staff_invites i
        set sent_at = now(), send_count = i.send_count + 1, expires_at = now() + private.staff_invite_lifetime(),
            name = coalesce(given_name, i.name)
        where i.id = pending.id;
        outcome := 'resent';
        invite_id := pending.id;
      elsif not company.premium and places >= cap then
        outcome := 'over_limit';
      elsif found then
        -- Expired: sending it again makes it hold a place again.
        update public.staff_invites i
        set sent_at = now(), send_count = i.send_count + 1, expires_at = now() + private.staff_invite_lifetime(),
            name = coalesce(given_name, i.name), invited_by = caller
        where i.id = pending.id;
        places := places + 1;
        outcome := 'resent';
        invite_id := pending.id;
      else
        insert into public.staff_invites (company_id, email, name, invited_by, expires_at)
        values (company.id, address, given_name, caller, now() + private.staff_invite_lifetime())
        returning id into invite_id;
        places := places + 1;
        outcome := 'invited';
      end if;
    end if;
    return next;
  end loop;
end;
$$;

comment on function public.invite_staff(text[], text[]) is
  'Dashboard (through the invite-workers function, with the agency''s JWT): records invitations for up to '
  '50 addresses (names[n] is the name given with emails[n], optional) and answers each address once, in '
  'order: invalid, already_staff (employed by the caller), not_a_worker (an agency''s address), resent '
  '(already pending: sent again, expiry renewed, no new row), invited (new), or over_limit (the free '
  'plan''s places, pending invitations included, are taken). Security definer because companies hold no '
  'write grant on invitations and must not read other companies'' addresses; it only ever touches the '
  'caller''s own company.';

revoke all on function public.invite_staff(text[], text[]) from public, anon, authenticated, service_role;
grant execute on function public.invite_staff(text[], text[]) to authenticated;

create function public.revoke_staff_invite(invite_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller constant uuid := (select auth.uid());
begin
  perform 1 from public.companies c where c.id = caller for update;
  if caller is null or not found then
    raise exception 'Only company accounts can withdraw invitations' using errcode = 'insufficient_privilege';
  end if;
  update public.staff_invites i
  set status = 'revoked', revoked_at = now()
  where i.id = revoke_staff_invite.invite_id and i.company_id = caller and i.status = 'pending';
  -- Another company's invitation is answered like one that is gone: nothing about it is revealed.
  if not found then
    raise exception 'This invitation is no longer pending';
  end if;
end;
$$;

comment on function public.revoke_staff_invite(uuid) is
  'Dashboard: withdraws one of the calling company''s pending invitations; it then holds no place and '
  'cannot be accepted. Security definer because companies hold no write grant on invitations; it only '
  'ever touches the caller''s own.';

revoke all on function public.revoke_staff_invite(uuid) from public, anon, authenticated, service_role;
grant execute on function public.revoke_staff_invite(uuid) to authenticated;

-- Accepting ------------------------------------------------------------------------------------------------
create function public.claim_staff_invites()
returns table (company_id uuid, company_name text, joined boolean, message text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller constant uuid := (select auth.uid());
  address text;
  target record;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can accept invitations' using errcode = 'insufficient_privilege';
  end if;
  -- Only an address Auth has confirmed (the invitation link itself confirms it) claims invitations.
  select lower(u.email) into address from auth.users u
  where u.id = caller and u.email_confirmed_at is not null;
  if address is null then
    return;
  end if;

  for target in
    select i.company_id, min(i.created_at) as first_invited
    from public.staff_invites i
    where i.email = address and i.status = 'pending' and i.expires_at > now()
    group by i.company_id
    order by first_invited, i.company_id
  loop
    -- The company first, as every writer of invitations locks it, then a fresh look at the invitation:
    -- it may have been withdrawn while this worker waited.
    perform 1 from public.companies c where c.id = target.company_id for update;
    continue when not exists (select 1 from public.staff_invites i
                              where i.company_id = target.company_id and i.email = address
                                and i.status = 'pending' and i.expires_at > now());
    company_id := target.company_id;
    select coalesce(c.company_name, 'User') into company_name from public.companies c where c.id = target.company_id;
    begin
      perform private.employ_staff_at(caller, target.company_id);
      joined := true;
      message := null;
    exception when raise_exception then
      -- A company that went back to the free plan may have no place left: the invitation stays pending.
      joined := false;
      get stacked diagnostics message = message_text;
    end;
    return next;
  end loop;
end;
$$;

comment on function public.claim_staff_invites() is
  'Staff app: accepts every pending, unexpired invitation to the caller''s confirmed email address, '
  'employing the caller exactly as joining with the company code does (private.employ_staff_at). '
  'Answers one row per company: joined, or not with the reason (a free plan with no place left). '
  'Accepting twice is a no-op. Security definer because workers cannot read invitations, companies or '
  'auth.users, nor write employments; the companies come only from invitations to the caller''s address.';

revoke all on function public.claim_staff_invites() from public, anon, authenticated, service_role;
grant execute on function public.claim_staff_invites() to authenticated;
