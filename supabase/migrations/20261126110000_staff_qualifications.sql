-- What a worker is qualified for, per agency (issue 28): a worker can be an RPN at one agency and
-- a PSW at another, so staff types, skills, languages and a weekly maximum of hours are recorded on
-- the employment, by the agency. Credentials with expiry dates are recorded and verified by each
-- agency for itself (one agency never sees what another recorded about the same worker); the
-- worker sees what every agency recorded about them. An agency may say which credentials a staff
-- type requires and which staff types may cover which. Overtime thresholds are a table.
-- public.eligibility gains the reasons these allow. An agency that records nothing sees SPEC's
-- behaviour: every employed worker may take every shift, but for the two rules that always hold.

-- Qualifications on the employment -------------------------------------------------------------

alter table public.employments
  add column staff_types text[] not null default '{}',
  add column skills text[] not null default '{}',
  add column languages text[] not null default '{}',
  add column max_weekly_hours numeric(4, 1),
  add constraint employments_max_weekly_hours_range check (max_weekly_hours > 0 and max_weekly_hours <= 168),
  add constraint employments_lists_short check (
    cardinality(staff_types) <= 20 and cardinality(skills) <= 50 and cardinality(languages) <= 20
  );

comment on column public.employments.staff_types is
  'The staff types this agency counts the worker as (the Shift Call list); empty: not recorded.';
comment on column public.employments.skills is
  'The skills this agency counts the worker as having (the Shift Call list); empty: not recorded.';
comment on column public.employments.languages is 'Languages the worker speaks, as this agency recorded them.';
comment on column public.employments.max_weekly_hours is
  'The most hours a week this agency gives the worker; null: the jurisdiction''s overtime threshold.';
comment on table public.employments is
  'Which companies a worker works for (replaces the spec''s employer array); rows written only by '
  'join_company, leave_company and the sign-up trigger; the agency records the qualification columns.';

create policy "Companies can record their staff's qualifications"
  on public.employments for update to authenticated
  using (company_id = (select auth.uid()))
  with check (company_id = (select auth.uid()));

grant update (staff_types, skills, languages, max_weekly_hours) on table public.employments to authenticated;

-- A shift may allow overtime: then going over is flagged, not refused.
alter table public.shifts add column allow_overtime boolean not null default false;
comment on column public.shifts.allow_overtime is
  'Set at posting: a worker this shift would put over their weekly hours may still take it (flagged).';
grant insert (allow_overtime) on table public.shifts to authenticated;

-- Credentials ----------------------------------------------------------------------------------

create table public.staff_credentials (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null default auth.uid() references public.companies (id) on delete cascade,
  staff_id uuid not null references public.staff (id) on delete cascade,
  credential_type text not null,
  registration_number text,
  issued_on date,
  expires_on date,
  verified_at timestamptz,
  verified_by text,
  created_at timestamptz not null default now(),
  constraint staff_credentials_type_length check (char_length(btrim(credential_type)) between 1 and 80),
  constraint staff_credentials_number_length check (char_length(registration_number) <= 60),
  constraint staff_credentials_verifier_length check (char_length(verified_by) <= 120),
  constraint staff_credentials_expires_after_issue check (expires_on is null or issued_on is null or expires_on >= issued_on),
  constraint staff_credentials_verified_pair check ((verified_at is null) = (verified_by is null))
);

comment on table public.staff_credentials is
  'Credentials an agency recorded (and may have verified) for a worker it employs: CPR, TB test, '
  'police check, nursing licence... Each agency sees only its own records; the worker sees all of theirs.';

create index staff_credentials_company_staff_idx on public.staff_credentials (company_id, staff_id, credential_type);
create index staff_credentials_staff_id_idx on public.staff_credentials (staff_id);

alter table public.staff_credentials enable row level security;

create policy "Companies can view the credentials they recorded"
  on public.staff_credentials for select to authenticated
  using (company_id = (select auth.uid()));

create policy "Companies can record credentials of the staff they employ"
  on public.staff_credentials for insert to authenticated
  with check (
    company_id = (select auth.uid())
    and exists (select 1 from public.employments e
                where e.company_id = (select auth.uid()) and e.staff_id = staff_credentials.staff_id)
  );

