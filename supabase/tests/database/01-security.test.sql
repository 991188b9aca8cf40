-- Security invariants of the whole schema: RLS on every exposed table, views that keep the caller's
-- RLS, security definer functions that pin search_path and are executable only by the roles that
-- need them, explicit grants instead of the platform's broad defaults, policies written the
-- project's way, and the realtime publication. The catalog lints that a future migration could
-- break (grants without policies, open write policies, policies reading user metadata, definer
-- functions open to anon) are functions in a `lints` schema created in this transaction, so the
-- end of the file can prove each of them finds a deliberately bad object, rolled back with the rest.
begin;
select plan(65);

create schema lints;

-- A grant to an API role on a table with RLS but no policy for that command is either dead (RLS
-- denies everything) or the sign of a forgotten policy; either way it must be looked at. Column
-- grants count as grants (insert/update/select). Tables only the service role or the database
-- write (ai_usage, stripe_events, join_attempts) have no API grants, so they pass.
create function lints.grants_without_policy()
returns setof text
language sql
stable
as $$
  select format('%s.%s: %s %s', n.nspname, c.relname, r.rolname, g.cmd)
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  cross join (values ('anon'::name), ('authenticated'::name)) r (rolname)
  cross join (values ('SELECT'), ('INSERT'), ('UPDATE'), ('DELETE')) g (cmd)
  where n.nspname in ('public', 'graphql_public') and c.relkind in ('r', 'p')
    and case when g.cmd = 'DELETE' then has_table_privilege(r.rolname, c.oid, g.cmd)
             else has_any_column_privilege(r.rolname, c.oid, g.cmd) end
    and not exists (
      select 1 from pg_policies p
      where p.schemaname = n.nspname and p.tablename = c.relname and p.permissive = 'PERMISSIVE'
        and p.cmd in (g.cmd, 'ALL') and p.roles && array[r.rolname, 'public'::name])
  order by 1
$$;

-- A write policy that is `true` lets any holder of the grant write any row.
create function lints.open_write_policies()
returns setof text
language sql
stable
as $$
  select format('%s.%s: %s', schemaname, tablename, policyname)
  from pg_policies
  where cmd in ('INSERT', 'UPDATE', 'DELETE', 'ALL')
    and (btrim(qual) in ('true', '(true)') or btrim(with_check) in ('true', '(true)'))
  order by 1
$$;

-- user_metadata (raw_user_meta_data) is editable by the user themselves through auth.updateUser,
-- so a policy that reads it lets users grant themselves access.
create function lints.policies_reading_user_metadata()
returns setof text
language sql
stable
as $$
  select format('%s.%s: %s', schemaname, tablename, policyname)
  from pg_policies
  where coalesce(qual, '') || ' ' || coalesce(with_check, '') ~* '(user_metadata|raw_user_meta_data)'
  order by 1
$$;

-- Security definer functions in any schema the project owns (the platform's own schemas aside)
-- that anon can run: none is meant to be.
create function lints.definer_functions_for_anon()
returns setof text
language sql
stable
as $$
  select n.nspname || '.' || p.proname
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  where p.prosecdef and has_function_privilege('anon', p.oid, 'execute')
    and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'auth', 'extensions', 'graphql',
                          'realtime', 'storage', 'vault', 'pgbouncer', 'supabase_functions',
                          'supabase_migrations', 'net', 'cron', 'pgsodium', 'pgsodium_masks', 'lints')
  order by 1
$$;

-- Row-level security ---------------------------------------------------------------------------------
select is(
  array(select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'graphql_public') and c.relkind in ('r', 'p') and not c.relrowsecurity
        order by 1),
  '{}'::text[],
  'Row-level security is enabled on every table in every exposed schema');

select tables_are('public',
  array['companies', 'staff', 'employments', 'shifts', 'notifications', 'shift_events',
        'feedback_responses', 'ai_usage', 'stripe_events', 'join_attempts', 'web_push_subscriptions',
        'staff_time_off', 'staff_credentials', 'staff_type_requirements', 'staff_type_coverage', 'overtime_thresholds',
        'staff_invites', 'shift_waves', 'shift_wave_recipients', 'no_shows', 'staff_pushes', 'credential_reminders'],
  'The public schema holds exactly the tables the migrations define, so none escapes these checks');

select views_are('public', array['company_staff', 'shifts_with_status', 'unfilled_shifts', 'staff_push_deliveries'],
  'The public schema holds exactly the three dashboard views and the pushes sendnotification delivers for the database');

