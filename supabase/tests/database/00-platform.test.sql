-- What the project's migrations rely on from the Supabase platform: roles, auth helpers,
-- extensions, the realtime publication and the default grants. Runs the same on hosted Supabase.
begin;
select plan(16);

select has_role('anon', 'The anon role exists');
select has_role('authenticated', 'The authenticated role exists');
select has_role('service_role', 'The service_role role exists');
select ok((select rolbypassrls from pg_roles where rolname = 'service_role'), 'service_role bypasses RLS');
select ok(not (select rolcanlogin from pg_roles where rolname = 'anon'), 'anon cannot log in directly');
select ok(pg_has_role('authenticator', 'authenticated', 'member'), 'The gateway login can become authenticated');

select has_table('auth', 'users', 'auth.users exists for foreign keys and triggers');
select has_function('auth', 'uid', 'auth.uid() exists for policies');
select has_extension('extensions', 'pgcrypto', 'pgcrypto is installed in the extensions schema');
select ok(exists (select 1 from pg_publication where pubname = 'supabase_realtime'), 'The supabase_realtime publication exists');

select set_config('request.jwt.claims',
  '{"sub":"6f1c2a44-7d8e-4a51-9a43-2f5d6f0c9e11","role":"authenticated","email":"a@b.co"}', true);
select is(auth.uid(), '6f1c2a44-7d8e-4a51-9a43-2f5d6f0c9e11'::uuid, 'auth.uid() reads the sub claim');
select is(auth.role(), 'authenticated', 'auth.role() reads the role claim');
select is(auth.email(), 'a@b.co', 'auth.email() reads the email claim');
select is(auth.jwt() ->> 'role', 'authenticated', 'auth.jwt() returns every claim');

create table public.platform_probe (id int primary key);
select ok(has_table_privilege('anon', 'public.platform_probe', 'select'),
  'New public tables are granted to anon by default, so RLS is what protects them');
select ok(has_table_privilege('authenticated', 'public.platform_probe', 'insert'),
  'New public tables are granted to authenticated by default');

select * from finish();
rollback;
