-- companies.locale and staff.locale (issue 29): each person's language, 'en' or 'fr-CA'. A person
-- sets only their own; nobody else (another company, their employer, a worker, anon) can read or
-- change it beyond what the tables' select policies already allow. Sign-up metadata picks the
-- starting language.
begin;
\ir _helpers.psql
select plan(20);

create function tests.locale_of(person uuid) returns text language sql stable security definer
  as $$ select coalesce((select locale from public.companies where id = person),
                        (select locale from public.staff where id = person)) $$;
grant execute on function tests.locale_of(uuid) to anon, authenticated, service_role;

select col_default_is('public', 'companies', 'locale', 'en'::text, 'A company starts in English by default');
select col_default_is('public', 'staff', 'locale', 'en'::text, 'A worker starts in English by default');
select is(tests.locale_of(tests.owner()), 'en', 'A company signed up without a language is in English');
select is(tests.locale_of(tests.worker()), 'en', 'A worker signed up without a language is in English');

-- Sign-up metadata names the language the visitor chose before signing up.
select tests.create_user('a1000000-0000-4000-8000-0000000000f1', 'fr-company@test.example',
  '{"account_type":"company","locale":"fr-CA"}');
select tests.create_user('c1000000-0000-4000-8000-0000000000f1', 'fr-worker@test.example',
  '{"account_type":"staff","first_name":"Fanny","last_name":"Fortin","locale":"fr-CA"}');
select tests.create_user('c1000000-0000-4000-8000-0000000000f2', 'xx-worker@test.example',
  '{"account_type":"staff","first_name":"Xavier","last_name":"Xu","locale":"de"}');
select is(tests.locale_of('a1000000-0000-4000-8000-0000000000f1'), 'fr-CA',
  'A company that signed up in French starts in French');
select is(tests.locale_of('c1000000-0000-4000-8000-0000000000f1'), 'fr-CA',
  'A worker who signed up in French starts in French');
select is(tests.locale_of('c1000000-0000-4000-8000-0000000000f2'), 'en',
  'An unknown language in the sign-up metadata leaves the default, English');

-- anon -----------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ update public.companies set locale = 'fr-CA' where id = tests.owner() $$, '42501', null,
  'anon cannot change a company''s language');
select throws_ok($$ update public.staff set locale = 'fr-CA' where id = tests.worker() $$, '42501', null,
  'anon cannot change a worker''s language');

-- the company itself -----------------------------------------------------------------------------
select tests.authenticate_as(tests.owner());
select is(tests.affected($$ update public.companies set locale = 'fr-CA' where id = tests.owner() $$), 1,
  'A company can set its own language');
select is((select locale from public.companies where id = tests.owner()), 'fr-CA',
  'A company reads its own language back');
select throws_ok($$ update public.companies set locale = 'fr' where id = tests.owner() $$, '23514', null,
  'A language other than en or fr-CA is refused');
select is(tests.affected($$ update public.companies set locale = 'fr-CA' where id = tests.other_company() $$), 0,
  'A company cannot change another company''s language');
select is(tests.affected($$ update public.staff set locale = 'fr-CA' where id = tests.worker() $$), 0,
  'A company cannot change the language of a worker it employs');

-- the worker ---------------------------------------------------------------------------------------
select tests.authenticate_as(tests.worker());
select is(tests.affected($$ update public.staff set locale = 'fr-CA' where id = tests.worker() $$), 1,
  'A worker can set their own language');
select is(tests.affected($$ update public.staff set locale = 'fr-CA' where id = tests.second_worker() $$), 0,
  'A worker cannot change a co-worker''s language');
select is(tests.affected($$ update public.companies set locale = 'en' where id = tests.owner() $$), 0,
  'A worker cannot change their employer''s language');

-- results, as the superuser ------------------------------------------------------------------------
select tests.clear_authentication();
select is(tests.locale_of(tests.owner()), 'fr-CA', 'The owner''s own change stands');
select is(tests.locale_of(tests.other_company()), 'en', 'The other company''s language is untouched');
select is(tests.locale_of(tests.second_worker()), 'en', 'The co-worker''s language is untouched');

select * from finish();
rollback;