select is(
  array(select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'graphql_public') and c.relkind in ('v', 'm')
          and not coalesce(c.reloptions @> array['security_invoker=true'], false)
        order by 1),
  '{}'::text[],
  'Every view in an exposed schema runs with security_invoker, so the caller''s RLS applies');

-- Functions ---------------------------------------------------------------------------------------
-- The caller is auth.uid() / auth.jwt(): PostgREST sets only request.jwt.claims, while the local
-- Realtime also sets request.jwt.claim.sub (docs/local-stack.md), so a project function or policy
-- that read the legacy per-claim settings directly would see different callers in each.
select is(
  array(select n.nspname || '.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and p.prosrc like '%request.jwt.claim.%'
        union all
        select c.relname || ': ' || pol.polname from pg_policy pol join pg_class c on c.oid = pol.polrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'private')
          and (coalesce(pg_get_expr(pol.polqual, pol.polrelid), '') like '%request.jwt.claim.%'
               or coalesce(pg_get_expr(pol.polwithcheck, pol.polrelid), '') like '%request.jwt.claim.%')
        order by 1),
  '{}'::text[],
  'No project function or policy reads the per-claim settings (request.jwt.claim.*) instead of auth.uid()');

select is(
  array(select n.nspname || '.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private', 'graphql_public') and p.prosecdef
          and not coalesce(p.proconfig @> array['search_path=""'], false)
        order by 1),
  '{}'::text[],
  'Every security definer function pins search_path to an empty string');

select is(
  array(select n.nspname || '.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private')
          and not coalesce(p.proconfig @> array['search_path=""'], false)
        order by 1),
  '{}'::text[],
  'Every project function, definer or invoker, pins search_path to an empty string');

select is(
  array(select n.nspname || '.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and has_function_privilege('anon', p.oid, 'execute')
        order by 1),
  '{}'::text[],
  'anon can execute no project function');

select is(array(select lints.definer_functions_for_anon()), '{}'::text[],
  'anon can execute no security definer function in any schema the project owns');

select is(
  array(select n.nspname || '.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and has_function_privilege('authenticated', p.oid, 'execute')
        order by 1),
  array['public.accept_shift', 'public.account_type', 'public.assistant_attendance', 'public.assistant_fill_stats',
        'public.assistant_free_question_limit', 'public.assistant_plan_usage', 'public.assistant_questions_left',
        'public.assistant_shift_counts', 'public.assistant_shift_json', 'public.assistant_staff_ranking',
        'public.assistant_staff_summary', 'public.assistant_who_can_cover', 'public.claim_staff_invites', 'public.clock_in',
        'public.clock_in_radius_m', 'public.clock_out', 'public.clock_staff_out', 'public.coverage_overview',
        'public.delete_web_push_subscription', 'public.duration_text', 'public.eligibility', 'public.format_duration_minutes',
        'public.invite_staff', 'public.join_company', 'public.leave_company', 'public.mark_notifications_read',
        'public.mark_tutorial_seen', 'public.match_reason_fr', 'public.my_employers', 'public.my_open_shifts',
        'public.my_shift_board', 'public.notified_text', 'public.refund_assistant_question', 'public.remove_staff', 'public.repost_shift',
        'public.revoke_staff_invite', 'public.save_web_push_subscription', 'public.shift_eligibility', 'public.shift_status',
        'public.shift_timeline', 'public.staff_reliability', 'public.time_done_check', 'public.time_done_minutes', 'public.time_off_between', 'public.timesheet_csv', 'public.use_assistant_question'],
  'authenticated can execute exactly the RPCs of the dashboard and the staff app');

select is(
  array(select n.nspname || '.' || p.proname || '(' || pg_get_function_arguments(p.oid) || ')'
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname in ('accept_shift', 'clock_in', 'clock_out', 'clock_staff_out')
        order by 1),
  array['public.accept_shift(shift_id uuid)',
        'public.clock_in(shift_id uuid, latitude double precision DEFAULT NULL::double precision, '
          || 'longitude double precision DEFAULT NULL::double precision, reason text DEFAULT NULL::text)',
        'public.clock_out(shift_id uuid, time_done text DEFAULT NULL::text)',
        'public.clock_staff_out(shift_id uuid, time_done text)'],
  'The shift-life RPCs have exactly one signature each (no stale overload), with the staff app''s optional arguments');

select is(
  array(select n.nspname || '.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and has_function_privilege('service_role', p.oid, 'execute')
        order by 1),
  array['public.shift_status'],
  'service_role can execute only the status function, which its view reads need');