create policy "Companies can update the credentials they recorded"
  on public.staff_credentials for update to authenticated
  using (company_id = (select auth.uid()))
  with check (company_id = (select auth.uid()));

create policy "Companies can delete the credentials they recorded"
  on public.staff_credentials for delete to authenticated
  using (company_id = (select auth.uid()));

create policy "Staff can view their own credentials"
  on public.staff_credentials for select to authenticated
  using (staff_id = (select auth.uid()));

revoke all on table public.staff_credentials from anon, authenticated, service_role;
grant select, delete on table public.staff_credentials to authenticated;
grant insert (staff_id, credential_type, registration_number, issued_on, expires_on, verified_at, verified_by)
  on table public.staff_credentials to authenticated;
grant update (credential_type, registration_number, issued_on, expires_on, verified_at, verified_by)
  on table public.staff_credentials to authenticated;
grant select, insert, update, delete on table public.staff_credentials to service_role;

-- What a staff type requires, and who may cover whom ---------------------------------------------

create table public.staff_type_requirements (
  company_id uuid not null default auth.uid() references public.companies (id) on delete cascade,
  staff_type text not null,
  credential_type text not null,
  primary key (company_id, staff_type, credential_type)
);

comment on table public.staff_type_requirements is
  'An agency''s rule: a worker covering a shift of staff_type needs a verified, unexpired credential_type.';

create table public.staff_type_coverage (
  company_id uuid not null default auth.uid() references public.companies (id) on delete cascade,
  staff_type text not null,
  may_cover text not null,
  primary key (company_id, staff_type, may_cover),
  constraint staff_type_coverage_not_itself check (staff_type <> may_cover)
);

comment on table public.staff_type_coverage is
  'An agency''s rule: a worker of staff_type may also take shifts posted for may_cover (an RN an RPN '
  'shift). Without a row, a type covers only itself.';

alter table public.staff_type_requirements enable row level security;
alter table public.staff_type_coverage enable row level security;

create policy "Companies manage their own staff type requirements"
  on public.staff_type_requirements for all to authenticated
  using (company_id = (select auth.uid()))
  with check (company_id = (select auth.uid()));

create policy "Companies manage their own staff type coverage"
  on public.staff_type_coverage for all to authenticated
  using (company_id = (select auth.uid()))
  with check (company_id = (select auth.uid()));

revoke all on table public.staff_type_requirements, public.staff_type_coverage from anon, authenticated, service_role;
grant select, delete on table public.staff_type_requirements, public.staff_type_coverage to authenticated;
grant insert (staff_type, credential_type) on table public.staff_type_requirements to authenticated;
grant insert (staff_type, may_cover) on table public.staff_type_coverage to authenticated;
grant select, insert, update, delete on table public.staff_type_requirements, public.staff_type_coverage to service_role;

-- Overtime thresholds: a table, not code --------------------------------------------------------

create table public.overtime_thresholds (
  country text not null,
  region_code text not null,
  region_name text not null,
  weekly_hours numeric(4, 1) not null check (weekly_hours > 0),
  source text not null,
  primary key (country, region_code)
);

comment on table public.overtime_thresholds is
  'Weekly hours after which employment standards require overtime pay, by province or state. Read by '
  'eligibility when a worker''s own maximum is not recorded. Readable by every signed-in user.';

insert into public.overtime_thresholds (country, region_code, region_name, weekly_hours, source) values
  ('Canada', 'AB', 'Alberta', 44, 'Alberta Employment Standards Code, s. 21'),
  ('Canada', 'BC', 'British Columbia', 40, 'BC Employment Standards Act, s. 40'),
  ('Canada', 'MB', 'Manitoba', 40, 'Manitoba Employment Standards Code, s. 13'),
  ('Canada', 'NB', 'New Brunswick', 44, 'NB Minimum Wage Regulation, s. 3'),
  ('Canada', 'NL', 'Newfoundland and Labrador', 40, 'NL Labour Standards Regulations, s. 7'),
  ('Canada', 'NS', 'Nova Scotia', 48, 'NS Minimum Wage Order (General), s. 6'),
  ('Canada', 'NT', 'Northwest Territories', 40, 'NWT Employment Standards Act, s. 14'),
  ('Canada', 'NU', 'Nunavut', 40, 'Nunavut Labour Standards Act, s. 11'),
  ('Canada', 'ON', 'Ontario', 44, 'Ontario Employment Standards Act, 2000, s. 22'),
  ('Canada', 'PE', 'Prince Edward Island', 48, 'PEI Employment Standards Act, s. 16'),
  ('Canada', 'QC', 'Quebec', 40, 'Quebec Act respecting labour standards, s. 52'),
  ('Canada', 'SK', 'Saskatchewan', 40, 'Saskatchewan Employment Act, s. 2-18'),
  ('Canada', 'YT', 'Yukon', 40, 'Yukon Employment Standards Act, s. 6'),
  ('United States', '*', 'Every state', 40, 'Fair Labor Standards Act, 29 U.S.C. 207');

