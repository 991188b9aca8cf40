-- Every guard error the database raises carries a stable code in its hint (PostgREST's "hint"), and
-- its values as JSON in its detail ("details"), so each app says it in the person's language
-- (shared/i18n/database-errors.ts); the English sentence stays the message, for API users and
-- logs. The eligibility refusals of accept_shift already carried their reason's code; the two that
-- name the shift's staff type or skill now give it in the detail.
--
-- Each function below is restated as it was, only its raise statements changed.

CREATE OR REPLACE FUNCTION private.apply_stripe_event() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  target uuid := new.company_id;
begin
  -- A bare record (an event with nothing to apply) only marks the id as processed.
  if new.company_id is null and new.customer_id is null then
    return null;
  end if;
  if target is null then
    select c.id into target from public.companies c where c.stripe_customer_id = new.customer_id;
  end if;

  update public.companies c
  set premium = coalesce(new.premium, c.premium),
      stripe_customer_id = coalesce(new.customer_id, c.stripe_customer_id)
  where c.id = target;
  if not found then
    raise exception 'No company matches this Stripe event'
        using errcode = 'no_data_found', hint = 'stripe_event_unmatched';
  end if;
  return null;
end;
$$;

CREATE OR REPLACE FUNCTION private.check_join_limit(target_staff_id uuid, client_ip inet) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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
        using errcode = 'PT429', hint = 'join_attempts_exceeded';
  end if;
end;
$$;

CREATE OR REPLACE FUNCTION private.check_shift_post() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  company public.companies%rowtype;
  is_api_client constant boolean := current_setting('role', true) in ('authenticated', 'anon');
begin
  -- A client posting for someone else is refused by RLS right after this trigger; skip the checks so
  -- it neither locks nor learns anything about the other company's plan. (The role setting keeps
  -- the API role even inside this security definer function.)
  if is_api_client and new.company_id is distinct from (select auth.uid()) then
    return new;
  end if;

  select * into company from public.companies c where c.id = new.company_id for update;
  if not found then
    raise exception 'Only company accounts can post shifts'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_post_shifts';
  end if;

  -- Clients (and only clients) may not backdate; the service role and seeds record past shifts.
  if is_api_client then
    if new.starts_at < now() - interval '1 minute' then
      raise exception 'Start date cannot be in the past' using hint = 'start_in_past';
    end if;
  end if;
  if new.ends_at <= new.starts_at then
    raise exception 'End date must be after start date' using hint = 'end_before_start';
  end if;

  if not company.premium then
    if company.free_shifts_used >= 10 then
      raise exception 'Free plan limit reached: upgrade to Premium to post more than 10 shifts'
        using hint = 'free_shift_limit';
    end if;
    update public.companies set free_shifts_used = free_shifts_used + 1 where id = company.id;
  end if;
  return new;
end;
$$;