select is(
  array(select n.nspname || '.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prosecdef
        order by 1),
  array['public.accept_shift', 'public.assistant_plan_usage', 'public.assistant_questions_left',
        'public.assistant_who_can_cover', 'public.claim_staff_invites', 'public.clock_in', 'public.clock_out',
        'public.clock_staff_out', 'public.eligibility', 'public.invite_staff', 'public.join_company',
        'public.leave_company', 'public.mark_notifications_read', 'public.my_employers', 'public.my_open_shifts',
        'public.refund_assistant_question', 'public.remove_staff', 'public.repost_shift', 'public.revoke_staff_invite',
        'public.shift_eligibility', 'public.staff_reliability',
        'public.use_assistant_question'],
  'The only security definer RPCs are the ones whose comments justify it');

select ok(
  not has_schema_privilege('anon', 'private', 'usage')
  and not has_schema_privilege('authenticated', 'private', 'usage')
  and not has_schema_privilege('service_role', 'private', 'usage'),
  'No API role can use the private schema of trigger functions and internal helpers');

select is(
  array(select n.nspname || '.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and obj_description(p.oid, 'pg_proc') is null
        order by 1),
  '{}'::text[],
  'Every project function has a comment saying why it exists');

select is(
  array(select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'v') and obj_description(c.oid, 'pg_class') is null
        order by 1),
  '{}'::text[],
  'Every table and view in public has a comment saying why it exists');

-- Grants -------------------------------------------------------------------------------------------
select is(
  array(select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'S')
          and (has_table_privilege('anon', c.oid, 'select, insert, update, delete, truncate, references, trigger')
               or (c.relkind <> 'S' and has_any_column_privilege('anon', c.oid, 'select, insert, update, references')))
        order by 1),
  '{}'::text[],
  'anon holds no privilege on any table, view, column or sequence in public');

select table_privs_are('public', 'companies', 'authenticated', array['SELECT'],
  'authenticated may select companies at table level; updates are column grants only');
select table_privs_are('public', 'staff', 'authenticated', array['SELECT'],
  'authenticated may select staff at table level; updates are column grants only');
select table_privs_are('public', 'employments', 'authenticated', array['SELECT', 'DELETE'],
  'authenticated may select employments and delete (leave) them; joining is an RPC');
select table_privs_are('public', 'shifts', 'authenticated', array['SELECT', 'DELETE'],
  'authenticated may select and delete shifts; inserts are column grants and nobody updates a shift directly');
select table_privs_are('public', 'notifications', 'authenticated', array['SELECT'],
  'authenticated may only read notifications; the database writes them');
select table_privs_are('public', 'shift_events', 'authenticated', array['SELECT'],
  'authenticated may only read shift history');
select table_privs_are('public', 'feedback_responses', 'authenticated', array['SELECT'],
  'authenticated may select feedback; inserts are column grants only');
select table_privs_are('public', 'web_push_subscriptions', 'authenticated', array['SELECT', 'DELETE'],
  'authenticated may select and delete web push subscriptions (RLS: their own); inserts are column grants only');
select is(
  array(select a.attname::text from pg_attribute a
        where a.attrelid = 'public.employments'::regclass and a.attnum > 0 and not a.attisdropped
          and has_column_privilege('authenticated', 'public.employments', a.attname, 'update')
        order by 1),
  array['languages', 'max_weekly_hours', 'skills', 'staff_types'],
  'An agency can update only the qualification columns of an employment, never who or since when');
select table_privs_are('public', 'staff_credentials', 'authenticated', array['SELECT', 'DELETE'],
  'authenticated may select and delete credentials (RLS: an agency its own records); writes are column grants');
select table_privs_are('public', 'overtime_thresholds', 'authenticated', array['SELECT'],
  'authenticated may only read the overtime thresholds');
select table_privs_are('public', 'staff_time_off', 'authenticated', array['SELECT', 'DELETE'],
  'authenticated may select and delete time off (RLS: a worker their own); inserts and updates are column grants');
select table_privs_are('public', 'staff_invites', 'authenticated', '{}'::text[],
  'authenticated holds no table-level privilege on staff invitations: reads are column grants, writes are RPCs');
select is(
  array(select a.attname::text from pg_attribute a
        where a.attrelid = 'public.staff_invites'::regclass and a.attnum > 0 and not a.attisdropped
          and has_column_privilege('authenticated', 'public.staff_invites', a.attname, 'select')
        order by 1),
  array['company_id', 'created_at', 'email', 'expires_at', 'id', 'joined_at', 'name', 'revoked_at', 'send_count',
        'sent_at', 'status'],
  'An agency reads its invitations but not the invited person''s auth id nor who invited');