alter table public.overtime_thresholds enable row level security;
create policy "Signed-in users can read overtime thresholds"
  on public.overtime_thresholds for select to authenticated using (true);
revoke all on table public.overtime_thresholds from anon, authenticated, service_role;
grant select on table public.overtime_thresholds to authenticated;
grant select, insert, update, delete on table public.overtime_thresholds to service_role;

-- The threshold for a shift's place: its province (code or name), or the country's '*' row.
create function private.overtime_threshold(p_country text, p_region text)
returns numeric
language sql
stable
set search_path = ''
as $$
  select t.weekly_hours
  from public.overtime_thresholds t
  where lower(t.country) = lower(btrim(p_country))
    and (t.region_code = '*' or upper(t.region_code) = upper(btrim(p_region)) or lower(t.region_name) = lower(btrim(p_region)))
  order by (t.region_code = '*')
  limit 1;
$$;

comment on function private.overtime_threshold(text, text) is
  'Weekly overtime threshold for a shift''s country and province or state (code or name); null when unknown.';

-- Hours the worker holds at the agency in the shift's week (Monday to Sunday, agency's zone),
-- scheduled durations, this shift left out.
create function private.weekly_hours_held(p_shift public.shifts, p_staff_id uuid)
returns numeric
language sql
stable
set search_path = ''
as $$
  with zone as (
    select coalesce((select c.time_zone from public.companies c where c.id = p_shift.company_id), 'America/Toronto') as tz
  ),
  week as (
    select (date_trunc('week', p_shift.starts_at at time zone zone.tz) at time zone zone.tz) as from_at,
           ((date_trunc('week', p_shift.starts_at at time zone zone.tz) + interval '7 days') at time zone zone.tz) as to_at
    from zone
  )
  select coalesce(sum(extract(epoch from (least(s.ends_at, week.to_at) - greatest(s.starts_at, week.from_at))) / 3600), 0)
  from public.shifts s, week
  where s.accepted_by = p_staff_id
    and s.company_id = p_shift.company_id
    and s.id <> p_shift.id
    and s.starts_at < week.to_at and s.ends_at > week.from_at;
$$;

comment on function private.weekly_hours_held(public.shifts, uuid) is
  'Scheduled hours a worker holds at the shift''s agency in the shift''s week (Monday to Sunday, the '
  'agency''s zone), other than the shift itself.';

revoke all on function private.overtime_threshold(text, text), private.weekly_hours_held(public.shifts, uuid)
  from public, anon, authenticated, service_role;

-- Eligibility with every reason -------------------------------------------------------------------

-- Replaces the two-rule version: same codes first, then the qualification rules, which apply only
-- where the agency recorded something. 'over_hours' is a reason unless the shift allows overtime,
-- and then a flag (private.eligibility_flags). PL/pgSQL, as the open-shift list calls it once per
-- shift: its plans are kept for the session.
create or replace function private.eligibility_reasons(p_shift public.shifts, p_staff_id uuid)
returns table (code text, reason text)
language plpgsql
stable
set search_path = ''
as $$
declare
  employment public.employments%rowtype;
  missing text;
  with_shift numeric;
  limit_hours numeric;