CREATE OR REPLACE FUNCTION private.employ_staff(target_staff_id uuid, code text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  matched uuid;
begin
  select c.id into matched from public.companies c where c.company_code = btrim(code);
  if matched is null then
    raise exception 'No company found with that code' using hint = 'company_code_unknown';
  end if;
  return private.employ_staff_at(target_staff_id, matched);
end;
$$;

CREATE OR REPLACE FUNCTION private.employ_staff_at(target_staff_id uuid, target_company_id uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  company public.companies%rowtype;
  worker_email text;
begin
  select * into company from public.companies c where c.id = target_company_id for update;
  if not found then
    raise exception 'No company found with that code' using hint = 'company_code_unknown';
  end if;
  select lower(u.email) into worker_email from auth.users u where u.id = target_staff_id;

  if not exists (select 1 from public.employments e
                 where e.staff_id = target_staff_id and e.company_id = company.id) then
    if not company.premium
       and private.staff_places_taken(company.id, worker_email) >= private.free_staff_limit() then
      raise exception 'This company has reached the free plan limit of % staff', private.free_staff_limit()
        using hint = 'free_staff_limit',
        detail = pg_catalog.json_build_object('limit', private.free_staff_limit())::text;
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

CREATE OR REPLACE FUNCTION private.finish_shift(target_shift public.shifts, time_done text) RETURNS public.shifts
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  shift public.shifts%rowtype := target_shift;
begin
  if shift.clocked_in_at is null then
    raise exception 'Staff has not clocked in' using hint = 'not_clocked_in';
  end if;
  if shift.clocked_out_at is not null then
    raise exception 'Staff already clocked out' using hint = 'already_clocked_out';
  end if;
  if time_done is null or btrim(time_done) = '' then
    raise exception 'Time Done cannot be empty' using hint = 'time_done_empty';
  end if;

  update public.shifts s set clocked_out_at = now(), time_done = btrim(finish_shift.time_done)
  where s.id = shift.id
  returning * into shift;

  update public.staff st
  set on_shift = exists (
    select 1 from public.shifts s
    where s.accepted_by = st.id and s.clocked_in_at is not null and s.clocked_out_at is null
  )
  where st.id = shift.accepted_by;
  return shift;
end;
$$;

CREATE OR REPLACE FUNCTION private.forbid_join_attempt_changes() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  raise exception 'The join attempt log is append-only'
        using errcode = 'insufficient_privilege',
        hint = 'join_log_append_only';
end;
$$;

CREATE OR REPLACE FUNCTION private.forbid_shift_event_changes() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  raise exception 'Shift history is append-only'
        using errcode = 'insufficient_privilege',
        hint = 'shift_history_append_only';
end;
$$;

CREATE OR REPLACE FUNCTION private.guard_tutorial_seen() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if current_setting('role', true) not in ('authenticated', 'anon')
     or new.tutorial_seen_at is not distinct from old.tutorial_seen_at then
    return new;
  end if;
  if old.tutorial_seen_at is not null then
    raise exception 'The tutorial has already been marked as seen'
        using errcode = 'check_violation', hint = 'tutorial_already_seen';
  end if;
  if new.tutorial_seen_at is distinct from now() then
    raise exception 'The tutorial can only be marked as seen at the current time'
        using errcode = 'check_violation', hint = 'tutorial_seen_now_only';
  end if;
  return new;
end;
$$;

CREATE OR REPLACE FUNCTION private.handle_new_user() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
    raise exception 'Account type must be company or staff' using hint = 'account_type_invalid';
  end if;
  return new;
end;
$$;

CREATE OR REPLACE FUNCTION private.mark_feedback_given() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_when = 'BEFORE' then
    if current_setting('role', true) in ('authenticated', 'anon')
       and new.company_id is distinct from (select auth.uid()) then
      return new;
    end if;
    if exists (select 1 from public.feedback_responses f where f.company_id = new.company_id) then
      raise exception 'Your feedback has already been received'
        using hint = 'feedback_already_received';
    end if;
    return new;
  end if;

  update public.companies c set feedback_given = true where c.id = new.company_id;
  return null;
end;
$$;

CREATE OR REPLACE FUNCTION private.validate_time_zone() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'UPDATE' and new.time_zone is not distinct from old.time_zone then
    return new;
  end if;
  if not private.is_known_time_zone(new.time_zone) then
    raise exception '%', format(tg_argv[0], new.time_zone) using errcode = 'check_violation',
      hint = case when strpos(tg_argv[0], '%s') > 0 then 'time_zone_unknown' else 'time_zone_invalid' end,
      detail = pg_catalog.json_build_object('timeZone', new.time_zone)::text;
  end if;
  return new;
end;
$$;

CREATE OR REPLACE FUNCTION public.accept_shift(shift_id uuid) RETURNS public.shifts
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller uuid := auth.uid();
  shift public.shifts%rowtype;
  first_code text;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can accept shifts'
        using errcode = 'insufficient_privilege',
        hint = 'staff_only_accept_shifts';
  end if;

  -- One accept at a time per worker: two overlapping shifts accepted at once must not both pass
  -- the overlap check (the double-booking trigger would refuse the second less kindly).
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('accept_shift:' || caller::text, 0));

  select * into shift from public.shifts s where s.id = accept_shift.shift_id for update;
  -- Shifts of companies the worker does not work for are reported as missing, not as forbidden.
  if not found then
    raise exception 'Shift not found' using hint = 'shift_not_found';
  end if;
  perform 1 from public.employments e
  where e.staff_id = caller and e.company_id = shift.company_id
  for share;
  if not found then
    raise exception 'Shift not found' using hint = 'shift_not_found';
  end if;

  if shift.accepted_by = caller then
    raise exception 'You have already accepted this shift' using hint = 'already_accepted_by_you';
  end if;
  if shift.ends_at <= now() then
    raise exception 'This shift has already ended' using hint = 'shift_ended';
  end if;
  -- A best-matches shift not offered to the caller yet is not theirs to see.
  if not private.is_offered(shift, caller) then
    raise exception 'Shift not found' using hint = 'shift_not_found';
  end if;

  -- Whether the caller may take it comes before whether someone was faster: a worker who could
  -- never have taken the shift is told why, not that they were late.
  select r.code into first_code from private.eligibility_reasons(shift, caller) r limit 1;
  case first_code
    when 'no_show' then
      raise exception 'You did not clock in to this shift, so your agency offered it to other staff'
        using hint = first_code;
    when 'overlapping_shift' then
      raise exception 'You already have another shift at this time' using hint = first_code;
    when 'time_off' then
      raise exception 'This shift is during your time off' using hint = first_code;
    when 'staff_type' then
      raise exception 'This shift is for a %, which the agency has not recorded you as', shift.staff_type
        using hint = first_code,
        detail = pg_catalog.json_build_object('staffType', shift.staff_type)::text;
    when 'skill' then
      raise exception 'This shift needs %, which the agency has not recorded for you', lower(shift.skill)
        using hint = first_code,
        detail = pg_catalog.json_build_object('skill', shift.skill)::text;
    when 'credential' then
      raise exception 'This shift needs a credential the agency has not verified as valid for you'
        using hint = first_code;
    when 'over_hours' then
      raise exception 'This shift would take you over your hours for that week' using hint = first_code;
    when 'not_employed' then
      raise exception 'Shift not found' using hint = 'shift_not_found';
    else
      null;
  end case;

  if shift.accepted_at is not null then
    raise exception 'This shift has already been accepted by another staff member'
        using hint = 'shift_taken';
  end if;

  update public.shifts s set accepted_by = caller, accepted_at = now()
  where s.id = shift.id
  returning * into shift;
  return shift;
end;
$$;

CREATE OR REPLACE FUNCTION public.assistant_attendance(p_from timestamp with time zone, p_before timestamp with time zone, p_now timestamp with time zone, p_limit integer DEFAULT 25, p_staff_id uuid DEFAULT NULL::uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_custom_plan'
    AS $$
declare
  me constant uuid := (select auth.uid());
  result jsonb;
begin
  if not exists (select 1 from public.companies c where c.id = me) then
    raise exception 'Only company accounts can use the assistant'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_assistant';
  end if;
  if p_now is null then
    raise exception 'The current time is required' using hint = 'now_required';
  end if;
  if p_before <= p_from then
    raise exception 'The end of the period must be after its start'
        using hint = 'period_end_before_start';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 50 then
    raise exception 'The number of shifts to list must be from 1 to 50'
        using hint = 'shift_list_size_invalid';
  end if;

  with late as (
    -- The late-clock-in condition in this exact form matches the partial index of late shifts.
    select s as shift, s.starts_at, s.id, s.accepted_by,
           floor(pg_catalog.date_part('epoch', s.clocked_in_at - s.starts_at) / 60)::integer as minutes_late
    from public.shifts s
    where s.company_id = me and s.clocked_in_at - s.starts_at > interval '10 minutes'
      and s.starts_at >= coalesce(p_from, '-infinity') and s.starts_at < coalesce(p_before, 'infinity')
      and (p_staff_id is null or s.accepted_by = p_staff_id)
  ),
  no_shows as (
    select s as shift, s.starts_at, s.id, s.accepted_by
    from public.shifts s
    where s.company_id = me and s.accepted_at is not null and s.clocked_in_at is null and s.starts_at < p_now
      and s.starts_at >= coalesce(p_from, '-infinity') and s.starts_at < coalesce(p_before, 'infinity')
      and (p_staff_id is null or s.accepted_by = p_staff_id)
  ),
  per_staff as (
    select x.accepted_by, count(*) filter (where x.is_late) as late, count(*) filter (where not x.is_late) as no_shows
    from (select accepted_by, true as is_late from late union all select accepted_by, false from no_shows) x
    where x.accepted_by is not null
    group by x.accepted_by
  ),
  named as (
    select p.accepted_by, p.late, p.no_shows,
           coalesce(nullif(pg_catalog.btrim(st.first_name || ' ' || st.last_name), ''), 'Former staff member') as name
    from per_staff p
    left join public.staff st on st.id = p.accepted_by
  )
  select jsonb_build_object(
    'late_total', (select count(*) from late),
    'late', (select coalesce(jsonb_agg(jsonb_build_object('shift', public.assistant_shift_json(l.shift),
                                                          'minutes_late', l.minutes_late)
                                       order by l.starts_at desc, l.id), '[]'::jsonb)
             from (select * from late order by starts_at desc, id limit p_limit) l),
    'no_show_total', (select count(*) from no_shows),
    'no_shows', (select coalesce(jsonb_agg(public.assistant_shift_json(n.shift) order by n.starts_at desc, n.id),
                                 '[]'::jsonb)
                 from (select * from no_shows order by starts_at desc, id limit p_limit) n),
    'by_staff', (select coalesce(jsonb_agg(jsonb_build_object('staff', jsonb_build_object('id', b.accepted_by,
                                                                                          'name', b.name),
                                                              'late', b.late, 'no_shows', b.no_shows)
                                           order by b.late + b.no_shows desc, b.name, b.accepted_by), '[]'::jsonb)
                 from (select * from named order by late + no_shows desc, name, accepted_by limit 10) b))
  into result;
  return result;
end;
$$;

CREATE OR REPLACE FUNCTION public.assistant_fill_stats(p_from timestamp with time zone, p_before timestamp with time zone, p_now timestamp with time zone) RETURNS TABLE(posted integer, filled integer, fill_rate numeric, median_minutes_to_fill numeric, average_minutes_to_fill numeric, expired_unfilled integer)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_custom_plan'
    AS $$
declare
  me constant uuid := (select auth.uid());
begin
  if not exists (select 1 from public.companies c where c.id = me) then
    raise exception 'Only company accounts can use the assistant'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_assistant';
  end if;
  if p_now is null then
    raise exception 'The current time is required' using hint = 'now_required';
  end if;
  if p_before <= p_from then
    raise exception 'The end of the period must be after its start'
        using hint = 'period_end_before_start';
  end if;

  return query
  with period as (
    select s.created_at, s.starts_at, s.accepted_at,
           case when s.accepted_at is not null
                then pg_catalog.date_part('epoch', s.accepted_at - s.created_at) / 60 end as minutes
    from public.shifts s
    where s.company_id = me
      and s.starts_at >= coalesce(p_from, '-infinity') and s.starts_at < coalesce(p_before, 'infinity')
  )
  select count(*)::integer,
         count(p.accepted_at)::integer,
         case when count(*) > 0 then round(count(p.accepted_at)::numeric / count(*), 4) end,
         round((percentile_cont(0.5) within group (order by p.minutes))::numeric, 1),
         round(avg(p.minutes)::numeric, 1),
         (count(*) filter (where p.accepted_at is null and p.starts_at < p_now))::integer
  from period p;
end;
$$;

CREATE OR REPLACE FUNCTION public.assistant_plan_usage(p_now timestamp with time zone) RETURNS TABLE(premium boolean, shifts_used integer, shift_limit integer, staff_count integer, staff_limit integer, questions_left integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_custom_plan'
    AS $$
declare
  me constant uuid := (select auth.uid());
  company public.companies%rowtype;
begin
  select * into company from public.companies c where c.id = me;
  if me is null or not found then
    raise exception 'Only company accounts can use the assistant'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_assistant';
  end if;
  if p_now is null then
    raise exception 'The current time is required' using hint = 'now_required';
  end if;

  return query
  select company.premium,
         company.free_shifts_used,
         case when company.premium then null else 10 end,
         (select count(*)::integer from public.employments e where e.company_id = me),
         case when company.premium then null else 30 end,
         -- The panel's own count (20261125110100_assistant_questions_left.sql), as of p_now.
         public.assistant_questions_left(p_now);
end;
$$;

CREATE OR REPLACE FUNCTION public.assistant_questions_left(p_at timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS integer
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller constant uuid := auth.uid();
  company public.companies%rowtype;
  used integer;
begin
  select * into company from public.companies c where c.id = caller;
  if caller is null or not found then
    raise exception 'Only company accounts can use the assistant'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_assistant';
  end if;
  if company.premium then
    return null;
  end if;

  -- The month as use_assistant_question counts it: the calendar month in the company's time zone
  -- (of p_at when given: the assistant's plan_usage tool asks as of its own "now").
  select u.questions into used
  from public.ai_usage u
  where u.company_id = caller
    and u.month = date_trunc('month', coalesce(p_at, now()) at time zone company.time_zone)::date;

  return greatest(public.assistant_free_question_limit() - coalesce(used, 0), 0);
end;
$$;

CREATE OR REPLACE FUNCTION public.assistant_shift_counts(p_from timestamp with time zone, p_before timestamp with time zone) RETURNS TABLE(pending integer, assigned integer, in_progress integer, completed integer, total integer)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_custom_plan'
    AS $$
declare
  me constant uuid := (select auth.uid());
begin
  if not exists (select 1 from public.companies c where c.id = me) then
    raise exception 'Only company accounts can use the assistant'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_assistant';
  end if;
  if p_before <= p_from then
    raise exception 'The end of the period must be after its start'
        using hint = 'period_end_before_start';
  end if;

  return query
  select (count(*) filter (where s.accepted_at is null))::integer,
         (count(*) filter (where s.accepted_at is not null and s.clocked_in_at is null))::integer,
         (count(*) filter (where s.clocked_in_at is not null and s.clocked_out_at is null))::integer,
         (count(*) filter (where s.clocked_out_at is not null))::integer,
         count(*)::integer
  from public.shifts s
  where s.company_id = me
    and s.starts_at >= coalesce(p_from, '-infinity') and s.starts_at < coalesce(p_before, 'infinity');
end;
$$;

CREATE OR REPLACE FUNCTION public.assistant_staff_ranking(p_metric text, p_from timestamp with time zone, p_before timestamp with time zone, p_limit integer DEFAULT 10) RETURNS TABLE(staff_id uuid, staff_name text, value numeric, shifts integer)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_custom_plan'
    AS $$
declare
  me constant uuid := (select auth.uid());
begin
  if not exists (select 1 from public.companies c where c.id = me) then
    raise exception 'Only company accounts can use the assistant'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_assistant';
  end if;
  if p_metric is null or p_metric not in ('most_accepted', 'most_hours', 'fastest_to_accept') then
    raise exception 'The ranking must be most_accepted, most_hours or fastest_to_accept'
        using hint = 'ranking_invalid';
  end if;
  if p_before <= p_from then
    raise exception 'The end of the period must be after its start'
        using hint = 'period_end_before_start';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 50 then
    raise exception 'The number of staff to rank must be from 1 to 50'
        using hint = 'staff_rank_size_invalid';
  end if;

  -- One aggregate per metric, so a ranking by count never sorts fill times it does not need.
  return query
  with accepted as (
    select s.accepted_by, s.created_at, s.accepted_at, s.clocked_in_at, s.clocked_out_at
    from public.shifts s
    where s.company_id = me and s.accepted_by is not null
      and s.starts_at >= coalesce(p_from, '-infinity') and s.starts_at < coalesce(p_before, 'infinity')
  ),
  scored as (
    select a.accepted_by,
           case p_metric
             when 'most_accepted' then count(*)::numeric
             when 'most_hours' then
               round((sum(pg_catalog.date_part('epoch', a.clocked_out_at - a.clocked_in_at)) / 3600)::numeric, 2)
           end as value,
           (case when p_metric = 'most_hours' then count(a.clocked_out_at) else count(*) end)::integer as shifts
    from accepted a
    where p_metric <> 'fastest_to_accept'
    group by a.accepted_by
    union all
    select a.accepted_by,
           round((percentile_cont(0.5) within group (
             order by pg_catalog.date_part('epoch', a.accepted_at - a.created_at) / 60))::numeric, 1),
           count(*)::integer
    from accepted a
    where p_metric = 'fastest_to_accept'
    group by a.accepted_by
  ),
  named as (
    select sc.accepted_by, sc.value, sc.shifts,
           coalesce(nullif(pg_catalog.btrim(st.first_name || ' ' || st.last_name), ''), 'Former staff member') as name
    from scored sc
    left join public.staff st on st.id = sc.accepted_by
    where sc.value is not null and sc.shifts > 0
  )
  select n.accepted_by, n.name, n.value, n.shifts
  from named n
  order by case when p_metric = 'fastest_to_accept' then n.value end asc,
           case when p_metric <> 'fastest_to_accept' then n.value end desc,
           n.name, n.accepted_by
  limit p_limit;
end;
$$;

CREATE OR REPLACE FUNCTION public.assistant_staff_summary(p_staff_id uuid, p_from timestamp with time zone, p_before timestamp with time zone, p_now timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_custom_plan'
    AS $$
declare
  me constant uuid := (select auth.uid());
  has_period constant boolean := p_from is not null or p_before is not null;
  person jsonb;
  result jsonb;
begin
  if not exists (select 1 from public.companies c where c.id = me) then
    raise exception 'Only company accounts can use the assistant'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_assistant';
  end if;
  if p_now is null then
    raise exception 'The current time is required' using hint = 'now_required';
  end if;
  if p_before <= p_from then
    raise exception 'The end of the period must be after its start'
        using hint = 'period_end_before_start';
  end if;

  select jsonb_build_object('id', st.id, 'first_name', st.first_name, 'last_name', st.last_name,
                            'email', st.email, 'phone', st.phone, 'on_shift', st.on_shift)
  into person
  from public.staff st
  join public.employments e on e.staff_id = st.id and e.company_id = me
  where st.id = p_staff_id;
  if person is null then
    raise exception 'No staff member with this id works for you'
        using errcode = 'no_data_found', hint = 'staff_member_not_yours';
  end if;

  with theirs as (
    select s from public.shifts s where s.company_id = me and s.accepted_by = p_staff_id
  ),
  in_period as (
    select t.s from theirs t
    where (t.s).starts_at >= coalesce(p_from, '-infinity') and (t.s).starts_at < coalesce(p_before, 'infinity')
  )
  select jsonb_build_object(
    'staff', person,
    'shifts_accepted', (select count(*) from in_period),
    'shifts_completed', (select count(*) from in_period p where (p.s).clocked_out_at is not null),
    'hours_done', (select coalesce(round((sum(pg_catalog.date_part('epoch', (p.s).clocked_out_at - (p.s).clocked_in_at))
                                          / 3600)::numeric, 2), 0)
                   from in_period p where (p.s).clocked_out_at is not null),
    'last_shift', (select public.assistant_shift_json(t.s) from theirs t
                   where (t.s).clocked_in_at is not null and (t.s).starts_at < p_now
                   order by (t.s).starts_at desc, (t.s).id limit 1),
    'upcoming', (select coalesce(jsonb_agg(public.assistant_shift_json(u.s) order by (u.s).starts_at, (u.s).id), '[]'::jsonb)
                 from (select t.s from theirs t where (t.s).starts_at >= p_now
                       order by (t.s).starts_at, (t.s).id limit 10) u),
    'shifts', case when has_period then
                (select coalesce(jsonb_agg(public.assistant_shift_json(p.s) order by (p.s).starts_at, (p.s).id), '[]'::jsonb)
                 from (select i.s from in_period i order by (i.s).starts_at, (i.s).id limit 25) p)
              else
                (select coalesce(jsonb_agg(public.assistant_shift_json(r.s) order by (r.s).starts_at, (r.s).id), '[]'::jsonb)
                 from (select t.s from theirs t where (t.s).starts_at < p_now
                       order by (t.s).starts_at desc, (t.s).id limit 10) r)
              end)
  into result;
  return result;
end;
$$;

CREATE OR REPLACE FUNCTION public.assistant_who_can_cover(p_shift_id uuid, p_now timestamp with time zone, p_staff_id uuid DEFAULT NULL::uuid, p_limit integer DEFAULT 10) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_custom_plan'
    AS $$
declare
  me constant uuid := (select auth.uid());
  shift public.shifts%rowtype;
  result jsonb;
begin
  if me is null or not exists (select 1 from public.companies c where c.id = me) then
    raise exception 'Only company accounts can use the assistant'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_assistant';
  end if;
  if p_now is null then
    raise exception 'The current time is required' using hint = 'now_required';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 50 then
    raise exception 'The number of staff to list must be from 1 to 50'
        using hint = 'staff_list_size_invalid';
  end if;
  select * into shift from public.shifts s where s.id = p_shift_id and s.company_id = me;
  if not found then
    raise exception 'Shift not found' using errcode = 'no_data_found', hint = 'shift_not_found';
  end if;
  if p_staff_id is not null
     and not exists (select 1 from public.employments e where e.company_id = me and e.staff_id = p_staff_id) then
    raise exception 'No staff member with this id works for you'
        using errcode = 'no_data_found', hint = 'staff_member_not_yours';
  end if;

  -- One statement: each employed worker judged once (their reasons), then ranked and summed up.
  -- Eligibility asked once for all of them (private.eligibility_for); only the reasons that can carry
  -- dates are rewritten, per worker who has one.
  with verdicts as materialized (
    select el.staff_id, el.reason_codes, el.reasons, el.flags
    from private.eligibility_for(shift, array(select e.staff_id from public.employments e
                                              where e.company_id = me
                                                and e.staff_id is distinct from shift.accepted_by)) el
  ),
  judged as materialized (
    select v.staff_id,
           coalesce(nullif(btrim(st.first_name || ' ' || st.last_name), ''), 'Staff member') as name,
           coalesce(r.codes, v.reason_codes) as codes, coalesce(r.reasons, v.reasons) as reasons, v.flags
    from verdicts v
    join public.staff st on st.id = v.staff_id
    left join lateral (
      select array_agg(x.code order by x.n) as codes, array_agg(x.reason order by x.n) as reasons
      from private.cover_reasons(shift, v.staff_id, p_now, v.reason_codes, v.reasons)
             with ordinality as x (code, reason, n)
      where v.reason_codes && array['credential', 'staff_type', 'time_off']
    ) r on true
  ),
  eligible as (
    select j.staff_id, j.name, r.rank, r.worked_here, r.distance_m, r.week_hours, j.flags
    from judged j
    join private.cover_rank(shift, (select array_agg(x.staff_id) from judged x where x.codes = '{}'), p_now) r
      on r.staff_id = j.staff_id
  ),
  fewest as (
    select min(cardinality(j.codes)) as n from judged j where j.codes <> '{}'
  ),
  stops as (
    select c.code, count(distinct j.staff_id)::integer as workers, min(c.reason) as example
    from judged j
    cross join lateral unnest(j.codes, j.reasons) as c (code, reason)
    group by c.code
  ),
  -- The near misses, those whose reasons are rarest first: a reason that stops nearly everyone (no one
  -- else is recorded as a CYW) says less about each of them than the one CYW's time off.
  near as (
    select j.staff_id, j.name, j.codes, j.reasons, r.rank,
           (select sum(st.workers) from unnest(j.codes) as c (code) join stops st on st.code = c.code) as rarity
    from judged j
    join private.cover_rank(shift, (select array_agg(x.staff_id) from judged x, fewest y
                                    where x.codes <> '{}' and cardinality(x.codes) = y.n), p_now) r
      on r.staff_id = j.staff_id
  )
  select jsonb_build_object(
    'shift', public.assistant_shift_json(shift)
             || case when shift.accepted_by is not null
                          and not exists (select 1 from public.employments e
                                          where e.company_id = me and e.staff_id = shift.accepted_by)
                     then jsonb_build_object('staff', null) else '{}'::jsonb end,
    'eligible_total', (select count(*)::integer from eligible),
    'eligible', (select coalesce(jsonb_agg(jsonb_build_object(
                          'staff', jsonb_build_object('id', el.staff_id, 'name', el.name),
                          'rank', el.rank, 'worked_here', el.worked_here,
                          'distance_km', round(el.distance_m / 1000.0, 1), 'week_hours', el.week_hours,
                          'flags', to_jsonb(el.flags))
                        order by el.rank), '[]'::jsonb)
                 from (select * from eligible order by rank limit p_limit) el),
    'ineligible_total', (select count(*)::integer from judged j where j.codes <> '{}'),
    'near_misses', (select coalesce(jsonb_agg(jsonb_build_object(
                             'staff', jsonb_build_object('id', n.staff_id, 'name', n.name),
                             'reason_codes', to_jsonb(n.codes), 'reasons', to_jsonb(n.reasons))
                           order by n.rarity, n.rank), '[]'::jsonb)
                    from (select * from near order by rarity, rank limit 5) n),
    'near_miss_total', (select count(*)::integer from near),
    'near_miss_reasons', (select f.n from fewest f),
    'reason_counts', (select coalesce(jsonb_agg(jsonb_build_object('code', s.code, 'workers', s.workers,
                                                                   'example', s.example)
                                                order by s.workers desc, s.code), '[]'::jsonb)
                      from stops s),
    'asked', case when p_staff_id is null then null
                  when p_staff_id = shift.accepted_by then
                    (select jsonb_build_object('staff', jsonb_build_object(
                              'id', st.id,
                              'name', coalesce(nullif(btrim(st.first_name || ' ' || st.last_name), ''), 'Staff member')),
                              'holds_shift', true, 'eligible', false, 'rank', null,
                              'reason_codes', '[]'::jsonb, 'reasons', '[]'::jsonb, 'flags', '[]'::jsonb)
                     from public.staff st where st.id = p_staff_id)
                  else
                    (select jsonb_build_object('staff', jsonb_build_object('id', j.staff_id, 'name', j.name),
                              'holds_shift', false, 'eligible', j.codes = '{}',
                              'rank', (select el.rank from eligible el where el.staff_id = j.staff_id),
                              'reason_codes', to_jsonb(j.codes), 'reasons', to_jsonb(j.reasons),
                              'flags', to_jsonb(case when j.codes = '{}'
                                                     then j.flags
                                                     else '{}'::text[] end))
                     from judged j where j.staff_id = p_staff_id)
             end)
  into result;
  return result;
end;
$$;

CREATE OR REPLACE FUNCTION public.claim_staff_invites() RETURNS TABLE(company_id uuid, company_name text, joined boolean, message text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller constant uuid := (select auth.uid());
  address text;
  target record;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can accept invitations'
        using errcode = 'insufficient_privilege',
        hint = 'staff_only_accept_invitations';
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

CREATE OR REPLACE FUNCTION public.clock_in(shift_id uuid, latitude double precision DEFAULT NULL::double precision, longitude double precision DEFAULT NULL::double precision, reason text DEFAULT NULL::text) RETURNS public.shifts
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller uuid := auth.uid();
  shift public.shifts%rowtype;
  radius constant integer := public.clock_in_radius_m();
  given_reason text := nullif(pg_catalog.btrim(clock_in.reason), '');
  distance integer;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can clock in'
        using errcode = 'insufficient_privilege',
        hint = 'staff_only_clock_in';
  end if;

  select * into shift from public.shifts s where s.id = clock_in.shift_id for update;
  if not found or shift.accepted_by is distinct from caller then
    raise exception 'Only the staff member who accepted this shift can clock in'
        using hint = 'not_your_shift_clock_in';
  end if;
  perform 1 from public.employments e
  where e.staff_id = caller and e.company_id = shift.company_id
  for share;
  if not found then
    raise exception 'You no longer work for this company' using hint = 'no_longer_employed';
  end if;
  if shift.clocked_in_at is not null then
    raise exception 'Staff already clocked in' using hint = 'already_clocked_in';
  end if;

  if now() < shift.starts_at - interval '30 minutes' then
    raise exception 'You can clock in from 30 minutes before the shift starts'
        using hint = 'clock_in_too_early';
  end if;
  -- NaN and infinities sort above every number, so the ranges refuse them too.
  if (clock_in.latitude is null) <> (clock_in.longitude is null)
     or clock_in.latitude not between -90 and 90
     or clock_in.longitude not between -180 and 180 then
    raise exception 'Location is not valid' using hint = 'location_invalid';
  end if;
  if pg_catalog.char_length(given_reason) > 500 then
    raise exception 'Reason must be 500 characters or less' using hint = 'reason_too_long';
  end if;

  if clock_in.latitude is not null and shift.latitude is not null and shift.longitude is not null then
    distance := private.great_circle_m(shift.latitude, shift.longitude, clock_in.latitude, clock_in.longitude);
  end if;
  if clock_in.latitude is null and given_reason is null then
    raise exception 'Add a reason to clock in without your location'
        using hint = 'clock_in_reason_no_location';
  end if;
  if distance > radius and given_reason is null then
    raise exception 'Add a reason to clock in more than % m from the shift', radius
        using hint = 'clock_in_reason_far',
        detail = pg_catalog.json_build_object('meters', radius)::text;
  end if;

  update public.shifts s
  set clocked_in_at = now(),
      clock_in_latitude = clock_in.latitude,
      clock_in_longitude = clock_in.longitude,
      clock_in_distance_m = distance,
      clock_in_reason = given_reason
  where s.id = shift.id
  returning * into shift;
  update public.staff s set on_shift = true where s.id = caller;
  return shift;
end;
$$;

CREATE OR REPLACE FUNCTION public.clock_out(shift_id uuid, time_done text DEFAULT NULL::text) RETURNS public.shifts
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller uuid := auth.uid();
  shift public.shifts%rowtype;
  clocked_minutes integer;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can clock out'
        using errcode = 'insufficient_privilege',
        hint = 'staff_only_clock_out';
  end if;

  select * into shift from public.shifts s where s.id = clock_out.shift_id for update;
  if not found or shift.accepted_by is distinct from caller then
    raise exception 'Only the staff member who accepted this shift can clock out'
        using hint = 'not_your_shift_clock_out';
  end if;
  if clock_out.time_done is null or pg_catalog.btrim(clock_out.time_done) = '' then
    -- The clocked span in the timeline's words; '0 mins' rather than 'less than 1 min', which
    -- time_done_minutes could not read back. Null when not clocked in: finish_shift says so first.
    clocked_minutes := floor(extract(epoch from now() - shift.clocked_in_at) / 60)::integer;
    return private.finish_shift(shift,
      case when clocked_minutes < 1 then '0 mins' else public.format_duration_minutes(clocked_minutes) end);
  end if;
  return private.finish_shift(shift, clock_out.time_done);
end;
$$;

CREATE OR REPLACE FUNCTION public.clock_staff_out(shift_id uuid, time_done text) RETURNS public.shifts
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller uuid := auth.uid();
  shift public.shifts%rowtype;
begin
  select * into shift from public.shifts s
  where s.id = clock_staff_out.shift_id and s.company_id = caller
  for update;
  if not found then
    raise exception 'Shift not found' using hint = 'shift_not_found';
  end if;
  return private.finish_shift(shift, time_done);
end;
$$;

CREATE OR REPLACE FUNCTION public.coverage_overview(p_from timestamp with time zone, p_to timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET "TimeZone" TO 'UTC'
    AS $$
declare
  me constant uuid := (select auth.uid());
  zone text;
  result jsonb;
begin
  if p_from is null or p_to is null then
    raise exception 'Choose the start and the end of the period' using hint = 'period_required';
  end if;
  if p_to <= p_from then
    raise exception 'The end of the period must be after its start'
        using hint = 'period_end_before_start';
  end if;
  if p_to - p_from > interval '366 days 1 hour' then
    raise exception 'The period can be at most 366 days long' using hint = 'period_too_long';
  end if;
  select c.time_zone into zone from public.companies c where c.id = me;
  if not found then
    raise exception 'Only company accounts can see coverage insights'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_coverage';
  end if;
  perform pg_catalog.set_config('timezone', zone, true);

  -- Two index-only scans of the period's shifts (shifts_company_id_created_at_insights_idx): one
  -- groups them by local day (the day sums are the totals), one sorts the fill times for the
  -- percentiles (date_part keeps them float8, much faster to sort than extract's numeric). The day is
  -- `created_at::date` under the company's time zone, set above: the same DST-aware conversion as
  -- `(created_at at time zone zone)::date` without a zone lookup per row (about 2.5x faster).
  with days as (
    select s.created_at::date as day,
           count(*) as posted,
           count(s.accepted_at) as accepted,
           count(*) filter (where s.accepted_at < s.starts_at) as filled,
           count(*) filter (where s.clocked_in_at - s.starts_at > interval '10 minutes') as late
    from public.shifts s
    where s.company_id = me and s.created_at >= p_from and s.created_at < p_to
    group by 1
  ),
  totals as (
    select coalesce(sum(d.posted), 0)::bigint as posted,
           coalesce(sum(d.accepted), 0)::bigint as accepted,
           coalesce(sum(d.filled), 0)::bigint as filled_before_start,
           coalesce(sum(d.late), 0)::bigint as late
    from days d
  ),
  fill_times as (
    select percentile_cont(array[0.5, 0.9]) within group (
             order by pg_catalog.date_part('epoch', s.accepted_at - s.created_at) / 60) as minutes
    from public.shifts s
    where s.company_id = me and s.created_at >= p_from and s.created_at < p_to and s.accepted_at is not null
  ),
  -- The 50 most recently posted late clock-ins, from the small partial index of late shifts.
  late as (
    select s.id, s.starts_at, s.clocked_in_at, s.accepted_by,
           pg_catalog.format('%s %s, %s, %s %s, %s', s.street_number, s.street_name, s.city, s.province,
                             s.postal_code, s.country) as address
    from public.shifts s
    where s.company_id = me and s.created_at >= p_from and s.created_at < p_to
      and s.clocked_in_at - s.starts_at > interval '10 minutes'
    order by s.created_at desc
    limit 50
  )
  select jsonb_build_object(
    'period', jsonb_build_object('from', p_from, 'to', p_to, 'time_zone', zone),
    'posted', t.posted,
    'accepted', t.accepted,
    'filled_before_start', t.filled_before_start,
    'fill_rate', case when t.posted > 0 then round(t.filled_before_start::numeric / t.posted, 4) end,
    'median_minutes_to_fill', round(f.minutes[1]::numeric, 1),
    'p90_minutes_to_fill', round(f.minutes[2]::numeric, 1),
    'open_soon', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', s.id, 'starts_at', s.starts_at, 'ends_at', s.ends_at,
               'address', pg_catalog.format('%s %s, %s, %s %s, %s', s.street_number, s.street_name, s.city,
                                            s.province, s.postal_code, s.country),
               'staff_type', s.staff_type, 'skill', s.skill)
             order by s.starts_at, s.id), '[]'::jsonb)
      from public.shifts s
      where s.company_id = me and s.accepted_at is null
        and s.starts_at >= now() and s.starts_at < now() + interval '24 hours'),
    'late_clock_ins', jsonb_build_object(
      'count', t.late,
      'shifts', (
        select coalesce(jsonb_agg(jsonb_build_object(
                 'id', l.id, 'starts_at', l.starts_at, 'clocked_in_at', l.clocked_in_at,
                 'minutes_late', floor(pg_catalog.date_part('epoch', l.clocked_in_at - l.starts_at) / 60)::integer,
                 'staff_name', case when l.accepted_by is not null then coalesce(
                   nullif(pg_catalog.btrim(st.first_name || ' ' || st.last_name), ''), 'Former staff member') end,
                 'address', l.address)
               order by l.starts_at desc, l.id), '[]'::jsonb)
        from late l
        left join public.staff st on st.id = l.accepted_by)),
    'per_day', (
      select jsonb_agg(jsonb_build_object('day', g.day::date, 'posted', coalesce(d.posted, 0),
                                          'filled', coalesce(d.filled, 0))
                       order by g.day)
      from pg_catalog.generate_series((p_from at time zone zone)::date::timestamp,
                                      ((p_to - interval '1 microsecond') at time zone zone)::date::timestamp,
                                      interval '1 day') g(day)
      left join days d on d.day = g.day::date)
  )
  into result
  from totals t cross join fill_times f;
  return result;
end;
$$;

CREATE OR REPLACE FUNCTION public.delete_web_push_subscription(endpoint text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can receive push notifications'
        using errcode = 'insufficient_privilege', hint = 'staff_only_push';
  end if;
  -- Idempotent: unsubscribing twice, or an endpoint that is not the caller's, deletes nothing.
  delete from public.web_push_subscriptions w
  where w.endpoint = delete_web_push_subscription.endpoint and w.staff_id = caller;
end;
$$;

CREATE OR REPLACE FUNCTION public.eligibility(p_shift_id uuid, p_staff_id uuid DEFAULT NULL::uuid) RETURNS TABLE(eligible boolean, reason_codes text[], reasons text[], flags text[])
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
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
    raise exception 'Shift not found' using errcode = 'no_data_found', hint = 'shift_not_found';
  end if;
  if not exists (select 1 from public.staff s where s.id = worker) then
    raise exception 'Staff member not found'
        using errcode = 'no_data_found', hint = 'staff_member_not_found';
  end if;

  return query
    select cardinality(e.reason_codes) = 0, e.reason_codes, e.reasons, e.flags
    from private.eligibility_for(shift, array[worker]) e;
end;
$$;

CREATE OR REPLACE FUNCTION public.invite_staff(emails text[], names text[] DEFAULT NULL::text[]) RETURNS TABLE(email text, outcome text, invite_id uuid)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
    raise exception 'Only company accounts can invite staff'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_invite';
  end if;
  if coalesce(cardinality(emails), 0) = 0 then
    raise exception 'Give at least one email address to invite'
        using errcode = 'invalid_parameter_value', hint = 'invite_empty';
  end if;
  if cardinality(emails) > private.staff_invite_batch_limit() then
    raise exception 'Invite at most % addresses at a time', private.staff_invite_batch_limit()
        using errcode = 'invalid_parameter_value',
        hint = 'invite_batch_too_big',
        detail = pg_catalog.json_build_object('limit', private.staff_invite_batch_limit())::text;
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

CREATE OR REPLACE FUNCTION public.join_company(code text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller uuid := auth.uid();
  client_ip constant inet := private.request_client_ip();
  matched uuid;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can join a company'
        using errcode = 'insufficient_privilege', hint = 'staff_only_join';
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

CREATE OR REPLACE FUNCTION public.leave_company(company_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller uuid := auth.uid();
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can leave a company'
        using errcode = 'insufficient_privilege',
        hint = 'staff_only_leave';
  end if;

  perform 1 from public.employments e
  where e.company_id = leave_company.company_id and e.staff_id = caller
  for update;
  if not found then
    raise exception 'You do not work for this company' using hint = 'not_employed_here';
  end if;

  perform 1 from public.shifts s
  where s.company_id = leave_company.company_id and s.accepted_by = caller and s.clocked_out_at is null
  for update;
  if exists (select 1 from public.shifts s
             where s.company_id = leave_company.company_id and s.accepted_by = caller
               and s.clocked_in_at is not null and s.clocked_out_at is null) then
    raise exception 'You are on a shift for this company. Clock out before leaving.'
        using hint = 'leave_while_on_shift';
  end if;

  update public.shifts s set accepted_by = null, accepted_at = null
  where s.company_id = leave_company.company_id and s.accepted_by = caller and s.clocked_in_at is null;

  delete from public.employments e where e.company_id = leave_company.company_id and e.staff_id = caller;
end;
$$;

CREATE OR REPLACE FUNCTION public.mark_notifications_read() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller uuid := auth.uid();
  marked integer;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts have notifications'
        using errcode = 'insufficient_privilege',
        hint = 'staff_only_notifications';
  end if;

  update public.notifications n set read_at = now()
  where n.staff_id = caller and n.read_at is null;
  get diagnostics marked = row_count;

  update public.staff s set has_unread_notifications = false where s.id = caller;
  return marked;
end;
$$;

CREATE OR REPLACE FUNCTION public.refund_assistant_question(reservation_id uuid) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller constant uuid := auth.uid();
  question_limit constant integer := public.assistant_free_question_limit();
  refunded_month date;
  used integer;
  is_premium boolean;
begin
  delete from private.assistant_reservations r
  where r.id = refund_assistant_question.reservation_id and r.company_id = caller
  returning r.month into refunded_month;
  if refunded_month is null then
    raise exception 'This assistant question cannot be given back'
        using errcode = 'P0001', hint = 'assistant_refund_refused';
  end if;

  update public.ai_usage u
  set questions = greatest(u.questions - 1, 0)
  where u.company_id = caller and u.month = refunded_month
  returning u.questions into used;

  select c.premium into is_premium from public.companies c where c.id = caller;
  return case when is_premium then null else greatest(question_limit - coalesce(used, 0), 0) end;
end;
$$;

CREATE OR REPLACE FUNCTION public.remove_staff(staff_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller uuid := auth.uid();
begin
  if caller is null or not exists (select 1 from public.companies c where c.id = caller) then
    raise exception 'Only company accounts can remove staff'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_remove_staff';
  end if;

  perform 1 from public.employments e
  where e.company_id = caller and e.staff_id = remove_staff.staff_id
  for update;
  if not found then
    raise exception 'This staff member does not work for your company'
        using hint = 'staff_member_not_employed';
  end if;

  -- Lock the worker's open shifts of this company first, so they cannot clock in between the check
  -- and the release below.
  perform 1 from public.shifts s
  where s.company_id = caller and s.accepted_by = remove_staff.staff_id and s.clocked_out_at is null
  for update;
  if exists (select 1 from public.shifts s
             where s.company_id = caller and s.accepted_by = remove_staff.staff_id
               and s.clocked_in_at is not null and s.clocked_out_at is null) then
    raise exception 'This staff member is on a shift. Clock them out before removing them.'
        using hint = 'remove_while_on_shift';
  end if;

  update public.shifts s set accepted_by = null, accepted_at = null
  where s.company_id = caller and s.accepted_by = remove_staff.staff_id and s.clocked_in_at is null;

  delete from public.employments e where e.company_id = caller and e.staff_id = remove_staff.staff_id;
end;
$$;

CREATE OR REPLACE FUNCTION public.repost_shift(p_shift_id uuid) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  me constant uuid := (select auth.uid());
  company public.companies%rowtype;
  shift public.shifts%rowtype;
  told integer;
  batch uuid := gen_random_uuid();
begin
  select * into company from public.companies c where c.id = me;
  if not found then
    raise exception 'Only company accounts can re-post shifts'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_repost';
  end if;
  select * into shift from public.shifts s where s.id = p_shift_id and s.company_id = me for update;
  if not found then
    raise exception 'Shift not found' using hint = 'shift_not_found';
  end if;
  if shift.accepted_at is null then
    raise exception 'Nobody holds this shift, so there is nothing to re-post'
        using hint = 'repost_nobody_holds';
  end if;
  if shift.clocked_in_at is not null then
    raise exception 'The staff member has clocked in, so this shift cannot be re-posted'
        using hint = 'repost_clocked_in';
  end if;
  if shift.ends_at <= now() then
    raise exception 'This shift has already ended' using hint = 'shift_ended';
  end if;
  if now() < shift.starts_at + make_interval(mins => company.no_show_repost_after_minutes) then
    raise exception 'A shift can be re-posted from % minutes after its start', company.no_show_repost_after_minutes
        using hint = 'repost_too_early',
        detail = pg_catalog.json_build_object('minutes', company.no_show_repost_after_minutes)::text;
  end if;
  told := private.repost_no_show(shift.id, me, now());
  perform private.record_repost_pushes(batch, shift.id, now());
  perform private.queue_staff_pushes(batch);
  return told;
end;
$$;

CREATE OR REPLACE FUNCTION public.revoke_staff_invite(invite_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller constant uuid := (select auth.uid());
begin
  perform 1 from public.companies c where c.id = caller for update;
  if caller is null or not found then
    raise exception 'Only company accounts can withdraw invitations'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_withdraw_invite';
  end if;
  update public.staff_invites i
  set status = 'revoked', revoked_at = now()
  where i.id = revoke_staff_invite.invite_id and i.company_id = caller and i.status = 'pending';
  -- Another company's invitation is answered like one that is gone: nothing about it is revealed.
  if not found then
    raise exception 'This invitation is no longer pending' using hint = 'invitation_not_pending';
  end if;
end;
$$;

CREATE OR REPLACE FUNCTION public.save_web_push_subscription(endpoint text, p256dh text, auth text, user_agent text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  caller uuid := (select auth.uid());
  saved uuid;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can receive push notifications'
        using errcode = 'insufficient_privilege', hint = 'staff_only_push';
  end if;
  if save_web_push_subscription.endpoint is null
     or length(save_web_push_subscription.endpoint) > 2048
     or not (save_web_push_subscription.endpoint ~ '^https://[^\s/?#]+[^\s]*$'
             or save_web_push_subscription.endpoint ~ '^http://(127\.0\.0\.1|localhost)(:[0-9]{1,5})?/[^\s]*$') then
    raise exception 'The push subscription endpoint must be an https:// address'
        using errcode = 'invalid_parameter_value',
        hint = 'push_endpoint_invalid';
  end if;
  if save_web_push_subscription.p256dh is null
     or not (save_web_push_subscription.p256dh ~ '^[A-Za-z0-9_-]{86,87}={0,2}$'
             and length(save_web_push_subscription.p256dh) between 87 and 88) then
    raise exception 'The push subscription key p256dh must be a base64url P-256 public key'
        using errcode = 'invalid_parameter_value',
        hint = 'push_key_invalid';
  end if;
  if save_web_push_subscription.auth is null
     or not save_web_push_subscription.auth ~ '^[A-Za-z0-9_-]{22}={0,2}$' then
    raise exception 'The push subscription secret auth must be 16 bytes in base64url'
        using errcode = 'invalid_parameter_value',
        hint = 'push_auth_invalid';
  end if;

  delete from public.web_push_subscriptions w
  where w.endpoint = save_web_push_subscription.endpoint and w.staff_id = caller;

  begin
    insert into public.web_push_subscriptions (staff_id, endpoint, p256dh, auth, user_agent)
    values (caller, save_web_push_subscription.endpoint, save_web_push_subscription.p256dh,
            save_web_push_subscription.auth, left(nullif(btrim(save_web_push_subscription.user_agent), ''), 512))
    returning id into saved;
  exception when unique_violation then
    -- Either another worker holds the endpoint (invisible here) or a concurrent save of the
    -- caller's own just committed it (visible): only the latter is the caller's.
    select w.id into saved from public.web_push_subscriptions w
    where w.endpoint = save_web_push_subscription.endpoint and w.staff_id = caller;
    if saved is null then
      raise exception 'This device is registered to another account. Sign out there, or turn notifications off and on again to get a new subscription'
        using errcode = 'unique_violation', hint = 'push_device_taken';
    end if;
  end;
  return saved;
end;
$_$;

CREATE OR REPLACE FUNCTION public.shift_eligibility(p_shift_id uuid) RETURNS TABLE(staff_id uuid, eligible boolean, reason_codes text[], reasons text[], flags text[])
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  me constant uuid := (select auth.uid());
  shift public.shifts%rowtype;
begin
  select * into shift from public.shifts s where s.id = p_shift_id;
  -- Only the shift's agency: a worker or another agency is told what a missing shift would tell them.
  if not found or me is null or shift.company_id <> me then
    raise exception 'Shift not found' using errcode = 'no_data_found', hint = 'shift_not_found';
  end if;

  return query
    select e.staff_id, cardinality(e.reason_codes) = 0, e.reason_codes, e.reasons, e.flags
    from private.eligibility_for(shift) e;
end;
$$;

CREATE OR REPLACE FUNCTION public.staff_reliability(p_staff_id uuid DEFAULT NULL::uuid) RETURNS TABLE(staff_id uuid, accepted integer, completed integer, late integer, no_shows integer, late_cancellations integer, score numeric)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  me constant uuid := (select auth.uid());
begin
  if not exists (select 1 from public.companies c where c.id = me) then
    raise exception 'Only company accounts can see staff reliability'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_reliability';
  end if;
  return query
    select r.* from private.reliability_counts(me, case when p_staff_id is null then null else array[p_staff_id] end) r
    order by r.staff_id;
end;
$$;

CREATE OR REPLACE FUNCTION public.timesheet_csv(p_from date, p_to date, p_headers text DEFAULT 'en'::text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET "TimeZone" TO 'UTC'
    AS $$
declare
  me constant uuid := (select auth.uid());
  zone text;
  period_start timestamptz;
  period_end timestamptz;
  body text;
begin
  if p_headers is null or p_headers not in ('en', 'fr-CA') then
    raise exception 'Column headers are en or fr-CA' using hint = 'csv_headers_invalid';
  end if;
  if p_from is null or p_to is null then
    raise exception 'Choose a start date and an end date' using hint = 'dates_required';
  end if;
  if p_to < p_from then
    raise exception 'The end date must be on or after the start date'
        using hint = 'end_date_before_start';
  end if;
  if p_to - p_from >= 366 then
    raise exception 'The period can be at most 366 days long' using hint = 'period_too_long';
  end if;
  select c.time_zone into zone from public.companies c where c.id = me;
  if not found then
    raise exception 'Only company accounts can export timesheets'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_timesheets';
  end if;
  perform pg_catalog.set_config('timezone', zone, true);
  period_start := p_from::timestamp at time zone zone;
  period_end := (p_to + 1)::timestamp at time zone zone;

  select string_agg(r.line, E'\r\n' order by r.starts_at, r.staff_name, r.id)
  into body
  from (
    select s.id, s.starts_at, n.staff_name,
           (select string_agg(
                     case when q.guarded ~ E'[",\r\n]' then '"' || replace(q.guarded, '"', '""') || '"'
                          else q.guarded end,
                     ',' order by f.ord)
            from unnest(array[
                   n.staff_name,
                   pg_catalog.to_char(s.starts_at, 'YYYY-MM-DD'),
                   pg_catalog.format('%s %s, %s, %s %s, %s', s.street_number, s.street_name, s.city, s.province,
                                     s.postal_code, s.country),
                   pg_catalog.to_char(s.starts_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'),
                   pg_catalog.to_char(s.ends_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'),
                   pg_catalog.to_char(s.clocked_in_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'),
                   pg_catalog.to_char(s.clocked_out_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'),
                   s.time_done,
                   pg_catalog.to_char(extract(epoch from s.clocked_out_at - s.clocked_in_at) / 3600, 'FM9999990.00'),
                   public.time_done_check(s.time_done_minutes, s.clocked_in_at, s.clocked_out_at, s.time_done),
                   s.skill,
                   s.staff_type]) with ordinality f(value, ord)
            cross join lateral (
              select case when left(f.value, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || f.value
                          else coalesce(f.value, '') end as guarded) q) as line
    from public.shifts s
    left join public.staff st on st.id = s.accepted_by
    cross join lateral (
      select case when s.accepted_by is null then ''
                  else coalesce(nullif(pg_catalog.btrim(st.first_name || ' ' || st.last_name), ''),
                                'Former staff member') end as staff_name) n
    where s.company_id = me and s.clocked_out_at is not null
      and s.starts_at >= period_start and s.starts_at < period_end
  ) r;

  return E'\ufeff'
    || case p_headers
         when 'fr-CA' then 'Personnel,Date,Lieu,Début,Fin,Arrivée pointée,Départ pointé,Heures effectuées,'
                           'Heures pointées,Vérification des heures,Compétence,Type de personnel'
         else 'Staff name,Date,Location,Start,End,Clocked in,Clocked out,Hours done,Clocked hours,Hours check,'
              'Skill,Staff type'
       end
    || E'\r\n' || coalesce(body || E'\r\n', '');
end;
$$;

CREATE OR REPLACE FUNCTION public.use_assistant_question() RETURNS TABLE(reservation_id uuid, remaining integer)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller constant uuid := auth.uid();
  question_limit constant integer := public.assistant_free_question_limit();
  company public.companies%rowtype;
  this_month date;
  used integer;
  reservation uuid;
begin
  select * into company from public.companies c where c.id = caller;
  if caller is null or not found then
    raise exception 'Only company accounts can use the assistant'
        using errcode = 'insufficient_privilege',
        hint = 'company_only_assistant';
  end if;

  this_month := date_trunc('month', now() at time zone company.time_zone)::date;

  -- One statement, so two questions at once cannot both take the last free place: the conflicting
  -- row is locked and the limit re-checked on it.
  insert into public.ai_usage as u (company_id, month, questions)
  values (caller, this_month, 1)
  on conflict (company_id, month) do update
    set questions = u.questions + 1
    where company.premium or u.questions < question_limit
  returning u.questions into used;

  if used is null then
    raise exception 'You have used all % assistant questions of the free plan this month. Go Premium for unlimited questions.',
      question_limit
        using errcode = 'P0001',
        hint = 'assistant_questions_used',
        detail = pg_catalog.json_build_object('limit', question_limit)::text;
  end if;

  delete from private.assistant_reservations r
  where r.company_id = caller and r.created_at < now() - interval '15 minutes';
  insert into private.assistant_reservations (company_id, month) values (caller, this_month)
  returning id into reservation;

  return query select reservation,
    case when company.premium then null else greatest(question_limit - used, 0) end;
end;
$$;