select ok(
  not has_any_column_privilege('authenticated', 'public.staff_invites', 'insert')
  and not has_any_column_privilege('authenticated', 'public.staff_invites', 'update')
  and not has_table_privilege('authenticated', 'public.staff_invites', 'delete'),
  'No client writes staff invitations directly: invite_staff, revoke_staff_invite and claim_staff_invites do');
select table_privs_are('public', 'no_shows', 'authenticated', array['SELECT'],
  'authenticated may only read no-show records (RLS: an agency its own, a worker theirs); the database writes them');
select table_privs_are('public', 'ai_usage', 'authenticated', '{}'::text[],
  'authenticated has no privilege on AI usage counts');
select table_privs_are('public', 'stripe_events', 'authenticated', '{}'::text[],
  'authenticated has no privilege on processed Stripe events');

select is(
  array(select a.attname::text from pg_attribute a
        where a.attrelid = 'public.companies'::regclass and a.attnum > 0 and not a.attisdropped
          and has_column_privilege('authenticated', 'public.companies', a.attname, 'update')
        order by 1),
  array['auto_repost_no_shows', 'city', 'company_name', 'company_type', 'country', 'dispatch_mode', 'locale',
        'no_show_repost_after_minutes', 'phone', 'postal_code', 'province', 'referral_source', 'staff_size', 'street',
        'time_zone', 'tutorial_seen_at'],
  'A company can update only its profile columns, time zone, language, dispatch mode, no-show settings and tutorial record, never premium, counters, code or billing ids');

select is(
  array(select a.attname::text from pg_attribute a
        where a.attrelid = 'public.staff'::regclass and a.attnum > 0 and not a.attisdropped
          and has_column_privilege('authenticated', 'public.staff', a.attname, 'update')
        order by 1),
  array['first_name', 'last_name', 'locale', 'notify_new_shifts', 'phone', 'push_token'],
  'A worker can update only their names, phone, language, push token and new-shift push setting');

select is(
  array(select a.attname::text from pg_attribute a
        where a.attrelid = 'public.shifts'::regclass and a.attnum > 0 and not a.attisdropped
          and has_column_privilege('authenticated', 'public.shifts', a.attname, 'insert')
        order by 1),
  array['allow_overtime', 'city', 'company_id', 'country', 'dispatch_mode', 'ends_at', 'latitude', 'longitude', 'notes',
        'postal_code', 'province', 'skill', 'staff_type', 'starts_at', 'street_name', 'street_number'],
  'A company can insert only the request columns of a shift and its dispatch mode, never acceptance, clock or wave columns');

select is(
  array(select a.attname::text from pg_attribute a
        where a.attrelid = 'public.shifts'::regclass and a.attnum > 0 and not a.attisdropped
          and has_column_privilege('authenticated', 'public.shifts', a.attname, 'update')
        order by 1),
  '{}'::text[],
  'No client can update any shift column directly');

select is(
  array(select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relname not in ('shift_events', 'join_attempts')
          and not has_table_privilege('service_role', c.oid, 'select, insert, update, delete')
        order by 1),
  '{}'::text[],
  'service_role can read and write every table except the two append-only logs');

select table_privs_are('public', 'shift_events', 'service_role', array['SELECT'],
  'Even service_role may only read shift history');
select table_privs_are('public', 'join_attempts', 'service_role', array['SELECT'],
  'Even service_role may only read the join attempt log');
select table_privs_are('public', 'join_attempts', 'authenticated', '{}'::text[],
  'authenticated has no privilege on the join attempt log');

-- Policies -------------------------------------------------------------------------------------------
select is(
  array(select tablename || ': ' || policyname from pg_policies
        where schemaname = 'public' and roles @> array['public']::name[] order by 1),
  '{}'::text[],
  'Every policy names its role with a to clause');

select is(
  array(select tablename || ': ' || policyname from pg_policies
        where schemaname = 'public'
          and replace(coalesce(qual, '') || coalesce(with_check, ''), '( SELECT auth.uid() AS uid)', '')
              like '%auth.uid()%'
        order by 1),
  '{}'::text[],
  'Every policy wraps auth.uid() in a select so it is evaluated once per statement');

select is(
  array(select tablename::text from pg_tables t
        where schemaname = 'public'
          and not exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = t.tablename)
        order by 1),
  array['ai_usage', 'join_attempts', 'staff_pushes', 'stripe_events'],
  'Only the service-role tables have no policy at all');

select is(array(select lints.grants_without_policy()), '{}'::text[],
  'Every select, insert, update or delete granted to anon or authenticated on an exposed table has a policy for that command');

select is(array(select lints.open_write_policies()), '{}'::text[],
  'No insert, update, delete or all policy is using (true) or with check (true)');