begin
  select * into employment from public.employments e
  where e.staff_id = p_staff_id and e.company_id = p_shift.company_id;
  if not found then
    return query select 'not_employed', 'Does not work for this agency';
  end if;
  if private.holds_overlapping_shift(p_staff_id, p_shift.starts_at, p_shift.ends_at, p_shift.id) then
    return query select 'overlapping_shift', 'Already has another shift at this time';
  end if;
  if private.time_off_overlaps(p_staff_id, p_shift.starts_at, p_shift.ends_at) then
    return query select 'time_off', 'Has time off at this time';
  end if;
  if employment.staff_id is null then
    return;
  end if;

  if employment.staff_types <> '{}'
     and not p_shift.staff_type = any (employment.staff_types)
     and not exists (select 1 from public.staff_type_coverage sc
                     where sc.company_id = p_shift.company_id and sc.may_cover = p_shift.staff_type
                       and sc.staff_type = any (employment.staff_types)) then
    return query select 'staff_type', format('Is not recorded as a %s', p_shift.staff_type);
  end if;
  if employment.skills <> '{}' and not p_shift.skill = any (employment.skills) then
    return query select 'skill', format('Is not recorded as skilled in %s', lower(p_shift.skill));
  end if;

  -- Required credentials, verified and valid until the shift's last day (the agency's calendar).
  select string_agg(r.credential_type, ', ' order by r.credential_type) into missing
  from public.staff_type_requirements r
  where r.company_id = p_shift.company_id and r.staff_type = p_shift.staff_type
    and not exists (
      select 1 from public.staff_credentials c
      where c.company_id = p_shift.company_id and c.staff_id = p_staff_id
        and c.credential_type = r.credential_type and c.verified_at is not null
        and (c.expires_on is null
             or c.expires_on >= (p_shift.ends_at at time zone coalesce(
                  (select co.time_zone from public.companies co where co.id = p_shift.company_id), 'America/Toronto'))::date)
    );
  if missing is not null then
    return query select 'credential', format('Has no verified, valid %s', missing);
  end if;

  if not p_shift.allow_overtime
     and (employment.staff_types <> '{}' or employment.skills <> '{}' or employment.languages <> '{}'
          or employment.max_weekly_hours is not null) then
    limit_hours := least(employment.max_weekly_hours, private.overtime_threshold(p_shift.country, p_shift.province));
    if limit_hours is not null then
      with_shift := private.weekly_hours_held(p_shift, p_staff_id)
                    + extract(epoch from (p_shift.ends_at - p_shift.starts_at)) / 3600;
      if with_shift > limit_hours then
        return query select 'over_hours',
          format('Would work %s hours that week, over %s', round(with_shift, 1)::text, round(limit_hours, 1)::text);
      end if;
    end if;
  end if;
end;
$$;

comment on function private.eligibility_reasons(public.shifts, uuid) is
  'Every reason a worker may not take a shift, as (code, sentence), most basic first: the two rules '
  'that always hold (overlap, time off), then the qualification rules where the agency recorded them '
  '(staff type with coverage, skill, required credentials valid until the shift''s last day, weekly '
  'hours within the worker''s maximum and the overtime threshold unless the shift allows overtime).';

-- Flags a scheduler should see but that do not refuse: over the weekly hours on a shift that allows it.
create function private.eligibility_flags(p_shift public.shifts, p_staff_id uuid)
returns text[]
language sql
stable
set search_path = ''
as $$
  select case
    when p_shift.allow_overtime and exists (
      select 1
      from public.employments e
      cross join lateral (
        select private.weekly_hours_held(p_shift, p_staff_id)
                 + extract(epoch from (p_shift.ends_at - p_shift.starts_at)) / 3600 as with_shift,
               least(e.max_weekly_hours, private.overtime_threshold(p_shift.country, p_shift.province)) as limit_hours
      ) h
      where e.staff_id = p_staff_id and e.company_id = p_shift.company_id
        and (e.staff_types <> '{}' or e.skills <> '{}' or e.languages <> '{}' or e.max_weekly_hours is not null)
        and h.limit_hours is not null and h.with_shift > h.limit_hours
    ) then array['overtime']
    else '{}'::text[]
  end;
$$;

comment on function private.eligibility_flags(public.shifts, uuid) is
  'What a scheduler should know that does not refuse the worker: ''overtime'' when the shift allows it.';

