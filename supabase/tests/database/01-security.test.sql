-- Security invariants of the whole schema: RLS on every exposed table, views that keep the caller's
-- RLS, security definer functions that pin search_path and are executable only by the roles that
-- need them, explicit grants instead of the platform's broad defaults, policies written the
-- project's way, and the realtime publication.
begin;
select plan(38);

-- Row-level security ---------------------------------------------------------------------------------
select is(
  array(select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'graphql_public') and c.relkind in ('r', 'p') and not c.relrowsecurity
        order by 1),
  '{}'::text[],
  'Row-level security is enabled on every table in every exposed schema');

select tables_are('public',
  array['companies', 'staff', 'employments', 'shifts', 'notifications', 'shift_events',
        'feedback_responses', 'ai_usage', 'stripe_events'],
  'The public schema holds exactly the tables the migrations define, so none escapes these checks');

select views_are('public', array['company_staff', 'shifts_with_status'],
  'The public schema holds exactly the two dashboard views');

select is(
  array(select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'graphql_public') and c.relkind in ('v', 'm')
          and not coalesce(c.reloptions @> array['security_invoker=true'], false)
        order by 1),
  '{}'::text[],
  'Every view in an exposed schema runs with security_invoker, so the caller''s RLS applies');

-- Functions ---------------------------------------------------------------------------------------
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

select is(
  array(select n.nspname || '.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and has_function_privilege('authenticated', p.oid, 'execute')
        order by 1),
  array['public.accept_shift', 'public.account_type', 'public.assistant_free_question_limit', 'public.clock_in',
        'public.clock_out', 'public.clock_staff_out', 'public.coverage_overview', 'public.join_company',
        'public.leave_company', 'public.mark_notifications_read', 'public.mark_tutorial_seen', 'public.my_employers',
        'public.refund_assistant_question', 'public.shift_status', 'public.shift_timeline',
        'public.timesheet_csv', 'public.use_assistant_question'],
  'authenticated can execute exactly the RPCs of the dashboard and the staff app');

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
  array['public.accept_shift', 'public.clock_in', 'public.clock_out', 'public.clock_staff_out',
        'public.join_company', 'public.mark_notifications_read', 'public.my_employers',
        'public.refund_assistant_question', 'public.use_assistant_question'],
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
select table_privs_are('public', 'ai_usage', 'authenticated', '{}'::text[],
  'authenticated has no privilege on AI usage counts');
select table_privs_are('public', 'stripe_events', 'authenticated', '{}'::text[],
  'authenticated has no privilege on processed Stripe events');

select is(
  array(select a.attname::text from pg_attribute a
        where a.attrelid = 'public.companies'::regclass and a.attnum > 0 and not a.attisdropped
          and has_column_privilege('authenticated', 'public.companies', a.attname, 'update')
        order by 1),
  array['city', 'company_name', 'company_type', 'country', 'phone', 'postal_code', 'province',
        'referral_source', 'staff_size', 'street', 'time_zone', 'tutorial_seen_at'],
  'A company can update only its profile columns, time zone and tutorial record, never premium, counters, code or billing ids');

select is(
  array(select a.attname::text from pg_attribute a
        where a.attrelid = 'public.staff'::regclass and a.attnum > 0 and not a.attisdropped
          and has_column_privilege('authenticated', 'public.staff', a.attname, 'update')
        order by 1),
  array['first_name', 'last_name', 'phone', 'push_token'],
  'A worker can update only their names, phone and push token');

select is(
  array(select a.attname::text from pg_attribute a
        where a.attrelid = 'public.shifts'::regclass and a.attnum > 0 and not a.attisdropped
          and has_column_privilege('authenticated', 'public.shifts', a.attname, 'insert')
        order by 1),
  array['city', 'company_id', 'country', 'ends_at', 'latitude', 'longitude', 'notes', 'postal_code',
        'province', 'skill', 'staff_type', 'starts_at', 'street_name', 'street_number'],
  'A company can insert only the request columns of a shift, never acceptance or clock columns');

select is(
  array(select a.attname::text from pg_attribute a
        where a.attrelid = 'public.shifts'::regclass and a.attnum > 0 and not a.attisdropped
          and has_column_privilege('authenticated', 'public.shifts', a.attname, 'update')
        order by 1),
  '{}'::text[],
  'No client can update any shift column directly');

select is(
  array(select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relname <> 'shift_events'
          and not has_table_privilege('service_role', c.oid, 'select, insert, update, delete')
        order by 1),
  '{}'::text[],
  'service_role can read and write every table except the history');

select table_privs_are('public', 'shift_events', 'service_role', array['SELECT'],
  'Even service_role may only read shift history');

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
  array['ai_usage', 'stripe_events'],
  'Only the service-role tables have no policy at all');

select policies_are('public', 'shifts',
  array['Companies and their staff can view shifts', 'Companies can post their own shifts',
        'Companies can delete their own shifts'],
  'Shifts have exactly one view, one post and one delete policy (no update policy: nobody edits a shift directly)');

-- Realtime and indexes -----------------------------------------------------------------------------
select is(
  array(select tablename::text from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public'
        order by 1),
  array['companies', 'employments', 'shifts', 'staff'],
  'Realtime streams shifts, staff, employments and companies');

select has_index('public', 'shifts', 'shifts_company_id_created_at_idx',
  'The dashboard''s newest-first shift list per company is indexed');
select has_index('public', 'employments', 'employments_company_id_added_at_idx',
  'The staff list and the company staff policy filter employments by company through an index');
select has_index('public', 'notifications', 'notifications_staff_id_created_at_idx',
  'A worker''s notifications are indexed by worker');
select has_trigger('auth', 'users', 'on_auth_user_created',
  'Sign-up creates the profile row through a trigger on auth.users');

select * from finish();
rollback;