select is(array(select lints.policies_reading_user_metadata()), '{}'::text[],
  'No policy reads user_metadata, which users can edit themselves');

select policies_are('public', 'shifts',
  array['Companies and their staff can view shifts', 'Companies can post their own shifts',
        'Companies can delete their own shifts'],
  'Shifts have exactly one view, one post and one delete policy (no update policy: nobody edits a shift directly)');

-- Realtime and indexes -----------------------------------------------------------------------------
select is(
  array(select tablename::text from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public'
        order by 1),
  array['companies', 'employments', 'notifications', 'shift_waves', 'shifts', 'staff', 'staff_invites', 'staff_time_off'],
  'Realtime streams shifts, staff, employments, companies, workers'' notifications, dispatch waves, staff invitations and time off');

select has_index('public', 'shifts', 'shifts_company_id_created_at_idx',
  'The dashboard''s newest-first shift list per company is indexed');
select has_index('public', 'employments', 'employments_company_id_added_at_idx',
  'The staff list and the company staff policy filter employments by company through an index');
select has_index('public', 'web_push_subscriptions', 'web_push_subscriptions_staff_id_idx',
  'A worker''s web push subscriptions are indexed by worker, which their policies filter on');
select has_index('public', 'notifications', 'notifications_staff_id_created_at_idx',
  'A worker''s notifications are indexed by worker');
select has_index('public', 'shifts', 'shifts_company_id_open_ends_at_idx',
  'The staff app''s open shifts (not accepted, not ended) are indexed by agency and end');
select has_index('public', 'staff_invites', 'staff_invites_company_id_created_at_idx',
  'An agency''s invitations are indexed by company, which their policy filters on');
select has_index('public', 'staff_invites', 'staff_invites_one_pending_idx',
  'One pending invitation per company and address is a unique index');
select has_trigger('auth', 'users', 'on_auth_user_created',
  'Sign-up creates the profile row through a trigger on auth.users');

-- Self-tests of the lints: a migration with these mistakes must fail this file ------------------
-- Created as the superuser with Supabase's broad default grants, then narrowed, as a careless
-- migration would.
create table public.lint_probe (id integer primary key, owner uuid);
alter table public.lint_probe enable row level security;
revoke all on table public.lint_probe from anon, authenticated;
grant select, delete on table public.lint_probe to authenticated;
grant insert (id) on table public.lint_probe to authenticated;
grant update on table public.lint_probe to anon;
create policy "Probe: users can read rows" on public.lint_probe for select to authenticated
  using (owner = (select auth.uid()));
create policy "Probe: anyone can delete" on public.lint_probe for delete to authenticated using (true);
create policy "Probe: admins by metadata" on public.lint_probe for all to authenticated
  using ((select auth.jwt()) -> 'user_metadata' ->> 'role' = 'admin') with check (true);
create function public.lint_probe_definer() returns integer language sql security definer set search_path = ''
  as $$ select 1 $$;
create function private.lint_probe_definer() returns integer language sql security definer set search_path = ''
  as $$ select 1 $$;
grant execute on function private.lint_probe_definer() to anon;

select is(array(select lints.grants_without_policy()), array['public.lint_probe: anon UPDATE'],
  'Self-test: a grant with no policy for its command is found (anon update); table and column grants with a policy (or an all policy) are not');
select is(array(select lints.open_write_policies()),
  array['public.lint_probe: Probe: admins by metadata', 'public.lint_probe: Probe: anyone can delete'],
  'Self-test: a delete policy using (true) and an all policy with check (true) are found');
select is(array(select lints.policies_reading_user_metadata()), array['public.lint_probe: Probe: admins by metadata'],
  'Self-test: a policy reading the JWT''s user_metadata is found');
drop policy "Probe: admins by metadata" on public.lint_probe;
select is(array(select lints.grants_without_policy()),
  array['public.lint_probe: anon UPDATE', 'public.lint_probe: authenticated INSERT'],
  'Self-test: a column-level insert grant without an insert policy is found once the all policy is gone');
create policy "Probe: admins by auth metadata" on public.lint_probe for insert to authenticated
  with check (exists (select 1 from auth.users u
                      where u.id = (select auth.uid()) and u.raw_user_meta_data ->> 'role' = 'admin'));
select is(array(select lints.policies_reading_user_metadata()), array['public.lint_probe: Probe: admins by auth metadata'],
  'Self-test: a policy reading auth.users.raw_user_meta_data is found');
select is(array(select lints.definer_functions_for_anon()),
  array['private.lint_probe_definer', 'public.lint_probe_definer'],
  'Self-test: security definer functions anon can run are found, whether by the default grant to public or an explicit grant');

select * from finish();
rollback;