revoke all on function private.eligibility_flags(public.shifts, uuid) from public, anon, authenticated, service_role;

drop function public.eligibility(uuid, uuid);

create function public.eligibility(p_shift_id uuid, p_staff_id uuid default null)
returns table (eligible boolean, reason_codes text[], reasons text[], flags text[])
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me constant uuid := (select auth.uid());
  worker uuid := coalesce(p_staff_id, me);
  shift public.shifts%rowtype;
begin
  select * into shift from public.shifts s where s.id = p_shift_id;
  -- The shift's agency asks about anyone; a worker asks about themself and a shift they can see.
  if not found
     or not (shift.company_id = me
             or (worker = me and exists (select 1 from public.employments e
                                         where e.staff_id = me and e.company_id = shift.company_id))) then
    raise exception 'Shift not found' using errcode = 'no_data_found';
  end if;
  if not exists (select 1 from public.staff s where s.id = worker) then
    raise exception 'Staff member not found' using errcode = 'no_data_found';
  end if;

  return query
    select count(*) = 0, coalesce(array_agg(r.code), '{}'), coalesce(array_agg(r.reason), '{}'),
           private.eligibility_flags(shift, worker)
    from private.eligibility_reasons(shift, worker) r;
end;
$$;

comment on function public.eligibility(uuid, uuid) is
  'Whether a worker may take a shift, with every reason that applies (codes and sentences) in the '
  'order accept_shift reports them, and flags that do not refuse (overtime allowed by the shift). '
  'Asked by the shift''s agency (any worker) or by a worker (themself). Security definer because the '
  'overlap rule reads the worker''s shifts at every agency.';

revoke all on function public.eligibility(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.eligibility(uuid, uuid) to authenticated;

-- accept_shift says each new reason in the worker's words.
create or replace function public.accept_shift(shift_id uuid)
returns public.shifts
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  shift public.shifts%rowtype;
  first_code text;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can accept shifts' using errcode = 'insufficient_privilege';
  end if;

  -- One accept at a time per worker: two overlapping shifts accepted at once must not both pass
  -- the overlap check (the double-booking trigger would refuse the second less kindly).
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('accept_shift:' || caller::text, 0));

  select * into shift from public.shifts s where s.id = accept_shift.shift_id for update;
  -- Shifts of companies the worker does not work for are reported as missing, not as forbidden.
  if not found then
    raise exception 'Shift not found';
  end if;
  perform 1 from public.employments e
  where e.staff_id = caller and e.company_id = shift.company_id
  for share;
  if not found then
    raise exception 'Shift not found';
  end if;

  if shift.accepted_at is not null then
    if shift.accepted_by = caller then
      raise exception 'You have already accepted this shift';
    end if;
    raise exception 'This shift has already been accepted by another staff member';
  end if;
  if shift.ends_at <= now() then
    raise exception 'This shift has already ended';
  end if;

  select r.code into first_code from private.eligibility_reasons(shift, caller) r limit 1;
  case first_code
    when 'overlapping_shift' then
      raise exception 'You already have another shift at this time' using hint = first_code;
    when 'time_off' then
      raise exception 'This shift is during your time off' using hint = first_code;
    when 'staff_type' then
      raise exception 'This shift is for a %, which the agency has not recorded you as', shift.staff_type
        using hint = first_code;
    when 'skill' then
      raise exception 'This shift needs %, which the agency has not recorded for you', lower(shift.skill)
        using hint = first_code;
    when 'credential' then
      raise exception 'This shift needs a credential the agency has not verified as valid for you'
        using hint = first_code;
    when 'over_hours' then
      raise exception 'This shift would take you over your hours for that week' using hint = first_code;
    when 'not_employed' then
      raise exception 'Shift not found';
    else
      null;
  end case;

  update public.shifts s set accepted_by = caller, accepted_at = now()
  where s.id = shift.id
  returning * into shift;
  return shift;
end;
$$;

comment on function public.accept_shift(uuid) is
  'Staff app: accept a pending shift of one of the caller''s employers; the first caller wins. '
  'Refused, with the first reason of public.eligibility in the worker''s words (its code in the hint), '
  'when the worker may not take it. Security definer because shifts are not client-writable; the '
  'caller is checked inside.';
