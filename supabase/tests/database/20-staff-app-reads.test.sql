-- The staff app's reads: a worker learns each employer's time zone (to show shift times where the
-- shift is) without reading companies, and notifications stream over Realtime, where the select
-- policy still limits every subscriber to their own rows.
begin;
\ir _helpers.psql
select plan(6);

update public.companies set time_zone = 'America/Vancouver' where id = tests.owner();

select tests.authenticate_as(tests.worker());
select results_eq($$ select company_id, company_name, time_zone from public.my_employers() $$,
  $$ values (tests.owner(), 'Owner Care', 'America/Vancouver') $$,
  'my_employers() gives a worker each employer''s name and time zone');
select is((select count(*) from public.companies), 0::bigint,
  'A worker still reads no row of the companies table itself');

select tests.authenticate_as(tests.outsider());
select is((select count(*) from public.my_employers()), 0::bigint,
  'A worker employed by nobody has no employers, whatever other companies'' zones are');

select tests.authenticate_as_anon();
select throws_ok($$ select * from public.my_employers() $$, '42501', null, 'anon cannot call my_employers');

select tests.clear_authentication();
select ok(exists (select 1 from pg_publication_tables
                  where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'notifications'),
  'Notifications stream over Realtime so an open staff app sees a new one at once');
select policies_are('public', 'notifications', array['Staff can view their own notifications'],
  'The only notifications policy (which Realtime applies per subscriber) lets a worker read their own');

select * from finish();
rollback;
