-- Time zones are checked against a table of the names the server knows (the fast path), and a name
-- missing from it is still looked up in pg_timezone_names, so the rule is pg_timezone_names' own. The
-- checks keep their messages, run for the API roles that write companies and time off, and skip an
-- update that keeps the zone; no API role reads the table or calls the helper.
begin;
\ir _helpers.psql
select plan(15);

select ok((select count(*) from private.time_zone_names) >= (select count(*) from pg_catalog.pg_timezone_names) - 10,
  'The table holds the names pg_timezone_names lists');
select ok(private.is_known_time_zone('America/Toronto'), 'America/Toronto is known');
select ok(not private.is_known_time_zone('Mars/Olympus'), 'Mars/Olympus is not');
select ok(not private.is_known_time_zone(null), 'No zone is not a zone');

-- A zone of a newer tzdata than the table: still known, through pg_timezone_names.
delete from private.time_zone_names where name = 'Europe/Paris';
select ok(private.is_known_time_zone('Europe/Paris'), 'A name missing from the table is looked up in pg_timezone_names');

select is((select array_agg(distinct t.tgfoid::regproc::text) from pg_catalog.pg_trigger t
            where t.tgname = 'validate_time_zone' and not t.tgisinternal),
  array['private.validate_time_zone'], 'Companies and time off check their zone with one trigger function');

select tests.authenticate_as(tests.owner());
select throws_ok($$ update public.companies set time_zone = 'Mars/Olympus' where id = tests.owner() $$,
  '23514', 'Time zone must be a valid IANA time zone such as America/Toronto',
  'A company still cannot set an unknown zone');
select lives_ok($$ update public.companies set time_zone = 'Europe/Paris' where id = tests.owner() $$,
  'A company sets a zone the table lacks but the server knows');
select lives_ok($$ update public.companies set time_zone = 'America/Vancouver' where id = tests.owner() $$,
  'A company sets a known zone');
select is((select time_zone from public.companies where id = tests.owner()), 'America/Vancouver',
  'The zone is saved');

select tests.authenticate_as(tests.worker());
select throws_ok($$ insert into public.staff_time_off (starts_at, ends_at, time_zone) values (now(), now() + interval '1 day', 'Mars/Olympus') $$,
  '23514', 'Unknown time zone: Mars/Olympus', 'Time off still needs a real zone');
select lives_ok($$ insert into public.staff_time_off (starts_at, ends_at, time_zone) values (now() + interval '30 days', now() + interval '31 days', 'America/Halifax') $$,
  'Time off in a known zone is saved');

select tests.authenticate_as_anon();
select throws_ok($$ select private.is_known_time_zone('America/Toronto') $$, '42501', null,
  'anon cannot reach the helper');
select tests.authenticate_as(tests.owner());
select throws_ok($$ select count(*) from private.time_zone_names $$, '42501', null,
  'A signed-in user cannot read the table');
select tests.authenticate_as_service_role();
select throws_ok($$ select count(*) from private.time_zone_names $$, '42501', null,
  'Nor can the service role');

select * from finish();
rollback;
